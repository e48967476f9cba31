// The integration API on 127.0.0.1 only. Plain node:http, like browser mode's server, so the
// size limit, the Host check and the long wait are each a few visible lines: a body over the
// limit is not read further, a Host that names another site (DNS rebinding) is refused, and a
// till that hangs up during a long wait frees its waiter at once.
import type { IncomingMessage } from 'node:http';
import { MAX_BODY_BYTES } from '../../shared/integration/sale-request';
import type { Logger } from '../log/logger';
import { type LoopbackLimits, listenLoopback, readBoundedBody } from '../loopback/loopback-server';
import type { ApiAnswer, ApiRequest } from './api-routes';

export type ApiServer = { port: number; url: string; close(): Promise<void> };

/**
 * The long wait holds an answer up to 55 s, but the request itself arrives at once; slow senders
 * of headers are cut off. A till keeps a few connections (a wait, a create, a cancel): 32 is
 * room for several tills and their retries, and no more.
 */
export const API_LIMITS: LoopbackLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 70_000,
  // Connections with the key; long waits take at most MAX_LONG_WAITS of them (api-routes.ts).
  maxConnections: 32,
  // Without the key: any local process. A flood pushes out only its own (loopback-server.ts).
  maxUnauthenticated: 32,
  unauthenticatedIdleMs: 2_000,
};

export async function listenApi(options: {
  port: number;
  handle: (request: ApiRequest) => Promise<ApiAnswer>;
  /**
   * Whether the headers carry a key the API accepts. Checked before any body is read: a
   * request without it gets its answer (401, or the public OpenAPI document) with the body unread.
   */
  authenticate: (headers: Record<string, string | undefined>) => boolean;
  logger: Logger;
  /** Tests shorten them. */
  limits?: Partial<LoopbackLimits>;
}): Promise<ApiServer> {
  const closing = new AbortController();
  let hosts = new Set<string>();
  // A web page's request (Origin) or a foreign Host is never trusted, whatever key it carries.
  const isAuthenticated = (request: IncomingMessage) =>
    hosts.has((request.headers.host ?? '').toLowerCase()) &&
    request.headers.origin === undefined &&
    options.authenticate(flatHeaders(request));
  const listening = await listenLoopback(
    options.port,
    { ...API_LIMITS, ...options.limits },
    (request, response) => {
      const authenticated = isAuthenticated(request);
      const stop = new AbortController();
      response.on('close', () => stop.abort());
      const send = (answer: ApiAnswer) => {
        if (response.destroyed) return;
        const text = JSON.stringify(answer.body);
        response.writeHead(answer.status, {
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Length': Buffer.byteLength(text),
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
          ...answer.headers,
        });
        response.end(text);
      };
      const run = async () => {
        if (!hosts.has((request.headers.host ?? '').toLowerCase())) {
          return send({ status: 403, body: { error: 'Unexpected Host header' } });
        }
        const body = authenticated ? await readBoundedBody(request, MAX_BODY_BYTES) : '';
        const headers = flatHeaders(request);
        send(
          await options.handle({
            method: request.method ?? 'GET',
            url: request.url ?? '/',
            headers,
            body,
            signal: AbortSignal.any([stop.signal, closing.signal]),
          }),
        );
        // An over-long body was left unread: close rather than read the rest.
        if (body === null) request.destroy();
      };
      run().catch((error: unknown) => {
        options.logger.error('integration request failed', { error });
        const journal = error instanceof Error && error.name === 'JournalError';
        send({
          status: 500,
          body: {
            error: journal
              ? 'The terminal cannot write its journal: it must be attended to'
              : 'Something went wrong in Mostrador',
          },
        });
      });
    },
    {
      authenticate: isAuthenticated,
      overloaded: (_request, response) => {
        const text = JSON.stringify({ error: 'Too many connections at once; try again' });
        response.writeHead(503, {
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Length': Buffer.byteLength(text),
          'Cache-Control': 'no-store',
          'Retry-After': '1',
        });
        response.end(text);
      },
    },
  );
  const { port } = listening;
  hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  return {
    port,
    url: `http://127.0.0.1:${port}/`,
    close: () => {
      closing.abort();
      return listening.close();
    },
  };
}

function flatHeaders(request: IncomingMessage): Record<string, string | undefined> {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}
