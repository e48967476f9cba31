import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';

const settings = { baseDelayMs: 1000, maxDelayMs: 30_000 };

describe('backoff with full jitter', () => {
  it('doubles the ceiling after every failed attempt', () => {
    const almostOne = () => 0.999999;
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(n, settings, almostOne))).toEqual([
      999, 1999, 3999, 7999, 15999,
    ]);
  });

  it('never waits longer than the cap', () => {
    expect(backoffDelay(20, settings, () => 0.999999)).toBeLessThan(30_000);
    expect(backoffDelay(20, settings, () => 0.5)).toBe(15_000);
  });

  it('spreads the wait uniformly from zero (full jitter)', () => {
    expect(backoffDelay(3, settings, () => 0)).toBe(0);
    expect(backoffDelay(3, settings, () => 0.25)).toBe(1000);
  });

  it('clamps an injected random outside [0, 1)', () => {
    expect(backoffDelay(1, settings, () => 7)).toBe(1000);
    expect(backoffDelay(1, settings, () => -1)).toBe(0);
  });
});
