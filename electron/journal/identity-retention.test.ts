// What a counter's journal masks by itself, and when (docs/personal-data.md "A counter keeps
// less").
import { describe, expect, it } from 'vitest';
import { retentionChoice } from './identity-retention';
import type { MaskCandidate } from './journal';

const op = (lastSeq: number, updatedAt: string): MaskCandidate => ({
  opId: 'x',
  operation: 'v3.paidAndBilled',
  mode: 'live',
  startedAtMs: Date.parse(updatedAt),
  updatedAt,
  lastSeq,
});
const now = new Date('2026-03-10T20:00:00.000Z'); // 15:00 in Lima
const zone = 'America/Lima';

describe('with a store database', () => {
  const choose = retentionChoice({ now, timeZone: zone, replicatedSeq: 40, retentionDays: 90 });
  it('masks what the database holds, once its day has ended', () => {
    expect(choose(op(40, '2026-03-10T04:59:00.000Z'))).toBe(true); // 23:59 yesterday in Lima
    expect(choose(op(40, '2026-03-10T05:00:00.000Z'))).toBe(false); // today: the cashier's still
    expect(choose(op(41, '2026-03-01T15:00:00.000Z'))).toBe(false); // not in the database yet
  });
});

describe('without a store database', () => {
  const choose = retentionChoice({ now, timeZone: zone, replicatedSeq: null, retentionDays: 90 });
  it('masks what is older than the retention, and nothing younger', () => {
    expect(choose(op(1, '2025-12-09T19:59:00.000Z'))).toBe(true);
    expect(choose(op(1, '2025-12-11T15:00:00.000Z'))).toBe(false);
  });
});
