import { describe, expect, it } from 'vitest';
import type { DaySummaryRow } from '../api/in-store';
import type { JournalOperation, OperationStatus } from '../journal-entry';
import { countByStatus, reconcile } from './reconcile';

let seq = 0;
function op(
  operation: string,
  status: OperationStatus,
  identity: string,
  code: string,
  minute: number,
  toCollect?: number,
): JournalOperation {
  seq += 1;
  const opId = `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`;
  const at = `2026-03-10T15:${String(minute).padStart(2, '0')}:00.000Z`;
  return {
    op_id: opId,
    operation,
    mode: 'training',
    status,
    started_at: at,
    updated_at: at,
    calls: 1,
    intent: {
      seq,
      op_id: opId,
      at,
      type: 'intent',
      operation,
      mode: 'training',
      cashier_id: 'CAJA-01',
      identity: { kind: identity.length === 11 ? 'ruc' : 'dni', value: identity },
      funding_code: code,
      ...(toCollect !== undefined ? { to_collect_cents: toCollect } : {}),
      request: {},
    },
    outcome: null,
  };
}

const row = (
  dni: string,
  origin: DaySummaryRow['payment_origin'],
  amount: number,
  order = `ORD-${dni}`,
): DaySummaryRow => ({
  order_id: order,
  dni,
  payment_origin: origin,
  amount,
});

describe('reconcile', () => {
  it('matches what the terminal billed with the summary by identity', () => {
    const lines = reconcile(
      [row('41000001', 'external', 300)],
      [
        op('v3.verify', 'succeeded', '41000001', 'VENTA1', 1),
        op('v3.paidAndBilled', 'succeeded', '41000001', 'VENTA1', 2, 30000),
      ],
    );
    expect(lines).toEqual([
      {
        status: 'matched',
        identity: '41000001',
        fundingCode: 'VENTA1',
        orderIds: ['ORD-41000001'],
        journalCollected: 30000,
        summaryInStore: 30000,
        opIds: [expect.any(String)],
        counters: [],
        cashiers: ['CAJA-01'],
      },
    ]);
  });

  it('puts pending first, then missing, extra and different amounts, matched last', () => {
    const lines = reconcile(
      [
        row('41000001', 'external', 300),
        row('41000002', 'external', 375),
        row('41000010', 'external', 200),
        row('41000004', 'card', 100),
        row('41000004', 'external', 150),
      ],
      [
        op('v3.paidAndBilled', 'succeeded', '41000001', 'VENTA1', 1, 30000),
        op('v3.paidAndBilled', 'succeeded', '41000002', 'MENOS1', 2, 37000),
        op('v3.paidAndBilled', 'succeeded', '41000005', 'PAGAD1', 3, 0),
        op('v3.paidAndBilled', 'unknown', '41000007', 'CRONO1', 4, 25000),
        op('v3.paidAndBilled', 'succeeded', '41000004', 'PARCI1', 5, 15000),
      ],
    );
    expect(lines.map((l) => [l.status, l.identity])).toEqual([
      ['pending', '41000007'],
      ['missing', '41000005'],
      ['extra', '41000010'],
      ['amount-differs', '41000002'],
      ['matched', '41000001'],
      ['matched', '41000004'],
    ]);
    // A pending line shows what is being collected; a missing one what was collected.
    expect(lines[0]?.journalCollected).toBe(25000);
    expect(lines[1]?.journalCollected).toBe(0);
    expect(countByStatus(lines)).toEqual({
      pending: 1,
      missing: 1,
      extra: 1,
      'amount-differs': 1,
      matched: 2,
    });
  });

  it('follows undo billing: undone and absent balances, undone but still counted is extra', () => {
    const journal = [
      op('v3.paidAndBilled', 'succeeded', '41000012', 'DESHA1', 1, 25000),
      op('v3.undoBilling', 'succeeded', '41000012', 'DESHA1', 2),
      op('v3.paidAndBilled', 'succeeded', '41000013', 'NOFAC1', 3, 25000),
      op('v3.undoBilling', 'succeeded', '41000013', 'NOFAC1', 4),
    ];
    const lines = reconcile([row('41000013', 'external', 250)], journal);
    expect(lines.map((l) => [l.status, l.identity])).toEqual([['extra', '41000013']]);
  });

  it('ignores refused calls and counts a repeated paid-and-billed once', () => {
    const lines = reconcile(
      [row('41000001', 'external', 300)],
      [
        op('v3.paidAndBilled', 'refused', '41000001', 'VENTA1', 1, 30000),
        op('v3.paidAndBilled', 'succeeded', '41000001', 'VENTA1', 2, 30000),
        op('v3.paidAndBilled', 'succeeded', '41000001', 'VENTA1', 3, 30000),
      ],
    );
    expect(lines).toMatchObject([{ status: 'matched', journalCollected: 30000 }]);
  });

  it('counts two codes billed for one customer as two billings, and an undo of one leaves the other', () => {
    const both = [
      op('v3.paidAndBilled', 'succeeded', '41000001', 'VENTA1', 1, 30000),
      op('v3.paidAndBilled', 'succeeded', '41000001', 'OTRA01', 2, 20000),
    ];
    const summary = [
      row('41000001', 'external', 300, 'ORD-1'),
      row('41000001', 'external', 200, 'ORD-2'),
    ];
    expect(reconcile(summary, both)).toMatchObject([
      { status: 'matched', journalCollected: 50000, summaryInStore: 50000 },
    ]);
    // VENTA1 undone: OTRA01 still stands and matches the one order the summary still counts
    // (VENTA1's S/ 300 is in the drawer, set apart as collected for an undone billing).
    const undone = [...both, op('v3.undoBilling', 'succeeded', '41000001', 'VENTA1', 3)];
    expect(reconcile([row('41000001', 'external', 200, 'ORD-2')], undone)).toMatchObject([
      { status: 'matched', journalCollected: 20000, summaryInStore: 20000 },
    ]);
  });

  it('does not compare amounts the journal does not know', () => {
    const lines = reconcile(
      [row('42000001', 'external', 225)],
      [op('v2.paidAndBilled', 'succeeded', '42000001', 'PEND01', 1)],
    );
    expect(lines).toMatchObject([{ status: 'matched', journalCollected: null }]);
  });

  it('marks a pending undo as one the terminal does not retry, a pending billing not (issue 18.6)', () => {
    const lines = reconcile(
      [row('41000001', 'external', 300)],
      [
        op('v3.paidAndBilled', 'succeeded', '41000001', 'VENTA1', 1, 30000),
        op('v3.undoBilling', 'unknown', '41000001', 'VENTA1', 2),
        op('v3.paidAndBilled', 'unknown', '41000007', 'CRONO1', 3, 25000),
      ],
    );
    expect(lines.map((l) => [l.status, l.identity, l.pendingUndo])).toEqual([
      ['pending', '41000001', true],
      ['pending', '41000007', undefined],
    ]);
  });

  it('is empty for an empty day', () => {
    expect(reconcile([], [])).toEqual([]);
  });
});

describe('reconcile with customers masked here (docs/personal-data.md)', () => {
  it('matches the service’s whole DNI with an operation that names its mask', () => {
    const lines = reconcile(
      [row('41000001', 'external', 300), row('41000002', 'external', 300)],
      [
        op('v3.paidAndBilled', 'succeeded', '*****001', 'VENTA1', 2, 30_000),
        op('v3.paidAndBilled', 'succeeded', '41000002', 'VENTA2', 3, 30_000),
      ],
    );
    expect(lines.map((l) => [l.status, l.identity])).toEqual([
      ['matched', '*****001'],
      ['matched', '41000002'],
    ]);
  });

  it('keeps a whole DNI whole when an operation names it, whatever another’s mask', () => {
    const lines = reconcile(
      [row('41000001', 'external', 300), row('42000001', 'external', 300)],
      [
        op('v3.paidAndBilled', 'succeeded', '41000001', 'VENTA1', 2, 30_000),
        op('v3.paidAndBilled', 'succeeded', '*****001', 'VENTA2', 3, 30_000),
      ],
    );
    expect(lines.map((l) => [l.status, l.identity])).toEqual([
      ['matched', '*****001'],
      ['matched', '41000001'],
    ]);
  });
});
