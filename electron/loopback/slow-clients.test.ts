// Slow or half-sent requests must not hold a loopback server: neither browser mode's (the
// cashier's page) nor the integration API's (the till's). Headers and whole requests have a time
// limit, and connections past the cap are closed on arrival (docs/decisions.md, "Loopback servers").
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listenApi } from '../integration/api-server';
import { createMemoryLogger } from '../log/logger';
import type { LoopbackLimits } from './loopback-server';

const sockets: Socket[] = [];
let close: (() => Promise<void>) | null = null;

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await close?.();
  close = null;
});

async function startApi(limits: Partial<LoopbackLimits>) {
  const server = await listenApi({
    port: 0,
    logger: createMemoryLogger(),
    handle: async () => ({ status: 200, body: { ok: true } }),
    limits,
  });
  close = server.close;
  return server;
}

/** A socket that sends `text` and then nothing more; `closed` turns true when the server hangs up. */
async function halfSent(port: number, text: string) {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  const state = { closed: false };
  socket.on('close', () => {
    state.closed = true;
  });
  socket.on('error', () => {});
  socket.resume();
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(text);
  return state;
}

describe('the integration API against slow clients', () => {
  it('cuts off requests whose headers never finish', async () => {
    const server = await startApi({ headersTimeoutMs: 300, requestTimeoutMs: 600 });
    const clients = await Promise.all(
      Array.from({ length: 6 }, () =>
        halfSent(server.port, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n`),
      ),
    );
    await expect.poll(() => clients.every((c) => c.closed), { timeout: 5_000 }).toBe(true);
  });

  it('takes no more connections than the cap, and still answers after', async () => {
    const server = await startApi({
      headersTimeoutMs: 60_000,
      requestTimeoutMs: 60_000,
      maxConnections: 8,
    });
    const clients = await Promise.all(
      Array.from({ length: 20 }, () => halfSent(server.port, 'GET / HTTP/1.1\r\n')),
    );
    await expect.poll(() => clients.filter((c) => c.closed).length, { timeout: 5_000 }).toBe(12);
    for (const socket of sockets.splice(0)) socket.destroy();
    const answer = await fetch(`${server.url}anything`);
    expect(answer.status).toBe(200);
  });
});
