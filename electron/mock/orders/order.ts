// An order as the mock keeps it, and its wire form (GET /pos/order/{order_id}).
import type { Order, OrderCreateParams, OrderStatus } from '../../../shared/api/orders';
import { type Cents, centsToWire } from '../../../shared/domain/money';
import type { MockReply } from '../reply';
import { areaState, type MockState } from '../state';

/** A refund made on the order: total, or a partial one of `amount`. */
export type RefundRecord = { kind: 'total' | 'partial'; amount: Cents; trackingId: string };

export type OrderRecord = {
  orderId: string;
  /** The service's own id of the order: `service_order` in redirect_to. */
  objectId: string;
  params: OrderCreateParams;
  /** The creation body in canonical form, to tell a repeat from a modification. */
  bodyKey: string;
  amount: Cents;
  /** What the service finances: the order amount until the trainer approves less. */
  approved: Cents;
  status: OrderStatus;
  confirmed: boolean;
  /** `YYYY-MM-DD hh:mm:ss.mmm` UTC; past it, an order not yet approved is canceled. */
  expirationTs: string;
  magicLink: string;
  refunds: RefundRecord[];
  /** 200 answers of refunds by `<kind>:<X-Unique-Token>`, replayed unchanged to a repeat. */
  refundReplies: Map<string, MockReply>;
  /** Set by the connector: told when the application is approved or rejected. */
  onDecision?: (decision: 'approved' | 'rejected') => void;
};

export type OrderStore = Map<string, OrderRecord>;

export const orderStore = (state: MockState): OrderStore =>
  areaState(state, 'orders', (): OrderStore => new Map());

export function orderToWire(order: OrderRecord): Order {
  const { params } = order;
  return {
    amount: centsToWire(order.amount),
    expiration_ts: order.expirationTs,
    url_redir_on_canceled: params.url_redir_on_canceled,
    url_redir_on_rejected: params.url_redir_on_rejected,
    url_redir_on_success: params.url_redir_on_success,
    order_id: order.orderId,
    customer_data: params.customer_data ?? null,
    description: params.description ?? null,
    pos_client_id: params.pos_client_id,
    confirmed: order.confirmed,
    status: order.status,
    magic_link: order.magicLink,
  };
}
