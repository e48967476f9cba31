import { describe, expect, it } from 'vitest';
import {
  CancelOrderResponse,
  ConfirmOrderResponse,
  CreateOrderResponse,
  Order,
  OrderParams,
  PartialRefundBody,
  PartialRefundResult,
  RefundHeaders,
  TotalRefundBody,
  TotalRefundResult,
} from './orders';

const without = (o: object, key: string) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));

const order = {
  amount: 1500.5,
  expiration_ts: '2026-03-10 23:59:59.999',
  url_redir_on_canceled: 'https://shop.example.pe/canceled',
  url_redir_on_rejected: 'https://shop.example.pe/rejected',
  url_redir_on_success: 'https://shop.example.pe/success',
  order_id: 'ORD-0001',
  customer_data: { name: 'Ana' },
  description: 'TV',
  pos_client_id: 'store-17',
  confirmed: false,
  status: 'initial',
  magic_link:
    'https://service.example.pe/pos?client=store-17&service_order=65f0c0ffee0000000000abcd',
};
const refund = {
  refund_method: 'transfer',
  tracking_id: 'TRK-1',
  status: 'success',
  successful: true,
};

describe('order responses', () => {
  it.each([
    [
      'create: new_order',
      CreateOrderResponse,
      { redirect_to: order.magic_link, status: 'new_order' },
    ],
    [
      'create: already_created',
      CreateOrderResponse,
      { redirect_to: order.magic_link, status: 'already_created' },
    ],
    ['order', Order, order],
    [
      'order with null optional fields',
      Order,
      { ...order, customer_data: null, description: null },
    ],
    ['order, funded and confirmed', Order, { ...order, status: 'funded', confirmed: true }],
    ['total refund: success', TotalRefundResult, refund],
    [
      'total refund: already_refunded',
      TotalRefundResult,
      { ...refund, status: 'already_refunded' },
    ],
    [
      'partial refund: decreased_debt',
      PartialRefundResult,
      { ...refund, refund_method: 'card', status: 'decreased_debt' },
    ],
    ['cancel now', CancelOrderResponse, { modified_orders: 1 }],
    ['cancel before', CancelOrderResponse, { result: 'Already canceled' }],
    ['confirm', ConfirmOrderResponse, { modified_orders: 1 }],
  ] as const)('accepts %s', (_, schema, value) => {
    expect(schema.safeParse(value).error?.issues).toBeUndefined();
  });

  it.each([
    [
      'create: unknown status',
      CreateOrderResponse,
      { redirect_to: order.magic_link, status: 'created' },
    ],
    ['create: no redirect_to', CreateOrderResponse, { status: 'new_order' }],
    ['order: unknown status', Order, { ...order, status: 'paid' }],
    ['order: missing confirmed', Order, without(order, 'confirmed')],
    ['order: bad magic_link', Order, { ...order, magic_link: 'ftp://x.pe' }],
    ['total refund: decreased_debt', TotalRefundResult, { ...refund, status: 'decreased_debt' }],
    [
      'partial refund: already_refunded',
      PartialRefundResult,
      { ...refund, status: 'already_refunded' },
    ],
    ['refund: unknown method', TotalRefundResult, { ...refund, refund_method: 'cash' }],
    ['refund: not successful', TotalRefundResult, { ...refund, successful: false }],
    ['refund: no tracking_id', TotalRefundResult, without(refund, 'tracking_id')],
    ['cancel: modified_orders 2', CancelOrderResponse, { modified_orders: 2 }],
    ['cancel: neither shape', CancelOrderResponse, {}],
    ['confirm: result text', ConfirmOrderResponse, { result: 'done' }],
  ] as const)('rejects %s', (_, schema, value) => {
    expect(schema.safeParse(value).success).toBe(false);
  });
});

describe('refund requests', () => {
  it.each([
    ['total refund body', TotalRefundBody, { author: 'sup-01', reason: 'returned' }],
    ['partial refund body', PartialRefundBody, { amount: 120.5, author: 'sup-01', reason: 'part' }],
    // Zero and negative amounts reach the service, which answers its exact refusal.
    ['partial refund of 0', PartialRefundBody, { amount: 0, author: 'a', reason: 'r' }],
    ['partial refund of -5', PartialRefundBody, { amount: -5, author: 'a', reason: 'r' }],
    ['refund headers', RefundHeaders, { 'x-unique-token': 'u-1', authorization: 'Bearer t' }],
    ['order params', OrderParams, { order_id: 'ORD-0001' }],
  ] as const)('accepts %s', (_, schema, value) => {
    expect(schema.safeParse(value).error?.issues).toBeUndefined();
  });

  it.each([
    ['total refund without reason', TotalRefundBody, { author: 'sup-01' }],
    ['total refund with empty author', TotalRefundBody, { author: '', reason: 'r' }],
    [
      'total refund with an unknown field',
      TotalRefundBody,
      { author: 'a', reason: 'r', amount: 1 },
    ],
    ['partial refund without amount', PartialRefundBody, { author: 'a', reason: 'r' }],
    [
      'partial refund amount as string',
      PartialRefundBody,
      { amount: '10', author: 'a', reason: 'r' },
    ],
    [
      'partial refund with 3 decimals',
      PartialRefundBody,
      { amount: 1.005, author: 'a', reason: 'r' },
    ],
    ['refund headers without the token', RefundHeaders, { authorization: 'Bearer t' }],
    ['refund headers with an empty token', RefundHeaders, { 'x-unique-token': '' }],
    ['order params with an extra key', OrderParams, { order_id: 'A', x: 'y' }],
  ] as const)('rejects %s', (_, schema, value) => {
    expect(schema.safeParse(value).success).toBe(false);
  });
});
