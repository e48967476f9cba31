import { describe, expect, it } from 'vitest';
import type { DaySummaryRow } from '../../shared/api/in-store';
import { nextSort, sortRows } from './sort-rows';

const rows: DaySummaryRow[] = [
  { order_id: 'ORD-10', dni: '41000002', payment_origin: 'external', amount: 375 },
  { order_id: 'ORD-2', dni: '41000001', payment_origin: 'card', amount: 1200.5 },
  { order_id: 'ORD-1', dni: '41000003', payment_origin: 'external', amount: 375 },
];

describe('sortRows', () => {
  it('keeps the service order without a sort', () => {
    expect(sortRows(rows, null)).toEqual(rows);
  });

  it('sorts amounts as numbers and order ids naturally, stable on ties', () => {
    expect(
      sortRows(rows, { key: 'amount', direction: 'ascending' }).map((r) => r.order_id),
    ).toEqual(['ORD-10', 'ORD-1', 'ORD-2']);
    expect(
      sortRows(rows, { key: 'amount', direction: 'descending' }).map((r) => r.order_id),
    ).toEqual(['ORD-2', 'ORD-10', 'ORD-1']);
    expect(
      sortRows(rows, { key: 'order_id', direction: 'ascending' }).map((r) => r.order_id),
    ).toEqual(['ORD-1', 'ORD-2', 'ORD-10']);
  });

  it('sorts 10,000 rows without touching the input', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({
      order_id: `ORD-${(i * 7919) % 10_000}`,
      dni: String(40_000_000 + i),
      payment_origin: 'external' as const,
      amount: ((i * 31) % 5000) + 0.5,
    }));
    const sorted = sortRows(many, { key: 'amount', direction: 'ascending' });
    expect(sorted).toHaveLength(10_000);
    for (let i = 1; i < sorted.length; i++)
      expect((sorted[i]?.amount ?? 0) >= (sorted[i - 1]?.amount ?? 0)).toBe(true);
    expect(many[0]?.order_id).toBe('ORD-0');
  });
});

describe('nextSort', () => {
  it('cycles ascending → descending → none', () => {
    const a = nextSort(null, 'dni');
    expect(a).toEqual({ key: 'dni', direction: 'ascending' });
    const b = nextSort(a, 'dni');
    expect(b).toEqual({ key: 'dni', direction: 'descending' });
    expect(nextSort(b, 'dni')).toBeNull();
    expect(nextSort(b, 'amount')).toEqual({ key: 'amount', direction: 'ascending' });
  });
});
