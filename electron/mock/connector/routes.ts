// HTTP binding of the platform connector. Credentials are checked first (401), then the
// payment (404), the body (400), and the operation's rules.
import type { FastifyInstance } from 'fastify';
import { connectorEndpoints as ep } from '../../../shared/api/connector';
import { routePath } from '../http/route-path';
import type { MockArea } from '../mock-area';
import type { MockReply } from '../reply';
import { sendReply } from '../reply-send';
import type { MockContext } from '../state';
import { requireConnectorCredentials } from './auth';
import { createPayment } from './create-payment';
import { MANIFEST, PAYMENT_METHODS } from './manifest';
import { cancelPayment, capturePayment, refundPayment } from './payment-operations';

type Operation = (context: MockContext, paymentId: string, raw: unknown) => MockReply;

function registerConnectorRoutes(app: FastifyInstance, context: MockContext): void {
  const auth = { onRequest: requireConnectorCredentials(context) };
  app.get(ep.paymentMethods.path, auth, async () => PAYMENT_METHODS);
  app.get(ep.manifest.path, auth, async () => MANIFEST);
  app.post(ep.createPayment.path, auth, async (request, reply) =>
    sendReply(reply, createPayment(context, request.body)),
  );
  const operation = (path: string, run: Operation) =>
    app.post<{ Params: { payment_id: string } }>(routePath(path), auth, async (request, reply) =>
      sendReply(reply, run(context, request.params.payment_id, request.body)),
    );
  operation(ep.cancelPayment.path, cancelPayment);
  operation(ep.capturePayment.path, capturePayment);
  operation(ep.refundPayment.path, refundPayment);
}

export const connectorArea: MockArea = { register: registerConnectorRoutes };
