// After 5 wrong PINs in a row the PIN is refused for 5 minutes, whatever is typed, so a PIN of
// 4 digits cannot be guessed at the counter. The state is kept in the settings file: restarting
// the app does not lift a lockout.
import { z } from 'zod';

export const MAX_PIN_FAILURES = 5;
export const PIN_LOCKOUT_MS = 5 * 60_000;

export const PinLockout = z.object({
  failures: z.int().nonnegative(),
  locked_until: z.iso.datetime({ offset: true }).nullable(),
});
export type PinLockout = z.infer<typeof PinLockout>;

export const NO_LOCKOUT: PinLockout = { failures: 0, locked_until: null };

/** Milliseconds left of a lockout at `now`, or 0 when the PIN may be tried. */
export function lockoutRemaining(state: PinLockout, now: Date): number {
  if (state.locked_until === null) return 0;
  const until = Date.parse(state.locked_until);
  // A clock set back by hand would otherwise stretch the lockout without limit.
  const remaining = Math.min(until - now.getTime(), PIN_LOCKOUT_MS);
  return Math.max(0, remaining);
}

/**
 * The state after a wrong PIN (only tried outside a lockout): the fifth in a row starts a
 * lockout, and the count starts again from zero when it ends.
 */
export function afterFailure(state: PinLockout, now: Date): PinLockout {
  const failures = state.failures + 1;
  if (failures >= MAX_PIN_FAILURES) {
    return { failures: 0, locked_until: new Date(now.getTime() + PIN_LOCKOUT_MS).toISOString() };
  }
  return { failures, locked_until: null };
}
