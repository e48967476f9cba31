// The fault and request-log controls as an integrator meets them through the mock's HTTP
// interface (in process): arming, listing and clearing faults, which calls meet them, the request
// id on every answer and the log of what arrived.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FaultList, RequestLog } from '../../../shared/api/sandbox';
import type { MockApp } from '../app';
import { freshMock, get, okBody, PATHS, post, request } from '../mock-test-support';

let app: MockApp;
beforeEach(async () => {
  app = await freshMock();
});
afterEach(async () => {
  await app.close();
});

const sale = { dni: '41000001', funding_code: 'VENTA1', billed_amount: 1200, cashier_id: 'c-1' };
const verify = (body: Record<string, unknown> = sale) => post(app, PATHS.v3Verify, body);
const arm = (body: Record<string, unknown>) => post(app, '/__mock/faults', body);
const faults = async () => okBody(await get(app, '/__mock/faults'), FaultList).faults;
const log = async (limit?: number) =>
  okBody(
    await request(app, {
      method: 'GET',
      path: '/__mock/requests',
      ...(limit === undefined ? {} : { query: { limit: String(limit) } }),
    }),
    RequestLog,
  ).requests;

describe('POST/GET/DELETE /__mock/faults', () => {
  it('arms a fault with its defaults filled in, lists it, and clears it', async () => {
    const armed = await arm({ kind: 'status', endpoint: PATHS.v3PaidAndBilled });
    expect(armed).toMatchObject({ status: 200, body: { fault_id: 'flt_1' } });
    await arm({ kind: 'timeout', times: 0 });
    expect(await faults()).toEqual([
      {
        fault_id: 'flt_1',
        kind: 'status',
        endpoint: PATHS.v3PaidAndBilled,
        times: 1,
        remaining: 1,
        status: 503,
      },
      { fault_id: 'flt_2', kind: 'timeout', times: 0, ms: 60_000 },
    ]);
    const cleared = await app.inject({
      method: 'DELETE',
      url: '/__mock/faults',
      headers: { authorization: 'Bearer mock-token' },
    });
    expect(cleared.json()).toEqual({ cleared: 2 });
    expect(await faults()).toEqual([]);
  });

  it.each([
    [{ kind: 'explode' }, 'kind'],
    [{}, 'kind'],
    [{ kind: 'status', status: 200 }, 'status'],
    [{ kind: 'latency', ms: 600_001 }, 'ms'],
    [{ kind: 'latency', ms: -1 }, 'ms'],
    [{ kind: 'reset', times: 1.5 }, 'times'],
    [{ kind: 'reset', funding_code: 'venta1' }, 'funding_code'],
    [{ kind: 'reset', endpoint: '/__mock/reset' }, 'endpoint'],
    [{ kind: 'reset', endpoint: '/pos/order/WEB-1' }, 'endpoint'],
  ])('%j → 400 keyed by %s, nothing armed', async (body, key) => {
    const answer = await arm(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ [key]: expect.any(String) });
    expect(await faults()).toEqual([]);
  });

  it('needs the bearer token', async () => {
    expect((await post(app, '/__mock/faults', { kind: 'reset' }, 'wrong')).status).toBe(401);
    expect((await get(app, '/__mock/faults', undefined, null)).status).toBe(401);
  });

  it('a fault meets only its endpoint and funding code, `times` calls, then is gone', async () => {
    await arm({ kind: 'status', status: 502, funding_code: 'VENTA1', times: 2 });
    expect((await post(app, PATHS.v3Verify, { ...sale, funding_code: 'MENOS1' })).status).not.toBe(
      502,
    );
    expect((await verify()).status).toBe(502);
    expect(await faults()).toMatchObject([{ remaining: 1 }]);
    expect((await verify()).status).toBe(502);
    expect((await verify()).status).toBe(200);
    expect(await faults()).toEqual([]);
  });

  it('a status fault answers JSON naming the fault and does not do the work', async () => {
    await arm({ kind: 'status', endpoint: PATHS.v3PaidAndBilled });
    await verify();
    const answer = await post(app, PATHS.v3PaidAndBilled, sale);
    expect(answer).toMatchObject({
      status: 503,
      body: { error: expect.stringContaining('flt_1') },
    });
    expect(app.mockContext.state.fundings.get('VENTA1')?.billing).toBeNull();
  });

  it('the controls themselves are never faulted; reset clears the faults', async () => {
    await arm({ kind: 'status', times: 0 });
    expect((await get(app, '/__mock/scenarios')).status).toBe(200);
    expect((await post(app, '/__mock/reset', {})).status).toBe(200);
    expect(await faults()).toEqual([]);
    expect((await verify()).status).toBe(200);
  });

  it('malformed answers 200 with a body that is not JSON, after doing the work', async () => {
    await verify();
    await arm({ kind: 'malformed', endpoint: PATHS.v3PaidAndBilled });
    const answer = await post(app, PATHS.v3PaidAndBilled, sale);
    expect(answer.status).toBe(200);
    expect(() => JSON.parse(answer.text)).toThrow();
    expect(app.mockContext.state.fundings.get('VENTA1')?.billing).not.toBeNull();
  });
});

describe('X-Request-Id and GET /__mock/requests', () => {
  it('every answer carries its id: success, 401, 404, bad path, faulted', async () => {
    await arm({ kind: 'status' });
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/openapi.json' }),
      app.inject({ method: 'GET', url: '/__mock/scenarios' }),
      app.inject({ method: 'GET', url: '/nowhere' }),
      app.inject({ method: 'GET', url: `/pos/order/${'x'.repeat(500)}` }),
      app.inject({ method: 'GET', url: '/pos/order/%E0%A4%A' }),
      app.inject({
        method: 'GET',
        url: '/pos/client/landing_config',
        headers: { authorization: 'Bearer mock-token' },
      }),
    ]);
    const ids = answers.map((answer) => answer.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(/^req_\d+$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(answers[5]?.statusCode).toBe(503);
  });

  it('lists the last requests newest first, with no query string, credentials or body', async () => {
    await arm({ kind: 'status', endpoint: PATHS.v2Info });
    const info = await request(app, {
      method: 'GET',
      path: PATHS.v2Info,
      query: { dni: '42000001', funding_code: 'PEND01' },
    });
    await verify();
    const entries = await log();
    expect(entries.slice(0, 2)).toEqual([
      {
        id: expect.stringMatching(/^req_/),
        at: expect.any(String),
        method: 'POST',
        path: PATHS.v3Verify,
        status: 200,
        duration_ms: expect.any(Number),
      },
      expect.objectContaining({
        method: 'GET',
        path: PATHS.v2Info,
        status: 503,
        fault_id: 'flt_1',
      }),
    ]);
    expect(info.status).toBe(503);
    const text = JSON.stringify(entries);
    for (const secret of ['mock-token', '42000001', '41000001', 'PEND01']) {
      expect(text).not.toContain(secret);
    }
  });

  it('limit: default 50, at most 1,000 kept, bad values refused', async () => {
    for (let i = 0; i < 60; i += 1) await app.inject({ method: 'GET', url: '/nowhere' });
    expect(await log()).toHaveLength(50);
    expect(await log(3)).toHaveLength(3);
    for (const limit of ['0', '1001', 'abc', '-1', '1e3']) {
      const answer = await request(app, {
        method: 'GET',
        path: '/__mock/requests',
        query: { limit },
      });
      expect(answer, limit).toMatchObject({ status: 400, body: { limit: expect.any(String) } });
    }
    for (let i = 0; i < 1_000; i += 1) await app.inject({ method: 'GET', url: '/nowhere' });
    const kept = await log(1_000);
    expect(kept).toHaveLength(1_000);
    expect(kept.at(-1)?.id).not.toBe('req_1');
  });
});

it('a path Fastify refuses before routing is logged too', async () => {
  const refused = await app.inject({ method: 'GET', url: `/pos/order/${'x'.repeat(500)}` });
  expect(refused.statusCode).toBe(400);
  expect(await log(1)).toEqual([
    expect.objectContaining({ id: refused.headers['x-request-id'], status: 400 }),
  ]);
});
