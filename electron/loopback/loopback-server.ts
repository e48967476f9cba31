// The one way Mostrador's own HTTP servers listen: on 127.0.0.1 only, with limits against slow
// or half-sent requests and a cap on open connections. Browser mode's server (electron/web/) and
// the till's integration API (electron/integration/) both stand on it (docs/decisions.md,
// "Loopback servers").
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type LoopbackLimits = {
  /** Time for a request's headers to arrive in full. */
  headersTimeoutMs: number;
  /** Time for a whole request (headers and body) to arrive; answering may take longer. */
  requestTimeoutMs: number;
  /**
   * Connections that have shown the server's credentials (a request that passed
   * `authenticate`). One more is let in by closing the longest-idle of them; when none is
   * idle, the new request is answered by `overloaded`.
   */
  maxConnections: number;
  /**
   * Connections that have not (yet) shown credentials: any local process can open them. One
   * more closes the oldest of them that is not being answered, so a flood only ever pushes out
   * its own connections, never a caller with the key.
   */
  maxUnauthenticated: number;
  /**
   * How long a new connection may take to send its first request in full before it is closed
   * (shorter than `headersTimeoutMs`: nothing has shown the key yet). After a first request the
   * usual limits apply: keep-alive idle 5 s, headers `headersTimeoutMs`.
   */
  unauthenticatedIdleMs: number;
};

export type LoopbackServer = {
  server: Server;
  port: number;
  /** Stops listening and drops every open connection (a long wait ends at once). */
  close(): Promise<void>;
};

export type LoopbackAccess = {
  /** Whether the request's headers carry this server's credentials; the body is not read yet. */
  authenticate(request: IncomingMessage): boolean;
  /** Answers a request with the key when every authenticated connection is busy. */
  overloaded(request: IncomingMessage, response: ServerResponse): void;
};

type Connection = {
  trusted: boolean;
  busy: boolean;
  lastActive: number;
  timer: NodeJS.Timeout | null;
};

/**
 * Node's defaults (60 s for headers, 300 s for a request, checked every 30 s, no cap) let a few
 * hundred half-sent requests hold a server for minutes; a local client sends in microseconds.
 * Connections are counted in two pools (docs/decisions.md, "Loopback servers: who is trusted (issue 19)"):
 * those that showed the key and those that did not, each with its own cap, so a flood without
 * the key never takes a slot from a caller with it.
 */
export async function listenLoopback(
  port: number,
  limits: LoopbackLimits,
  listener: RequestListener,
  access: LoopbackAccess = { authenticate: () => false, overloaded: (_q, r) => refuseBusy(r) },
): Promise<LoopbackServer> {
  const connections = new Map<Socket, Connection>();
  let tick = 0;
  const count = (trusted: boolean) => {
    let n = 0;
    for (const c of connections.values()) if (c.trusted === trusted) n += 1;
    return n;
  };
  /** The longest-idle connection of a pool that is not being answered, besides `except`. */
  const idlest = (trusted: boolean, except: Socket): Socket | null => {
    let found: Socket | null = null;
    let oldest = Number.POSITIVE_INFINITY;
    for (const [socket, c] of connections) {
      if (socket === except || c.trusted !== trusted || c.busy) continue;
      if (c.lastActive < oldest) {
        oldest = c.lastActive;
        found = socket;
      }
    }
    return found;
  };
  // Only before the first request: a timer of its own after an answer would race a client
  // reusing the kept-alive socket (it was told 5 s by Keep-Alive), and the pool's cap already
  // bounds idle connections without the key.
  const armFirstRequest = (socket: Socket, c: Connection) => {
    c.timer = setTimeout(() => socket.destroy(), limits.unauthenticatedIdleMs);
    c.timer.unref();
  };
  const disarm = (c: Connection) => {
    if (c.timer) clearTimeout(c.timer);
    c.timer = null;
  };

  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // How often Node looks for expired requests: a fraction of the shortest limit.
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, limits.headersTimeoutMs / 3)),
    },
    (request, response) => {
      const socket = request.socket;
      const c = connections.get(socket);
      if (!c) return listener(request, response);
      c.busy = true;
      c.lastActive = ++tick;
      disarm(c);
      response.once('close', () => {
        c.busy = false;
        c.lastActive = ++tick;
      });
      if (access.authenticate(request)) {
        if (!c.trusted) {
          if (count(true) >= limits.maxConnections) {
            const evicted = idlest(true, socket);
            if (!evicted) {
              response.shouldKeepAlive = false;
              return access.overloaded(request, response);
            }
            evicted.destroy();
          }
          c.trusted = true;
        }
      } else if (!c.trusted) {
        // Without the key, nothing after the headers is waited for: the answer (a refusal, or a
        // public page) closes the connection unless the request can have no body.
        const bodiless =
          (request.method === 'GET' || request.method === 'HEAD') &&
          request.headers['content-length'] === undefined &&
          request.headers['transfer-encoding'] === undefined;
        if (!bodiless) response.shouldKeepAlive = false;
      }
      return listener(request, response);
    },
  );
  server.on('connection', (socket: Socket) => {
    const c: Connection = { trusted: false, busy: false, lastActive: ++tick, timer: null };
    connections.set(socket, c);
    socket.once('close', () => {
      disarm(c);
      connections.delete(socket);
    });
    if (count(false) > limits.maxUnauthenticated) {
      (idlest(false, socket) ?? socket).destroy();
    }
    armFirstRequest(socket, c);
  });
  // Only a backstop against running out of file descriptors: the pools above do the work.
  server.maxConnections = 2 * (limits.maxConnections + limits.maxUnauthenticated);
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

function refuseBusy(response: ServerResponse) {
  response.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '1' });
  response.end('busy\n');
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
