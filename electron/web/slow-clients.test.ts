// Slow or half-sent requests must not hold browser mode's server: headers and whole requests have
// a time limit, and connections past the cap are closed at once.
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Backend } from '../ipc/compose/open-backend';
import { freshMock, makeTempDir, openTestBackend } from '../ipc/compose/test-support';
import type { MockApp } from '../mock/app';
import { createWebServer, type WebServer } from './web-server';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let mock: MockApp;
let backend: Backend;
let server: WebServer;
const sockets: Socket[] = [];

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
    limits: { headersTimeoutMs, requestTimeoutMs, maxConnections: 8 },
  });
}

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await server.close();
  await backend.close();
  await mock.close();
  await temp.remove();
});

/** A socket that sends `text` and then nothing more; `closed` turns true when the server hangs up. */
async function halfSent(text: string) {
  const socket = connect(server.port, '127.0.0.1');
  sockets.push(socket);
  const state = { closed: false };
  socket.on('close', () => {
    state.closed = true;
  });
  socket.on('error', () => {});
  // Read what comes (a 408, then the end): the hang-up is seen only once it is read.
  socket.resume();
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(text);
  return state;
}

describe('slow clients', () => {
  it('are cut off when their headers never finish', async () => {
    await start();
    const clients = await Promise.all(
      Array.from({ length: 6 }, () =>
        halfSent(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n`),
      ),
    );
    await expect.poll(() => clients.every((c) => c.closed), { timeout: 5_000 }).toBe(true);
  });

  it('are cut off when their body never finishes', async () => {
    await start();
    const client = await halfSent(
      `POST /bridge/app.info HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
    );
    await expect.poll(() => client.closed, { timeout: 5_000 }).toBe(true);
  });

  it('cannot take more connections than the cap, and the server still answers after', async () => {
    // Headers may take long here, so only the cap can close the connections past 8.
    await start(60_000, 60_000);
    const clients = await Promise.all(
      Array.from({ length: 20 }, () => halfSent('GET / HTTP/1.1\r\n')),
    );
    await expect.poll(() => clients.filter((c) => c.closed).length, { timeout: 5_000 }).toBe(12);
    for (const socket of sockets.splice(0)) socket.destroy();
    const answer = await fetch(`${server.url}bridge/app.info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-mostrador-secret': server.secret },
      body: '{}',
    });
    expect(answer.status).toBe(200);
  });
});
