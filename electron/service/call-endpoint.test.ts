// The generic mechanism, driven through a hand-written fake transport and small specs of each
// auth scheme, so it is proven for every area before the area's own specs exist.
import { inspect } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineEndpoints, EmptyOk, ErrorBody } from '../../shared/api/common';
import { ServiceError } from '../../shared/service-error';
import { answer, fakeTransport, silentTransport } from './fake-transport';
import { createServiceClient, type ServiceClientOptions } from './service-client';
import type { Transport } from './transports';

const TOKEN = 'tok_live_5f0c2b9e7d1a4c88';
const SECRET = 'sec_live_a71e09bd33f2';
const CLIENT_ID = 'store-042';

const specs = defineEndpoints({
  bearerGet: {
    method: 'GET',
    path: '/pos/order/{order_id}',
    summary: 'bearer, path param',
    auth: 'bearer',
    params: z.object({ order_id: z.string().min(1) }),
    response: z.object({ order_id: z.string() }),
    errors: { 401: ErrorBody, 404: ErrorBody },
  },
  bearerPost: {
    method: 'POST',
    path: '/pos/order/{order_id}/total-refund',
    summary: 'bearer, body and extra header',
    auth: 'bearer',
    params: z.object({ order_id: z.string().min(1) }),
    headers: z.object({ 'X-Unique-Token': z.string().min(1) }),
    body: z.strictObject({ author: z.string().min(1), reason: z.string().min(1) }),
    response: z.object({ status: z.string() }),
    errors: {},
  },
  bodilessPost: {
    method: 'POST',
    path: '/pos/order/{order_id}/cancel',
    summary: 'bearer, no body',
    auth: 'bearer',
    params: z.object({ order_id: z.string().min(1) }),
    response: EmptyOk,
    errors: {},
  },
  addOn: {
    method: 'GET',
    path: '/pos/pay-with-service-add-on/{amount}',
    summary: 'client id header, html',
    auth: 'client-id',
    params: z.object({ amount: z.number().positive() }),
    responseType: 'html',
    response: z.string(),
    errors: {},
  },
  infoSteps: {
    method: 'GET',
    path: '/pos/{client_id}/info-steps',
    summary: 'no auth, html',
    auth: 'none',
    params: z.object({ client_id: z.string().min(1) }),
    responseType: 'html',
    response: z.string(),
    errors: {},
  },
  connector: {
    method: 'POST',
    path: '/payments',
    summary: 'connector headers',
    auth: 'connector',
    body: z.object({ paymentId: z.string(), value: z.number() }),
    response: z.object({ paymentId: z.string() }),
    errors: {},
  },
  summary: {
    method: 'GET',
    path: '/day-summary',
    summary: 'query',
    auth: 'bearer',
    query: z.object({ day: z.string(), detail: z.enum(['true', 'false']).optional() }),
    response: EmptyOk,
    errors: {},
  },
});

function client(transport: Transport, overrides: Partial<ServiceClientOptions> = {}) {
  return createServiceClient({
    baseUrl: 'https://service.example.com/api',
    credentials: {
      bearerToken: async () => TOKEN,
      clientId: async () => CLIENT_ID,
      secretToken: async () => SECRET,
    },
    transport,
    ...overrides,
  });
}

const ok = (body: unknown = {}) => fakeTransport(() => answer(200, body));

describe('headers per auth scheme', () => {
  it('bearer: Authorization only, no Content-Type without a body', async () => {
    const t = ok({ order_id: 'A1' });
    await client(t).call(specs.bearerGet, { params: { order_id: 'A1' } });
    expect(t.sent[0]?.headers).toEqual({
      Accept: 'application/json',
      Authorization: `Bearer ${TOKEN}`,
    });
    expect(t.sent[0]?.body).toBeUndefined();
    expect(t.sent[0]?.method).toBe('GET');
  });

  it('bearer with a JSON body: Content-Type and the spec headers (X-Unique-Token)', async () => {
    const t = ok({ status: 'success' });
    await client(t).call(specs.bearerPost, {
      params: { order_id: 'A1' },
      headers: { 'X-Unique-Token': 'refund-1' },
      body: { author: 'ana', reason: 'broken' },
    });
    expect(t.sent[0]?.headers).toEqual({
      Accept: 'application/json',
      Authorization: `Bearer ${TOKEN}`,
      'Content-Type': 'application/json',
      'X-Unique-Token': 'refund-1',
    });
    expect(JSON.parse(t.sent[0]?.body ?? '')).toEqual({ author: 'ana', reason: 'broken' });
  });

  it('a POST without a body spec sends no body and no Content-Type', async () => {
    const t = ok({ modified_orders: 1 });
    await client(t).call(specs.bodilessPost, { params: { order_id: 'A1' } });
    expect(t.sent[0]?.method).toBe('POST');
    expect(t.sent[0]?.body).toBeUndefined();
    expect(t.sent[0]?.headers['Content-Type']).toBeUndefined();
  });

  it('client-id: Client_id and no token', async () => {
    const t = fakeTransport(() => answer(200, '<style></style><div>S/ 100</div>', 'text/html'));
    const result = await client(t).call(specs.addOn, { params: { amount: 99.5 } });
    expect(t.sent[0]?.headers).toEqual({ Accept: 'text/html', Client_id: CLIENT_ID });
    expect(t.sent[0]?.url).toBe('https://service.example.com/api/pos/pay-with-service-add-on/99.5');
    expect(result).toMatchObject({ ok: true, data: '<style></style><div>S/ 100</div>' });
  });

  it('none: no credential at all, even when configured', async () => {
    const t = fakeTransport(() => answer(200, '<div>steps</div>', 'text/html'));
    await client(t).call(specs.infoSteps, { params: { client_id: CLIENT_ID } });
    expect(t.sent[0]?.headers).toEqual({ Accept: 'text/html' });
  });

  it('connector: client_id and secret_token, no Authorization', async () => {
    const t = ok({ paymentId: 'P1' });
    await client(t).call(specs.connector, { body: { paymentId: 'P1', value: 10 } });
    expect(t.sent[0]?.headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      client_id: CLIENT_ID,
      secret_token: SECRET,
    });
  });

  it('reads the credential at every call, so a changed token applies at once', async () => {
    let token = 'first-token';
    const t = ok({ order_id: 'A1' });
    const c = client(t, { credentials: { bearerToken: () => token } });
    await c.call(specs.bearerGet, { params: { order_id: 'A1' } });
    token = 'second-token';
    await c.call(specs.bearerGet, { params: { order_id: 'A1' } });
    expect(t.sent.map((r) => r.headers.Authorization)).toEqual([
      'Bearer first-token',
      'Bearer second-token',
    ]);
  });

  it.each([
    ['missing', {}],
    ['null', { bearerToken: async () => null }],
    ['empty', { bearerToken: async () => '' }],
    [
      'unreadable',
      {
        bearerToken: async () => {
          throw new Error(`vault could not decrypt ${TOKEN}`);
        },
      },
    ],
  ])('a %s token is an auth error and nothing is sent', async (_, credentials) => {
    const t = ok();
    const result = await client(t, { credentials }).call(specs.bearerGet, {
      params: { order_id: 'A1' },
    });
    expect(result).toMatchObject({ ok: false, error: { category: 'auth' } });
    expect(t.sent).toHaveLength(0);
    expect(JSON.stringify(result)).not.toContain(TOKEN);
  });

  it('the connector needs both of its credentials', async () => {
    const t = ok();
    const c = client(t, { credentials: { clientId: () => CLIENT_ID } });
    const result = await c.call(specs.connector, { body: { paymentId: 'P1', value: 1 } });
    expect(result).toMatchObject({ ok: false, error: { category: 'auth' } });
    expect(t.sent).toHaveLength(0);
  });
});

describe('URLs', () => {
  it('URL-encodes path parameters', async () => {
    const t = ok({ order_id: 'x' });
    await client(t).call(specs.bearerGet, { params: { order_id: 'a/b c?d#e%f' } });
    expect(t.sent[0]?.url).toBe('https://service.example.com/api/pos/order/a%2Fb%20c%3Fd%23e%25f');
  });

  it.each(['.', '..', ''])(
    'refuses the path segment %j, which would reach another endpoint',
    async (id) => {
      const t = ok();
      const result = await client(t).call(specs.bearerGet, { params: { order_id: id } });
      expect(result).toMatchObject({ ok: false, error: { category: 'validation' } });
      expect(t.sent).toHaveLength(0);
    },
  );

  it('encodes the query and leaves out absent optional parameters', async () => {
    const t = ok();
    await client(t).call(specs.summary, { query: { day: '2026-03-10' } });
    await client(t).call(specs.summary, { query: { day: 'a&b=c', detail: 'true' } });
    expect(t.sent.map((r) => r.url)).toEqual([
      'https://service.example.com/api/day-summary?day=2026-03-10',
      'https://service.example.com/api/day-summary?day=a%26b%3Dc&detail=true',
    ]);
  });
});

describe('timeouts', () => {
  it('returns timeout when the transport never answers and ignores the signal', async () => {
    const result = await client(silentTransport(), { timeoutMs: 20 }).call(specs.bearerGet, {
      params: { order_id: 'A1' },
    });
    expect(result).toMatchObject({ ok: false, error: { category: 'timeout' } });
  });

  it('aborts the signal, and a transport that honours it rejects into timeout', async () => {
    let signal: AbortSignal | undefined;
    const t = fakeTransport(
      (request) =>
        new Promise((_, reject) => {
          signal = request.signal;
          request.signal.addEventListener('abort', () =>
            reject(new DOMException('x', 'AbortError')),
          );
        }),
    );
    const result = await client(t, { timeoutMs: 20 }).call(specs.bearerGet, {
      params: { order_id: 'A1' },
    });
    expect(signal?.aborted).toBe(true);
    expect(result).toMatchObject({ ok: false, error: { category: 'timeout' } });
  });

  it('counts reading the body in the timeout', async () => {
    const t = fakeTransport(() => ({
      status: 200,
      headers: { get: () => null },
      text: () => new Promise<string>(() => {}),
    }));
    const result = await client(t, { timeoutMs: 20 }).call(specs.bearerGet, {
      params: { order_id: 'A1' },
    });
    expect(result).toMatchObject({ ok: false, error: { category: 'timeout' } });
  });

  it('defaults to 15 s', async () => {
    vi.useFakeTimers();
    try {
      let settled = false;
      const pending = client(silentTransport())
        .call(specs.bearerGet, { params: { order_id: 'A1' } })
        .then((result) => {
          settled = true;
          return result;
        });
      await vi.advanceTimersByTimeAsync(14_999);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toMatchObject({ ok: false, error: { category: 'timeout' } });
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a timeout that is not a positive number', () => {
    expect(() => client(ok(), { timeoutMs: 0 })).toThrow(RangeError);
    expect(() => client(ok(), { timeoutMs: Number.NaN })).toThrow(RangeError);
  });

  it('reports the duration on the injected clock', async () => {
    let now = 1_000;
    const t = fakeTransport(() => {
      now += 250;
      return answer(200, { order_id: 'A1' });
    });
    const result = await client(t, { now: () => now }).call(specs.bearerGet, {
      params: { order_id: 'A1' },
    });
    expect(result).toMatchObject({ ok: true, durationMs: 250 });
  });
});

describe('failures become one typed error value', () => {
  const get = (transport: Transport) =>
    client(transport).call(specs.bearerGet, { params: { order_id: 'A1' } });

  it('a rejected fetch is network', async () => {
    const result = await get(fakeTransport(() => Promise.reject(new TypeError('fetch failed'))));
    expect(result).toEqual({
      ok: false,
      error: { category: 'network' },
      durationMs: expect.any(Number),
    });
  });

  it('a transport that throws synchronously is network too', async () => {
    const result = await get(() => {
      throw new Error('boom');
    });
    expect(result).toMatchObject({ ok: false, error: { category: 'network' } });
  });

  it.each([
    [
      400,
      { dni: 'Error on dni format' },
      { category: 'validation', fieldErrors: { dni: 'Error on dni format' } },
    ],
    [
      400,
      { error: 'billed_amount changed' },
      { category: 'state-conflict', message: 'billed_amount changed' },
    ],
    [
      400,
      { error: 'Validation error, field amount required' },
      { category: 'validation', message: 'Validation error, field amount required' },
    ],
    [400, 'amount: not a number', { category: 'validation', message: 'amount: not a number' }],
    [
      400,
      {
        canceled: false,
        error_code: 'invalid_status',
        error_detail: 'expected PENDING, is VALIDATED',
        extra_data: { status: 'VALIDATED' },
      },
      { category: 'state-conflict', message: 'expected PENDING, is VALIDATED' },
    ],
    [
      401,
      { error: 'Wrong or missing client token' },
      { category: 'auth', message: 'Wrong or missing client token' },
    ],
    [401, undefined, { category: 'auth' }],
    [401, { detail: 'Unauthorized client' }, { category: 'auth', message: 'Unauthorized client' }],
    [403, undefined, { category: 'auth' }],
    [
      404,
      { error: 'Order does not exist' },
      { category: 'not-found', message: 'Order does not exist' },
    ],
    [404, undefined, { category: 'not-found' }],
    [409, { error: 'busy' }, { category: 'state-conflict', message: 'busy' }],
    [413, { error: 'Request body too large' }, { category: 'validation' }],
    [429, undefined, { category: 'server' }],
    [500, { error: 'Internal' }, { category: 'server', message: 'Internal' }],
    [502, '<html>Bad gateway</html>', { category: 'server', body: '<html>Bad gateway</html>' }],
    [503, undefined, { category: 'server' }],
    [302, undefined, { category: 'bad-response' }],
    [418, undefined, { category: 'bad-response' }],
  ])('%i %j → %j', async (status, body, expected) => {
    const result = await get(fakeTransport(() => answer(status, body)));
    expect(result).toMatchObject({ ok: false, error: { httpStatus: status, ...expected } });
    if (!result.ok) expect(ServiceError.parse(result.error)).toEqual(result.error);
  });

  it('keeps the error body as received', async () => {
    const body = {
      canceled: false,
      error_code: 'invalid_status',
      error_detail: 'x',
      extra_data: { status: 'INVALID' },
    };
    const result = await get(fakeTransport(() => answer(400, body)));
    expect(result).toMatchObject({ ok: false, error: { body } });
  });

  it('invalid JSON on 200 is bad-response', async () => {
    const result = await get(fakeTransport(() => answer(200, '{"order_id": ')));
    expect(result).toMatchObject({
      ok: false,
      error: { category: 'bad-response', httpStatus: 200, body: '{"order_id": ' },
    });
  });

  it('a 200 that does not match the response schema is bad-response', async () => {
    const result = await get(fakeTransport(() => answer(200, { order_id: 42 })));
    expect(result).toMatchObject({
      ok: false,
      error: { category: 'bad-response', httpStatus: 200, body: { order_id: 42 } },
    });
  });

  it('an empty 200 body is `{}`, accepted only where the contract does not show the body', async () => {
    const empty = fakeTransport(() => answer(200));
    const cancel = await client(empty).call(specs.bodilessPost, { params: { order_id: 'A1' } });
    expect(cancel).toMatchObject({ ok: true, status: 200, data: {} });
    const order = await get(empty);
    expect(order).toMatchObject({ ok: false, error: { category: 'bad-response' } });
  });

  it('any 2xx is success', async () => {
    const result = await get(fakeTransport(() => answer(201, { order_id: 'A1' })));
    expect(result).toMatchObject({ ok: true, status: 201, data: { order_id: 'A1' } });
  });
});

describe('request validation', () => {
  it('a bad request never leaves the app and names each field', async () => {
    const t = ok();
    const result = await client(t).call(specs.bearerPost, {
      params: { order_id: 'A1' },
      headers: { 'X-Unique-Token': '' },
      body: { author: '', reason: 'x', extra: 1 } as never,
    });
    expect(t.sent).toHaveLength(0);
    expect(result).toMatchObject({ ok: false, error: { category: 'validation' } });
    if (result.ok) return;
    expect(result.error.httpStatus).toBeUndefined();
    expect(Object.keys(result.error.fieldErrors ?? {}).sort()).toEqual([
      'X-Unique-Token',
      'author',
      'request',
    ]);
  });

  it('sends the checked values, not the raw input', async () => {
    const t = ok({ paymentId: 'P1' });
    const loose = z.object({ paymentId: z.string().trim(), value: z.number() });
    await client(t).call(
      { ...specs.connector, body: loose },
      {
        body: { paymentId: '  P1 ', value: 5 },
      },
    );
    expect(JSON.parse(t.sent[0]?.body ?? '')).toEqual({ paymentId: 'P1', value: 5 });
  });
});

describe('the token never leaks', () => {
  const leaks = (value: unknown) => {
    const text = `${JSON.stringify(value)} ${inspect(value, { depth: 10 })}`;
    return text.includes(TOKEN) || text.includes(SECRET);
  };

  it.each([
    [400, { error: `bad header Bearer ${TOKEN}` }],
    [400, { [`Bearer ${TOKEN}`]: 'Error on dni format' }],
    [401, `Wrong token: ${TOKEN}`],
    [500, { error: 'echo', headers: { authorization: `Bearer ${TOKEN}` } }],
    [200, { order_id: 7, seen: TOKEN }],
  ])('not in the error for an echoing %i', async (status, body) => {
    const result = await client(fakeTransport(() => answer(status, body))).call(specs.bearerGet, {
      params: { order_id: 'A1' },
    });
    expect(result.ok).toBe(false);
    expect(leaks(result)).toBe(false);
    expect(JSON.stringify(result)).toContain('[redacted]');
  });

  it('not in the connector error for an echoed secret_token', async () => {
    const t = fakeTransport(() => answer(400, { error: `secret_token ${SECRET} refused` }));
    const result = await client(t).call(specs.connector, { body: { paymentId: 'P', value: 1 } });
    expect(leaks(result)).toBe(false);
  });

  it('not from a fetch rejection that quotes the header value', async () => {
    const t = fakeTransport(() =>
      Promise.reject(
        new TypeError(`Headers.append: "Bearer ${TOKEN}\n" is an invalid header value.`),
      ),
    );
    const result = await client(t).call(specs.bearerGet, { params: { order_id: 'A1' } });
    expect(result).toMatchObject({ ok: false, error: { category: 'network' } });
    expect(leaks(result)).toBe(false);
  });

  it('not with a real fetch refusing a token with a newline', async () => {
    const bad = `${TOKEN}\n`;
    const c = client((url, init) => fetch(url, { ...init, redirect: 'error' }), {
      credentials: { bearerToken: () => bad },
    });
    const result = await c.call(specs.bearerGet, { params: { order_id: 'A1' } });
    expect(result).toMatchObject({ ok: false, error: { category: 'network' } });
    expect(leaks(result)).toBe(false);
  });

  it('not in the client object, however it is logged or serialized', () => {
    const c = client(ok());
    expect(JSON.stringify(c)).toBe('{}');
    expect(leaks(c)).toBe(false);
    expect(inspect(c, { showHidden: true, depth: 10 })).not.toContain('service.example.com');
    expect(Object.isFrozen(c)).toBe(true);
  });

  it('not in the error thrown for a refused base URL, nor the URL itself', () => {
    const url = `https://user:${TOKEN}@service.example.com`;
    expect(() => client(ok(), { baseUrl: url })).toThrow('Refused service base URL: credentials');
    try {
      client(ok(), { baseUrl: url });
    } catch (error) {
      expect(String(error)).not.toContain(TOKEN);
    }
  });

  it('plain HTTP to a remote host is refused before any call', () => {
    expect(() => client(ok(), { baseUrl: 'http://service.example.com' })).toThrow(
      'plain-http-not-loopback',
    );
  });
});
