// Platform connector: a payments-provider style API for an e-commerce platform.
import { z } from 'zod';
import { defineServiceEndpoints, ErrorBody, HttpUrl, NonEmptyString, WireAmount } from './common';

/**
 * The two credential headers of every connector request (auth `connector`), keyed lower-case as
 * Node and fetch's Headers present them; not strict, since other headers come along. A missing
 * or wrong credential is a 401 (docs/decisions.md "Connector"), so check `auth` before this schema.
 */
export const ConnectorHeaders = z.object({
  client_id: NonEmptyString,
  secret_token: NonEmptyString,
});
export type ConnectorHeaders = z.infer<typeof ConnectorHeaders>;

export const PaymentMethod = z.enum(['Service', 'CreditCard']);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const PaymentMethodsResponse = z.object({ paymentMethods: z.array(PaymentMethod) });
export type PaymentMethodsResponse = z.infer<typeof PaymentMethodsResponse>;

/** Custom fields: client id (text), secret token (text), currency (select: text PEN, value 1). */
export const Manifest = z.object({
  paymentMethods: z.array(z.object({ name: z.string(), allowSplit: z.string() })),
  customFields: z.array(
    z.object({
      name: z.string(),
      type: z.string(),
      options: z.array(z.object({ text: z.string(), value: z.string() })).optional(),
    }),
  ),
});
export type Manifest = z.infer<typeof Manifest>;

const Dictionary = z.record(z.string(), z.unknown());

/** Body of `POST /payments`: `paymentId` and `value` required; card and miniCart are open. */
// Unlike the app's own requests, a payments platform sends fields of its own beyond the listed
// ones (sandbox flags, merchant settings…); refusing them would break real integrations, so the
// listed fields are checked and the rest are ignored (stripped).
export const CreatePaymentBody = z.object({
  paymentId: NonEmptyString,
  reference: z.string().optional(),
  orderId: z.string().optional(),
  shopperInteraction: z.string().optional(),
  transactionId: z.string().optional(),
  paymentMethod: z.string().optional(),
  paymentMethodCustomCode: z.string().optional(),
  merchantName: z.string().optional(),
  card: Dictionary.optional(),
  value: WireAmount.refine((n) => n > 0, { message: 'greater than 0' }),
  currency: z.string().optional(),
  installments: z.number().int().positive().optional(),
  deviceFingerprint: z.string().optional(),
  ipAddress: z.string().optional(),
  miniCart: Dictionary.optional(),
  url: HttpUrl.optional(),
  callbackUrl: HttpUrl.optional(),
  returnUrl: HttpUrl.optional(),
});
export type CreatePaymentBody = z.infer<typeof CreatePaymentBody>;

/** `status` is the string `undefined`: the outcome comes later, through `callbackUrl`. */
export const CreatePaymentResponse = z.object({
  paymentId: z.string(),
  status: z.literal('undefined'),
  authorizationId: z.string().nullish(),
  nsu: z.string().nullish(),
  tid: z.string().nullish(),
  returnURL: HttpUrl,
});
export type CreatePaymentResponse = z.infer<typeof CreatePaymentResponse>;

// Decision (docs/decisions.md "Connector"): the mock calls `callbackUrl` when the backing order is
// approved or rejected; the payload is the payment id and `approved` or `denied`.
export const PaymentCallbackPayload = z.object({
  paymentId: z.string(),
  status: z.enum(['approved', 'denied']),
});
export type PaymentCallbackPayload = z.infer<typeof PaymentCallbackPayload>;

/** Path of cancellations, settlements and refunds. Any id is well formed: unknown is a 404. */
export const PaymentParams = z.strictObject({ payment_id: NonEmptyString });
export type PaymentParams = z.infer<typeof PaymentParams>;

// Decision: the document lists these bodies' fields without marking them required; all are
// required, since each operation is echoed and made idempotent on them
// (docs/decisions.md "Connector").
const RequestId = z.number().int();

export const CancelPaymentBody = z.strictObject({
  paymentId: NonEmptyString,
  requestId: RequestId,
});
export type CancelPaymentBody = z.infer<typeof CancelPaymentBody>;

export const CancelPaymentResponse = z.object({
  paymentId: z.string(),
  status: z.literal('cancelled'),
  message: z.string(),
  cancellationId: z.string(),
  requestId: RequestId,
  code: z.enum(['refund-manually', 'SUCCESSFUL']),
});
export type CancelPaymentResponse = z.infer<typeof CancelPaymentResponse>;

export const CapturePaymentBody = z.strictObject({
  paymentId: NonEmptyString,
  transactionId: NonEmptyString,
  requestId: RequestId,
  value: z.number().int().nonnegative(),
});
export type CapturePaymentBody = z.infer<typeof CapturePaymentBody>;

export const CapturePaymentResponse = z.object({
  paymentId: z.string(),
  settleId: z.string(),
  value: z.number(),
  requestId: RequestId,
});
export type CapturePaymentResponse = z.infer<typeof CapturePaymentResponse>;

export const RefundPaymentBody = z.strictObject({
  paymentId: NonEmptyString,
  transactionId: NonEmptyString,
  settleId: NonEmptyString,
  requestId: RequestId,
  value: z.number().int().nonnegative(),
});
export type RefundPaymentBody = z.infer<typeof RefundPaymentBody>;

export const RefundPaymentResponse = z.object({
  paymentId: z.string(),
  status: z.literal('cancelled'),
  message: z.string(),
  requestId: RequestId,
  refundId: z.string(),
});
export type RefundPaymentResponse = z.infer<typeof RefundPaymentResponse>;

// Decision (docs/decisions.md "Connector"): 401 wrong credentials,
// 400 `{ error: <field problem> }`, 404 `Payment does not exist`, all `{ error }` bodies.
const readErrors = { 401: ErrorBody };
const writeErrors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

const connector = { auth: 'connector', headers: ConnectorHeaders } as const;

export const connectorEndpoints = defineServiceEndpoints({
  paymentMethods: {
    ...connector,
    method: 'GET',
    path: '/payment-methods',
    summary: 'Payment methods offered (Service, CreditCard)',
    response: PaymentMethodsResponse,
    errors: readErrors,
    description: 'The platform connector: the payment methods this provider offers.',
    sample: { paymentMethods: ['Service', 'CreditCard'] },
    example: {},
  },
  manifest: {
    ...connector,
    method: 'GET',
    path: '/manifest',
    summary: 'Connector manifest: payment methods and custom fields',
    response: Manifest,
    errors: readErrors,
    description: 'The platform connector: the provider’s manifest (methods and custom fields).',
    sample: {
      paymentMethods: [{ name: 'Service', allowSplit: 'disabled' }],
      customFields: [
        { name: 'Client id', type: 'text' },
        { name: 'Secret token', type: 'text' },
      ],
    },
    example: {},
  },
  createPayment: {
    ...connector,
    method: 'POST',
    path: '/payments',
    summary: 'Create payment (idempotent on paymentId); returnURL continues the process',
    body: CreatePaymentBody,
    response: CreatePaymentResponse,
    errors: { 400: ErrorBody, 401: ErrorBody },
    description:
      'Creates a payment backed by an order whose `order_id` is the `paymentId`; `status` is ' +
      '`undefined` until the order is approved or rejected, when `callbackUrl` is called. ' +
      'Idempotent on `paymentId`.',
    sample: {
      paymentId: 'PAY-1',
      status: 'undefined',
      authorizationId: null,
      nsu: null,
      tid: null,
      returnURL: 'http://127.0.0.1:4010/pos?client=mock-client&order=PAY-1',
    },
    example: { body: { paymentId: 'PAY-1', value: 10, callbackUrl: 'http://127.0.0.1:9/cb' } },
  },
  cancelPayment: {
    ...connector,
    method: 'POST',
    path: '/payments/{payment_id}/cancellations',
    summary: 'Cancel payment (idempotent on requestId)',
    params: PaymentParams,
    body: CancelPaymentBody,
    response: CancelPaymentResponse,
    errors: writeErrors,
    description: 'Cancels a payment; idempotent on `requestId` (a repeat gets the first answer).',
    sample: {
      paymentId: 'PAY-1',
      status: 'cancelled',
      message: 'Successfully cancelled',
      cancellationId: 'C-1',
      requestId: 1,
      code: 'SUCCESSFUL',
    },
    example: { params: { payment_id: 'PAY-1' }, body: { paymentId: 'PAY-1', requestId: 1 } },
  },
  capturePayment: {
    ...connector,
    method: 'POST',
    path: '/payments/{payment_id}/settlements',
    summary: 'Capture payment (idempotent on requestId)',
    params: PaymentParams,
    body: CapturePaymentBody,
    response: CapturePaymentResponse,
    errors: writeErrors,
    description: 'Settles an approved payment; idempotent on `requestId`.',
    sample: { paymentId: 'PAY-3', settleId: 'ST-1', value: 10, requestId: 7 },
    example: {
      params: { payment_id: 'PAY-3' },
      body: { paymentId: 'PAY-3', transactionId: 'PAY-3', requestId: 7, value: 10 },
    },
  },
  refundPayment: {
    ...connector,
    method: 'POST',
    path: '/payments/{payment_id}/refunds',
    summary: 'Refund payment (idempotent on requestId)',
    params: PaymentParams,
    body: RefundPaymentBody,
    response: RefundPaymentResponse,
    errors: writeErrors,
    description: 'Refunds a settled payment; idempotent on `requestId`.',
    sample: {
      paymentId: 'PAY-3',
      status: 'cancelled',
      message: 'Successfully refunded',
      requestId: 8,
      refundId: 'R-1',
    },
    example: {
      params: { payment_id: 'PAY-3' },
      body: {
        paymentId: 'PAY-3',
        transactionId: 'PAY-3',
        settleId: 'ST-1',
        requestId: 8,
        value: 10,
      },
    },
  },
});
