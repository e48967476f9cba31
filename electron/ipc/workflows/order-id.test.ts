// Order ids: per terminal and store day, continuing from the highest the journal holds.
import { describe, expect, it } from 'vitest';
import type { JournalOperation } from '../../../shared/journal-entry';
import { nextOrderId, orderIdPrefix } from './order-id';

const created = (order_id: string, operation = 'orders.create') =>
  ({ operation, intent: { order_id } }) as unknown as JournalOperation;

describe('order ids', () => {
  it('start at 0001 for a terminal and day with no order yet', () => {
    const prefix = orderIdPrefix('K7Q2XD', '2026-03-10');
    expect(prefix).toBe('MOS-K7Q2XD-20260310-');
    expect(nextOrderId(prefix, [])).toBe('MOS-K7Q2XD-20260310-0001');
  });

  it('continue after the highest of this terminal and day, ignoring everything else', () => {
    const prefix = orderIdPrefix('K7Q2XD', '2026-03-10');
    const journal = [
      created('MOS-K7Q2XD-20260310-0007'),
      created('MOS-K7Q2XD-20260310-0003'),
      created('MOS-AAAAAA-20260310-0042'),
      created('MOS-K7Q2XD-20260309-0099'),
      created('MOS-K7Q2XD-20260310-0050', 'orders.confirm'),
      created('MOS-K7Q2XD-20260310-00x1'),
    ];
    expect(nextOrderId(prefix, journal)).toBe('MOS-K7Q2XD-20260310-0008');
    expect(nextOrderId(prefix, [created('MOS-K7Q2XD-20260310-9999')])).toBe(
      'MOS-K7Q2XD-20260310-10000',
    );
  });
});
