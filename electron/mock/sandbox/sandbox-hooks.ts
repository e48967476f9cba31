// Every request passes here: it gets its X-Request-Id, may meet a fault an integrator armed
// (docs/sandbox.md "Rehearse a bad day"), and is written to the request log once answered.
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serviceEndpoints } from '../../../shared/api/endpoints';
import { type Fault, REQUEST_ID_HEADER } from '../../../shared/api/sandbox';
import { routePath } from '../http/route-path';
import type { MockContext } from '../state';
import { dropConnection, hasSocket } from './connection';
import { recordedSize, shouldRecord } from './state-file';

type Seen = { started: number; fault?: Fault; dropped: boolean; logged: boolean };

/** A 200 body that is not JSON: cut short, as a proxy that lost the rest would leave it. */
export const MALFORMED_BODY = '{"sandbox_fault":"malformed","body":';

/**
 * What a gateway in front of the service answers when it cannot reach it: a 200 carrying an error
 * (Envoy's wording). The work is not done; a client that takes any 200 as done is wrong.
 */
export const GATEWAY_ERROR_BODY = {
  error:
    'upstream connect error or disconnect/reset before headers. reset reason: connection failure',
};

/** Fastify route → the operation's path as the document writes it; service endpoints only. */
const SERVICE_ROUTES = new Map<string, string>(
  Object.values(serviceEndpoints).map((spec) => [routePath(spec.path), spec.path]),
);

export const isServiceEndpoint = (template: string): boolean =>
  SERVICE_ROUTES.has(routePath(template)) && !template.includes(':');

function fundingCodeOf(request: FastifyRequest): string | undefined {
  for (const source of [request.body, request.query]) {
    const code = (source as { funding_code?: unknown } | null | undefined)?.funding_code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

const pathOf = (request: FastifyRequest) => (request.raw.url ?? '').split('?')[0] ?? '';

/** Logs a request Fastify answered before routing (a bad URL encoding, an over-long parameter). */
export function logUnrouted(context: MockContext, request: FastifyRequest, status: number): void {
  context.requests.record({
    id: request.id,
    at: context.clock.now().toISOString(),
    method: request.method,
    path: pathOf(request),
    status,
    duration_ms: 0,
  });
}

export function installSandboxHooks(app: FastifyInstance, context: MockContext): void {
  const seen = new WeakMap<FastifyRequest, Seen>();
  const log = (request: FastifyRequest, status: number | null) => {
    const entry = seen.get(request);
    if (!entry || entry.logged) return;
    entry.logged = true;
    context.requests.record({
      id: request.id,
      at: context.clock.now().toISOString(),
      method: request.method,
      path: pathOf(request),
      status: entry.dropped ? null : status,
      duration_ms: Math.round(performance.now() - entry.started),
      ...(entry.fault ? { fault_id: entry.fault.fault_id } : {}),
    });
  };

  app.addHook('onRequest', async (request, reply) => {
    seen.set(request, { started: performance.now(), dropped: false, logged: false });
    reply.header(REQUEST_ID_HEADER, request.id);
    // A caller that gave up, or a socket a fault destroyed, gets no onResponse: the close of the
    // response logs it then, as not answered.
    reply.raw.once('close', () =>
      log(request, reply.raw.writableFinished ? reply.raw.statusCode : null),
    );
  });

  // After the credentials and the body parser: an unauthenticated or unreadable call is answered
  // as usual and leaves the fault armed for the call it was meant for.
  app.addHook('preHandler', async (request, reply) => {
    const endpoint = SERVICE_ROUTES.get(request.routeOptions.url ?? '');
    const entry = seen.get(request);
    if (endpoint === undefined || !entry) return;
    const fault = context.faults.take({ endpoint, fundingCode: fundingCodeOf(request) });
    if (!fault) return;
    entry.fault = fault;
    switch (fault.kind) {
      case 'latency':
        // Past MAX_HELD_CALLS the answer comes without the wait (docs/sandbox.md).
        await context.faults.hold(fault.ms ?? 0);
        return;
      case 'status':
        return reply
          .status(fault.status ?? 503)
          .send({ error: `Sandbox fault ${fault.fault_id}: status ${fault.status}` });
      case 'reset':
        return drop(request, reply, entry);
      case 'gateway-error':
        return reply.status(200).send(GATEWAY_ERROR_BODY);
      case 'timeout': {
        // Held without an answer; the connection closes after `ms`, or when the faults are
        // cleared, unless the caller gave up first. Past MAX_HELD_CALLS: dropped at once, as
        // `reset` (docs/sandbox.md).
        const held = context.faults.hold(fault.ms ?? 0);
        if (held === null) return drop(request, reply, entry);
        if (hasSocket(request)) {
          reply.hijack();
          await held;
          request.raw.socket.destroy();
          entry.dropped = true;
          log(request, null);
          return;
        }
        await held;
        return drop(request, reply, entry);
      }
      default:
        // lost-after-apply and malformed act on the answer, after the work is done (onSend).
        return;
    }
  });

  const drop = (request: FastifyRequest, reply: FastifyReply, entry: Seen) => {
    entry.dropped = true;
    if (hasSocket(request)) {
      reply.hijack();
      request.raw.socket.destroy();
      log(request, null);
      return reply;
    }
    dropConnection(request, reply);
    return reply.status(200).send('');
  };

  app.addHook('onSend', async (request, reply, payload) => {
    const entry = seen.get(request);
    if (entry?.fault?.kind === 'lost-after-apply' && !entry.dropped) {
      entry.dropped = true;
      dropConnection(request, reply);
      // Logged now: the caller may see the dropped connection before the socket's close event.
      log(request, null);
      return hasSocket(request) ? payload : '';
    }
    if (entry?.fault?.kind === 'malformed') {
      reply.status(200).header('content-type', 'application/json; charset=utf-8');
      return MALFORMED_BODY;
    }
    return payload;
  });

  /** What `--state-file` keeps of a call, when it may change state on a known route. */
  const recordable = (request: FastifyRequest) => {
    const url = request.raw.url ?? '';
    if (!context.stateFile || request.is404 || !shouldRecord(request.method, url)) return null;
    const token = request.headers['x-unique-token'];
    return {
      method: request.method,
      url,
      ...(request.body === undefined ? {} : { body: request.body }),
      ...(typeof token === 'string' ? { uniqueToken: token } : {}),
    };
  };

  // After the credentials (route onRequest) and the body: a call that would be recorded but no
  // longer fits in the state file is refused, rather than kept only until the next restart.
  app.addHook('preHandler', async (request, reply) => {
    const call = recordable(request);
    const sink = context.stateFile;
    if (call && sink && !sink.room(recordedSize(call))) {
      return reply.status(507).send({ error: sink.fullMessage() });
    }
  });

  app.addHook('onResponse', async (request, reply) => {
    log(request, reply.statusCode);
    // Only calls that reached their handler with the credentials and changed state (a 2xx):
    // a refused or unauthenticated call replayed with the real credentials could do what it was
    // refused (docs/sandbox.md).
    const call = reply.statusCode >= 200 && reply.statusCode < 300 ? recordable(request) : null;
    if (call && context.stateFile) {
      context.stateFile.record({
        at: context.clock.now().toISOString(),
        frozen: context.clock.frozen(),
        ...call,
      });
    }
  });

  // Held calls end early when the sandbox closes, so none keeps it from stopping.
  app.addHook('preClose', async () => context.faults.releaseAll());
}
