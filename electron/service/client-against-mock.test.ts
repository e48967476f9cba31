// The client against the real mock backend, through both transports: in process (training
// mode, Fastify inject) and over a real loopback socket with fetch (a local sandbox server).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  defineEndpoints,
  EmptyOk,
  ErrorBody,
  type ServiceEndpointSpec,
} from '../../shared/api/common';
import { serviceEndpoints } from '../../shared/api/endpoints';
import { inStoreEndpoints } from '../../shared/api/in-store';
import { IN_STORE } from '../../shared/api/messages';
import { FundingCreated, ScenarioCatalogue } from '../../shared/api/trainer';
import { createMockApp, MOCK_DEFAULTS, type MockApp } from '../mock/app';
import { freshMock } from '../mock/mock-test-support';
import { EXAMPLES_AFTER_RESET } from '../mock/openapi/integrator-session';
import { createServiceClient, type ServiceClient } from './service-client';
import { createInjectTransport, fetchTransport, type Transport } from './transports';

// The trainer controls are not part of the service; the generic `call` reaches them from a spec.
const trainer = defineEndpoints({
  createFunding: {
    method: 'POST',
    path: '/__mock/fundings',
    summary: 'trainer: a customer approved for credit_line',
    auth: 'bearer',
    body: z.looseObject({ credit_line: z.number() }),
    response: FundingCreated,
    errors: { 400: ErrorBody },
  },
  scenarios: {
    method: 'GET',
    path: '/__mock/scenarios',
    summary: 'trainer: the scenario catalogue',
    auth: 'bearer',
    response: ScenarioCatalogue,
    errors: {},
  },
});

/** The in-store body schemas loosened, to let a malformed request reach the mock's own checks. */
const unchecked = {
  ...inStoreEndpoints.v3Verify,
  body: z.unknown(),
  response: EmptyOk,
};

type Connection = { transport: Transport; baseUrl: string };

const transports: [string, (app: MockApp) => Promise<Connection>][] = [
  [
    'in process (inject)',
    async (app) => ({ transport: createInjectTransport(app), baseUrl: 'http://127.0.0.1' }),
  ],
  [
    'a loopback socket (fetch)',
    async (app) => ({
      transport: fetchTransport,
      baseUrl: await app.listen({ port: 0, host: '127.0.0.1' }),
    }),
  ],
];

const DNI = '45678912';
const cashier = 'caja-01';

describe.each(transports)('the client against the mock, through %s', (_, connect) => {
  let app: MockApp;
  let connection: Connection;
  let client: ServiceClient;
  const clientWith = (token: string | null, secretToken: string = MOCK_DEFAULTS.secretToken) =>
    createServiceClient({
      ...connection,
      credentials: {
        bearerToken: () => token,
        clientId: () => MOCK_DEFAULTS.clientId,
        secretToken: () => secretToken,
      },
    });

  beforeEach(async () => {
    app = await freshMock();
    connection = await connect(app);
    client = clientWith(MOCK_DEFAULTS.token);
  });
  afterEach(async () => {
    await app.close();
  });

  async function newFunding(body: Record<string, unknown> = {}) {
    const created = await client.call(trainer.createFunding, {
      body: { dni: DNI, credit_line: 1000, ...body },
    });
    if (!created.ok) throw new Error(`trainer refused: ${JSON.stringify(created.error)}`);
    return created.data.funding_code;
  }

  // A new read endpoint needs no case here: its catalogue example, sent through the client, is one.
  it.each(EXAMPLES_AFTER_RESET)('the example on %s (shared/api/) is answered ok', async (name) => {
    const spec: ServiceEndpointSpec = serviceEndpoints[name];
    const { params, query, headers, body } = spec.example;
    const input = {
      ...(params ? { params } : {}),
      ...(query ? { query } : {}),
      ...(headers
        ? {
            headers: Object.fromEntries(
              Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]),
            ),
          }
        : {}),
      ...(body === undefined ? {} : { body }),
    };
    expect(await client.call(spec, input as never)).toMatchObject({ ok: true, status: 200 });
  });

  describe('v3: verify → paid-and-billed → repeat → undo', () => {
    it('runs the whole flow and sees each state', async () => {
      const code = await newFunding();
      const sale = { dni: DNI, funding_code: code, billed_amount: 1000, cashier_id: cashier };

      const verified = await client.v3Verify(sale);
      expect(verified).toMatchObject({
        ok: true,
        status: 200,
        data: {
          dni: DNI,
          funding_code: code,
          billed_amount: 1000,
          billed_by_ecommerce: false,
          approved_amount: 1000,
          excedent_amount: 0,
          downpayment_amount: 250,
          downpayment_amount_inhouse: 250,
          installments_number: 3,
          installments_amount: 250,
        },
      });

      expect(await client.v3PaidAndBilled(sale)).toMatchObject({ ok: true, status: 200 });
      // Only the first call has effect; a repeat (e.g. after a timeout) is still a 200.
      expect(await client.v3PaidAndBilled(sale)).toMatchObject({ ok: true, status: 200 });
      expect(await client.v3Verify(sale)).toMatchObject({
        ok: true,
        data: { billed_by_ecommerce: true, downpayment_amount_inhouse: 250 },
      });

      const undone = await client.v3UndoBilling({ dni: DNI, funding_code: code });
      expect(undone).toMatchObject({ ok: true, status: 200 });
      // The down payment stays paid: Verify now counts it as already collected.
      expect(await client.v3Verify(sale)).toMatchObject({
        ok: true,
        data: { billed_by_ecommerce: false, downpayment_amount_inhouse: 0 },
      });
      expect(await client.v3UndoBilling({ dni: DNI, funding_code: code })).toMatchObject({
        ok: false,
        error: { category: 'state-conflict', httpStatus: 400, message: IN_STORE.notBilledYet },
      });
    });

    it('caps at the credit line: the excedent is collected on top', async () => {
      const code = await newFunding();
      const result = await client.v3Verify({
        dni: DNI,
        funding_code: code,
        billed_amount: 1200,
        cashier_id: cashier,
      });
      expect(result).toMatchObject({
        ok: true,
        data: { approved_amount: 1000, excedent_amount: 200, downpayment_amount_inhouse: 250 },
      });
    });

    it('a changed billed amount is a state conflict with the exact message', async () => {
      const code = await newFunding();
      const sale = { dni: DNI, funding_code: code, billed_amount: 1000, cashier_id: cashier };
      await client.v3Verify(sale);
      expect(await client.v3PaidAndBilled({ ...sale, billed_amount: 900 })).toMatchObject({
        ok: false,
        error: {
          category: 'state-conflict',
          httpStatus: 400,
          message: IN_STORE.billedAmountChanged,
        },
      });
      await client.v3PaidAndBilled(sale);
      expect(await client.v3Verify({ ...sale, billed_amount: 900 })).toMatchObject({
        ok: false,
        error: { category: 'state-conflict', message: IN_STORE.billedAmountLocked },
      });
    });

    it('another cashier is refused until undo releases the funding', async () => {
      const code = await newFunding();
      const sale = { dni: DNI, funding_code: code, billed_amount: 1000, cashier_id: cashier };
      await client.v3Verify(sale);
      expect(await client.v3Verify({ ...sale, cashier_id: 'caja-02' })).toMatchObject({
        ok: false,
        error: { category: 'state-conflict', message: IN_STORE.cashierChanged },
      });
    });
  });

  describe('v2: info → paid-and-billed → repeat → undo', () => {
    it('runs the whole flow and sees each state', async () => {
      const code = await newFunding();
      const id = { dni: DNI, funding_code: code };
      const before = await client.v2DaySummary({ day: '2026-03-10' });
      expect(before.ok).toBe(true);

      expect(await client.v2Info(id)).toMatchObject({
        ok: true,
        data: {
          funding_code: code,
          purchase_total: 1000,
          billed_by_ecommerce: false,
          downpayment_amount: 250,
          downpayment_status: 'PENDING',
          downpayment_channel: 'Tienda',
        },
      });
      expect(await client.v2PaidAndBilled(id)).toMatchObject({ ok: true, status: 200 });
      expect(await client.v2PaidAndBilled(id)).toMatchObject({ ok: true, status: 200 });
      expect(await client.v2Info(id)).toMatchObject({
        ok: true,
        data: { billed_by_ecommerce: true, downpayment_status: 'FULFILLED' },
      });

      const after = await client.v2DaySummary({ day: '2026-03-10', detail: 'true' });
      if (!before.ok || !after.ok) throw new Error('day summary failed');
      expect(after.data.total_purchases - before.data.total_purchases).toBeCloseTo(1000, 2);
      expect(after.data.total_paid_in_store - before.data.total_paid_in_store).toBeCloseTo(250, 2);
      expect(after.data.order_detail).toContainEqual(
        expect.objectContaining({ dni: DNI, payment_origin: 'external', amount: 250 }),
      );

      expect(await client.v2UndoBilling(id)).toMatchObject({ ok: true, status: 200 });
      expect(await client.v2Info(id)).toMatchObject({
        ok: true,
        data: { billed_by_ecommerce: false },
      });
      expect(await client.v2UndoBilling(id)).toMatchObject({
        ok: false,
        error: { category: 'state-conflict', httpStatus: 400, message: IN_STORE.notBilledYet },
      });
    });

    it('the /mock/ test endpoints answer for the documented test identities', async () => {
      const id = { dni: '00000001', funding_code: 'TEST01' };
      expect(await client.testInfo(id)).toMatchObject({
        ok: true,
        data: { downpayment_status: 'PENDING' },
      });
      expect(await client.testPaidAndBilled(id)).toMatchObject({ ok: true });
      expect(await client.testInfo(id)).toMatchObject({
        ok: true,
        data: { downpayment_status: 'FULFILLED', billed_by_ecommerce: true },
      });
      expect(await client.testUndoBilling(id)).toMatchObject({ ok: true });
      expect(await client.testDaySummary({ day: '2026-03-10' })).toMatchObject({ ok: true });
    });
  });

  describe('error categories as the client sees them', () => {
    it('a wrong token is auth, with the exact message and no token in the value', async () => {
      const wrong = clientWith('not-the-mock-token');
      const result = await wrong.v2Info({ dni: DNI, funding_code: 'ABC123' });
      expect(result).toMatchObject({
        ok: false,
        error: { category: 'auth', httpStatus: 401, message: IN_STORE.wrongToken },
      });
      expect(JSON.stringify(result)).not.toContain('not-the-mock-token');
    });

    it('no token configured is auth, without asking the mock', async () => {
      const result = await clientWith(null).v2DaySummary({ day: '2026-03-10' });
      expect(result).toMatchObject({ ok: false, error: { category: 'auth' } });
      if (!result.ok) expect(result.error.httpStatus).toBeUndefined();
    });

    it('an unknown code is not-found', async () => {
      const result = await client.v2PaidAndBilled({ dni: DNI, funding_code: 'ZZZ999' });
      expect(result).toMatchObject({
        ok: false,
        error: { category: 'not-found', httpStatus: 404, message: IN_STORE.codeNotActive },
      });
    });

    it('another DNI on Verify is not-found with its own message', async () => {
      const code = await newFunding();
      const result = await client.v3Verify({
        dni: '11111111',
        funding_code: code,
        billed_amount: 1000,
        cashier_id: cashier,
      });
      expect(result).toMatchObject({
        ok: false,
        error: { category: 'not-found', message: IN_STORE.dniMismatch },
      });
    });

    it('the mock’s field-keyed format errors are validation with field errors', async () => {
      const result = await client.call(unchecked, {
        body: { dni: '123', funding_code: 'abc', billed_amount: 10, cashier_id: cashier },
      });
      expect(result).toMatchObject({
        ok: false,
        error: {
          category: 'validation',
          httpStatus: 400,
          fieldErrors: { dni: 'Error on dni format', funding_code: 'Error on funding_code format' },
        },
      });
    });

    it('a malformed request is refused by the client and never reaches the mock', async () => {
      let requests = 0;
      const counting: Transport = (url, init) => {
        requests += 1;
        return connection.transport(url, init);
      };
      const watched = createServiceClient({
        ...connection,
        transport: counting,
        credentials: { bearerToken: () => MOCK_DEFAULTS.token },
      });
      const result = await watched.v3Verify({
        dni: '123',
        funding_code: 'ABC123',
        billed_amount: 1000,
        cashier_id: cashier,
      });
      expect(result).toMatchObject({ ok: false, error: { category: 'validation' } });
      if (!result.ok) expect(result.error.httpStatus).toBeUndefined();
      expect(requests).toBe(0);
    });

    it('the trainer catalogue is readable through the generic call', async () => {
      const result = await client.call(trainer.scenarios, {});
      expect(result.ok && result.data.scenarios.length).toBeGreaterThan(0);
    });
  });

  // One call per other area, so each area's credential headers are proven end to end.
  describe('the other areas, each with its own credentials', () => {
    it('funding limits (bearer)', async () => {
      const result = await client.fundingLimits();
      expect(result).toMatchObject({ ok: true, data: { landing_version: expect.any(String) } });
    });

    it('the HTML fragments (Client_id header; none) come back as text', async () => {
      const addOn = await client.financingAddOn(1000);
      expect(addOn.ok && typeof addOn.data).toBe('string');
      const steps = await client.infoSteps(MOCK_DEFAULTS.clientId);
      expect(steps.ok && steps.data).toContain('<');
    });

    it('orders: create, read, cancel; an unknown order is not-found', async () => {
      const order = {
        amount: 1500,
        order_id: 'ORD-CLIENT-1',
        pos_client_id: MOCK_DEFAULTS.clientId,
        url_redir_on_canceled: 'https://shop.example.com/canceled',
        url_redir_on_rejected: 'https://shop.example.com/rejected',
        url_redir_on_success: 'https://shop.example.com/success',
        url_redir_on_downpayment: 'https://shop.example.com/downpayment',
      };
      expect(await client.createOrder(order)).toMatchObject({
        ok: true,
        data: { status: 'new_order' },
      });
      expect(await client.getOrder(order.order_id)).toMatchObject({
        ok: true,
        data: { order_id: order.order_id, confirmed: false },
      });
      expect(await client.cancelOrder(order.order_id)).toMatchObject({
        ok: true,
        data: { modified_orders: 1 },
      });
      expect(
        await client.totalRefund('NO-SUCH-ORDER', { author: 'ana', reason: 'x' }, 'refund-1'),
      ).toMatchObject({ ok: false, error: { category: 'not-found', httpStatus: 404 } });
    });

    it('vouchers: register and read back', async () => {
      const registered = await client.registerVoucher({
        amount: 120.5,
        date: '2026-03-10',
        operation_number: 'OP-9',
        bank_account_id: '193-2045678-0-11',
        order_id: 'V-CLIENT-1',
        webhook: 'https://shop.example.com/hooks/voucher',
        customer_dni: DNI,
        customer_fullname: 'Ana Quispe',
        receipt: 'https://shop.example.com/receipts/1.png',
      });
      if (!registered.ok) throw new Error(JSON.stringify(registered.error));
      expect(await client.getVoucher(registered.data.request_id)).toMatchObject({
        ok: true,
        data: { status: 'PENDING', order_id: 'V-CLIENT-1' },
      });
    });

    it('connector (client_id + secret_token); a wrong secret is auth, not leaked', async () => {
      expect(await client.paymentMethods()).toMatchObject({ ok: true });
      expect(await client.manifest()).toMatchObject({ ok: true });
      const wrong = await clientWith(MOCK_DEFAULTS.token, 'wrong-secret-value').paymentMethods();
      expect(wrong).toMatchObject({ ok: false, error: { category: 'auth', httpStatus: 401 } });
      expect(JSON.stringify(wrong)).not.toContain('wrong-secret-value');
    });
  });
});

describe('a mock that stopped answering', () => {
  it('is network over a socket', async () => {
    const app = await createMockApp();
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    await app.close();
    const client = createServiceClient({
      baseUrl,
      credentials: { bearerToken: () => MOCK_DEFAULTS.token },
      transport: fetchTransport,
    });
    const result = await client.v2DaySummary({ day: '2026-03-10' });
    expect(result).toMatchObject({ ok: false, error: { category: 'network' } });
  });
});
