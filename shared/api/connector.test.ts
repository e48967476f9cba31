import { describe, expect, it } from 'vitest';
import {
  CancelPaymentBody,
  CancelPaymentResponse,
  CapturePaymentBody,
  CapturePaymentResponse,
  ConnectorHeaders,
  CreatePaymentBody,
  CreatePaymentResponse,
  Manifest,
  PaymentCallbackPayload,
  PaymentMethodsResponse,
  PaymentParams,
  RefundPaymentBody,
  RefundPaymentResponse,
} from './connector';

const create = {
  paymentId: 'PAY-1',
  reference: 'R-1',
  orderId: 'O-1',
  shopperInteraction: 'ecommerce',
  transactionId: 'T-1',
  paymentMethod: 'Service',
  paymentMethodCustomCode: 'svc',
  merchantName: 'shop',
  card: { holder: 'ANA', number: '4111' },
  value: 1500.5,
  currency: 'PEN',
  installments: 1,
  deviceFingerprint: 'fp',
  ipAddress: '203.0.113.7',
  miniCart: { items: [{ id: 'sku', quantity: 1 }] },
  url: 'https://shop.example.pe/checkout/PAY-1',
  callbackUrl: 'https://shop.example.pe/callback',
  returnUrl: 'https://shop.example.pe/return',
};
const cancel = { paymentId: 'PAY-1', requestId: 1 };
const capture = { paymentId: 'PAY-1', transactionId: 'T-1', requestId: 2, value: 1500 };
const refund = { ...capture, settleId: 'S-1', requestId: 3 };
const manifest = {
  paymentMethods: [
    { name: 'Service', allowSplit: 'disabled' },
    { name: 'CreditCard', allowSplit: 'disabled' },
  ],
  customFields: [
    { name: 'Client id', type: 'text' },
    { name: 'Secret token', type: 'text' },
    { name: 'Currency', type: 'select', options: [{ text: 'PEN', value: '1' }] },
  ],
};
const without = (o: object, key: string) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));

describe('connector requests', () => {
  it.each([
    ['create, every field', CreatePaymentBody, create],
    ['create, paymentId and value only', CreatePaymentBody, { paymentId: 'PAY-1', value: 10 }],
    ['cancel', CancelPaymentBody, cancel],
    ['capture', CapturePaymentBody, capture],
    ['refund', RefundPaymentBody, refund],
    ['headers', ConnectorHeaders, { client_id: 'c', secret_token: 's', 'content-type': 'x' }],
    ['path', PaymentParams, { payment_id: 'PAY-1' }],
  ] as const)('accepts %s', (_, schema, value) => {
    expect(schema.safeParse(value).error?.issues).toBeUndefined();
  });

  it.each([
    ['create without paymentId', CreatePaymentBody, without(create, 'paymentId')],
    ['create without value', CreatePaymentBody, without(create, 'value')],
    ['create, value as a string', CreatePaymentBody, { ...create, value: '1500.50' }],
    ['create, a bad url', CreatePaymentBody, { ...create, url: 'shop/checkout' }],
    ['create, an ftp callbackUrl', CreatePaymentBody, { ...create, callbackUrl: 'ftp://s.pe/c' }],
    ['create, a bad returnUrl', CreatePaymentBody, { ...create, returnUrl: 'javascript:void 0' }],
    ['create, card as a string', CreatePaymentBody, { ...create, card: '4111' }],
    ['create, miniCart as a list', CreatePaymentBody, { ...create, miniCart: [] }],
    ['create, fractional installments', CreatePaymentBody, { ...create, installments: 1.5 }],
    ['cancel without requestId', CancelPaymentBody, without(cancel, 'requestId')],
    ['cancel, requestId as a string', CancelPaymentBody, { ...cancel, requestId: '1' }],
    ['cancel, an unknown field', CancelPaymentBody, { ...cancel, reason: 'x' }],
    ['capture, fractional value', CapturePaymentBody, { ...capture, value: 1500.5 }],
    ['capture without transactionId', CapturePaymentBody, without(capture, 'transactionId')],
    ['refund without settleId', RefundPaymentBody, without(refund, 'settleId')],
    ['refund, fractional requestId', RefundPaymentBody, { ...refund, requestId: 3.5 }],
    ['headers without secret_token', ConnectorHeaders, { client_id: 'c' }],
    ['path, empty id', PaymentParams, { payment_id: '' }],
  ] as const)('rejects %s', (_, schema, value) => {
    expect(schema.safeParse(value).success).toBe(false);
  });
});

const created = {
  paymentId: 'PAY-1',
  status: 'undefined',
  authorizationId: 'A-1',
  nsu: 'N-1',
  tid: 'T-1',
  returnURL: 'https://service.example.pe/pos?client=store-17&order=PAY-1',
};
const canceled = {
  paymentId: 'PAY-1',
  status: 'cancelled',
  message: 'Successfully cancelled',
  cancellationId: 'C-1',
  requestId: 1,
  code: 'SUCCESSFUL',
};
const refunded = {
  paymentId: 'PAY-1',
  status: 'cancelled',
  message: 'ok',
  requestId: 3,
  refundId: 'R-1',
};

describe('connector responses', () => {
  it.each([
    ['payment methods', PaymentMethodsResponse, { paymentMethods: ['Service', 'CreditCard'] }],
    ['manifest', Manifest, manifest],
    ['create', CreatePaymentResponse, created],
    ['create with null ids', CreatePaymentResponse, { ...created, nsu: null, tid: null }],
    ['cancel', CancelPaymentResponse, canceled],
    ['cancel, refund-manually', CancelPaymentResponse, { ...canceled, code: 'refund-manually' }],
    [
      'capture',
      CapturePaymentResponse,
      { paymentId: 'PAY-1', settleId: 'S-1', value: 1500, requestId: 2 },
    ],
    ['refund', RefundPaymentResponse, refunded],
    ['callback', PaymentCallbackPayload, { paymentId: 'PAY-1', status: 'approved' }],
  ] as const)('accepts %s', (_, schema, value) => {
    expect(schema.safeParse(value).error?.issues).toBeUndefined();
  });

  it.each([
    ['payment methods, unknown', PaymentMethodsResponse, { paymentMethods: ['Cash'] }],
    ['manifest, no customFields', Manifest, without(manifest, 'customFields')],
    ['create, status approved', CreatePaymentResponse, { ...created, status: 'approved' }],
    ['create, bad returnURL', CreatePaymentResponse, { ...created, returnURL: 'pos?order=1' }],
    ['cancel, status canceled', CancelPaymentResponse, { ...canceled, status: 'canceled' }],
    ['cancel, unknown code', CancelPaymentResponse, { ...canceled, code: 'FAILED' }],
    ['capture, no settleId', CapturePaymentResponse, { paymentId: 'P', value: 1, requestId: 2 }],
    ['refund, no refundId', RefundPaymentResponse, without(refunded, 'refundId')],
    ['callback, pending', PaymentCallbackPayload, { paymentId: 'PAY-1', status: 'undefined' }],
  ] as const)('rejects %s', (_, schema, value) => {
    expect(schema.safeParse(value).success).toBe(false);
  });
});

describe('connector create payment from a real platform', () => {
  it('ignores fields beyond the listed ones instead of refusing the payment', () => {
    const parsed = CreatePaymentBody.parse({ ...create, sandboxMode: true, merchantSettings: [] });
    expect(parsed).not.toHaveProperty('sandboxMode');
    expect(parsed.paymentId).toBe('PAY-1');
  });
});
