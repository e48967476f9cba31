// Every function of the client: the request it sends (method, URL, headers, body), the typed data
// it returns, and the malformed input it refuses without sending anything. A function written by
// hand (electron/service/<area>-calls.ts) has its case in `cases`; every endpoint's derived
// function (derived-calls.ts) is tested from its catalogue entry's example and sample, so a new
// endpoint needs nothing here (docs/how-to/add-a-service-endpoint.md).
import { describe, expect, expectTypeOf, it } from 'vitest';
import { EmptyOk, examplePath, type ServiceEndpointSpec } from '../../shared/api/common';
import { serviceEndpoints } from '../../shared/api/endpoints';
import type { FundingConditions } from '../../shared/api/in-store';
import { trainerControls } from '../../shared/api/trainer-controls';
import type { Voucher } from '../../shared/api/vouchers';
import type { ServiceResult } from '../../shared/service-error';
import { derivedCalls } from './derived-calls';
import { CREDENTIAL_HEADERS, type EndpointInput } from './endpoint-types';
import { answer, fakeTransport } from './fake-transport';
import { createServiceClient, type ServiceClient, writtenCalls } from './service-client';

const BASE = 'https://service.example.com';
const TOKEN = 'tok_8d1f2a';
const CLIENT_ID = 'store-042';
const SECRET = 'sec_19ab77';

const billing = { dni: '12345678', funding_code: 'ABC123', billed_amount: 1000, cashier_id: 'c-1' };
const identification = { ruc: '10054148289', funding_code: 'ABC123' };
const conditions: FundingConditions = {
  dni: '12345678',
  funding_code: 'ABC123',
  billed_amount: 1000,
  billed_by_ecommerce: false,
  approved_amount: 1000,
  excedent_amount: 0,
  downpayment_amount: 250,
  downpayment_amount_inhouse: 250,
  installments_number: 3,
  installments_amount: 250,
};
const fundingInfo = {
  funding_code: 'ABC123',
  purchase_total: 1000,
  billed_by_ecommerce: false,
  downpayment_amount: 250,
  downpayment_status: 'PENDING',
  downpayment_channel: 'Tienda',
};
const daySummary = { total_purchases: 1000, total_paid_in_store: 250, total_financed: 750 };
const order = {
  amount: 1500,
  order_id: 'ORD-1',
  pos_client_id: CLIENT_ID,
  url_redir_on_canceled: 'https://shop.example.com/canceled',
  url_redir_on_rejected: 'https://shop.example.com/rejected',
  url_redir_on_success: 'https://shop.example.com/success',
  url_redir_on_downpayment: 'https://shop.example.com/downpayment',
};
const orderRead = {
  amount: 1500,
  expiration_ts: '2026-03-12 10:00:00.000',
  url_redir_on_canceled: order.url_redir_on_canceled,
  url_redir_on_rejected: order.url_redir_on_rejected,
  url_redir_on_success: order.url_redir_on_success,
  order_id: 'ORD-1',
  customer_data: null,
  description: null,
  pos_client_id: CLIENT_ID,
  confirmed: false,
  status: 'initial',
  magic_link: `${BASE}/pos?client=${CLIENT_ID}&service_order=65f0c0ffee0000000000abcd`,
};
const refund = { refund_method: 'card', tracking_id: 'T-1', status: 'success', successful: true };
const requestId = '65f0c0ffee0000000000abcd';
const voucher = {
  amount: 120.5,
  date: '2026-03-10',
  operation_number: 'OP-9',
  bank_account_id: 'BCP-001',
  order_id: 'V-1',
  webhook: 'https://shop.example.com/hooks/voucher',
  customer_dni: '12345678',
  customer_fullname: 'Ana Quispe',
  receipt: 'https://shop.example.com/receipts/1.png',
};
const payment = { paymentId: 'PAY-1', value: 300 };

type Case = {
  name: keyof ServiceClient;
  invoke: (c: ServiceClient) => Promise<ServiceResult<unknown>>;
  method: 'GET' | 'POST';
  path: string;
  auth: 'bearer' | 'client-id' | 'none' | 'connector';
  sentBody?: unknown;
  extraHeaders?: Record<string, string>;
  response: unknown;
  html?: boolean;
  /** The same call with malformed input: refused before sending (absent: takes no input). */
  invalid?: (c: ServiceClient) => Promise<ServiceResult<unknown>>;
  invalidField?: string;
};

/** Their 200 body is `{}` (docs/decisions.md "A 2xx is a success only with the success body (issue 19)"). */
const EMPTY_OK = new Set(
  Object.entries(serviceEndpoints)
    .filter(([, spec]) => spec.response === EmptyOk)
    .map(([name]) => name),
);

const IN = '/pos/client/inhouse-downpayment';
const cases: Case[] = [
  {
    name: 'v3Verify',
    invoke: (c) => c.v3Verify(billing),
    method: 'POST',
    path: `${IN}/v3/verify-fundingcode-and-conditions`,
    auth: 'bearer',
    sentBody: billing,
    response: conditions,
    invalid: (c) => c.v3Verify({ ...billing, billed_amount: 10.005 }),
    invalidField: 'billed_amount',
  },
  {
    name: 'v3PaidAndBilled',
    invoke: (c) => c.v3PaidAndBilled(billing),
    method: 'POST',
    path: `${IN}/v3/paid-and-billed`,
    auth: 'bearer',
    sentBody: billing,
    response: {},
    invalid: (c) => c.v3PaidAndBilled({ ...billing, dni: '1234567' }),
    invalidField: 'dni',
  },
  {
    name: 'v3UndoBilling',
    invoke: (c) => c.v3UndoBilling(identification),
    method: 'POST',
    path: `${IN}/v3/undo-billing`,
    auth: 'bearer',
    sentBody: identification,
    response: {},
    invalid: (c) => c.v3UndoBilling({ ...identification, funding_code: 'abc123' }),
    invalidField: 'funding_code',
  },
  {
    name: 'v2Info',
    invoke: (c) => c.v2Info({ dni: '12345678', funding_code: 'ABC123' }),
    method: 'GET',
    path: `${IN}/v2/info?dni=12345678&funding_code=ABC123`,
    auth: 'bearer',
    response: fundingInfo,
    invalid: (c) => c.v2Info({ dni: '123456789', funding_code: 'ABC123' }),
    invalidField: 'dni',
  },
  {
    name: 'v2PaidAndBilled',
    invoke: (c) => c.v2PaidAndBilled({ dni: '12345678', funding_code: 'ABC123' }),
    method: 'POST',
    path: `${IN}/v2/paid-and-billed`,
    auth: 'bearer',
    sentBody: { dni: '12345678', funding_code: 'ABC123' },
    response: {},
    invalid: (c) => c.v2PaidAndBilled({ funding_code: 'ABC123' }),
    invalidField: 'request',
  },
  {
    name: 'v2UndoBilling',
    invoke: (c) => c.v2UndoBilling(identification),
    method: 'POST',
    path: `${IN}/v2/undo-billing`,
    auth: 'bearer',
    sentBody: identification,
    response: {},
    invalid: (c) => c.v2UndoBilling({ ...identification, ruc: '20100070971' }),
    invalidField: 'ruc',
  },
  {
    name: 'v2DaySummary',
    invoke: (c) => c.v2DaySummary({ day: '2026-03-10', detail: 'true' }),
    method: 'GET',
    path: `${IN}/v2/day-summary?day=2026-03-10&detail=true`,
    auth: 'bearer',
    response: { ...daySummary, order_detail: [] },
    invalid: (c) => c.v2DaySummary({ day: '2026-02-30' }),
    invalidField: 'day',
  },
  {
    name: 'testInfo',
    invoke: (c) => c.testInfo({ dni: '12345678', funding_code: 'ABC123' }),
    method: 'GET',
    path: `${IN}/mock/info?dni=12345678&funding_code=ABC123`,
    auth: 'bearer',
    response: fundingInfo,
    invalid: (c) => c.testInfo({ dni: '12345678', funding_code: 'ABC12' }),
    invalidField: 'funding_code',
  },
  {
    name: 'testPaidAndBilled',
    invoke: (c) => c.testPaidAndBilled(identification),
    method: 'POST',
    path: `${IN}/mock/paid-and-billed`,
    auth: 'bearer',
    sentBody: identification,
    response: {},
    invalid: (c) => c.testPaidAndBilled({ ...identification, dni: '12345678' }),
    invalidField: 'request',
  },
  {
    name: 'testUndoBilling',
    invoke: (c) => c.testUndoBilling(identification),
    method: 'POST',
    path: `${IN}/mock/undo-billing`,
    auth: 'bearer',
    sentBody: identification,
    response: {},
    invalid: (c) => c.testUndoBilling({ funding_code: 'ABC123', ruc: '123' }),
    invalidField: 'ruc',
  },
  {
    name: 'testDaySummary',
    invoke: (c) => c.testDaySummary({ day: '2026-03-10' }),
    method: 'GET',
    path: `${IN}/mock/day-summary?day=2026-03-10`,
    auth: 'bearer',
    response: daySummary,
    invalid: (c) => c.testDaySummary({ day: '2026-03-10', detail: 'yes' as 'true' }),
    invalidField: 'detail',
  },
  {
    name: 'fundingLimits',
    invoke: (c) => c.fundingLimits(),
    method: 'GET',
    path: '/pos/client/landing_config',
    auth: 'bearer',
    response: {
      landing_version: 'v7',
      min_amount: 100,
      max_amount: 5000,
      min_steps: 2,
      max_steps: 12,
    },
  },
  {
    name: 'createOrder',
    invoke: (c) => c.createOrder(order),
    method: 'POST',
    path: '/pos/order/create',
    auth: 'bearer',
    sentBody: order,
    response: { redirect_to: orderRead.magic_link, status: 'new_order' },
    invalid: (c) => c.createOrder({ ...order, url_redir_on_success: 'javascript:alert(1)' }),
    invalidField: 'url_redir_on_success',
  },
  {
    name: 'getOrder',
    invoke: (c) => c.getOrder('ORD 1/2'),
    method: 'GET',
    path: '/pos/order/ORD%201%2F2',
    auth: 'bearer',
    response: orderRead,
    invalid: (c) => c.getOrder('..'),
    invalidField: 'order_id',
  },
  {
    name: 'totalRefund',
    invoke: (c) => c.totalRefund('ORD-1', { author: 'ana', reason: 'defect' }, 'refund-7'),
    method: 'POST',
    path: '/pos/order/ORD-1/total-refund',
    auth: 'bearer',
    sentBody: { author: 'ana', reason: 'defect' },
    extraHeaders: { 'x-unique-token': 'refund-7' },
    response: { ...refund, status: 'already_refunded' },
    invalid: (c) => c.totalRefund('ORD-1', { author: 'ana', reason: 'defect' }, ''),
    invalidField: 'x-unique-token',
  },
  {
    name: 'partialRefund',
    invoke: (c) => c.partialRefund('ORD-1', { amount: 50, author: 'ana', reason: 'x' }, 'r-8'),
    method: 'POST',
    path: '/pos/order/ORD-1/partial-refund',
    auth: 'bearer',
    sentBody: { amount: 50, author: 'ana', reason: 'x' },
    extraHeaders: { 'x-unique-token': 'r-8' },
    response: { ...refund, status: 'decreased_debt' },
    invalid: (c) => c.partialRefund('ORD-1', { amount: 50, author: '', reason: 'x' }, 'r-8'),
    invalidField: 'author',
  },
  {
    name: 'cancelOrder',
    invoke: (c) => c.cancelOrder('ORD-1'),
    method: 'POST',
    path: '/pos/order/ORD-1/cancel',
    auth: 'bearer',
    response: { result: 'Order already canceled' },
    invalid: (c) => c.cancelOrder(''),
    invalidField: 'order_id',
  },
  {
    name: 'confirmOrder',
    invoke: (c) => c.confirmOrder('ORD-1'),
    method: 'POST',
    path: '/pos/order/ORD-1/confirm',
    auth: 'bearer',
    response: { modified_orders: 1 },
    invalid: (c) => c.confirmOrder('.'),
    invalidField: 'order_id',
  },
  {
    name: 'financingAddOn',
    invoke: (c) => c.financingAddOn(1499.9),
    method: 'GET',
    path: '/pos/pay-with-service-add-on/1499.9',
    auth: 'client-id',
    html: true,
    response: '<style>.a{}</style><div>Desde S/ 375</div>',
    invalid: (c) => c.financingAddOn(0.1 + 0.2),
    invalidField: 'amount',
  },
  {
    name: 'infoSteps',
    invoke: (c) => c.infoSteps(CLIENT_ID),
    method: 'GET',
    path: `/pos/${CLIENT_ID}/info-steps`,
    auth: 'none',
    html: true,
    response: '<style></style><ol><li>DNI</li></ol>',
    invalid: (c) => c.infoSteps(''),
    invalidField: 'client_id',
  },
  {
    name: 'registerVoucher',
    invoke: (c) => c.registerVoucher(voucher),
    method: 'POST',
    path: '/vouchers/unchecked_payment/register',
    auth: 'bearer',
    sentBody: voucher,
    response: { request_id: requestId },
    invalid: (c) => c.registerVoucher({ ...voucher, date: '10/03/2026' }),
    invalidField: 'date',
  },
  {
    name: 'cancelVoucher',
    invoke: (c) => c.cancelVoucher(requestId, { expected_status: 'PENDING' }),
    method: 'POST',
    path: `/vouchers/unchecked_payment/cancel/${requestId}`,
    auth: 'bearer',
    sentBody: { expected_status: 'PENDING' },
    response: { canceled: true },
    invalid: (c) => c.cancelVoucher(requestId, { expected_status: 'pending' as 'PENDING' }),
    invalidField: 'expected_status',
  },
  {
    name: 'getVoucher',
    invoke: (c) => c.getVoucher(requestId),
    method: 'GET',
    path: `/vouchers/unchecked_payment/info/${requestId}`,
    auth: 'bearer',
    response: {
      request_id: requestId,
      amount: 120.5,
      date: '2026-03-10',
      operation_number: 'OP-9',
      bank_account_id: 'BCP-001',
      order_id: 'V-1',
      detail: null,
      status: 'PENDING',
      bank_operation_number: null,
    },
    invalid: (c) => c.getVoucher(''),
    invalidField: 'request_id',
  },
  {
    name: 'paymentMethods',
    invoke: (c) => c.paymentMethods(),
    method: 'GET',
    path: '/payment-methods',
    auth: 'connector',
    response: { paymentMethods: ['Service', 'CreditCard'] },
  },
  {
    name: 'manifest',
    invoke: (c) => c.manifest(),
    method: 'GET',
    path: '/manifest',
    auth: 'connector',
    response: {
      paymentMethods: [{ name: 'Service', allowSplit: 'disabled' }],
      customFields: [
        { name: 'Client id', type: 'text' },
        { name: 'Secret token', type: 'text' },
        { name: 'Currency', type: 'select', options: [{ text: 'PEN', value: '1' }] },
      ],
    },
  },
  {
    name: 'createPayment',
    invoke: (c) => c.createPayment(payment),
    method: 'POST',
    path: '/payments',
    auth: 'connector',
    sentBody: payment,
    response: {
      paymentId: 'PAY-1',
      status: 'undefined',
      authorizationId: null,
      nsu: null,
      tid: null,
      returnURL: `${BASE}/pos?client=${CLIENT_ID}&order=PAY-1`,
    },
    invalid: (c) => c.createPayment({ paymentId: '', value: 300 }),
    invalidField: 'paymentId',
  },
  {
    name: 'cancelPayment',
    invoke: (c) => c.cancelPayment('PAY-1', { paymentId: 'PAY-1', requestId: 3 }),
    method: 'POST',
    path: '/payments/PAY-1/cancellations',
    auth: 'connector',
    sentBody: { paymentId: 'PAY-1', requestId: 3 },
    response: {
      paymentId: 'PAY-1',
      status: 'cancelled',
      message: 'Successfully cancelled',
      cancellationId: 'C-1',
      requestId: 3,
      code: 'SUCCESSFUL',
    },
    invalid: (c) => c.cancelPayment('PAY-1', { paymentId: 'PAY-1', requestId: 1.5 }),
    invalidField: 'requestId',
  },
  {
    name: 'capturePayment',
    invoke: (c) =>
      c.capturePayment('PAY-1', {
        paymentId: 'PAY-1',
        transactionId: 'T',
        requestId: 4,
        value: 300,
      }),
    method: 'POST',
    path: '/payments/PAY-1/settlements',
    auth: 'connector',
    sentBody: { paymentId: 'PAY-1', transactionId: 'T', requestId: 4, value: 300 },
    response: { paymentId: 'PAY-1', settleId: 'S-1', value: 300, requestId: 4 },
    invalid: (c) =>
      c.capturePayment('PAY-1', { paymentId: 'PAY-1', transactionId: '', requestId: 4, value: 1 }),
    invalidField: 'transactionId',
  },
  {
    name: 'refundPayment',
    invoke: (c) =>
      c.refundPayment('PAY-1', {
        paymentId: 'PAY-1',
        transactionId: 'T',
        settleId: 'S-1',
        requestId: 5,
        value: 300,
      }),
    method: 'POST',
    path: '/payments/PAY-1/refunds',
    auth: 'connector',
    sentBody: { paymentId: 'PAY-1', transactionId: 'T', settleId: 'S-1', requestId: 5, value: 300 },
    response: {
      paymentId: 'PAY-1',
      status: 'cancelled',
      message: 'Successfully refunded',
      requestId: 5,
      refundId: 'R-1',
    },
    invalid: (c) =>
      c.refundPayment('PAY-1', {
        paymentId: 'PAY-1',
        transactionId: 'T',
        settleId: 'S-1',
        requestId: 5,
        value: 1.5,
      }),
    invalidField: 'value',
  },
];

const AUTH_HEADERS = {
  bearer: { Authorization: `Bearer ${TOKEN}` },
  'client-id': { Client_id: CLIENT_ID },
  none: {},
  connector: { client_id: CLIENT_ID, secret_token: SECRET },
};

function setup(respond = (c: Case) => answer(200, c.response, c.html ? 'text/html' : undefined)) {
  let current: Case | undefined;
  const transport = fakeTransport(() => {
    if (!current) throw new Error('no case');
    return respond(current);
  });
  const client = createServiceClient({
    baseUrl: `${BASE}/`,
    credentials: {
      bearerToken: async () => TOKEN,
      clientId: async () => CLIENT_ID,
      secretToken: async () => SECRET,
    },
    transport,
  });
  return { client, transport, use: (c: Case) => (current = c) };
}

function setupAnswering(body: unknown, html: boolean) {
  const transport = fakeTransport(() => answer(200, body, html ? 'text/html' : undefined));
  const client = createServiceClient({
    baseUrl: BASE,
    credentials: {
      bearerToken: async () => TOKEN,
      clientId: async () => CLIENT_ID,
      secretToken: async () => SECRET,
    },
    transport,
  });
  return { client, transport };
}

describe('every endpoint function', () => {
  it('covers every function written by hand exactly once', () => {
    const written = Object.keys(writtenCalls(setup().client.call));
    const where =
      'one case per function of electron/service/<area>-calls.ts in `cases`, electron/service/service-client.test.ts';
    expect(written.sort(), where).toEqual(cases.map((c) => c.name).sort());
  });

  it('has a function for every endpoint of the catalogue, and no other', () => {
    const { client } = setup();
    const named = Object.keys(client).filter((k) => k !== 'call');
    expect(named.sort()).toEqual(Object.keys(serviceEndpoints).sort());
  });

  it('names each function as the catalogue names its endpoint (one concept, one name)', () => {
    const { client } = setup();
    const named = Object.keys(client).filter((k) => k !== 'call');
    expect(named.sort()).toEqual(Object.keys(serviceEndpoints).sort());
  });

  it('reaches, through each function written by hand, the one endpoint it is named after', () => {
    const specs = Object.entries(serviceEndpoints);
    const hit = (c: Case) =>
      specs.filter(([, spec]) => {
        const template = spec.path.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/?]+');
        return spec.method === c.method && new RegExp(`^${template}(\\?|$)`).test(c.path);
      });
    for (const c of cases)
      expect(
        hit(c).map(([name]) => name),
        c.name,
      ).toEqual([c.name]);
  });

  describe.each(cases)('$name', (c) => {
    it(`sends ${c.method} ${c.path} with the ${c.auth} credentials`, async () => {
      const { client, transport, use } = setup();
      use(c);
      const result = await c.invoke(client);
      expect(result).toEqual({
        ok: true,
        status: 200,
        data: c.response,
        durationMs: expect.any(Number),
      });
      const [sent] = transport.sent;
      expect(sent?.method).toBe(c.method);
      expect(sent?.url).toBe(`${BASE}${c.path}`);
      expect(sent?.headers).toEqual({
        Accept: c.html ? 'text/html' : 'application/json',
        ...AUTH_HEADERS[c.auth],
        ...(c.sentBody === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...c.extraHeaders,
      });
      expect(sent?.body === undefined ? undefined : JSON.parse(sent.body)).toEqual(c.sentBody);
    });

    it('validates the 200 against its response schema', async () => {
      const { client, use } = setup(() => answer(200, { unexpected: [1] }));
      use(c);
      const result = await c.invoke(client);
      // Fragments are any text; an unexpected field is never the yes of any other endpoint.
      if (c.html) expect(result.ok).toBe(true);
      else expect(result).toMatchObject({ ok: false, error: { category: 'bad-response' } });
      if (EMPTY_OK.has(c.name)) expect(c.response).toEqual({});
    });
  });

  describe.each(cases.filter((c) => c.invalid))('$name', (c) => {
    it(`refuses malformed input (${c.invalidField}) without sending`, async () => {
      const { client, transport, use } = setup();
      use(c);
      const result = await c.invalid?.(client);
      expect(transport.sent).toHaveLength(0);
      expect(result).toMatchObject({ ok: false, error: { category: 'validation' } });
      if (result && !result.ok)
        expect(result.error.fieldErrors).toHaveProperty([String(c.invalidField)]);
    });
  });
});

/** The entry's example as the derived function's input: header names as the schemas key them. */
function exampleInput(spec: ServiceEndpointSpec): Record<string, unknown> {
  const { params, query, headers, body } = spec.example;
  const own = Object.entries(headers ?? {})
    .map(([name, value]) => [name.toLowerCase(), value] as const)
    .filter(([name]) => !(CREDENTIAL_HEADERS as readonly string[]).includes(name));
  return {
    ...(params ? { params } : {}),
    ...(query ? { query } : {}),
    ...(own.length > 0 ? { headers: Object.fromEntries(own) } : {}),
    ...(body === undefined ? {} : { body }),
  };
}

describe("every endpoint's derived function, from its entry's example and sample", () => {
  describe.each(Object.entries(serviceEndpoints) as [string, ServiceEndpointSpec][])(
    '%s',
    (name, spec) => {
      const html = spec.responseType === 'html';
      const derived = (client: ServiceClient) =>
        (derivedCalls(client.call) as Record<string, (input: unknown) => Promise<unknown>>)[name];

      it('sends the example with its credentials and gives the sample as its data', async () => {
        const { client, transport } = setupAnswering(spec.sample, html);
        const input = exampleInput(spec);
        const result = await derived(client)?.(input);
        expect(result).toEqual({
          ok: true,
          status: 200,
          data: spec.sample,
          durationMs: expect.any(Number),
        });
        const search = new URLSearchParams(spec.example.query ?? {}).toString();
        const [sent] = transport.sent;
        expect(sent?.method).toBe(spec.method);
        expect(sent?.url).toBe(`${BASE}${examplePath(spec)}${search === '' ? '' : `?${search}`}`);
        expect(sent?.headers).toEqual({
          Accept: html ? 'text/html' : 'application/json',
          ...AUTH_HEADERS[spec.auth],
          ...(spec.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(input.headers as Record<string, string> | undefined),
        });
        expect(sent?.body === undefined ? undefined : JSON.parse(sent.body)).toEqual(
          spec.example.body,
        );
      });

      it('refuses a 200 its response schema does not accept', async () => {
        if (html) return; // a fragment is any text
        const { client } = setupAnswering({ unexpected: [1] }, false);
        expect(await derived(client)?.(exampleInput(spec))).toMatchObject({
          ok: false,
          error: { category: 'bad-response' },
        });
      });
    },
  );
});

describe('types', () => {
  it('derives each function’s data from the response schema', () => {
    const { client } = setup();
    expectTypeOf(client.v3Verify).returns.resolves.toEqualTypeOf<
      ServiceResult<FundingConditions>
    >();
    expectTypeOf(client.financingAddOn).returns.resolves.toEqualTypeOf<ServiceResult<string>>();
    expectTypeOf(client.totalRefund).parameter(2).toEqualTypeOf<string>();
    // A derived function takes the entry's parts, each required exactly when the entry has it.
    const derived = derivedCalls(client.call);
    expectTypeOf(derived.getVoucher)
      .parameter(0)
      .toEqualTypeOf<EndpointInput<typeof serviceEndpoints.getVoucher>>();
    expectTypeOf(derived.getVoucher).returns.resolves.toEqualTypeOf<ServiceResult<Voucher>>();
    expectTypeOf(derived.paymentMethods).toBeCallableWith();
  });
});

describe('the trainer controls (mock-only)', () => {
  const make = (transport: ReturnType<typeof fakeTransport>, mockControls?: boolean) =>
    createServiceClient({
      baseUrl: BASE,
      credentials: { bearerToken: () => TOKEN, clientId: () => CLIENT_ID },
      transport,
      ...(mockControls === undefined ? {} : { mockControls }),
    });

  it('are refused by a client not made for the training mock, and nothing is sent', async () => {
    const transport = fakeTransport(() => answer(200, { reset: true }));
    const result = await make(transport).call(trainerControls.trainerReset, { body: {} });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.category).toBe('validation');
      expect(result.error.httpStatus).toBeUndefined();
    }
    expect(transport.sent).toEqual([]);
  });

  it("are sent by the training mock's client", async () => {
    const transport = fakeTransport(() => answer(200, { reset: true }));
    const result = await make(transport, true).call(trainerControls.trainerReset, { body: {} });
    expect(result).toMatchObject({ ok: true, data: { reset: true } });
    expect(transport.sent.map((r) => [r.method, r.url])).toEqual([
      ['POST', `${BASE}/__mock/reset`],
    ]);
  });
});
