// Trainer control: POST /__mock/orders/{order_id}/status (docs/decisions.md "The mock backend").
import type { FastifyInstance } from 'fastify';
import { StatusMove } from '../../../shared/api/trainer';
import { trainerControls as c } from '../../../shared/api/trainer-controls';
import { requireBearer } from '../http/auth';
import { asRecord, fieldErrorsOf } from '../http/field-errors';
import { routePath } from '../http/route-path';
import { sendReply } from '../reply-send';
import type { MockContext } from '../state';
import { findOrder, orderNotFound } from './order-actions';
import { moveOrder } from './transitions';

export function registerOrderTrainerRoutes(app: FastifyInstance, context: MockContext): void {
  app.post<{ Params: { order_id: string } }>(
    routePath(c.trainerMoveOrder.path),
    { onRequest: requireBearer(context) },
    async (request, reply) => {
      const order = findOrder(context, request.params.order_id);
      if (!order) return sendReply(reply, orderNotFound());
      // Like the other trainer controls: bad input answers 400 keyed by field.
      const parsed = StatusMove.safeParse(asRecord(request.body));
      if (!parsed.success) return reply.status(400).send(fieldErrorsOf(parsed.error));
      return sendReply(reply, moveOrder(order, parsed.data));
    },
  );
}
