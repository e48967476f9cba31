// Times and days as the store reads them (its own zone), in a given language: shared by the
// screens and the printed documents, which the main process lays out.

/** A time of an operation as the store reads it (its own zone), in the interface language. */
export function formatStoreTime(iso: string, timeZone: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(locale, {
      timeZone,
      dateStyle: 'short',
      timeStyle: 'medium',
    }).format(date);
  } catch {
    return date.toISOString();
  }
}

const CLOCK: Intl.DateTimeFormatOptions = {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

/** `iso` in the store's zone; a zone the runtime does not know falls back to the machine's. */
function inStoreZone(
  iso: string,
  timeZone: string,
  locale: string,
  options: Intl.DateTimeFormatOptions,
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(locale, options).format(date);
  }
}

/** The clock time of a moment as the store reads it: hh:mm:ss, 24 h, in any language. */
export function formatStoreClock(iso: string, timeZone: string, locale: string): string {
  return inStoreZone(iso, timeZone, locale, CLOCK);
}

/**
 * How a day is written: dd/mm/aaaa in Spanish, as the store writes it; in English the month by
 * name ("06 Dec 2026"), since en's numeric order (12/06/2026) reads as another day to anyone
 * used to the store's (issue 35 item 12).
 */
function dayFormat(locale: string): { locale: string; options: Intl.DateTimeFormatOptions } {
  return locale.startsWith('en')
    ? { locale: 'en-GB', options: { day: '2-digit', month: 'short', year: 'numeric' } }
    : { locale, options: { day: '2-digit', month: '2-digit', year: 'numeric' } };
}

/** A moment as the store reads it: dd/mm/aaaa, hh:mm:ss in es-PE (four-digit year, 24 h). */
export function formatStoreMoment(iso: string, timeZone: string, locale: string): string {
  const day = dayFormat(locale);
  return inStoreZone(iso, timeZone, day.locale, { ...day.options, ...CLOCK });
}

export function formatStoreDay(day: string, locale: string): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'full' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** A store day (YYYY-MM-DD) as a date with a four-digit year: dd/mm/aaaa in es-PE. */
export function formatStoreDate(day: string, locale: string): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  const format = dayFormat(locale);
  return new Intl.DateTimeFormat(format.locale, { timeZone: 'UTC', ...format.options }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

let ianaZones: Set<string> | null = null;
const IANA_AREA =
  /^(Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific)\/[A-Za-z0-9_+-]+(\/[A-Za-z0-9_+-]+)?$/;

/**
 * An IANA zone name (America/Lima, Asia/Kolkata, or UTC) that this runtime knows: its canonical
 * id is in `Intl.supportedValuesOf('timeZone')` (whose ids are CLDR's, Asia/Calcutta for
 * Asia/Kolkata, so the name itself is looked up through Intl). Never an offset (`+09:00`), an
 * abbreviation (`IST`, `EST`), a POSIX rule (`PST8PDT`) or `Etc/GMT+5`: Intl takes them, but
 * PostgreSQL reads a POSIX offset westward (`+09:00` is nine hours behind Greenwich there), so the
 * store day in the database and at the counter would differ (docs/decisions.md "The store time
 * zone is an IANA name (issue 26, item 8)"). The database checks its own list too
 * (electron/store-db/replicator-connection.ts).
 */
export function isIanaTimeZone(name: string): boolean {
  if (name !== 'UTC' && !IANA_AREA.test(name)) return false;
  ianaZones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  try {
    return ianaZones.has(
      new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone,
    );
  } catch {
    return false;
  }
}

/** A zone this runtime knows (an IANA name such as America/Lima). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone });
    return true;
  } catch {
    return false;
  }
}

// One formatter per time zone, made on first use: constructing an Intl.DateTimeFormat costs
// ~100 times more than formatting with one, and the day summary asks the day of every billed
// funding (10,000 of them took ~0.8 s per summary before; see bench/). Zones are few.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) of an instant in a time zone, e.g. the store's America/Lima. */
export function dayInZone(instant: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}
