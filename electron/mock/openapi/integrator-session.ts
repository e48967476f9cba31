// A scripted integrator session: every operation of the sandbox, its success and its documented
// errors, in an order that makes each call meaningful (the records a call names exist). The
// replay test runs it and checks every request and answer against the OpenAPI document. Codes
// and identities are the scenario catalogue's (README "Scenario catalogue").
//
// A service endpoint the script does not call with its catalogue `example` is called from that
// example at the end, right after a reset, and without credentials: a new read endpoint needs no
// step here (docs/how-to/add-a-service-endpoint.md).
import { isDeepStrictEqual } from 'node:util';
import {
  type EndpointExample,
  exampleRequest,
  type ServiceEndpointSpec,
} from '../../../shared/api/common';
import { type EndpointName, serviceEndpoints } from '../../../shared/api/endpoints';

export type Step = {
  op: string;
  /** Path with its parameters filled in. */
  path: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  /** `wrong` sends wrong credentials; `none` none at all. */
  auth?: 'wrong' | 'none';
  status: number;
  /** The request breaks the document on purpose (a format error); its answer is still checked. */
  invalid?: true;
  /** Where the step comes from when it is not written here (shown when it fails). */
  source?: string;
};

const IN_STORE = '/pos/client/inhouse-downpayment';
const sale = {
  dni: '41000001',
  funding_code: 'VENTA1',
  billed_amount: 1200,
  cashier_id: 'caja-01',
};
const pending = { dni: '42000001', funding_code: 'PEND01' };
/** The catalogue's example body of an endpoint, which the script then varies (another id). */
function exampleBody(name: EndpointName): Record<string, unknown> {
  const example: EndpointExample = serviceEndpoints[name].example;
  const body = example.body;
  if (typeof body !== 'object' || body === null) throw new Error(`No example body for ${name}`);
  return body as Record<string, unknown>;
}
const order = exampleBody('createOrder');
const voucher = exampleBody('registerVoucher');
const refund = { author: 'ana', reason: 'devolución' };
const token = (value: string) => ({ 'X-Unique-Token': value });

/** What one call of an operation adds to the operation's method and usual path. */
type Call = Omit<Step, 'op' | 'method' | 'path'> & { path?: string };

/** Consecutive calls of one operation: its id, method and usual path written once. */
const calls = (op: string, method: Step['method'], path: string, ...each: Call[]): Step[] =>
  each.map((call) => ({ op, method, path, ...call }));

/** Filled in from the settlement the session makes (connector refunds name it). */
export const SETTLE_ID = '{settle_id}';

/** `{request_id}` is filled in from the voucher the session registers. */
export const VOUCHER_ID = '{request_id}';

/** A voucher id of the right shape for the examples (the session learns the real one). */
export const EXAMPLE_VOUCHER_ID = '6650f1c2a9b3e4d5f6a7b8c9';
/** A settlement id for the examples (the session learns the real one). */
export const EXAMPLE_SETTLE_ID = 'ST-1';

const SCRIPTED: Step[] = [
  ...calls(
    'trainerReset',
    'POST',
    '/__mock/reset',
    { body: {}, status: 200 },
    { auth: 'wrong', status: 401 },
  ),
  { op: 'trainerScenarios', method: 'GET', path: '/__mock/scenarios', status: 200 },
  ...calls(
    'trainerApplyScenario',
    'POST',
    '/__mock/scenarios/plain-sale/apply',
    { body: {}, status: 200 },
    { path: '/__mock/scenarios/nope/apply', status: 404 },
  ),
  { op: 'trainerGetMerchant', method: 'GET', path: '/__mock/merchant', status: 200 },
  ...calls(
    'trainerUpdateMerchant',
    'PUT',
    '/__mock/merchant',
    { body: { min_steps: 3 }, status: 200 },
    { body: { min_amount: 1e9 }, status: 400 },
  ),
  { op: 'trainerGetClock', method: 'GET', path: '/__mock/clock', status: 200 },
  ...calls(
    'trainerSetClock',
    'PUT',
    '/__mock/clock',
    { body: { now: '2026-03-10T15:00:00Z' }, status: 200 },
    { body: { now: 'yesterday' }, status: 400, invalid: true },
  ),
  ...calls(
    'fundingLimits',
    'GET',
    '/pos/client/landing_config',
    { status: 200 },
    { auth: 'none', status: 401 },
  ),
  // v3: verify, paid-and-billed, undo
  ...calls(
    'v3Verify',
    'POST',
    `${IN_STORE}/v3/verify-fundingcode-and-conditions`,
    { body: sale, status: 200 },
    { body: { ...sale, dni: '123' }, status: 400, invalid: true },
    { body: sale, auth: 'wrong', status: 401 },
    { body: { ...sale, dni: '41000009', funding_code: 'INACT1' }, status: 404 },
  ),
  ...calls(
    'v3PaidAndBilled',
    'POST',
    `${IN_STORE}/v3/paid-and-billed`,
    { body: sale, status: 200 },
    { body: sale, status: 200 },
    { body: { ...sale, cashier_id: 'caja-02' }, status: 400 },
    { body: sale, auth: 'wrong', status: 401 },
    { body: { ...sale, funding_code: 'ZZZZZ9' }, status: 404 },
  ),
  ...calls(
    'v3UndoBilling',
    'POST',
    `${IN_STORE}/v3/undo-billing`,
    { body: { dni: '41000012', funding_code: 'DESHA1' }, status: 200 },
    { body: { dni: '41000013', funding_code: 'NOFAC1' }, status: 400 },
    { body: { dni: '41000013', funding_code: 'NOFAC1' }, auth: 'wrong', status: 401 },
    { body: { dni: '41000013', funding_code: 'ZZZZZ9' }, status: 404 },
  ),
  // v2
  ...calls(
    'v2Info',
    'GET',
    `${IN_STORE}/v2/info`,
    { query: pending, status: 200 },
    { query: { ...pending, dni: 'x' }, status: 400, invalid: true },
    { query: pending, auth: 'wrong', status: 401 },
    { query: { ...pending, funding_code: 'ZZZZZ9' }, status: 404 },
  ),
  ...calls(
    'v2PaidAndBilled',
    'POST',
    `${IN_STORE}/v2/paid-and-billed`,
    { body: pending, status: 200 },
    { body: { ...pending, ruc: '20100070970' }, status: 400, invalid: true },
    { body: pending, auth: 'wrong', status: 401 },
    { body: { ...pending, funding_code: 'ZZZZZ9' }, status: 404 },
  ),
  ...calls(
    'v2UndoBilling',
    'POST',
    `${IN_STORE}/v2/undo-billing`,
    { body: pending, status: 200 },
    { body: pending, status: 400 },
    { body: pending, auth: 'wrong', status: 401 },
    { body: { ...pending, funding_code: 'ZZZZZ9' }, status: 404 },
  ),
  // /mock/ test endpoints
  ...calls(
    'testInfo',
    'GET',
    `${IN_STORE}/mock/info`,
    { query: { dni: '00000001', funding_code: 'TEST01' }, status: 200 },
    { query: { dni: '00000001' }, status: 400, invalid: true },
    { query: { dni: '00000001', funding_code: 'TEST01' }, auth: 'wrong', status: 401 },
    { query: { dni: '00000001', funding_code: 'ZZZZZ9' }, status: 404 },
  ),
  ...calls(
    'testPaidAndBilled',
    'POST',
    `${IN_STORE}/mock/paid-and-billed`,
    { body: { dni: '00000001', funding_code: 'TEST01' }, status: 200 },
    { body: {}, status: 400, invalid: true },
    { body: {}, auth: 'wrong', status: 401, invalid: true },
    { body: { dni: '00000001', funding_code: 'ZZZZZ9' }, status: 404 },
  ),
  ...calls(
    'testUndoBilling',
    'POST',
    `${IN_STORE}/mock/undo-billing`,
    { body: { dni: '00000003', funding_code: 'TEST03' }, status: 200 },
    { body: { dni: '00000003', funding_code: 'TEST03' }, status: 400 },
    { body: { dni: '00000003', funding_code: 'TEST03' }, auth: 'wrong', status: 401 },
    { body: { dni: '00000003', funding_code: 'ZZZZZ9' }, status: 404 },
  ),
  ...calls(
    'testDaySummary',
    'GET',
    `${IN_STORE}/mock/day-summary`,
    { query: { day: '2026-03-10', detail: 'false' }, status: 200 },
    { query: {}, status: 400, invalid: true },
    { query: { day: '2026-03-10' }, auth: 'wrong', status: 401 },
  ),
  // Trainer fundings
  ...calls(
    'trainerCreateFunding',
    'POST',
    '/__mock/fundings',
    { body: { dni: '45123456', credit_line: 1000 }, status: 200 },
    { body: { dni: '45123456', credit_line: 1000, approved_amount: 2000 }, status: 400 },
  ),
  ...calls(
    'trainerAcceptSchedule',
    'POST',
    '/__mock/fundings/CRONO1/accept-schedule',
    { body: {}, status: 200 },
    { path: '/__mock/fundings/ZZZZZ9/accept-schedule', status: 404 },
  ),
  ...calls(
    'trainerSetPayments',
    'PUT',
    '/__mock/fundings/VARIO1/payments',
    { body: [{ origin: 'card', amount: 10 }], status: 200 },
    { body: [{ origin: 'cash', amount: 10 }], status: 400, invalid: true },
    { path: '/__mock/fundings/ZZZZZ9/payments', body: [], status: 404 },
  ),
  // Orders
  ...calls(
    'createOrder',
    'POST',
    '/pos/order/create',
    { body: order, status: 200 },
    { body: { ...order, order_id: 'WEB-2' }, status: 200 },
    { body: { ...order, amount: undefined }, status: 400, invalid: true },
    { body: order, auth: 'wrong', status: 401 },
  ),
  ...calls(
    'getOrder',
    'GET',
    '/pos/order/WEB-1',
    { status: 200 },
    { path: '/pos/order/info-steps', status: 404 },
    { path: `/pos/order/${'x'.repeat(200)}`, status: 400, invalid: true },
    { auth: 'wrong', status: 401 },
  ),
  { op: 'confirmOrder', method: 'POST', path: '/pos/order/WEB-1/confirm', status: 400 },
  ...calls(
    'trainerMoveOrder',
    'POST',
    '/__mock/orders/WEB-1/status',
    { body: { status: 'created' }, status: 200 },
    { body: { status: 'approved', approved_amount: 1000 }, status: 200 },
    { body: { status: 'initial' }, status: 400 },
    { path: '/__mock/orders/NOPE/status', body: { status: 'created' }, status: 404 },
  ),
  { op: 'confirmOrder', method: 'POST', path: '/pos/order/WEB-1/confirm', status: 200 },
  { op: 'cancelOrder', method: 'POST', path: '/pos/order/WEB-1/cancel', status: 400 },
  ...calls(
    'confirmOrder',
    'POST',
    '/pos/order/NOPE/confirm',
    { status: 404 },
    { path: '/pos/order/WEB-1/confirm', auth: 'wrong', status: 401 },
  ),
  ...calls(
    'partialRefund',
    'POST',
    '/pos/order/WEB-1/partial-refund',
    { headers: token('t-1'), body: { amount: 100, ...refund }, status: 200 },
    { headers: token('t-2'), body: { amount: 0, ...refund }, status: 400 },
    {
      path: '/pos/order/NOPE/partial-refund',
      headers: token('t-3'),
      body: { amount: 1, ...refund },
      status: 404,
    },
    { headers: token('t-4'), body: { amount: 1, ...refund }, auth: 'wrong', status: 401 },
  ),
  ...calls(
    'totalRefund',
    'POST',
    '/pos/order/WEB-1/total-refund',
    { headers: token('t-5'), body: refund, status: 200 },
    { path: '/pos/order/WEB-2/total-refund', headers: token('t-6'), body: refund, status: 400 },
    { path: '/pos/order/NOPE/total-refund', headers: token('t-7'), body: refund, status: 404 },
    { headers: token('t-8'), body: refund, auth: 'wrong', status: 401 },
  ),
  ...calls(
    'cancelOrder',
    'POST',
    '/pos/order/WEB-2/cancel',
    { status: 200 },
    { path: '/pos/order/NOPE/cancel', status: 404 },
    { auth: 'wrong', status: 401 },
  ),
  // Embeddable HTML
  ...calls(
    'financingAddOn',
    'GET',
    '/pos/pay-with-service-add-on/1500',
    { status: 200 },
    { path: '/pos/pay-with-service-add-on/1.234', status: 400, invalid: true },
    { auth: 'wrong', status: 401 },
  ),
  ...calls(
    'infoSteps',
    'GET',
    '/pos/mock-client/info-steps',
    { status: 200 },
    { path: '/pos/someone-else/info-steps', status: 404 },
  ),
  // Vouchers
  ...calls(
    'registerVoucher',
    'POST',
    '/vouchers/unchecked_payment/register',
    { body: voucher, status: 200 },
    { body: { ...voucher, amount: -1 }, status: 400, invalid: true },
    { body: voucher, auth: 'wrong', status: 401 },
  ),
  ...calls(
    'getVoucher',
    'GET',
    `/vouchers/unchecked_payment/info/${VOUCHER_ID}`,
    { status: 200 },
    { path: '/vouchers/unchecked_payment/info/aaaaaaaaaaaaaaaaaaaaaaaa', status: 404 },
    { auth: 'wrong', status: 401 },
  ),
  ...calls(
    'cancelVoucher',
    'POST',
    `/vouchers/unchecked_payment/cancel/${VOUCHER_ID}`,
    { body: { expected_status: 'VALIDATED' }, status: 400 },
    { body: { expected_status: 'PENDING' }, status: 200 },
    {
      path: '/vouchers/unchecked_payment/cancel/aaaaaaaaaaaaaaaaaaaaaaaa',
      body: { expected_status: 'PENDING' },
      status: 404,
    },
    { body: { expected_status: 'PENDING' }, auth: 'wrong', status: 401 },
  ),
  {
    op: 'registerVoucher',
    method: 'POST',
    path: '/vouchers/unchecked_payment/register',
    body: { ...voucher, order_id: 'V-1002' },
    status: 200,
  },
  ...calls(
    'trainerReviewVoucher',
    'POST',
    `/__mock/vouchers/${VOUCHER_ID}/review`,
    { body: { status: 'VALIDATED' }, status: 200 },
    { body: { status: 'INVALID' }, status: 400 },
    {
      path: '/__mock/vouchers/aaaaaaaaaaaaaaaaaaaaaaaa/review',
      body: { status: 'INVALID' },
      status: 404,
    },
  ),
  { op: 'trainerWebhooks', method: 'GET', path: '/__mock/webhooks', status: 200 },
  // Platform connector
  ...calls(
    'paymentMethods',
    'GET',
    '/payment-methods',
    { status: 200 },
    { auth: 'wrong', status: 401 },
  ),
  ...calls('manifest', 'GET', '/manifest', { status: 200 }, { auth: 'wrong', status: 401 }),
  ...calls(
    'createPayment',
    'POST',
    '/payments',
    { body: { paymentId: 'PAY-1', value: 10, callbackUrl: 'http://127.0.0.1:9/cb' }, status: 200 },
    { body: { paymentId: 'WEB-1', value: 10, callbackUrl: 'http://127.0.0.1:9/cb' }, status: 400 },
    {
      body: { paymentId: 'PAY-2', value: 10, callbackUrl: 'http://127.0.0.1:9/cb' },
      auth: 'wrong',
      status: 401,
    },
  ),
  ...calls(
    'cancelPayment',
    'POST',
    '/payments/PAY-1/cancellations',
    { body: { paymentId: 'PAY-1', requestId: 1 }, status: 200 },
    {
      path: '/payments/NOPE/cancellations',
      body: { paymentId: 'NOPE', requestId: 2 },
      status: 404,
    },
    { body: { paymentId: 'PAY-1', requestId: 1 }, auth: 'wrong', status: 401 },
  ),
  ...calls(
    'capturePayment',
    'POST',
    '/payments/PAY-1/settlements',
    { body: { paymentId: 'PAY-1', transactionId: 'T-1', requestId: 3, value: 10 }, status: 400 },
    {
      path: '/payments/NOPE/settlements',
      body: { paymentId: 'NOPE', transactionId: 'T-1', requestId: 4, value: 10 },
      status: 404,
    },
    {
      body: { paymentId: 'PAY-1', transactionId: 'T-1', requestId: 3, value: 10 },
      auth: 'wrong',
      status: 401,
    },
  ),
  ...calls(
    'refundPayment',
    'POST',
    '/payments/PAY-1/refunds',
    {
      body: { paymentId: 'PAY-1', transactionId: 'T-1', settleId: 'S-1', requestId: 5, value: 10 },
      status: 400,
    },
    {
      path: '/payments/NOPE/refunds',
      body: { paymentId: 'NOPE', transactionId: 'T-1', settleId: 'S-1', requestId: 6, value: 10 },
      status: 404,
    },
    {
      body: { paymentId: 'PAY-1', transactionId: 'T-1', settleId: 'S-1', requestId: 5, value: 10 },
      auth: 'wrong',
      status: 401,
    },
  ),
  {
    op: 'createPayment',
    method: 'POST',
    path: '/payments',
    body: { paymentId: 'PAY-3', value: 10, callbackUrl: 'http://127.0.0.1:9/cb' },
    status: 200,
  },
  ...calls(
    'trainerMoveOrder',
    'POST',
    '/__mock/orders/PAY-3/status',
    { body: { status: 'created' }, status: 200 },
    { body: { status: 'approved' }, status: 200 },
  ),
  {
    op: 'capturePayment',
    method: 'POST',
    path: '/payments/PAY-3/settlements',
    body: { paymentId: 'PAY-3', transactionId: 'PAY-3', requestId: 7, value: 10 },
    status: 200,
  },
  {
    op: 'refundPayment',
    method: 'POST',
    path: '/payments/PAY-3/refunds',
    body: {
      paymentId: 'PAY-3',
      transactionId: 'PAY-3',
      settleId: SETTLE_ID,
      requestId: 8,
      value: 10,
    },
    status: 200,
  },
  // Faults and the request log
  ...calls(
    'trainerArmFault',
    'POST',
    '/__mock/faults',
    { body: { kind: 'status', endpoint: '/pos/client/landing_config', times: 0 }, status: 200 },
    { body: { kind: 'explode' }, status: 400, invalid: true },
  ),
  { op: 'trainerListFaults', method: 'GET', path: '/__mock/faults', status: 200 },
  { op: 'trainerClearFaults', method: 'DELETE', path: '/__mock/faults', status: 200 },
  ...calls(
    'trainerRequestLog',
    'GET',
    '/__mock/requests',
    { query: { limit: '5' }, status: 200 },
    { query: { limit: '0' }, status: 400, invalid: true },
    { auth: 'wrong', status: 401 },
  ),
];

const templateRegex = (template: string) =>
  new RegExp(`^${template.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`);

/** A step as an example of its operation (`template` its path), the ids it learns filled in. */
export function stepExample(step: Step, template: string): EndpointExample {
  const params = templateRegex(template).exec(step.path.replace(VOUCHER_ID, EXAMPLE_VOUCHER_ID));
  const body =
    step.body === undefined
      ? undefined
      : (JSON.parse(JSON.stringify(step.body).replace(SETTLE_ID, EXAMPLE_SETTLE_ID)) as unknown);
  return {
    ...(params?.groups && Object.keys(params.groups).length > 0
      ? { params: { ...params.groups } }
      : {}),
    ...(step.query ? { query: step.query } : {}),
    ...(step.headers ? { headers: step.headers } : {}),
    ...(body === undefined ? {} : { body }),
  };
}

const scriptedCall = (name: string, spec: ServiceEndpointSpec) =>
  SCRIPTED.some(
    (step) =>
      step.op === name &&
      step.status === 200 &&
      !step.invalid &&
      isDeepStrictEqual(stepExample(step, spec.path), spec.example),
  );

/** The example's query with every value one no format takes, when its own schema refuses it. */
function brokenQuery(spec: ServiceEndpointSpec): Record<string, string> | null {
  const query = spec.example.query;
  if (!query || !spec.query || !(400 in spec.errors)) return null;
  const broken = Object.fromEntries(Object.keys(query).map((key) => [key, 'not-valid']));
  return spec.query.safeParse(broken).success ? null : broken;
}

/**
 * After a reset: the example answers 200; with a documented 400, its query broken (every value
 * `not-valid`) answers 400; with wrong credentials, 401 when it has any.
 */
function exampleSteps(name: string, spec: ServiceEndpointSpec): Step[] {
  const call = {
    op: name,
    ...exampleRequest(spec),
    source: `the example on its catalogue entry (shared/api/, serviceEndpoints.${name})`,
  };
  const refused = spec.auth !== 'none' && 401 in spec.errors;
  const broken = brokenQuery(spec);
  return [
    { op: 'trainerReset', method: 'POST', path: '/__mock/reset', body: {}, status: 200 },
    { ...call, status: 200 },
    ...(broken ? [{ ...call, query: broken, status: 400, invalid: true as const }] : []),
    ...(refused ? [{ ...call, auth: 'wrong' as const, status: 401 }] : []),
  ];
}

/** The service endpoints whose example a freshly reset sandbox answers 200 (the script's others). */
export const EXAMPLES_AFTER_RESET = Object.entries(
  serviceEndpoints as Record<string, ServiceEndpointSpec>,
)
  .filter(([name, spec]) => !scriptedCall(name, spec))
  .map(([name]) => name as EndpointName);

export const SESSION: Step[] = [
  ...SCRIPTED,
  ...EXAMPLES_AFTER_RESET.flatMap((name) => exampleSteps(name, serviceEndpoints[name])),
];
