// The store's calendar day (docs/decisions.md "Day summary": default America/Lima). Operations are
// selected by comparing instants with the day's bounds, computed once per query, so listing a
// day stays a cheap scan even with a year of operations in memory.

export const DEFAULT_TIME_ZONE = 'America/Lima';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // Throws RangeError for an unknown zone, which is what a caller with a typo should see.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

type WallTime = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

function wallTime(instant: number, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const get = (name: string) => parts[name] ?? 0;
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour') % 24,
    minute: get('minute'),
    second: get('second'),
  };
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms. */
function zoneOffset(instant: number, timeZone: string): number {
  const w = wallTime(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

/** `YYYY-MM-DD` of `instant` in `timeZone`. */
export function storeDay(instant: Date, timeZone = DEFAULT_TIME_ZONE): string {
  const w = wallTime(instant.getTime(), timeZone);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

function startOfDay(year: number, month: number, day: number, timeZone: string): number {
  const wallMidnight = Date.UTC(year, month - 1, day);
  const guess = wallMidnight - zoneOffset(wallMidnight, timeZone);
  // A second pass corrects the guess when the offset changes (DST) between the two instants.
  return wallMidnight - zoneOffset(guess, timeZone);
}

/** The instants [start, end) of the calendar day `day` (`YYYY-MM-DD`) in `timeZone`. */
export function dayBounds(day: string, timeZone = DEFAULT_TIME_ZONE): [number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`not a YYYY-MM-DD day: ${day}`);
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return [startOfDay(year, month, date, timeZone), startOfDay(year, month, date + 1, timeZone)];
}
