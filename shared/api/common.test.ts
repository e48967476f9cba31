import { describe, expect, it } from 'vitest';
import { MAX_CENTS } from '../domain/money';
import { WireAmount, WireCents } from './common';

describe('money on the wire: soles or cents, never taken for each other', () => {
  it('WireAmount takes soles with at most 2 decimals', () => {
    for (const soles of [0, 12.5, 1200, 0.01])
      expect(WireAmount.safeParse(soles).success).toBe(true);
    for (const bad of [-1, 0.1 + 0.2, 1.005, Number.NaN, '12.50'])
      expect(WireAmount.safeParse(bad).success, String(bad)).toBe(false);
  });

  it('WireCents takes whole cents only: S/ 12.50 is 1250, and 12.5 is refused', () => {
    for (const cents of [0, 1250, MAX_CENTS]) expect(WireCents.safeParse(cents).success).toBe(true);
    for (const bad of [12.5, -1, MAX_CENTS + 1, Number.POSITIVE_INFINITY, '1250'])
      expect(WireCents.safeParse(bad).success, String(bad)).toBe(false);
  });
});
