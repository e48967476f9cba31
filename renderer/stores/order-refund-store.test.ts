// A refund that went unknown on F9 and whose answer is then shown there, green, is not announced
// again on another screen (issue "A counter that has gone silent", item 14); one answered while
// the cashier is elsewhere still is.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setTransport } from '../bridge/call';
import { useOpenOperationsStore } from './open-operations-store';
import { showRefundInPlace, useOrderRefundStore } from './order-refund-store';

const OP = '00000000-0000-4000-8000-0000000000f1';
const data = {
  kind: 'partial',
  status: 'decreased_debt',
  refund_method: 'transfer',
  tracking_id: 'TRK-1',
  refund_cents: 5_000,
} as const;

let acknowledged: string[] = [];
let releaseShown: (() => void) | null = null;

beforeEach(() => {
  acknowledged = [];
  setTransport(async (method, args) => {
    const a = args as { op_id?: string };
    if (method === 'orders.refund') {
      return {
        ok: true,
        result: {
          status: 'unknown',
          op_id: OP,
          retrying: true,
          error: { category: 'timeout' },
        },
      };
    }
    if (method === 'orders.refundRetry')
      return { ok: true, result: { status: 'succeeded', op_id: OP, data } };
    if (method === 'journal.acknowledge') {
      acknowledged.push(a.op_id ?? '');
      return { ok: true, result: { acknowledged: true } };
    }
    if (method === 'journal.announcements' || method === 'journal.unresolved')
      return { ok: true, result: { operations: [] } };
    return { ok: false, error: { code: 'internal', message: `unexpected ${method}` } };
  });
  useOrderRefundStore.getState().reset();
});

afterEach(() => {
  releaseShown?.();
  releaseShown = null;
  setTransport(null);
  useOrderRefundStore.setState({ phase: { name: 'editing' } });
});

async function unknownRefund() {
  const store = useOrderRefundStore.getState();
  store.setField('orderId', 'MOS-CAJA1-20260310-0001');
  store.setField('kind', 'partial');
  store.setField('amount', '50');
  store.setField('reason', 'Devolución de un producto');
  useOrderRefundStore.getState().review();
  expect(useOrderRefundStore.getState().phase.name).toBe('reviewing');
  await useOrderRefundStore.getState().refund();
  expect(useOrderRefundStore.getState().phase.name).toBe('unknown');
}

describe('a late refund answer', () => {
  it('shown green on F9, where it was asked: acknowledged there, never announced on F2', async () => {
    releaseShown = showRefundInPlace();
    await unknownRefund();
    await useOrderRefundStore.getState().retryNow();
    expect(useOrderRefundStore.getState().phase.name).toBe('done');
    await Promise.resolve();
    expect(acknowledged).toEqual([OP]);
    expect(useOpenOperationsStore.getState().announcements).toEqual([]);
  });

  it('answered while the cashier is on another screen: left for the announcement', async () => {
    await unknownRefund();
    await useOrderRefundStore.getState().retryNow();
    expect(useOrderRefundStore.getState().phase.name).toBe('done');
    await Promise.resolve();
    expect(acknowledged).toEqual([]);
  });
});
