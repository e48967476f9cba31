// Cancel, capture (settlement) and refund of a connector payment, each carried out on the
// backing order with the order rules, and idempotent on requestId.
import type { z } from 'zod';
import {
  CancelPaymentBody,
  CapturePaymentBody,
  RefundPaymentBody,
} from '../../../shared/api/connector';
import { CONNECTOR, orderValidation } from '../../../shared/api/messages';
import { asRecord } from '../http/field-errors';
import { checkFields } from '../http/first-field-problem';
import type { OrderRecord } from '../orders/order';
import { cancelOrder, confirmOrder, findOrder } from '../orders/order-actions';
import { totalRefund } from '../orders/refunds';
import { fail, type MockReply, ok } from '../reply';
import type { MockContext } from '../state';
import { type PaymentOperation, type PaymentRecord, paymentStore } from './payment';

/** Decision: the body names another payment than the path. */
export const PAYMENT_ID_MISMATCH = 'paymentId does not match the payment in the path';
/** Decision: a refund must name a settlement this payment received. */
export const UNKNOWN_SETTLEMENT = 'settleId is not a settlement of this payment';

type Operation<S extends z.ZodObject> = {
  kind: PaymentOperation;
  schema: S;
  run: (
    payment: PaymentRecord,
    order: OrderRecord,
    body: z.infer<S>,
    context: MockContext,
  ) => MockReply;
};

/** Checks, in order: the payment exists (404), the body, then replays or runs the operation. */
function perform<S extends z.ZodObject>(
  operation: Operation<S>,
  context: MockContext,
  paymentId: string,
  raw: unknown,
): MockReply {
  const payment = paymentStore(context.state).get(paymentId);
  const order = findOrder(context, paymentId);
  if (!payment || !order) return fail(404, CONNECTOR.paymentNotFound);
  const checked = checkFields(operation.schema, asRecord(raw));
  if (!checked.ok) return fail(400, orderValidation[checked.problem.kind](checked.problem.field));
  const body = checked.value as z.infer<S> & { paymentId: string; requestId: number };
  if (body.paymentId !== paymentId) return fail(400, PAYMENT_ID_MISMATCH);
  const key = `${operation.kind}:${body.requestId}`;
  const earlier = payment.replies.get(key);
  if (earlier) return earlier;
  const answer = operation.run(payment, order, body, context);
  // Refusals are not kept: once their cause is gone, the same requestId may succeed.
  if (answer.status === 200) payment.replies.set(key, answer);
  return answer;
}

const cancel: Operation<typeof CancelPaymentBody> = {
  kind: 'cancel',
  schema: CancelPaymentBody,
  run(payment, order, body, context) {
    // A confirmed order cannot be canceled: the platform is told to refund it instead.
    const code = order.confirmed ? 'refund-manually' : 'SUCCESSFUL';
    if (!order.confirmed) cancelOrder(order);
    return ok({
      paymentId: payment.paymentId,
      status: 'cancelled',
      message:
        code === 'SUCCESSFUL'
          ? 'Payment cancelled'
          : 'Cancellation accepted; the order was already captured, refund it to give the money back',
      cancellationId: context.state.ids.token('CN'),
      requestId: body.requestId,
      code,
    });
  },
};

const capture: Operation<typeof CapturePaymentBody> = {
  kind: 'settle',
  schema: CapturePaymentBody,
  run(payment, order, body, context) {
    // Capturing is the merchant's confirmation, refused as Confirm refuses it (before approval,
    // canceled); a funded order, which Confirm refuses, only needs marking as confirmed.
    if (order.status === 'funded') order.confirmed = true;
    else {
      const confirmed = confirmOrder(order);
      if (confirmed.status !== 200) return confirmed;
    }
    const settleId = context.state.ids.token('ST');
    payment.settleIds.add(settleId);
    return ok({
      paymentId: payment.paymentId,
      settleId,
      value: body.value,
      requestId: body.requestId,
    });
  },
};

const refund: Operation<typeof RefundPaymentBody> = {
  kind: 'refund',
  schema: RefundPaymentBody,
  run(payment, order, body, context) {
    if (!payment.settleIds.has(body.settleId)) return fail(400, UNKNOWN_SETTLEMENT);
    // The platform's refund gives the whole payment back: the order's total refund.
    const answer = totalRefund(
      order,
      `connector-refund-${body.requestId}`,
      { author: 'platform-connector', reason: `refund request ${body.requestId}` },
      context.state.ids,
    );
    if (answer.status !== 200) return answer;
    const result = answer.body as { tracking_id: string; status: string };
    return ok({
      paymentId: payment.paymentId,
      status: 'cancelled',
      message:
        result.status === 'already_refunded' ? 'Payment already refunded' : 'Payment refunded',
      requestId: body.requestId,
      refundId: result.tracking_id,
    });
  },
};

export const cancelPayment = (context: MockContext, paymentId: string, raw: unknown) =>
  perform(cancel, context, paymentId, raw);
export const capturePayment = (context: MockContext, paymentId: string, raw: unknown) =>
  perform(capture, context, paymentId, raw);
export const refundPayment = (context: MockContext, paymentId: string, raw: unknown) =>
  perform(refund, context, paymentId, raw);
