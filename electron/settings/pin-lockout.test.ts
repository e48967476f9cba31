import { describe, expect, it } from 'vitest';
import { afterFailure, lockoutLength, NO_LOCKOUT, type PinLockout } from './pin-lockout';

describe('PIN lockout lengths', () => {
  it('double from 5 minutes and never pass a day', () => {
    expect([1, 2, 3, 4, 5].map(lockoutLength)).toEqual([
      300_000, 600_000, 1_200_000, 2_400_000, 4_800_000,
    ]);
    expect(lockoutLength(10)).toBe(24 * 3_600_000);
    expect(lockoutLength(1_000)).toBe(24 * 3_600_000);
  });

  it('allow at most about 40 guesses in the first day', () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    let now = start;
    let state: PinLockout = NO_LOCKOUT;
    let guesses = 0;
    while (now < start + 24 * 3_600_000) {
      guesses += 1;
      state = afterFailure(state, new Date(now));
      if (state.locked_until) now = Date.parse(state.locked_until);
    }
    expect(guesses).toBeLessThanOrEqual(45);
  });
});
