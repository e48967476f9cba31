// The day summary's day is the store's calendar day, not the terminal's: a till whose clock is
// set to UTC would otherwise ask for tomorrow after 7 p.m. in Lima.

/** `YYYY-MM-DD` of `now` in `timeZone` (falls back to America/Lima for an unknown zone). */
export function dayInTimeZone(now: Date, timeZone: string): string {
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
  } catch {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Lima',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
  }
  const parts = Object.fromEntries(formatter.formatToParts(now).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

export {
  formatStoreClock,
  formatStoreDate,
  formatStoreDay,
  formatStoreMoment,
  formatStoreTime,
} from '../../shared/domain/store-time';
