// What the app's own service client makes of each fault the sandbox can inject, over a real
// loopback socket (an integrator's setup: `npm run mock`, the app in live mode) and in process
// (the app's training mode). A dropped or garbled answer is never a success, and
// lost-after-apply is the case only a retry can settle: the work was done, the answer was not
// received.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FaultCreated } from '../../shared/api/sandbox';
import { MOCK_DEFAULTS, type MockApp } from '../mock/app';
import { freshMock } from '../mock/mock-test-support';
import { createServiceClient, type ServiceClient } from './service-client';
import { createInjectTransport, fetchTransport, type Transport } from './transports';

const PAID = '/pos/client/inhouse-downpayment/v3/paid-and-billed';
const sale = { dni: '41000001', funding_code: 'VENTA1', billed_amount: 1200, cashier_id: 'c-1' };
// Long enough that a loaded machine still answers an unfaulted call in time.
const TIMEOUT_MS = 1_000;

type Connection = { transport: Transport; baseUrl: string };
const connections: [string, (app: MockApp) => Promise<Connection>][] = [
  [
    'a loopback socket',
    async (app) => ({
      transport: fetchTransport,
      baseUrl: await app.listen({ port: 0, host: '127.0.0.1' }),
    }),
  ],
  [
    'in process',
    async (app) => ({ transport: createInjectTransport(app), baseUrl: 'http://127.0.0.1' }),
  ],
];

describe.each(connections)('sandbox faults seen by the service client through %s', (_, open) => {
  let app: MockApp;
  let client: ServiceClient;
  beforeEach(async () => {
    app = await freshMock();
    client = createServiceClient({
      ...(await open(app)),
      timeoutMs: TIMEOUT_MS,
      credentials: {
        bearerToken: () => MOCK_DEFAULTS.token,
        clientId: () => MOCK_DEFAULTS.clientId,
        secretToken: () => MOCK_DEFAULTS.secretToken,
      },
    });
    expect((await client.v3Verify(sale)).ok).toBe(true);
  });
  afterEach(async () => {
    await app.close();
  });

  async function arm(fault: Record<string, unknown>) {
    const answer = await app.inject({
      method: 'POST',
      url: '/__mock/faults',
      headers: { authorization: `Bearer ${MOCK_DEFAULTS.token}` },
      payload: { endpoint: PAID, ...fault },
    });
    return FaultCreated.parse(answer.json()).fault_id;
  }
  const billed = () => app.mockContext.state.fundings.get('VENTA1')?.billing != null;
  const lastLogged = () => app.mockContext.requests.latest(1)[0];

  it('latency: the answer comes late but whole, and the sale is billed', async () => {
    const id = await arm({ kind: 'latency', ms: 50 });
    const result = await client.v3PaidAndBilled(sale);
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(result.durationMs).toBeGreaterThanOrEqual(45);
    expect(billed()).toBe(true);
    expect(lastLogged()).toMatchObject({ path: PAID, status: 200, fault_id: id });
  });

  it('latency beyond the client timeout: a timeout, though the sandbox did the work', async () => {
    await arm({ kind: 'latency', ms: TIMEOUT_MS * 2 });
    const result = await client.v3PaidAndBilled(sale);
    expect(result).toMatchObject({ ok: false, error: { category: 'timeout' } });
    await expect.poll(billed, { timeout: TIMEOUT_MS * 4 }).toBe(true);
  });

  it('status 503: server category (no definite answer), nothing billed', async () => {
    await arm({ kind: 'status' });
    const result = await client.v3PaidAndBilled(sale);
    expect(result).toMatchObject({ ok: false, error: { category: 'server', httpStatus: 503 } });
    expect(billed()).toBe(false);
  });

  it('timeout: the client gives up at its own timeout, nothing billed', async () => {
    await arm({ kind: 'timeout', ms: 5_000 });
    const result = await client.v3PaidAndBilled(sale);
    expect(result).toMatchObject({ ok: false, error: { category: 'timeout' } });
    expect(billed()).toBe(false);
  });

  it('reset: a network failure, nothing billed', async () => {
    const id = await arm({ kind: 'reset' });
    const result = await client.v3PaidAndBilled(sale);
    expect(result).toMatchObject({ ok: false, error: { category: 'network' } });
    expect(billed()).toBe(false);
    expect(lastLogged()).toMatchObject({ path: PAID, status: null, fault_id: id });
  });

  it('lost-after-apply: a network failure although the sale IS billed; the retry gets 200', async () => {
    const id = await arm({ kind: 'lost-after-apply' });
    const result = await client.v3PaidAndBilled(sale);
    expect(result).toMatchObject({ ok: false, error: { category: 'network' } });
    expect(billed()).toBe(true);
    expect(app.mockContext.requests.latest(1)[0]).toMatchObject({ status: null, fault_id: id });
    expect(await client.v3PaidAndBilled(sale)).toMatchObject({ ok: true, status: 200 });
  });

  it('malformed: a 200 whose body is not JSON is a bad response, never a success', async () => {
    await arm({ kind: 'malformed' });
    const result = await client.v3PaidAndBilled(sale);
    expect(result).toMatchObject({
      ok: false,
      error: { category: 'bad-response', httpStatus: 200 },
    });
    expect(billed()).toBe(true);
  });

  it('gateway-error: a 200 carrying an error is a bad response, and nothing was billed', async () => {
    const id = await arm({ kind: 'gateway-error' });
    const result = await client.v3PaidAndBilled(sale);
    expect(result).toMatchObject({
      ok: false,
      error: { category: 'bad-response', httpStatus: 200 },
    });
    expect(billed()).toBe(false);
    expect(app.mockContext.requests.latest(1)[0]).toMatchObject({ status: 200, fault_id: id });
  });
});
