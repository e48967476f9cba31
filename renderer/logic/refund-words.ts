// A refund's answer in words, ONE reading for the refund screen's direct answer and for the
// announcement of a late one: money back to the card or by transfer, or only less debt; the
// amount only when the terminal knows it (the partial amount asked for; a total refund's amount
// is the service's to compute and its answer does not state it). No refund answer tells the
// cashier to hand over cash: the service gives money back by card or transfer, never at the
// counter (docs/decisions.md "Late answers in the direct answer's words").
import { type RefundAnswer, refundAnswer } from '../../shared/domain/refund-answer';
import type { JournalOperation } from '../../shared/journal-entry';
import type { MessageKey } from '../i18n/catalogue';

export type RefundWords = {
  title: MessageKey;
  steps: MessageKey;
  /** The amount line, or null when the terminal does not know the amount. */
  amount: { line: MessageKey; cents: number } | null;
  method: MessageKey;
  trackingId: string;
};

export function refundWords(answer: RefundAnswer): RefundWords {
  const method: MessageKey =
    answer.refund_method === 'card' ? 'orders.refund.method.card' : 'orders.refund.method.transfer';
  const base = { method, trackingId: answer.tracking_id };
  const cents = answer.refund_cents;
  switch (answer.status) {
    case 'decreased_debt':
      return {
        ...base,
        title: 'orders.refund.decreased.title',
        steps: 'orders.refund.decreased.steps',
        amount: cents === undefined ? null : { line: 'orders.refund.amountDebt', cents },
      };
    case 'already_refunded':
      return {
        ...base,
        title: 'orders.refund.already.title',
        steps: 'orders.refund.already.steps',
        // Nothing new went back: no amount to show.
        amount: null,
      };
    default:
      return {
        ...base,
        title: 'orders.refund.success.title',
        steps:
          answer.refund_method === 'card'
            ? 'orders.refund.success.card'
            : 'orders.refund.success.transfer',
        amount: cents === undefined ? null : { line: 'orders.refund.amountLine', cents },
      };
  }
}

/** The service's answer to a journaled refund that succeeded, or null. */
export function journaledRefundAnswer(op: JournalOperation): RefundAnswer | null {
  if (op.status !== 'succeeded') return null;
  return refundAnswer(op.intent, op.outcome?.result);
}
