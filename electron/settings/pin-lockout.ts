// After 5 wrong PINs in a row the PIN is refused for a while, whatever is typed, so a PIN of
// 4 digits cannot be guessed at the counter. Each further lockout before a right PIN doubles the
// wait (5 min, 10, 20, … up to a day): a fixed 5 minutes allowed 1,440 guesses a day, this allows
// about 40 on the first day and 5 a day after. The state is kept in the settings file:
// restarting the app does not lift a lockout.
import { z } from 'zod';

export const MAX_PIN_FAILURES = 5;
export const PIN_LOCKOUT_MS = 5 * 60_000;
export const MAX_PIN_LOCKOUT_MS = 24 * 3_600_000;

export const PinLockout = z.object({
  failures: z.int().nonnegative(),
  locked_until: z.iso.datetime({ offset: true }).nullable(),
  /** Lockouts since the last right PIN (absent in settings written before escalation). */
  lockouts: z.int().nonnegative().default(0),
});
export type PinLockout = z.infer<typeof PinLockout>;

export const NO_LOCKOUT: PinLockout = { failures: 0, locked_until: null, lockouts: 0 };

/** How long the `count`-th lockout lasts (1 = the first). */
export function lockoutLength(count: number): number {
  const doublings = Math.min(Math.max(0, count - 1), 20);
  return Math.min(PIN_LOCKOUT_MS * 2 ** doublings, MAX_PIN_LOCKOUT_MS);
}

/** Milliseconds left of a lockout at `now`, or 0 when the PIN may be tried. */
export function lockoutRemaining(state: PinLockout, now: Date): number {
  if (state.locked_until === null) return 0;
  const until = Date.parse(state.locked_until);
  // A clock set back by hand would otherwise stretch the lockout without limit.
  const remaining = Math.min(until - now.getTime(), lockoutLength(state.lockouts));
  return Math.max(0, remaining);
}

/**
 * The state after a wrong PIN (only tried outside a lockout): the fifth in a row starts a
 * lockout longer than the one before, and the count of wrong PINs starts again from zero.
 */
export function afterFailure(state: PinLockout, now: Date): PinLockout {
  const failures = state.failures + 1;
  if (failures >= MAX_PIN_FAILURES) {
    const lockouts = state.lockouts + 1;
    const until = new Date(now.getTime() + lockoutLength(lockouts)).toISOString();
    return { failures: 0, locked_until: until, lockouts };
  }
  return { failures, locked_until: null, lockouts: state.lockouts };
}
