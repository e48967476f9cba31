import { describe, expect, it } from 'vitest';
import { dayInTimeZone } from './store-day';

describe('dayInTimeZone', () => {
  it('uses the store zone, not UTC', () => {
    // 03:30 UTC on the 11th is still 22:30 on the 10th in Lima (UTC−5).
    const instant = new Date('2026-03-11T03:30:00Z');
    expect(dayInTimeZone(instant, 'America/Lima')).toBe('2026-03-10');
    expect(dayInTimeZone(instant, 'UTC')).toBe('2026-03-11');
  });

  it('falls back to Lima for an unknown zone rather than failing the screen', () => {
    expect(dayInTimeZone(new Date('2026-03-11T03:30:00Z'), 'Mars/Olympus')).toBe('2026-03-10');
  });
});
