// HTTP binding of the order endpoints. Every one checks the bearer token first (401), then, for
// refunds, the X-Unique-Token header, then that the order exists (404), then its own rules.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { orderValidation } from '../../../shared/api/messages';
import { ordersEndpoints as ep, UNIQUE_TOKEN_HEADER } from '../../../shared/api/orders';
import { requireBearer } from '../http/auth';
import { acceptEmptyJsonBody } from '../http/empty-json-body';
import { routePath } from '../http/route-path';
import { fail, type MockReply, ok } from '../reply';
import { sendReply } from '../reply-send';
import type { MockContext } from '../state';
import { createOrder } from './create-order';
import { type OrderRecord, orderToWire } from './order';
import { cancelOrder, confirmOrder, findOrder, orderNotFound } from './order-actions';
import { partialRefund, totalRefund } from './refunds';

type OrderRoute = { Params: { order_id: string } };
type OrderRequest = FastifyRequest<OrderRoute>;

/**
 * Decision: a refund without the header, or with it empty, is refused in the create-order
 * validation style: 400 `Validation error, field X-Unique-Token required`.
 */
function uniqueToken(request: FastifyRequest): { token: string } | { reply: MockReply } {
  const value = request.headers[UNIQUE_TOKEN_HEADER.toLowerCase()];
  if (value === undefined || value === '') {
    return { reply: fail(400, orderValidation.required(UNIQUE_TOKEN_HEADER)) };
  }
  // Sent twice, the header arrives as a list: which one is meant cannot be told.
  if (typeof value !== 'string') {
    return { reply: fail(400, orderValidation.invalid(UNIQUE_TOKEN_HEADER)) };
  }
  return { token: value };
}

export function registerOrderRoutes(app: FastifyInstance, context: MockContext): void {
  const auth = { onRequest: requireBearer(context) };

  const withOrder =
    (rule: (order: OrderRecord, request: OrderRequest) => MockReply) =>
    async (request: OrderRequest) => {
      const order = findOrder(context, request.params.order_id);
      return order ? rule(order, request) : orderNotFound();
    };

  const refund = (run: typeof totalRefund) => async (request: OrderRequest) => {
    const header = uniqueToken(request);
    if ('reply' in header) return header.reply;
    const order = findOrder(context, request.params.order_id);
    if (!order) return orderNotFound();
    return run(order, header.token, request.body, context.state.ids);
  };

  const route =
    (handler: (request: OrderRequest) => Promise<MockReply>) =>
    async (request: OrderRequest, reply: FastifyReply) =>
      sendReply(reply, await handler(request));

  app.post(ep.createOrder.path, auth, async (request, reply) =>
    sendReply(reply, createOrder(context, request.body)),
  );
  app.get<OrderRoute>(
    routePath(ep.getOrder.path),
    auth,
    route(withOrder((order) => ok(orderToWire(order)))),
  );
  app.post<OrderRoute>(routePath(ep.totalRefund.path), auth, route(refund(totalRefund)));
  app.post<OrderRoute>(routePath(ep.partialRefund.path), auth, route(refund(partialRefund)));
  // Cancel and confirm take no body; an empty JSON body must not be a parse error.
  app.register(async (scope) => {
    acceptEmptyJsonBody(scope);
    scope.post<OrderRoute>(routePath(ep.cancelOrder.path), auth, route(withOrder(cancelOrder)));
    scope.post<OrderRoute>(routePath(ep.confirmOrder.path), auth, route(withOrder(confirmOrder)));
  });
}
