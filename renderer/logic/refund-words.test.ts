// A refund answered late reads as one answered at once: the same words from the same answer,
// with no amount the terminal does not know and never "hand over cash" (issue 18, item 1).
import { describe, expect, it } from 'vitest';
import type { JournalOperation } from '../../shared/journal-entry';
import { spanishCatalogue as esPE } from '../i18n/test-support';
import { journaledRefundAnswer, refundWords } from './refund-words';

const OP_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

function refundOp(
  kind: 'total' | 'partial',
  result: unknown,
  status: JournalOperation['status'] = 'succeeded',
): JournalOperation {
  const operation = kind === 'total' ? 'orders.refundTotal' : 'orders.refundPartial';
  return {
    op_id: OP_ID,
    operation,
    mode: 'training',
    status,
    started_at: '2026-03-10T15:00:00.000Z',
    updated_at: '2026-03-10T15:00:09.000Z',
    calls: 2,
    was_unknown: true,
    intent: {
      seq: 1,
      op_id: OP_ID,
      at: '2026-03-10T15:00:00.000Z',
      type: 'intent',
      operation,
      mode: 'training',
      cashier_id: 'CAJA-01',
      order_id: 'ORD-77',
      ...(kind === 'partial' ? { refund_cents: 30000 } : {}),
      request: {},
    },
    outcome: {
      seq: 3,
      op_id: OP_ID,
      at: '2026-03-10T15:00:09.000Z',
      type: 'outcome',
      status: status === 'succeeded' ? 'succeeded' : 'refused',
      http_status: 200,
      result: result as never,
    },
  };
}

const words = (op: JournalOperation) => {
  const answer = journaledRefundAnswer(op);
  if (!answer) throw new Error('unreadable');
  return refundWords(answer);
};
const text = (w: ReturnType<typeof refundWords>) =>
  [w.title, w.steps, w.method, w.amount?.line].map((k) => (k ? esPE[k] : '')).join(' ');

describe('refund words, direct or late', () => {
  it('a partial refund answered decreased_debt: debt reduced, its amount, no money handed over', () => {
    const w = words(
      refundOp('partial', {
        refund_method: 'transfer',
        tracking_id: 'RF1',
        status: 'decreased_debt',
        successful: true,
      }),
    );
    expect(w.title).toBe('orders.refund.decreased.title');
    expect(w.steps).toBe('orders.refund.decreased.steps');
    expect(w.amount).toEqual({ line: 'orders.refund.amountDebt', cents: 30000 });
    expect(text(w)).toMatch(/no se le entrega dinero/);
    expect(text(w)).not.toMatch(/Entregue al cliente/);
  });

  it('a total refund to the card: no amount (the terminal does not know it), no cash', () => {
    const w = words(
      refundOp('total', {
        refund_method: 'card',
        tracking_id: 'RF2',
        status: 'success',
        successful: true,
      }),
    );
    expect(w.title).toBe('orders.refund.success.title');
    expect(w.amount).toBeNull();
    expect(w.method).toBe('orders.refund.method.card');
    expect(text(w)).toMatch(/tarjeta/);
    expect(text(w)).toMatch(/no se le entrega efectivo/);
  });

  it('the same answer read from the bridge and from the journal gives the same words', () => {
    const result = {
      refund_method: 'card',
      tracking_id: 'RF3',
      status: 'success',
      successful: true,
    };
    const direct = refundWords({
      kind: 'partial',
      status: 'success',
      refund_method: 'card',
      tracking_id: 'RF3',
      refund_cents: 30000,
    });
    expect(words(refundOp('partial', result))).toEqual(direct);
  });

  it('no words for a refused refund or an unreadable answer', () => {
    expect(journaledRefundAnswer(refundOp('total', {}, 'refused'))).toBeNull();
    expect(journaledRefundAnswer(refundOp('total', { status: 'success' }))).toBeNull();
  });

  it('no refund answer ever tells the cashier to hand over money', () => {
    for (const status of ['success', 'already_refunded', 'decreased_debt'] as const)
      for (const refund_method of ['card', 'transfer'] as const)
        for (const refund_cents of [undefined, 30000])
          expect(
            text(
              refundWords({
                kind: 'partial',
                status,
                refund_method,
                tracking_id: 'RF',
                ...(refund_cents === undefined ? {} : { refund_cents }),
              }),
            ),
          ).not.toMatch(/Entregue|entregue al cliente los/);
  });
});
