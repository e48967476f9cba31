import { describe, expect, it } from 'vitest';
import {
  CancelVoucherBody,
  CancelVoucherRefusal,
  CancelVoucherResponse,
  RegisterVoucherBody,
  RegisterVoucherError,
  RegisterVoucherResponse,
  Voucher,
  VoucherParams,
  VoucherWebhookHeaders,
  VoucherWebhookPayload,
} from './vouchers';

const requestId = '65f0c0ffee0000000000abcd';
const register = {
  amount: 350.9,
  date: '2026-03-10',
  operation_number: '000123',
  bank_account_id: 'bcp-soles-1',
  order_id: 'V-0001',
  webhook: 'https://erp.example.pe/hooks/vouchers',
  customer_dni: '12345678',
  customer_fullname: 'Ana Pérez',
  receipt: 'https://files.example.pe/receipts/000123.jpeg',
};
const voucher = {
  request_id: requestId,
  amount: 350.9,
  date: '2026-03-10',
  operation_number: '000123',
  bank_account_id: 'bcp-soles-1',
  order_id: 'V-0001',
  detail: 'transfer from Ana',
  status: 'VALIDATED',
  bank_operation_number: '99887766',
};
const without = (o: object, key: string) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));

describe('voucher requests', () => {
  it.each([
    ['register, required fields', RegisterVoucherBody, register],
    [
      'register, with detail and extra',
      RegisterVoucherBody,
      { ...register, detail: 'Ana, March', extra: { anything: [1, 2] } },
    ],
    // An unlisted receipt format is accepted here; the service marks the voucher INVALID.
    [
      'register, a .docx receipt',
      RegisterVoucherBody,
      { ...register, receipt: 'https://f.pe/r.docx' },
    ],
    ...(['PENDING', 'VALIDATED', 'INVALID', 'CANCELED'] as const).map(
      (s) => [`cancel expecting ${s}`, CancelVoucherBody, { expected_status: s }] as const,
    ),
    ['voucher params', VoucherParams, { request_id: requestId }],
  ] as const)('accepts %s', (_, schema, value) => {
    expect(schema.safeParse(value).error?.issues).toBeUndefined();
  });

  it.each([
    ...Object.keys(register).map(
      (k) => [`register without ${k}`, RegisterVoucherBody, without(register, k)] as const,
    ),
    ['register, amount as a string', RegisterVoucherBody, { ...register, amount: '350.90' }],
    ['register, amount zero', RegisterVoucherBody, { ...register, amount: 0 }],
    ['register, date 2026-02-30', RegisterVoucherBody, { ...register, date: '2026-02-30' }],
    ['register, date 10/03/2026', RegisterVoucherBody, { ...register, date: '10/03/2026' }],
    ['register, a relative receipt', RegisterVoucherBody, { ...register, receipt: 'r.jpeg' }],
    ['register, an ftp webhook', RegisterVoucherBody, { ...register, webhook: 'ftp://e.pe/h' }],
    ['register, extra as a list', RegisterVoucherBody, { ...register, extra: [1] }],
    ['register, an unknown field', RegisterVoucherBody, { ...register, currency: 'PEN' }],
    ['cancel, lowercase status', CancelVoucherBody, { expected_status: 'pending' }],
    ['cancel, no status', CancelVoucherBody, {}],
    ['cancel, an unknown field', CancelVoucherBody, { expected_status: 'PENDING', force: true }],
    ['voucher params, empty id', VoucherParams, { request_id: '' }],
  ] as const)('rejects %s', (_, schema, value) => {
    expect(schema.safeParse(value).success).toBe(false);
  });
});

const refusal = {
  canceled: false,
  error_code: 'invalid_status',
  error_detail: 'expected PENDING but status is VALIDATED',
  extra_data: { status: 'VALIDATED' },
};
const validated = {
  request_id: requestId,
  order_id: 'V-0001',
  status: 'VALIDATED',
  amount: 350,
  date: '2026-03-11',
  operation_number: '000124',
  bank_account_id: 'bcp-soles-1',
  bank_operation_number: '99887766',
};

describe('voucher responses and callbacks', () => {
  it.each([
    ['register', RegisterVoucherResponse, { request_id: requestId }],
    ['register 400 text', RegisterVoucherError, 'Invalid JSON'],
    ['cancel', CancelVoucherResponse, { canceled: true }],
    ['cancel refusal', CancelVoucherRefusal, refusal],
    ['voucher', Voucher, voucher],
    [
      'voucher, pending without bank number',
      Voucher,
      { ...without(voucher, 'bank_operation_number'), status: 'PENDING' },
    ],
    ['voucher, with extra (dropped)', Voucher, { ...voucher, extra: { a: 1 } }],
    ['webhook, validated', VoucherWebhookPayload, validated],
    [
      'webhook, invalid',
      VoucherWebhookPayload,
      { request_id: requestId, order_id: 'V-1', status: 'INVALID' },
    ],
    [
      'webhook headers',
      VoucherWebhookHeaders,
      { 'webhook-id': 'msg_1', 'webhook-timestamp': '1773117000', 'webhook-signature': 'v1,abc=' },
    ],
  ] as const)('accepts %s', (_, schema, value) => {
    expect(schema.safeParse(value).error?.issues).toBeUndefined();
  });

  it('drops extra from the voucher object', () => {
    expect(Voucher.parse({ ...voucher, extra: { a: 1 } })).not.toHaveProperty('extra');
  });

  it.each([
    [
      'register, uppercase hex id',
      RegisterVoucherResponse,
      { request_id: requestId.toUpperCase() },
    ],
    ['register, 23-char id', RegisterVoucherResponse, { request_id: requestId.slice(1) }],
    ['register, non-hex id', RegisterVoucherResponse, { request_id: 'z'.repeat(24) }],
    ['register 400 as JSON', RegisterVoucherError, { error: 'x' }],
    ['cancel, canceled false', CancelVoucherResponse, { canceled: false }],
    ['refusal, other error_code', CancelVoucherRefusal, { ...refusal, error_code: 'not_found' }],
    ['refusal, no extra_data', CancelVoucherRefusal, without(refusal, 'extra_data')],
    ['refusal, bad status', CancelVoucherRefusal, { ...refusal, extra_data: { status: 'DONE' } }],
    ['voucher, unknown status', Voucher, { ...voucher, status: 'PAID' }],
    ['voucher, bad date', Voucher, { ...voucher, date: '2026-13-01' }],
    ['voucher, no status', Voucher, without(voucher, 'status')],
    ['webhook, validated without amount', VoucherWebhookPayload, without(validated, 'amount')],
    ['webhook, pending', VoucherWebhookPayload, { ...validated, status: 'PENDING' }],
    ['webhook, no request_id', VoucherWebhookPayload, without(validated, 'request_id')],
    [
      'webhook headers, no signature',
      VoucherWebhookHeaders,
      { 'webhook-id': 'm', 'webhook-timestamp': '1' },
    ],
  ] as const)('rejects %s', (_, schema, value) => {
    expect(schema.safeParse(value).success).toBe(false);
  });
});
