// The one way Mostrador's own HTTP servers listen: on 127.0.0.1 only, with limits against slow
// or half-sent requests and a cap on open connections. Browser mode's server (electron/web/) and
// the till's integration API (electron/integration/) both stand on it (docs/decisions.md,
// "Loopback servers").
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type LoopbackLimits = {
  /** Time for a request's headers to arrive in full. */
  headersTimeoutMs: number;
  /** Time for a whole request (headers and body) to arrive; answering may take longer. */
  requestTimeoutMs: number;
  /** Open connections at once; more are closed on arrival. */
  maxConnections: number;
};

export type LoopbackServer = {
  server: Server;
  port: number;
  /** Stops listening and drops every open connection (a long wait ends at once). */
  close(): Promise<void>;
};

/**
 * Node's defaults (60 s for headers, 300 s for a request, checked every 30 s, no cap) let a few
 * hundred half-sent requests hold a server for minutes; a local client sends in microseconds.
 */
export async function listenLoopback(
  port: number,
  limits: LoopbackLimits,
  listener: RequestListener,
): Promise<LoopbackServer> {
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // How often Node looks for expired requests: a fraction of the shortest limit.
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, limits.headersTimeoutMs / 3)),
    },
    listener,
  );
  server.maxConnections = limits.maxConnections;
  // An idle kept-alive socket counts against the cap; let it go soon.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host: '127.0.0.1' }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * The body as text, or null once it passes `maxBytes` (the rest is not read: the caller answers
 * and closes). A declared Content-Length over the limit is refused before reading anything.
 */
export async function readBoundedBody(
  request: IncomingMessage,
  maxBytes: number,
): Promise<string | null> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > maxBytes) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBytes) return null;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
