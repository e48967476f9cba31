// Slow or half-sent requests must not hold a loopback server: neither browser mode's (the
// cashier's page) nor the integration API's (the till's). Headers and whole requests have a time
// limit, and connections past the cap are closed on arrival (docs/decisions.md, "Loopback servers").
import { Agent, request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { listenApi } from '../integration/api-server';
import { createMemoryLogger } from '../log/logger';
import { type LoopbackLimits, listenLoopback } from './loopback-server';
import { slowClients } from './test-support';

const clients = slowClients();
let close: (() => Promise<void>) | null = null;

afterEach(async () => {
  clients.destroyAll();
  await close?.();
  close = null;
});

async function startApi(limits: Partial<LoopbackLimits>) {
  const server = await listenApi({
    port: 0,
    logger: createMemoryLogger(),
    handle: async () => ({ status: 200, body: { ok: true } }),
    authenticate: () => false,
    limits,
  });
  close = server.close;
  return server;
}

describe('the integration API against slow clients', () => {
  it('cuts off requests whose headers never finish', async () => {
    const server = await startApi({ headersTimeoutMs: 300, requestTimeoutMs: 600 });
    const sent = await Promise.all(
      Array.from({ length: 6 }, () =>
        clients.halfSent(server.port, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n`),
      ),
    );
    await expect.poll(() => sent.every((c) => c.closed), { timeout: 5_000 }).toBe(true);
  });

  it('takes no more connections than the cap, and still answers after', async () => {
    const server = await startApi({
      headersTimeoutMs: 60_000,
      requestTimeoutMs: 60_000,
      maxUnauthenticated: 8,
      unauthenticatedIdleMs: 60_000,
    });
    const sent = await Promise.all(
      Array.from({ length: 20 }, () => clients.halfSent(server.port, 'GET / HTTP/1.1\r\n')),
    );
    await expect.poll(() => sent.filter((c) => c.closed).length, { timeout: 5_000 }).toBe(12);
    clients.destroyAll();
    const answer = await fetch(`${server.url}anything`);
    expect(answer.status).toBe(200);
  });
});

describe('connections with the key', () => {
  it('have their own cap: one more pushes out the idlest, and when all are busy it is told 503', async () => {
    const held: Array<() => void> = [];
    const server = await listenLoopback(
      0,
      {
        headersTimeoutMs: 5_000,
        requestTimeoutMs: 5_000,
        maxConnections: 2,
        maxUnauthenticated: 2,
        unauthenticatedIdleMs: 5_000,
      },
      (request, response) => {
        const answer = () => response.end('ok');
        if (request.url === '/slow') held.push(answer);
        else answer();
      },
      {
        authenticate: (request) => request.headers['x-key'] === 'k',
        overloaded: (_request, response) => {
          response.statusCode = 503;
          response.end('busy');
        },
      },
    );
    close = server.close;
    const agents: Agent[] = [];
    const send = (path: string) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      agents.push(agent);
      let socketClosed = false;
      const status = new Promise<number>((resolve) => {
        const req = request(
          { host: '127.0.0.1', port: server.port, path, agent, headers: { 'x-key': 'k' } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('socket', (socket) => socket.once('close', () => (socketClosed = true)));
        req.on('error', () => resolve(0));
        req.end();
      });
      return { status, closed: () => socketClosed };
    };
    try {
      const idle = send('/');
      expect(await idle.status).toBe(200);
      const busyOne = send('/slow');
      await expect.poll(() => held.length).toBe(1);
      // A third connection with the key pushes out the idle one, never the one being answered.
      expect(await send('/').status).toBe(200);
      await expect.poll(() => idle.closed()).toBe(true);
      const busyTwo = send('/slow');
      await expect.poll(() => held.length).toBe(2);
      // Both with the key are being answered: one more is told so at once.
      expect(await send('/').status).toBe(503);
      for (const answer of held.splice(0)) answer();
      expect(await busyOne.status).toBe(200);
      expect(await busyTwo.status).toBe(200);
    } finally {
      for (const agent of agents) agent.destroy();
    }
  });
});
