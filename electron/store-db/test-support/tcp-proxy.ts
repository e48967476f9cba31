// A TCP proxy between a counter and the store database, for tests, the reliability run and the
// bench: it cuts the link (every connection reset, new ones refused or held silent), slows it
// (each chunk delayed, in order), or resets what is open, and then lets traffic through again.
import { createConnection, createServer, type Socket } from 'node:net';

export type ProxyCut = 'refuse' | 'silent';

export type TcpProxy = {
  readonly port: number;
  /** `url` with its host and port replaced by the proxy's. */
  via(url: string): string;
  /** Resets every open connection; until `restore`, new ones are refused or accepted and never answered. */
  cut(kind?: ProxyCut): void;
  restore(): void;
  /** Resets every open connection now (a NAT dropping its table); new ones go through. */
  reset(): void;
  /** Delays each chunk by `ms` in both directions (0: no delay). */
  slow(ms: number): void;
  /** Connections accepted so far. */
  readonly accepted: number;
  close(): Promise<void>;
};

type Pair = { client: Socket; server: Socket | null };

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  let cut: ProxyCut | null = null;
  let delayMs = 0;
  let accepted = 0;

  const kill = (socket: Socket | null) => {
    if (!socket || socket.destroyed) return;
    socket.resetAndDestroy();
  };
  const drop = (pair: Pair) => {
    kill(pair.client);
    kill(pair.server);
    pairs.delete(pair);
  };

  /** Forwards chunks from `from` to `to`, each after the delay, never reordered. */
  const forward = (from: Socket, to: Socket) => {
    let chain = Promise.resolve();
    from.on('data', (chunk: Buffer) => {
      if (delayMs === 0) {
        if (!to.destroyed) to.write(chunk);
        return;
      }
      const wait = delayMs;
      from.pause();
      chain = chain
        .then(() => new Promise<void>((resolve) => setTimeout(resolve, wait)))
        .then(() => {
          if (!to.destroyed) to.write(chunk);
          if (!from.destroyed) from.resume();
        });
    });
  };

  const server = createServer((client) => {
    accepted += 1;
    client.on('error', () => undefined);
    const pair: Pair = { client, server: null };
    pairs.add(pair);
    client.on('close', () => drop(pair));
    if (cut === 'refuse') {
      drop(pair);
      return;
    }
    if (cut === 'silent') return; // held open, never answered, until restore() or reset
    const upstream = createConnection(target);
    pair.server = upstream;
    upstream.on('error', () => drop(pair));
    upstream.on('close', () => drop(pair));
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    port,
    via(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    cut(kind = 'refuse') {
      cut = kind;
      for (const pair of [...pairs]) drop(pair);
    },
    restore() {
      cut = null;
      // Connections held silent are dropped: the client reconnects through the restored link.
      for (const pair of [...pairs]) if (!pair.server) drop(pair);
    },
    reset() {
      for (const pair of [...pairs]) drop(pair);
    },
    slow(ms) {
      delayMs = Math.max(0, ms);
    },
    get accepted() {
      return accepted;
    },
    close() {
      for (const pair of [...pairs]) drop(pair);
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
