import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoints } from '../../shared/api/common';
import { createServiceClient, type ServiceClientOptions } from './service-client';
import { createInjectTransport, fetchTransport } from './transports';

const echoSpec = defineEndpoints({
  echo: {
    method: 'POST',
    path: '/echo/{id}',
    summary: 'echo',
    auth: 'bearer',
    params: z.object({ id: z.string() }),
    query: z.object({ q: z.string() }),
    body: z.object({ n: z.number() }),
    response: z.looseObject({}),
    errors: {},
  },
}).echo;

async function echoApp() {
  const app = Fastify();
  app.post('/echo/:id', async (request) => ({
    url: request.url,
    auth: request.headers.authorization,
    type: request.headers['content-type'],
    body: request.body,
  }));
  await app.ready();
  return app;
}

/** The arguments of every echo call through a socket. */
const ECHO_ARGS = { params: { id: '1' }, query: { q: '1' }, body: { n: 1 } };

/** One echo call from a service client on `baseUrl`, through fetch unless told otherwise. */
const callEcho = (
  baseUrl: string,
  options: { token?: string } & Partial<Pick<ServiceClientOptions, 'transport' | 'timeoutMs'>> = {},
) =>
  createServiceClient({
    baseUrl,
    credentials: { bearerToken: () => options.token ?? 't' },
    transport: options.transport ?? fetchTransport,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  }).call(echoSpec, ECHO_ARGS);

/** Loopback servers for one test, closed after it. */
function serversPerTest() {
  const servers: Server[] = [];
  afterEach(async () => {
    // fetch keeps idle sockets alive for seconds; closing them lets each server stop at once.
    await Promise.all(
      servers.splice(0).map((s) => {
        const closed = new Promise((r) => s.close(r));
        s.closeAllConnections();
        return closed;
      }),
    );
  });
  async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
    const server = createServer(handler);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  return { listen, servers };
}

describe('createInjectTransport', () => {
  it('adapts Fastify inject to the fetch-like interface: path, query, headers, body, status', async () => {
    const app = await echoApp();
    const transport = createInjectTransport(app);
    const response = await transport('http://127.0.0.1/echo/a%2Fb?q=1%202', {
      method: 'POST',
      headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
      body: '{"n":1}',
      signal: new AbortController().signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-missing')).toBeNull();
    expect(JSON.parse(await response.text())).toEqual({
      url: '/echo/a%2Fb?q=1%202',
      auth: 'Bearer t',
      type: 'application/json',
      body: { n: 1 },
    });
    await app.close();
  });

  it('serves a whole client call without a socket', async () => {
    const app = await echoApp();
    const client = createServiceClient({
      baseUrl: 'http://localhost',
      credentials: { bearerToken: () => 't' },
      transport: createInjectTransport(app),
    });
    const result = await client.call(echoSpec, {
      params: { id: 'x y' },
      query: { q: 'z' },
      body: { n: 2 },
    });
    expect(result).toMatchObject({ ok: true, data: { url: '/echo/x%20y?q=z', body: { n: 2 } } });
    expect(app.server.listening).toBe(false);
    await app.close();
  });

  it('does not send when the call was already aborted', async () => {
    let calls = 0;
    const transport = createInjectTransport({
      inject: async () => {
        calls += 1;
        return { statusCode: 200, headers: {}, payload: '' };
      },
    });
    const controller = new AbortController();
    controller.abort();
    await expect(
      transport('http://localhost/x', {
        method: 'GET',
        headers: {},
        body: undefined,
        signal: controller.signal,
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls).toBe(0);
  });
});

describe('fetchTransport', () => {
  const { listen, servers } = serversPerTest();

  it('never follows a redirect, so credentials are not re-sent elsewhere', async () => {
    const seenElsewhere: IncomingHttpHeaders[] = [];
    const elsewhere = await listen((req, res) => {
      seenElsewhere.push(req.headers);
      res.end('{}');
    });
    const origin = await listen((_req, res) => {
      res.writeHead(307, { Location: `${elsewhere}/echo/1?q=1` }).end();
    });
    const result = await callEcho(origin, { token: 'secret-token-value' });
    expect(result).toMatchObject({ ok: false, error: { category: 'network' } });
    expect(seenElsewhere).toHaveLength(0);
    expect(JSON.stringify(result)).not.toContain('secret-token-value');
  });

  it('a refused connection is network', async () => {
    const url = await listen((_req, res) => res.end());
    await new Promise((r) => servers.pop()?.close(r));
    const result = await callEcho(url);
    expect(result).toMatchObject({ ok: false, error: { category: 'network' } });
  });

  it('a server that accepts and never answers is a timeout, and the socket is aborted', async () => {
    let closed = false;
    const url = await listen((req) => {
      req.socket.on('close', () => {
        closed = true;
      });
    });
    const result = await callEcho(url, { timeoutMs: 50 });
    expect(result).toMatchObject({ ok: false, error: { category: 'timeout' } });
    await expect.poll(() => closed).toBe(true);
  });
});

describe('service bodies are bounded', () => {
  const { listen } = serversPerTest();
  const call = (baseUrl: string, transport = fetchTransport) =>
    callEcho(baseUrl, { transport, timeoutMs: 20_000 });

  it('an endless 200 body is cut off while streaming and is a bad answer', async () => {
    let written = 0;
    let stopped = false;
    const url = await listen((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (!stopped && written < 64 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      req.socket.on('close', () => {
        stopped = true;
      });
      pump();
    });
    const result = await call(url);
    expect(result).toMatchObject({
      ok: false,
      error: { category: 'bad-response', httpStatus: 200 },
    });
    // Cut off near the cap: socket buffers allow a few MiB more, not the 64 MiB offered.
    expect(written).toBeLessThan(16 * 1024 * 1024);
    expect(JSON.stringify(result).length).toBeLessThan(16 * 1024);
  });

  it('a 20 MB 500 body reaches the error value as a few KiB at most', async () => {
    const url = await listen((_req, res) => {
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end('x'.repeat(20 * 1024 * 1024));
    });
    const result = await call(url);
    expect(result).toMatchObject({ ok: false, error: { category: 'bad-response' } });
    expect(JSON.stringify(result).length).toBeLessThan(16 * 1024);
  });

  it('a long service message (under the cap) is shortened before it leaves the client', async () => {
    const url = await listen((_req, res) => {
      res.writeHead(400, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: 'y'.repeat(500_000), extra: 'z'.repeat(300_000) }));
    });
    const result = await call(url);
    expect(result).toMatchObject({ ok: false, error: { category: 'state-conflict' } });
    expect(JSON.stringify(result).length).toBeLessThan(16 * 1024);
    if (!result.ok) expect(result.error.message?.startsWith('yyyy')).toBe(true);
  });

  it('the in-process transport applies the same cap', async () => {
    const transport = createInjectTransport({
      inject: async () => ({ statusCode: 200, headers: {}, payload: ' '.repeat(2 * 1024 * 1024) }),
    });
    const result = await call('http://localhost', transport);
    expect(result).toMatchObject({ ok: false, error: { category: 'bad-response' } });
    expect(JSON.stringify(result).length).toBeLessThan(16 * 1024);
  });
});
