// The mock over a real socket, as `npm run mock` serves it to an integrator's ERP: the same
// answers as in process, with the HTTP details a socket adds (Content-Length, connection reuse).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockApp } from './app';
import { freshMock, PATHS } from './mock-test-support';

let app: MockApp;
let baseUrl: string;

beforeAll(async () => {
  app = await freshMock();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  baseUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await app.close();
});

async function call(
  method: string,
  path: string,
  options: { body?: string; token?: string | null; contentType?: string } = {},
) {
  const headers: Record<string, string> = {};
  const token = options.token === undefined ? 'mock-token' : options.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined)
    headers['content-type'] = options.contentType ?? 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: options.body } : {}),
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    body: (await response.json()) as unknown,
  };
}

const json = (value: unknown) => JSON.stringify(value);

describe('over a real socket', () => {
  it('401 without the token, JSON', async () => {
    const answer = await call('POST', PATHS.v3Verify, { body: '{', token: null });
    expect(answer.status).toBe(401);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(answer.body).toEqual({ error: 'Wrong or missing client token' });
  });

  it('a whole v3 sale: Verify, Paid-and-billed, Verify again, Undo', async () => {
    const sale = { dni: '41000001', funding_code: 'VENTA1', billed_amount: 1200, cashier_id: 'C1' };
    const verified = await call('POST', PATHS.v3Verify, { body: json(sale) });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ downpayment_amount_inhouse: 300, excedent_amount: 0 });
    expect((await call('POST', PATHS.v3PaidAndBilled, { body: json(sale) })).status).toBe(200);
    const again = await call('POST', PATHS.v3Verify, { body: json(sale) });
    expect(again.body).toMatchObject({ billed_by_ecommerce: true });
    const undo = await call('POST', PATHS.v3UndoBilling, {
      body: json({ dni: '41000001', funding_code: 'VENTA1' }),
    });
    expect(undo.status).toBe(200);
  });

  it('v2 info and the day summary through a query string', async () => {
    const shown = await call('GET', `${PATHS.v2Info}?dni=42000001&funding_code=PEND01`);
    expect(shown.body).toMatchObject({
      downpayment_status: 'PENDING',
      downpayment_channel: 'Tienda',
    });
    const summary = await call('GET', `${PATHS.v2DaySummary}?day=2026-02-30&detail=maybe`);
    expect(summary.status).toBe(400);
    expect(summary.body).toEqual({ day: 'Not a valid date', detail: 'Not a valid boolean' });
  });

  it('malformed JSON → 400 JSON', async () => {
    const answer = await call('POST', PATHS.v3Verify, { body: '{"dni": ' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: 'Malformed JSON body' });
  });

  it('a wrong Content-Type → 400 JSON, not 415', async () => {
    const answer = await call('POST', PATHS.v2PaidAndBilled, {
      body: 'dni=42000001',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: 'Content-Type must be application/json' });
  });

  it('an oversized body → 400 JSON, not 413', async () => {
    const answer = await call('POST', PATHS.v3Verify, {
      body: json({ pad: 'x'.repeat(100 * 1024) }),
    });
    expect(answer.status).toBe(400);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(answer.body).toEqual({ error: 'Request body too large' });
  });

  it('keeps answering after bad requests on the same server', async () => {
    const answer = await call('GET', `${PATHS.v2Info}?dni=42000002&funding_code=FULL01`);
    expect(answer.status).toBe(200);
  });
});
