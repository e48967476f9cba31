// The integration API on 127.0.0.1 only. Plain node:http, like browser mode's server, so the
// size limit, the Host check and the long wait are each a few visible lines: a body over the
// limit is not read further, a Host that names another site (DNS rebinding) is refused, and a
// till that hangs up during a long wait frees its waiter at once.
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
  maxConnections: 32,
};

export async function listenApi(options: {
  port: number;
  handle: (request: ApiRequest) => Promise<ApiAnswer>;
  logger: Logger;
  /** Tests shorten them. */
  limits?: Partial<LoopbackLimits>;
}): Promise<ApiServer> {
  const closing = new AbortController();
  let hosts = new Set<string>();
  const listening = await listenLoopback(
    options.port,
    { ...API_LIMITS, ...options.limits },
    (request, response) => {
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
        const body = await readBoundedBody(request, MAX_BODY_BYTES);
        const headers: Record<string, string | undefined> = {};
        for (const [name, value] of Object.entries(request.headers)) {
          headers[name] = Array.isArray(value) ? value.join(', ') : value;
        }
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
