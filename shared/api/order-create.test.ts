import { describe, expect, it } from 'vitest';
import { isExpirationTimestamp, OrderCreateParams } from './order-create';

const minimal = {
  amount: 1500.5,
  order_id: 'ORD-0001',
  pos_client_id: 'store-17',
  url_redir_on_canceled: 'https://shop.example.pe/canceled',
  url_redir_on_rejected: 'https://shop.example.pe/rejected',
  url_redir_on_success: 'https://shop.example.pe/success',
  url_redir_on_downpayment: 'https://shop.example.pe/downpayment',
};
const product = {
  sku: 'TV-55',
  name: 'TV 55"',
  unit_price_after_discount: 1400,
  quantity: 1,
  discount: 100,
  brand: 'Acme',
  category: 'TV',
  warranty_months: 12,
  product_stage: 'new',
};
const payment = {
  dni: '12345678',
  amount: '250.00',
  payment_time: '2026-01-15 10:00:00',
  payment_detail: 'cuota 2',
  subscription_plan: false,
};
const full = {
  ...minimal,
  service_send_sms: true,
  expiration_ts: '2026-03-10 23:59:59.999',
  description: 'TV 55"',
  url_redir_on_order_detail: 'http://127.0.0.1:4010/orders/ORD-0001',
  financed_products: [
    product,
    { sku: 'B', name: 'Bracket', unit_price_after_discount: 100, quantity: 2 },
  ],
  customer_6m_payments: [payment],
  customer_data: { name: 'Ana', dni: '12345678', email: 'ana@example.pe', merchant_reference: 'X' },
};
const without = (o: object, key: string) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));

describe('OrderCreateParams', () => {
  it.each([
    ['the required fields only', minimal],
    ['every field of the table', full],
  ])('accepts %s', (_, body) => {
    expect(OrderCreateParams.safeParse(body).error?.issues).toBeUndefined();
  });

  type Case = readonly [string, unknown];
  const rejected: Case[] = [
    ...Object.keys(minimal).map((k): Case => [`missing ${k}`, without(minimal, k)]),
    ['amount as a string', { ...minimal, amount: '1500.50' }],
    ['amount with 3 decimals', { ...minimal, amount: 10.005 }],
    ['amount zero', { ...minimal, amount: 0 }],
    ['order_id empty', { ...minimal, order_id: '' }],
    ['order_id as a number', { ...minimal, order_id: 17 }],
    ['service_send_sms as a string', { ...minimal, service_send_sms: 'False' }],
    ['an ftp URL', { ...minimal, url_redir_on_success: 'ftp://shop.example.pe/x' }],
    ['a javascript: URL', { ...minimal, url_redir_on_canceled: 'javascript:alert(1)' }],
    ['a relative URL', { ...minimal, url_redir_on_rejected: '/rejected' }],
    ['a bad optional URL', { ...minimal, url_redir_on_order_detail: 'not a url' }],
    ['an unknown field', { ...minimal, currency: 'PEN' }],
    ['the other spelling customer_6m_payment', { ...minimal, customer_6m_payment: [payment] }],
    ['a product without sku', { ...minimal, financed_products: [without(product, 'sku')] }],
    [
      'a bad product_stage',
      { ...minimal, financed_products: [{ ...product, product_stage: 'old' }] },
    ],
    ['a fractional quantity', { ...minimal, financed_products: [{ ...product, quantity: 1.5 }] }],
    ['an unknown product field', { ...minimal, financed_products: [{ ...product, color: 'red' }] }],
    ['financed_products not a list', { ...minimal, financed_products: product }],
    ...Object.keys(payment).map(
      (k): Case => [
        `a 6-month payment without ${k}`,
        { ...minimal, customer_6m_payments: [without(payment, k)] },
      ],
    ),
    [
      'a numeric 6-month amount',
      { ...minimal, customer_6m_payments: [{ ...payment, amount: 250 }] },
    ],
    ['customer_data with a number', { ...minimal, customer_data: { phone: 999888777 } }],
    ['customer_data with an unknown key', { ...minimal, customer_data: { age: '30' } }],
    ['a bad expiration_ts', { ...minimal, expiration_ts: '2026-03-10T23:59:59.999Z' }],
  ];
  it.each(rejected)('rejects %s', (_, body) => {
    expect(OrderCreateParams.safeParse(body).success).toBe(false);
  });

  it('lists its fields in the order of the document table', () => {
    expect(Object.keys(OrderCreateParams.shape).slice(0, 4)).toEqual([
      'amount',
      'order_id',
      'pos_client_id',
      'service_send_sms',
    ]);
  });
});

describe('expiration_ts', () => {
  it.each(['2026-03-10 23:59:59.999', '2024-02-29 00:00:00.000'])('accepts %s', (ts) => {
    expect(isExpirationTimestamp(ts)).toBe(true);
  });
  it.each([
    '2026-03-10 23:59:59',
    '2026-03-10 23:59:59.99',
    '2026-03-10T23:59:59.999',
    '2026-03-10 23:59:59.999Z',
    '2026-3-10 23:59:59.999',
    '2025-02-29 12:00:00.000',
    '2026-04-31 12:00:00.000',
    '2026-03-10 24:00:00.000',
    '2026-03-10 12:60:00.000',
    '2026-03-10 12:00:60.000',
    '',
  ])('rejects %s', (ts) => {
    expect(isExpirationTimestamp(ts)).toBe(false);
  });
});
