// The fault and request-log controls (docs/sandbox.md): same bearer token as the other trainer
// controls; bad input answers 400 keyed by field.
import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_LOGGED_REQUESTS,
  FaultRequest,
  RequestLogQuery,
} from '../../../shared/api/sandbox';
import { trainerControls as c } from '../../../shared/api/trainer-controls';
import { requireBearer } from '../http/auth';
import { asRecord, fieldErrorsOf } from '../http/field-errors';
import { routePath } from '../http/route-path';
import type { MockArea } from '../mock-area';
import type { MockContext } from '../state';
import { isServiceEndpoint } from './sandbox-hooks';

function registerSandboxRoutes(app: FastifyInstance, context: MockContext): void {
  const auth = { onRequest: requireBearer(context) };

  app.post(routePath(c.trainerArmFault.path), auth, async (request, reply) => {
    const parsed = FaultRequest.safeParse(asRecord(request.body));
    const errors = parsed.success ? {} : fieldErrorsOf(parsed.error);
    const endpoint = asRecord(request.body).endpoint;
    // Only the service's own operations can be faulted, never these controls.
    if (typeof endpoint === 'string' && !isServiceEndpoint(endpoint) && !errors.endpoint)
      errors.endpoint = 'Error on endpoint format';
    if (!parsed.success || Object.keys(errors).length > 0) return reply.status(400).send(errors);
    const fault = context.faults.add(parsed.data);
    return { fault_id: fault.fault_id };
  });

  app.get(routePath(c.trainerListFaults.path), auth, async () => ({
    faults: context.faults.list(),
  }));

  app.delete(routePath(c.trainerClearFaults.path), auth, async () => ({
    cleared: context.faults.clear(),
  }));

  app.get(routePath(c.trainerRequestLog.path), auth, async (request, reply) => {
    const parsed = RequestLogQuery.safeParse(asRecord(request.query));
    if (!parsed.success) return reply.status(400).send(fieldErrorsOf(parsed.error));
    const limit = Number(parsed.data.limit ?? DEFAULT_LOGGED_REQUESTS);
    return { requests: context.requests.latest(limit) };
  });
}

export const sandboxArea: MockArea = { register: registerSandboxRoutes };
