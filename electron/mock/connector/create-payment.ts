// POST /payments: creates the order that backs the payment (order_id = paymentId), so the
// trainer's order controls drive it and GET /pos/order/{paymentId} reads it. Idempotent on
// paymentId: a repeat, whatever its body, gets the first answer.
import { CreatePaymentBody } from '../../../shared/api/connector';
import { orderValidation } from '../../../shared/api/messages';
import type { OrderCreateParams } from '../../../shared/api/orders';
import { asRecord } from '../http/field-errors';
import { checkFields } from '../http/first-field-problem';
import { newOrder } from '../orders/new-order';
import { orderStore } from '../orders/order';
import { fail, type MockReply, ok } from '../reply';
import { serviceUrl } from '../service-url';
import type { MockContext } from '../state';
import { sendWebhook } from '../webhooks/send-webhook';
import { type PaymentRecord, paymentStore } from './payment';

/** Decision: a paymentId that names an order created through /pos/order/create. */
export const PAYMENT_ID_TAKEN = 'paymentId is already used by an order';

export function createPayment(context: MockContext, raw: unknown): MockReply {
  const checked = checkFields(CreatePaymentBody, asRecord(raw));
  if (!checked.ok) return fail(400, orderValidation[checked.problem.kind](checked.problem.field));
  const body = checked.value;
  const payments = paymentStore(context.state);
  const earlier = payments.get(body.paymentId);
  if (earlier) return earlier.createReply;
  const orders = orderStore(context.state);
  if (orders.has(body.paymentId)) return fail(400, PAYMENT_ID_TAKEN);

  const { clientId } = context.credentials;
  const returnURL = serviceUrl(context.baseUrl, '/pos', {
    client: clientId,
    order: body.paymentId,
  });
  // The platform gives one place to send the shopper back to; every redirect of the order uses it.
  const back = body.returnUrl ?? body.url ?? returnURL;
  const params: OrderCreateParams = {
    amount: body.value,
    order_id: body.paymentId,
    pos_client_id: clientId,
    url_redir_on_canceled: back,
    url_redir_on_rejected: back,
    url_redir_on_success: back,
    url_redir_on_downpayment: back,
    ...(body.reference !== undefined ? { description: body.reference } : {}),
  };
  const order = newOrder(context, params, () => returnURL);
  const createReply = ok({
    paymentId: body.paymentId,
    status: 'undefined',
    authorizationId: null,
    nsu: null,
    tid: order.objectId,
    returnURL,
  });
  const payment: PaymentRecord = {
    paymentId: body.paymentId,
    createReply,
    ...(body.callbackUrl !== undefined ? { callbackUrl: body.callbackUrl } : {}),
    replies: new Map(),
    settleIds: new Set(),
  };
  order.onDecision = (decision) => {
    if (payment.callbackUrl === undefined) return;
    const status = decision === 'approved' ? 'approved' : 'denied';
    sendWebhook(context, {
      type: `payment.${status}`,
      url: payment.callbackUrl,
      payload: { paymentId: payment.paymentId, status },
    });
  };
  orders.set(order.orderId, order);
  payments.set(payment.paymentId, payment);
  return createReply;
}
