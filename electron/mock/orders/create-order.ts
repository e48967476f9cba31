// POST /pos/order/create. Checks, in order: the fields (first problem in the order of the
// document's table), the store's client id, then the order_id rules of docs/decisions.md "Orders".
import { ORDERS, orderValidation } from '../../../shared/api/messages';
import { OrderCreateParams } from '../../../shared/api/orders';
import { asRecord } from '../http/field-errors';
import { checkFields } from '../http/first-field-problem';
import { fail, type MockReply, ok } from '../reply';
import { serviceUrl } from '../service-url';
import type { MockContext } from '../state';
import { canonicalJson } from './canonical-json';
import { newOrder } from './new-order';
import { orderStore } from './order';
import { findOrder } from './order-actions';

export function createOrder(context: MockContext, raw: unknown): MockReply {
  const { state, credentials } = context;
  const alsoRequired = new Set(
    state.merchant.require_financed_products ? ['financed_products'] : [],
  );
  const checked = checkFields(OrderCreateParams, asRecord(raw), { alsoRequired });
  if (!checked.ok) return fail(400, orderValidation[checked.problem.kind](checked.problem.field));
  const params = checked.value;
  if (params.pos_client_id !== credentials.clientId) return fail(400, ORDERS.clientNotRegistered);

  const bodyKey = canonicalJson(params);
  const existing = findOrder(context, params.order_id);
  if (existing) {
    // While the customer has not started (initial) a repeat is taken as a retry whatever its
    // body; the first body stays. Later, only an identical body is a harmless repeat.
    if (existing.bodyKey !== bodyKey && existing.status !== 'initial') {
      return fail(400, ORDERS.cannotModify);
    }
    return ok({ redirect_to: existing.magicLink, status: 'already_created' });
  }

  const order = newOrder(context, params, (objectId) =>
    serviceUrl(context.baseUrl, '/pos', { client: credentials.clientId, service_order: objectId }),
  );
  orderStore(state).set(order.orderId, order);
  return ok({ redirect_to: order.magicLink, status: 'new_order' });
}
