// Slow or half-sent requests must not hold a loopback server: neither browser mode's (the
// cashier's page) nor the integration API's (the till's). Headers and whole requests have a time
// limit, and connections past the cap are closed on arrival (docs/decisions.md, "Loopback servers").
import { afterEach, describe, expect, it } from 'vitest';
import { listenApi } from '../integration/api-server';
import { createMemoryLogger } from '../log/logger';
import type { LoopbackLimits } from './loopback-server';
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
