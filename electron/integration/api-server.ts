// The integration API on 127.0.0.1 only. Plain node:http, like browser mode's server, so the
// size limit, the Host check and the long wait are each a few visible lines: a body over the
// limit is not read further, a Host that names another site (DNS rebinding) is refused, and a
// till that hangs up during a long wait frees its waiter at once.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_BODY_BYTES } from '../../shared/integration/sale-request';
import type { Logger } from '../log/logger';
import type { ApiAnswer, ApiRequest } from './api-routes';

export type ApiServer = { port: number; url: string; close(): Promise<void> };

export async function listenApi(options: {
  port: number;
  handle: (request: ApiRequest) => Promise<ApiAnswer>;
  logger: Logger;
}): Promise<ApiServer> {
  const closing = new AbortController();
  let hosts = new Set<string>();
  const server = createServer((request, response) => {
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
      const body = await readBody(request);
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
  });
  // The long wait holds an answer up to 55 s; slow senders of headers are still cut off.
  server.requestTimeout = 70_000;
  server.headersTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port, host: '127.0.0.1' }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  return {
    port,
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        closing.abort();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The body as text, or null once it passes the limit (the rest is not read). */
async function readBody(request: IncomingMessage): Promise<string | null> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
