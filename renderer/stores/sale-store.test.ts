import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTransport } from '../bridge/call';
import { useSaleStore } from './sale-store';

const VERIFY_OP = '00000000-0000-4000-8000-000000000001';
const PAID_OP = '00000000-0000-4000-8000-000000000002';

const conditions = {
  dni: '41000001',
  funding_code: 'VENTA1',
  billed_amount: 1200,
  billed_by_ecommerce: false,
  approved_amount: 1200,
  excedent_amount: 0,
  downpayment_amount: 300,
  downpayment_amount_inhouse: 300,
  installments_number: 3,
  installments_amount: 300,
};
const amounts = {
  billed: 120000,
  approved: 120000,
  excedent: 0,
  downpayment: 30000,
  downpayment_inhouse: 30000,
  downpayment_paid_online: 0,
  installments_number: 3,
  installments_amount: 30000,
  to_collect: 30000,
};

function journalOp(status: 'unknown' | 'succeeded' | 'refused', message?: string) {
  const at = '2026-03-10T15:00:00.000Z';
  return {
    op_id: PAID_OP,
    operation: 'v3.paidAndBilled',
    mode: 'training',
    status,
    started_at: at,
    updated_at: at,
    calls: 2,
    intent: {
      seq: 2,
      op_id: PAID_OP,
      at,
      type: 'intent',
      operation: 'v3.paidAndBilled',
      mode: 'training',
      cashier_id: 'CAJA-01',
      request: {},
    },
    outcome:
      status === 'unknown'
        ? null
        : {
            seq: 3,
            op_id: PAID_OP,
            at,
            type: 'outcome',
            status,
            service_message: message,
            error_category: 'state-conflict',
          },
  };
}

type Handler = (args: unknown) => unknown;
let handlers: Record<string, Handler>;
const calls: string[] = [];

beforeEach(() => {
  calls.length = 0;
  handlers = {
    'v3.verify': () => ({
      status: 'succeeded',
      op_id: VERIFY_OP,
      data: { conditions, amounts, invoice: 'boleta' },
    }),
  };
  setTransport(async (method, args) => {
    calls.push(method);
    const handler = handlers[method];
    if (!handler) return { ok: false, error: { code: 'unknown-method', message: method } };
    return { ok: true, result: handler(args) };
  });
  useSaleStore.getState().reset();
});

afterEach(() => {
  vi.useRealTimers();
  setTransport(null);
});

async function verifyAndConfirm() {
  const store = useSaleStore.getState();
  store.setField('identity', '41000001');
  store.setField('code', 'VENTA1');
  store.setField('amount', '1,200.00');
  await useSaleStore.getState().submit();
  useSaleStore.getState().startCollect();
  expect(useSaleStore.getState().phase.name).toBe('confirming');
  await useSaleStore.getState().confirmCollected();
}

describe('sale flow', () => {
  it('does not call the service with an invalid form', async () => {
    useSaleStore.getState().setField('identity', '410000013');
    await useSaleStore.getState().submit();
    expect(calls).toEqual([]);
    expect(useSaleStore.getState().submitted).toBe(true);
  });

  it('is green only after paid-and-billed succeeded, with the verify it collected for', async () => {
    let sent: unknown;
    handlers['v3.paidAndBilled'] = (args) => {
      sent = args;
      return {
        status: 'succeeded',
        op_id: PAID_OP,
        data: { invoice: 'boleta', collected_cents: 30000 },
      };
    };
    await verifyAndConfirm();
    expect(sent).toEqual({ verify_op_id: VERIFY_OP });
    expect(useSaleStore.getState().phase).toMatchObject({
      name: 'billed',
      invoice: 'boleta',
      opId: PAID_OP,
    });
  });

  it('any edit after verify voids the verification', async () => {
    const store = useSaleStore.getState();
    store.setField('identity', '41000001');
    store.setField('code', 'VENTA1');
    store.setField('amount', '1200');
    await useSaleStore.getState().submit();
    expect(useSaleStore.getState().phase.name).toBe('verified');
    useSaleStore.getState().setField('amount', '1300');
    expect(useSaleStore.getState().phase.name).toBe('editing');
  });

  it('stays amber while the journal retries, then turns green when it succeeds', async () => {
    vi.useFakeTimers();
    let journalStatus: 'unknown' | 'succeeded' = 'unknown';
    handlers['v3.paidAndBilled'] = () => ({
      status: 'unknown',
      op_id: PAID_OP,
      error: { category: 'timeout' },
      retrying: true,
    });
    handlers['journal.operation'] = () => journalOp(journalStatus);
    await verifyAndConfirm();
    expect(useSaleStore.getState().phase).toMatchObject({ name: 'unknown', opId: PAID_OP });
    const phase = useSaleStore.getState().phase;
    expect(phase.name === 'unknown' && phase.guidance.doNotCollect).toBe(true);
    await vi.advanceTimersByTimeAsync(3000);
    expect(useSaleStore.getState().phase.name).toBe('unknown');
    journalStatus = 'succeeded';
    await vi.advanceTimersByTimeAsync(1000);
    expect(useSaleStore.getState().phase).toMatchObject({ name: 'billed', invoice: 'boleta' });
  });

  it('turns an unknown into the guidance when the journal gets a refusal', async () => {
    vi.useFakeTimers();
    handlers['v3.paidAndBilled'] = () => ({
      status: 'unknown',
      op_id: PAID_OP,
      error: { category: 'server' },
      retrying: true,
    });
    handlers['journal.operation'] = () =>
      journalOp('refused', 'Customer did not accept new installment schedule yet');
    await verifyAndConfirm();
    await vi.advanceTimersByTimeAsync(1000);
    const phase = useSaleStore.getState().phase;
    expect(phase.name).toBe('paid-refused');
    expect(phase.name === 'paid-refused' && phase.guidance.title).toBe('guide.schedule.title');
  });

  it('treats a lost bridge answer as unknown, never as a refusal', async () => {
    handlers['v3.paidAndBilled'] = () => {
      throw new Error('unreachable');
    };
    setTransport(async (method) => {
      if (method === 'v3.paidAndBilled') return 'not an envelope';
      return { ok: true, result: handlers[method]?.({}) };
    });
    await verifyAndConfirm();
    expect(useSaleStore.getState().phase).toMatchObject({ name: 'unknown', opId: null });
  });

  it('treats a journal that failed around the call as unknown, never as money to give back', async () => {
    // The intent may be on disk and the service may have billed: only the outcome line failed.
    handlers['v3.paidAndBilled'] = () => {
      throw new Error('unreachable');
    };
    setTransport(async (method) => {
      if (method === 'v3.paidAndBilled')
        return {
          ok: false,
          error: { code: 'journal-unavailable', message: 'The terminal cannot write its journal' },
        };
      return { ok: true, result: handlers[method]?.({}) };
    });
    await verifyAndConfirm();
    expect(useSaleStore.getState().phase).toMatchObject({ name: 'unknown', opId: null });
  });

  it('after a lost answer, "check again" finds the operation by the Verify it continues', async () => {
    let asked: unknown;
    handlers['journal.continuation'] = (args) => {
      asked = args;
      return { operation: journalOp('succeeded') };
    };
    handlers['journal.operation'] = () => journalOp('succeeded');
    setTransport(async (method, args) => {
      calls.push(method);
      if (method === 'v3.paidAndBilled') return 'not an envelope';
      const handler = handlers[method];
      if (!handler) return { ok: false, error: { code: 'unknown-method', message: method } };
      return { ok: true, result: handler(args) };
    });
    await verifyAndConfirm();
    expect(useSaleStore.getState().phase).toMatchObject({ name: 'unknown', opId: null });
    await useSaleStore.getState().checkAgain();
    expect(asked).toEqual({ source_op_id: VERIFY_OP, operation: 'v3.paidAndBilled' });
    expect(useSaleStore.getState().phase).toMatchObject({ name: 'billed', opId: PAID_OP });
    expect(useSaleStore.getState().sideBusy).toBe(false);
  });

  it('"check again" never hands one sale\'s operation to the next sale gone amber meanwhile', async () => {
    let answerContinuation: (value: unknown) => void = () => undefined;
    handlers['journal.continuation'] = () =>
      new Promise((resolve) => {
        answerContinuation = resolve;
      });
    handlers['journal.operation'] = () => journalOp('succeeded');
    setTransport(async (method, args) => {
      calls.push(method);
      if (method === 'v3.paidAndBilled') return 'not an envelope';
      const handler = handlers[method];
      if (!handler) return { ok: false, error: { code: 'unknown-method', message: method } };
      return { ok: true, result: await handler(args) };
    });
    await verifyAndConfirm();
    const checking = useSaleStore.getState().checkAgain();
    // Meanwhile the cashier served another sale, which also went amber with no operation yet.
    const phase = useSaleStore.getState().phase;
    if (phase.name !== 'unknown') throw new Error('expected amber');
    const other = { ...phase.quote, opId: '00000000-0000-4000-8000-0000000000ff' };
    useSaleStore.setState({ phase: { ...phase, quote: other } });
    answerContinuation({ operation: journalOp('succeeded') });
    await checking;
    expect(useSaleStore.getState().phase).toMatchObject({ name: 'unknown', opId: null });
    expect(calls).not.toContain('journal.operation');
  });

  it('after a lost answer with nothing journaled, "check again" stays amber', async () => {
    handlers['journal.continuation'] = () => ({ operation: null });
    setTransport(async (method, args) => {
      calls.push(method);
      if (method === 'v3.paidAndBilled') return 'not an envelope';
      const handler = handlers[method];
      if (!handler) return { ok: false, error: { code: 'unknown-method', message: method } };
      return { ok: true, result: handler(args) };
    });
    await verifyAndConfirm();
    await useSaleStore.getState().checkAgain();
    expect(useSaleStore.getState().phase).toMatchObject({ name: 'unknown', opId: null });
    expect(calls).not.toContain('journal.operation');
    expect(useSaleStore.getState().sideBusy).toBe(false);
  });

  it('re-verifies inline after "billed_amount changed" and shows the amount before', async () => {
    handlers['v3.paidAndBilled'] = () => ({
      status: 'refused',
      op_id: PAID_OP,
      error: { category: 'state-conflict', httpStatus: 400, message: 'billed_amount changed' },
    });
    await verifyAndConfirm();
    expect(useSaleStore.getState().phase.name).toBe('paid-refused');
    handlers['v3.verify'] = () => ({
      status: 'succeeded',
      op_id: '00000000-0000-4000-8000-000000000009',
      data: { conditions, amounts: { ...amounts, to_collect: 31000 }, invoice: 'boleta' },
    });
    await useSaleStore.getState().reverify();
    const phase = useSaleStore.getState().phase;
    expect(phase.name).toBe('verified');
    expect(phase.name === 'verified' && phase.quote.previousToCollect).toBe(30000);
    expect(phase.name === 'verified' && phase.quote.toCollect).toBe(31000);
  });
});
