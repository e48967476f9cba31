// Online orders: create, read, total and partial refund, cancel, confirm.
import { z } from 'zod';
import { centsFromWire, MAX_CENTS } from '../domain/money';
import { defineServiceEndpoints, ErrorBody, HttpUrl, NonEmptyString, WireAmount } from './common';
import { OrderCreateParams } from './order-create';

export * from './order-create';

export const CreateOrderStatus = z.enum(['new_order', 'already_created']);

export const CreateOrderResponse = z.object({
  redirect_to: HttpUrl,
  status: CreateOrderStatus,
});
export type CreateOrderResponse = z.infer<typeof CreateOrderResponse>;

export const OrderStatus = z.enum([
  'initial',
  'created',
  'approved',
  'onhold',
  'validated',
  'funded',
  'rejected',
  'canceled',
]);
export type OrderStatus = z.infer<typeof OrderStatus>;

/** `GET /pos/order/{order_id}`. */
export const Order = z.object({
  amount: WireAmount,
  // The document types it "time" without a format; the mock sends the create format.
  expiration_ts: z.string(),
  url_redir_on_canceled: HttpUrl,
  url_redir_on_rejected: HttpUrl,
  url_redir_on_success: HttpUrl,
  order_id: z.string(),
  // Optional at creation, so possibly absent or null when read back.
  customer_data: z.record(z.string(), z.unknown()).nullish(),
  description: z.string().nullish(),
  pos_client_id: z.string(),
  confirmed: z.boolean(),
  status: OrderStatus,
  magic_link: HttpUrl,
});
export type Order = z.infer<typeof Order>;

/** Path of every per-order endpoint. Any id is well formed: an unknown one is a 404. */
export const OrderParams = z.strictObject({ order_id: NonEmptyString });
export type OrderParams = z.infer<typeof OrderParams>;

/** The documented spelling; HTTP header names are case-insensitive. */
export const UNIQUE_TOKEN_HEADER = 'X-Unique-Token';

// Header schemas are keyed lower-case, as Node, Fastify and fetch's Headers present them, and
// are not strict: every request also carries Authorization, Content-Type, Host and the like.
export const RefundHeaders = z.object({ 'x-unique-token': NonEmptyString });
export type RefundHeaders = z.infer<typeof RefundHeaders>;

export const TotalRefundBody = z.strictObject({ author: NonEmptyString, reason: NonEmptyString });
export type TotalRefundBody = z.infer<typeof TotalRefundBody>;

// The amount is only a number with at most 2 decimals here: "greater than 0" and "less than the
// approved amount" are the service's own refusals with exact messages (ORDERS in messages.ts),
// so the schema must let a zero or negative amount through to earn them.
export const PartialRefundBody = z.strictObject({
  // Past MAX_CENTS a double carries no cents to check (1e308 is a valid JSON number): such an
  // amount is well-formed and simply above any approved amount (docs/decisions.md "Refunds").
  amount: z.number().refine((n) => n <= 0 || n * 100 > MAX_CENTS || centsFromWire(n) !== null, {
    message: 'at most 2 decimals',
  }),
  author: NonEmptyString,
  reason: NonEmptyString,
});
export type PartialRefundBody = z.infer<typeof PartialRefundBody>;

export const RefundMethod = z.enum(['transfer', 'card']);

const refundResult = <S extends [string, ...string[]]>(statuses: S) =>
  z.object({
    refund_method: RefundMethod,
    tracking_id: z.string(),
    status: z.enum(statuses),
    successful: z.literal(true),
  });

export const TotalRefundResult = refundResult(['success', 'already_refunded']);
export type TotalRefundResult = z.infer<typeof TotalRefundResult>;
export const PartialRefundResult = refundResult(['success', 'decreased_debt']);
export type PartialRefundResult = z.infer<typeof PartialRefundResult>;

export const ModifiedOrders = z.object({ modified_orders: z.literal(1) });
/** Canceled now, or `{ result }` with a text saying it was canceled before. */
export const CancelOrderResponse = z.union([ModifiedOrders, z.object({ result: z.string() })]);
export type CancelOrderResponse = z.infer<typeof CancelOrderResponse>;
export const ConfirmOrderResponse = ModifiedOrders;
export type ConfirmOrderResponse = z.infer<typeof ConfirmOrderResponse>;

const perOrderErrors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

export const ordersEndpoints = defineServiceEndpoints({
  createOrder: {
    method: 'POST',
    path: '/pos/order/create',
    summary: 'Create order (a repeated order_id answers already_created)',
    auth: 'bearer',
    body: OrderCreateParams,
    response: CreateOrderResponse,
    errors: { 400: ErrorBody, 401: ErrorBody },
    description:
      'Creates a financing order; `magic_link` is where the customer applies. A repeated ' +
      '`order_id` with the same body, or any body while still `initial`, answers ' +
      '`already_created`; a different body later answers `Cannot modify order`.',
    sample: {
      redirect_to:
        'http://127.0.0.1:4010/pos?client=mock-client&service_order=65f0c0ffee0000000000abcd',
      status: 'new_order',
    },
    example: {
      body: {
        amount: 1000,
        order_id: 'WEB-1',
        pos_client_id: 'mock-client',
        url_redir_on_canceled: 'https://shop.example.pe/c',
        url_redir_on_rejected: 'https://shop.example.pe/r',
        url_redir_on_success: 'https://shop.example.pe/s',
        url_redir_on_downpayment: 'https://shop.example.pe/d',
      },
    },
  },
  getOrder: {
    method: 'GET',
    path: '/pos/order/{order_id}',
    summary: 'Get order information',
    auth: 'bearer',
    params: OrderParams,
    response: Order,
    errors: { 401: ErrorBody, 404: ErrorBody },
    description:
      'The order by the merchant’s `order_id`. `GET /pos/order/info-steps` is this operation ' +
      '(the order "info-steps"), never the info steps of a client named "order".',
    sample: {
      amount: 1000,
      expiration_ts: '2026-03-12 10:00:00.000',
      url_redir_on_canceled: 'https://shop.example.pe/c',
      url_redir_on_rejected: 'https://shop.example.pe/r',
      url_redir_on_success: 'https://shop.example.pe/s',
      order_id: 'WEB-1',
      customer_data: null,
      description: null,
      pos_client_id: 'mock-client',
      confirmed: false,
      status: 'initial',
      magic_link:
        'http://127.0.0.1:4010/pos?client=mock-client&service_order=65f0c0ffee0000000000abcd',
    },
    example: { params: { order_id: 'WEB-1' } },
  },
  totalRefund: {
    method: 'POST',
    path: '/pos/order/{order_id}/total-refund',
    summary: 'Total refund (one X-Unique-Token per refund transaction)',
    auth: 'bearer',
    params: OrderParams,
    headers: RefundHeaders,
    body: TotalRefundBody,
    response: TotalRefundResult,
    errors: perOrderErrors,
    description:
      'Refunds a confirmed or funded order in full. Replayed unchanged for a repeated ' +
      '`X-Unique-Token`; a second total refund with a new token answers `already_refunded`.',
    sample: { refund_method: 'card', tracking_id: 'T-1', status: 'success', successful: true },
    example: {
      params: { order_id: 'WEB-1' },
      headers: { 'X-Unique-Token': 't-5' },
      body: { author: 'ana', reason: 'devolución' },
    },
  },
  partialRefund: {
    method: 'POST',
    path: '/pos/order/{order_id}/partial-refund',
    summary: 'Partial refund of an amount (several may be made)',
    auth: 'bearer',
    params: OrderParams,
    headers: RefundHeaders,
    body: PartialRefundBody,
    response: PartialRefundResult,
    errors: perOrderErrors,
    description:
      'Refunds part of a confirmed or funded order: `decreased_debt` when the amount only ' +
      'lowers the debt, `success` when money goes back to the customer.',
    sample: {
      refund_method: 'card',
      tracking_id: 'T-2',
      status: 'decreased_debt',
      successful: true,
    },
    example: {
      params: { order_id: 'WEB-1' },
      headers: { 'X-Unique-Token': 't-1' },
      body: { amount: 100, author: 'ana', reason: 'devolución' },
    },
  },
  cancelOrder: {
    method: 'POST',
    path: '/pos/order/{order_id}/cancel',
    summary: 'Cancel order (refused once confirmed)',
    auth: 'bearer',
    params: OrderParams,
    response: CancelOrderResponse,
    errors: perOrderErrors,
    description: 'Cancels an order that is not funded yet.',
    sample: { modified_orders: 1 },
    example: { params: { order_id: 'WEB-2' } },
  },
  confirmOrder: {
    method: 'POST',
    path: '/pos/order/{order_id}/confirm',
    summary: 'Confirm order (only approved, not funded)',
    auth: 'bearer',
    params: OrderParams,
    response: ConfirmOrderResponse,
    errors: perOrderErrors,
    description:
      '`approved` or `validated` orders become confirmed (`validated` becomes `funded`); ' +
      'earlier states answer `Cannot confirm an order before it is approved`.',
    sample: { modified_orders: 1 },
    example: { params: { order_id: 'WEB-1' } },
  },
});
