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

// The calendar day of an instant in the store's zone is written once, for the mock and the app.
export { dayInZone } from '../../shared/domain/store-time';
