// A new order record, as both order creation and a connector payment make one.
import type { OrderCreateParams } from '../../../shared/api/orders';
import { centsFromWire } from '../../../shared/domain/money';
import type { MockContext } from '../state';
import { canonicalJson } from './canonical-json';
import { effectiveExpiration } from './expiration';
import type { OrderRecord } from './order';

/** Starts `initial`, financing the whole amount until the trainer approves less. */
export function newOrder(
  context: MockContext,
  params: OrderCreateParams,
  magicLink: (objectId: string) => string,
): OrderRecord {
  const objectId = context.state.ids.objectId();
  // Callers pass parameters their schema proved: a positive amount with at most 2 decimals.
  const amount = centsFromWire(params.amount) ?? 0;
  return {
    orderId: params.order_id,
    objectId,
    params,
    bodyKey: canonicalJson(params),
    amount,
    approved: amount,
    status: 'initial',
    confirmed: false,
    expirationTs: effectiveExpiration(context.clock.now(), params.expiration_ts),
    magicLink: magicLink(objectId),
    refunds: [],
    refundReplies: new Map(),
  };
}
