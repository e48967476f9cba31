import { describe, expect, it } from 'vitest';
import type { JournalOperation } from '../../shared/journal-entry';
import { lastBilled } from './last-billed';

const AT = '2026-03-10T15:00:00.000Z';
let n = 0;
const id = () => `0f8fad5b-d9cb-469f-a165-${String(++n).padStart(12, '0')}`;

function op(
  operation: 'v3.verify' | 'v3.paidAndBilled',
  seq: number,
  over: Partial<JournalOperation> = {},
  meta: Record<string, string> = {},
): JournalOperation {
  const opId = id();
  return {
    op_id: opId,
    operation,
    mode: 'training',
    status: 'succeeded',
    started_at: AT,
    updated_at: AT,
    calls: 1,
    intent: {
      seq,
      op_id: opId,
      at: AT,
      type: 'intent',
      operation,
      mode: 'training',
      cashier_id: 'CAJA-01',
      identity: { kind: 'dni', value: '41000001' },
      funding_code: 'ABC123',
      billed_cents: 30000,
      to_collect_cents: 30000,
      request: {},
      meta,
    },
    outcome: null,
    ...over,
  };
}

function sale(seq: number, over: Partial<JournalOperation> = {}, verifyMeta = {}) {
  const verify = op('v3.verify', seq, {}, verifyMeta);
  const billed = op('v3.paidAndBilled', seq + 1, over, { verify_op_id: verify.op_id });
  return [verify, billed];
}

describe('lastBilled: the green result a reload shows again', () => {
  it('is the last sale when it was billed and not moved on from', () => {
    const ops = sale(1);
    expect(lastBilled(ops, 'v3', 'CAJA-01')?.op_id).toBe(ops[1]?.op_id);
  });

  it('is nothing after "Nueva venta" (acknowledged), a later Verify, or a refusal', () => {
    expect(lastBilled(sale(1, { acknowledged: true }), 'v3', 'CAJA-01')).toBeNull();
    expect(lastBilled([...sale(1), op('v3.verify', 5)], 'v3', 'CAJA-01')).toBeNull();
    expect(lastBilled(sale(1, { status: 'refused' }), 'v3', 'CAJA-01')).toBeNull();
  });

  it("is nothing for another cashier's sale, a till's sale, a late answer or the other generation", () => {
    expect(lastBilled(sale(1), 'v3', 'CAJA-02')).toBeNull();
    expect(lastBilled(sale(1, {}, { sale_request_op_id: id() }), 'v3', 'CAJA-01')).toBeNull();
    expect(lastBilled(sale(1, { was_unknown: true }), 'v3', 'CAJA-01')).toBeNull();
    expect(lastBilled(sale(1), 'v2', 'CAJA-01')).toBeNull();
  });
});
