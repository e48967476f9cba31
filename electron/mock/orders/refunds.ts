// Total and partial refunds (docs/decisions.md "Refunds"). A refund needs a confirmed or funded
// order; its 200 answer is kept under the request's X-Unique-Token and replayed unchanged to a
// repeat, so a retried refund never pays twice. Refused attempts keep no answer: once the cause is
// fixed, the same token can be sent again.
import { ORDERS, orderValidation } from '../../../shared/api/messages';
import { PartialRefundBody, TotalRefundBody } from '../../../shared/api/orders';
import { type Cents, centsFromWire, splitCents } from '../../../shared/domain/money';
import { asRecord } from '../http/field-errors';
import { checkFields } from '../http/first-field-problem';
import type { IdSource } from '../ids';
import { fail, type MockReply, ok } from '../reply';
import type { OrderRecord, RefundRecord } from './order';

/**
 * The mock's model of what the customer already paid: the down payment of a 4-part plan, as
 * the in-store amount rules compute it (docs/decisions.md "Amount rules"); the rest is still owed.
 */
export const PLAN_PARTS = 4;

export type RefundKind = RefundRecord['kind'];

const canRefund = (order: OrderRecord) => order.confirmed || order.status === 'funded';

const partialTotal = (order: OrderRecord) =>
  order.refunds.filter((r) => r.kind === 'partial').reduce((sum, r) => sum + r.amount, 0);

/** What the customer still owes, after the down payment and the partial refunds so far. */
function outstandingDebt(order: OrderRecord): Cents {
  const [downpayment = 0] = splitCents(order.approved, PLAN_PARTS);
  return Math.max(0, order.approved - downpayment - partialTotal(order));
}

// Decision: money going back to the customer returns to the card the down payment was paid
// with; a refund that only lowers the debt is settled by transfer between merchant and service.
const refundResult = (refund: RefundRecord, status: string) => ({
  refund_method: status === 'decreased_debt' ? 'transfer' : 'card',
  tracking_id: refund.trackingId,
  status,
  successful: true,
});

/** Runs `rule` unless this token already has an answer for this kind of refund on this order. */
function once(order: OrderRecord, kind: RefundKind, token: string, rule: () => MockReply) {
  const key = `${kind}:${token}`;
  const earlier = order.refundReplies.get(key);
  if (earlier) return earlier;
  const answer = rule();
  if (answer.status === 200) order.refundReplies.set(key, answer);
  return answer;
}

function invalidBody(problem: { field: string; kind: 'required' | 'invalid' }): MockReply {
  return fail(400, orderValidation[problem.kind](problem.field));
}

export function totalRefund(order: OrderRecord, token: string, raw: unknown, ids: IdSource) {
  return once(order, 'total', token, () => {
    const checked = checkFields(TotalRefundBody, asRecord(raw));
    if (!checked.ok) return invalidBody(checked.problem);
    const earlier = order.refunds.find((r) => r.kind === 'total');
    if (earlier) return ok({ ...refundResult(earlier, 'success'), status: 'already_refunded' });
    if (order.status === 'canceled') return fail(400, ORDERS.alreadyCanceled);
    if (!canRefund(order)) return fail(400, ORDERS.disbursementFailed);
    const refund: RefundRecord = {
      kind: 'total',
      amount: order.approved - partialTotal(order),
      trackingId: ids.token('RF'),
    };
    order.refunds.push(refund);
    // Everything is given back: the loan is undone and the order ends canceled.
    order.status = 'canceled';
    return ok(refundResult(refund, 'success'));
  });
}

export function partialRefund(order: OrderRecord, token: string, raw: unknown, ids: IdSource) {
  return once(order, 'partial', token, () => {
    const checked = checkFields(PartialRefundBody, asRecord(raw));
    if (!checked.ok) return invalidBody(checked.problem);
    if (checked.value.amount <= 0) return fail(400, ORDERS.amountNotPositive);
    if (order.status === 'canceled') return fail(400, ORDERS.alreadyCanceled);
    if (!canRefund(order)) return fail(400, ORDERS.partialDisbursementFailed);
    // The schema proved a positive amount has at most 2 decimals, or is beyond any amount in cents.
    const amount = centsFromWire(checked.value.amount);
    if (amount === null || partialTotal(order) + amount >= order.approved) {
      return fail(400, ORDERS.amountTooLarge);
    }
    const status = amount <= outstandingDebt(order) ? 'decreased_debt' : 'success';
    const refund: RefundRecord = { kind: 'partial', amount, trackingId: ids.token('RF') };
    order.refunds.push(refund);
    return ok(refundResult(refund, status));
  });
}
