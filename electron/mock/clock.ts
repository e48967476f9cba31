// The mock's "now": real time by default, frozen at a chosen instant when a trainer or a test
// sets it (PUT /__mock/clock), so day summaries and expirations are reproducible.

export type Clock = {
  now(): Date;
  set(instant: Date): void;
  /** Back to real time (a restored sandbox that was not frozen). */
  release(): void;
  frozen(): boolean;
};

export function createClock(initial?: Date): Clock {
  let frozen: Date | null = initial ? new Date(initial) : null;
  return {
    now: () => (frozen ? new Date(frozen) : new Date()),
    set: (instant) => {
      frozen = new Date(instant);
    },
    release: () => {
      frozen = null;
    },
    frozen: () => frozen !== null,
  };
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
