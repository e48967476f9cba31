// Slow or half-sent requests must not hold browser mode's server: headers and whole requests have
// a time limit, and connections past the cap are closed at once.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Backend } from '../ipc/compose/open-backend';
import { freshMock, makeTempDir, openTestBackend } from '../ipc/compose/test-support';
import { type Flood, flood, slowClients } from '../loopback/test-support';
import type { MockApp } from '../mock/app';
import { openSession, writeRendererFixture } from './test-support';
import { createWebServer, type WebServer } from './web-server';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let mock: MockApp;
let backend: Backend;
let server: WebServer;
const clients = slowClients();
const floods: Flood[] = [];

beforeEach(async () => {
  temp = await makeTempDir();
  mock = await freshMock();
  backend = await openTestBackend({ dataDir: join(temp.dir, 'data'), mock });
});

async function start(headersTimeoutMs = 300, requestTimeoutMs = 600) {
  server = await createWebServer({
    table: backend.table,
    port: 0,
    rendererDir: null,
    limits: {
      headersTimeoutMs,
      requestTimeoutMs,
      maxConnections: 8,
      maxUnauthenticated: 8,
      unauthenticatedIdleMs: headersTimeoutMs,
    },
  });
}

afterEach(async () => {
  for (const f of floods.splice(0)) f.stop();
  clients.destroyAll();
  await server.close();
  await backend.close();
  await mock.close();
  await temp.remove();
});

describe('slow clients', () => {
  it('are cut off when their headers never finish', async () => {
    await start();
    const sent = await Promise.all(
      Array.from({ length: 6 }, () =>
        clients.halfSent(server.port, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n`),
      ),
    );
    await expect.poll(() => sent.every((c) => c.closed), { timeout: 5_000 }).toBe(true);
  });

  it('are cut off when their body never finishes', async () => {
    await start();
    const client = await clients.halfSent(
      server.port,
      `POST /bridge/app.info HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
    );
    await expect.poll(() => client.closed, { timeout: 5_000 }).toBe(true);
  });

  it('cannot take more connections than the cap, and the server still answers after', async () => {
    // Headers may take long here, so only the cap can close the connections past 8.
    await start(60_000, 60_000);
    const sent = await Promise.all(
      Array.from({ length: 20 }, () => clients.halfSent(server.port, 'GET / HTTP/1.1\r\n')),
    );
    await expect.poll(() => sent.filter((c) => c.closed).length, { timeout: 5_000 }).toBe(12);
    clients.destroyAll();
    const answer = await fetch(`${server.url}bridge/app.info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-mostrador-secret': server.secret },
      body: '{}',
    });
    expect(answer.status).toBe(200);
  });
});

describe('a flood from a local process without the key', () => {
  const bridgeCall = () =>
    fetch(`${server.url}bridge/app.info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-mostrador-secret': server.secret },
      body: '{}',
    }).then(
      (answer) => answer.status,
      () => 0,
    );

  it('of 70 half-sent requests that reconnect leaves the page and every bridge call answered', async () => {
    // The real limits: the flood is as wide as the old 64-connection cap plus some.
    const rendererDir = join(temp.dir, 'renderer');
    await writeRendererFixture(rendererDir);
    server = await createWebServer({ table: backend.table, port: 0, rendererDir });
    const session = await openSession(server);
    const text = `POST /bridge/app.info HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n`;
    const half = await flood(server.port, 70, text);
    floods.push(half);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push(await bridgeCall());
      // The cashier's screen: the page and its assets, with the session of the launch key.
      const page = await fetch(`${server.url}assets/app.js`, { headers: { cookie: session } }).then(
        (answer) => answer.status,
        () => 0,
      );
      statuses.push(page);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(statuses).toEqual(Array(16).fill(200));
    expect(half.opened()).toBeGreaterThan(70);
  });

  it('of 70 requests whose body never arrives is refused on its headers, never read', async () => {
    server = await createWebServer({ table: backend.table, port: 0, rendererDir: null });
    const text =
      `POST /bridge/app.info HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n` +
      'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{';
    const client = await clients.halfSent(server.port, text);
    // Without the key the answer comes at once and the connection is closed: the body is not awaited.
    await expect.poll(() => client.closed, { timeout: 1_000 }).toBe(true);
    floods.push(await flood(server.port, 70, text, { reconnectDelayMs: 20 }));
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push(await bridgeCall());
    expect(statuses).toEqual(Array(5).fill(200));
  });
});
