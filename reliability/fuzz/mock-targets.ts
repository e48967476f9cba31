// Every endpoint of the mock under fuzz: the service's catalogue (shared/api/endpoints.ts) and
// the trainer controls, each with its credentials, the records its path can name, and a valid
// body or query to break (so the rules behind validation are reached too). A service endpoint's
// valid body and query are the example on its catalogue entry: nothing to add here for a new one.
import type { z } from 'zod';
import type { AuthScheme, HttpMethod, ServiceEndpointSpec } from '../../shared/api/common';
import { serviceEndpoints } from '../../shared/api/endpoints';

export type Target = {
  name: string;
  method: HttpMethod;
  /** A template with `{param}` segments. */
  path: string;
  auth: AuthScheme;
  errors: Partial<Record<number, z.ZodType>>;
  /** The 2xx schema of a service endpoint answering JSON; trainer controls have none here. */
  response?: z.ZodType;
  body?: unknown;
  query?: Record<string, string>;
};

/** Records seedRecords() creates, so paths can name things that exist. */
export const KNOWN = {
  order_id: 'WEB-1',
  payment_id: 'PAY-1',
  request_id: '',
  code: 'VENTA1',
  name: 'plain-sale',
  amount: '1500',
  client_id: 'mock-client',
};

export const ORDER = {
  amount: 1000,
  order_id: 'WEB-2',
  pos_client_id: 'mock-client',
  url_redir_on_canceled: 'https://s.pe/c',
  url_redir_on_rejected: 'https://s.pe/r',
  url_redir_on_success: 'https://s.pe/s',
  url_redir_on_downpayment: 'https://s.pe/d',
};
export const VOUCHER = {
  amount: 250.5,
  date: '2026-03-04',
  operation_number: '00123456',
  bank_account_id: '193-2045678-0-11',
  order_id: 'V-1001',
  webhook: 'https://shop.example.pe/hooks/voucher',
  customer_dni: '12345678',
  customer_fullname: 'Ana Quispe',
  receipt: 'https://cdn.example.pe/receipts/V-1001.jpg',
};

const TRAINER: Target[] = [
  ['reset', 'POST', '/__mock/reset', {}],
  ['scenarios', 'GET', '/__mock/scenarios'],
  ['applyScenario', 'POST', '/__mock/scenarios/{name}/apply', {}],
  ['setMerchant', 'PUT', '/__mock/merchant', { v3_allowed: true, min_amount: 100 }],
  ['getMerchant', 'GET', '/__mock/merchant'],
  ['createFunding', 'POST', '/__mock/fundings', { dni: '42000001', credit_line: 1000 }],
  ['acceptSchedule', 'POST', '/__mock/fundings/{code}/accept-schedule', {}],
  ['setPayments', 'PUT', '/__mock/fundings/{code}/payments', [{ origin: 'card', amount: 10 }]],
  ['setClock', 'PUT', '/__mock/clock', { now: '2026-03-10T04:30:00Z' }],
  ['getClock', 'GET', '/__mock/clock'],
  ['webhooks', 'GET', '/__mock/webhooks'],
  ['orderStatus', 'POST', '/__mock/orders/{order_id}/status', { status: 'created' }],
  ['voucherReview', 'POST', '/__mock/vouchers/{request_id}/review', { status: 'INVALID' }],
].map(([name, method, path, body]) => ({
  name: `trainer.${String(name)}`,
  method: method as HttpMethod,
  path: String(path),
  auth: 'bearer' as const,
  errors: {},
  ...(body === undefined ? {} : { body }),
}));

export const TARGETS: Target[] = [
  ...Object.entries(serviceEndpoints as Record<string, ServiceEndpointSpec>).map(
    ([name, spec]) => ({
      name,
      method: spec.method,
      path: spec.path,
      auth: spec.auth,
      errors: spec.errors as Partial<Record<number, z.ZodType>>,
      ...(spec.responseType === 'html' ? {} : { response: spec.response }),
      ...(spec.example.body === undefined ? {} : { body: spec.example.body }),
      ...(spec.example.query === undefined ? {} : { query: spec.example.query }),
    }),
  ),
  ...TRAINER,
];
