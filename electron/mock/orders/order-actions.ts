// Confirm and cancel (docs/decisions.md "Orders"). Plain functions over an order, shared by the
// order endpoints and the platform connector.
import { ORDERS } from '../../../shared/api/messages';
import { fail, type MockReply, ok } from '../reply';
import type { MockContext } from '../state';
import { expireIfDue } from './expiration';
import { type OrderRecord, orderStore } from './order';

/** Decision: the `result` text of cancelling an order that was canceled before. */
export const ALREADY_CANCELED_RESULT = 'Order already canceled';

/** The order with its expiration applied as of the mock's now, or undefined. */
export function findOrder(context: MockContext, orderId: string): OrderRecord | undefined {
  const order = orderStore(context.state).get(orderId);
  if (order) expireIfDue(order, context.clock.now());
  return order;
}

export const orderNotFound = (): MockReply => fail(404, ORDERS.orderNotFound);

export function confirmOrder(order: OrderRecord): MockReply {
  switch (order.status) {
    case 'approved':
      order.confirmed = true;
      return ok({ modified_orders: 1 });
    case 'validated':
      // Validated means only the merchant's confirmation was missing before funding.
      order.confirmed = true;
      order.status = 'funded';
      return ok({ modified_orders: 1 });
    case 'funded':
      return fail(400, ORDERS.confirmFunded);
    case 'canceled':
      return fail(400, ORDERS.alreadyCanceled);
    default:
      return fail(400, ORDERS.confirmBeforeApproved);
  }
}

export function cancelOrder(order: OrderRecord): MockReply {
  if (order.status === 'canceled') return ok({ result: ALREADY_CANCELED_RESULT });
  if (order.confirmed) return fail(400, ORDERS.cannotCancelConfirmed);
  order.status = 'canceled';
  return ok({ modified_orders: 1 });
}
