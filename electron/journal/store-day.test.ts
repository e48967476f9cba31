import { describe, expect, it } from 'vitest';
import { dayBounds, storeDay } from './store-day';

describe('the store day', () => {
  it('is the calendar day in America/Lima by default (UTC−5)', () => {
    expect(storeDay(new Date('2026-03-10T04:59:59.999Z'))).toBe('2026-03-09');
    expect(storeDay(new Date('2026-03-10T05:00:00.000Z'))).toBe('2026-03-10');
    expect(dayBounds('2026-03-10')).toEqual([
      Date.parse('2026-03-10T05:00:00.000Z'),
      Date.parse('2026-03-11T05:00:00.000Z'),
    ]);
  });

  it('crosses month and year ends', () => {
    expect(dayBounds('2025-12-31', 'UTC')).toEqual([
      Date.parse('2025-12-31T00:00:00Z'),
      Date.parse('2026-01-01T00:00:00Z'),
    ]);
  });

  it('is 23 or 25 hours long on daylight-saving days where the zone has them', () => {
    const [start, end] = dayBounds('2026-03-08', 'America/New_York');
    expect(start).toBe(Date.parse('2026-03-08T05:00:00Z'));
    expect(end - start).toBe(23 * 3_600_000);
    const [fallStart, fallEnd] = dayBounds('2026-11-01', 'America/New_York');
    expect(fallEnd - fallStart).toBe(25 * 3_600_000);
  });

  it('refuses a malformed day or zone', () => {
    expect(() => dayBounds('10/03/2026')).toThrow(RangeError);
    expect(() => dayBounds('2026-03-10', 'Mars/Olympus')).toThrow(RangeError);
  });
});
