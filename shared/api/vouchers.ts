// Bank-transfer voucher registration: register, cancel, read status, and the webhook callback.
import { z } from 'zod';
import { defineServiceEndpoints, HttpUrl, IsoDate, NonEmptyString, WireAmount } from './common';
import { VOUCHERS } from './messages';

/** Decision (docs/decisions.md "Vouchers"): `request_id` is a 24-character lowercase hex id. */
export const VoucherRequestId = z
  .string()
  .regex(/^[0-9a-f]{24}$/, { message: '24 hexadecimal characters' });

export const VoucherStatus = z.enum(['PENDING', 'VALIDATED', 'INVALID', 'CANCELED']);
export type VoucherStatus = z.infer<typeof VoucherStatus>;

/** Body of `POST /vouchers/unchecked_payment/register`; the data is referential. */
export const RegisterVoucherBody = z.strictObject({
  amount: WireAmount.refine((n) => n > 0, { message: 'greater than 0' }),
  date: IsoDate,
  operation_number: NonEmptyString,
  bank_account_id: NonEmptyString,
  order_id: NonEmptyString,
  webhook: HttpUrl,
  customer_dni: NonEmptyString,
  customer_fullname: NonEmptyString,
  /** Any URL is accepted here: a format outside the list makes the voucher INVALID, not a 400. */
  receipt: HttpUrl,
  detail: z.string().optional(),
  /** Structure not shown; may be ignored by the service. */
  extra: z.record(z.string(), z.unknown()).optional(),
});
export type RegisterVoucherBody = z.infer<typeof RegisterVoucherBody>;

export const RegisterVoucherResponse = z.object({ request_id: VoucherRequestId });
export type RegisterVoucherResponse = z.infer<typeof RegisterVoucherResponse>;

/** Path of cancel and get-status. Any id is well formed: an unknown one is a 404. */
export const VoucherParams = z.strictObject({ request_id: NonEmptyString });
export type VoucherParams = z.infer<typeof VoucherParams>;

export const CancelVoucherBody = z.strictObject({ expected_status: VoucherStatus });
export type CancelVoucherBody = z.infer<typeof CancelVoucherBody>;

export const CancelVoucherResponse = z.object({ canceled: z.literal(true) });
export type CancelVoucherResponse = z.infer<typeof CancelVoucherResponse>;

/** Cancel's 400: the real status, so the caller can resend with it. */
export const CancelVoucherRefusal = z.object({
  canceled: z.literal(false),
  error_code: z.literal(VOUCHERS.invalidStatus),
  error_detail: z.string(),
  // The document lists PENDING, VALIDATED or INVALID (the cancellable states); CANCELED is read
  // too so that refusing to cancel an already canceled voucher can still report it.
  extra_data: z.object({ status: VoucherStatus }),
});
export type CancelVoucherRefusal = z.infer<typeof CancelVoucherRefusal>;

/** `GET /vouchers/unchecked_payment/info/{request_id}`: the voucher without `extra`. */
export const Voucher = z.object({
  request_id: VoucherRequestId,
  amount: WireAmount,
  date: IsoDate,
  operation_number: z.string(),
  bank_account_id: z.string(),
  order_id: z.string(),
  detail: z.string().nullish(),
  status: VoucherStatus,
  // Taken from the bank's records, so absent until the voucher is matched.
  bank_operation_number: z.string().nullish(),
});
export type Voucher = z.infer<typeof Voucher>;

/** Register 400: a plain string describing the error (invalid JSON or invalid field data). */
export const RegisterVoucherError = z.string();
/** 401 shows an empty body and 404 no body at all: nothing in them is read. */
export const VoucherEmptyError = z.unknown();

// Decision (docs/decisions.md "Webhooks"): the callback is JSON with request_id, order_id, status
// and, once VALIDATED, the corrected fields; it is signed the Standard Webhooks way.
const corrected = {
  amount: WireAmount,
  date: IsoDate,
  operation_number: z.string(),
  bank_account_id: z.string(),
  bank_operation_number: z.string().nullish(),
};
export const VoucherWebhookPayload = z.discriminatedUnion('status', [
  z.object({
    request_id: VoucherRequestId,
    order_id: z.string(),
    status: z.literal('VALIDATED'),
    ...corrected,
  }),
  z.object({ request_id: VoucherRequestId, order_id: z.string(), status: z.literal('INVALID') }),
]);
export type VoucherWebhookPayload = z.infer<typeof VoucherWebhookPayload>;

/** The Standard Webhooks signature headers of the callback (lower-case, as Node reads them). */
export const VoucherWebhookHeaders = z.object({
  'webhook-id': NonEmptyString,
  'webhook-timestamp': z.string().regex(/^\d+$/),
  'webhook-signature': NonEmptyString,
});
export type VoucherWebhookHeaders = z.infer<typeof VoucherWebhookHeaders>;

export const voucherEndpoints = defineServiceEndpoints({
  registerVoucher: {
    method: 'POST',
    path: '/vouchers/unchecked_payment/register',
    summary: 'Register a bank-transfer voucher (validated later, webhook called back)',
    auth: 'bearer',
    body: RegisterVoucherBody,
    response: RegisterVoucherResponse,
    errors: { 400: RegisterVoucherError, 401: VoucherEmptyError },
    description:
      'Registers a bank transfer voucher, `PENDING` until reviewed; a receipt whose path does ' +
      'not end in a listed format is `INVALID` at once. Errors are plain text.',
    sample: { request_id: '6650f1c2a9b3e4d5f6a7b8c9' },
    example: {
      body: {
        amount: 250.5,
        date: '2026-03-04',
        operation_number: '00123456',
        bank_account_id: '193-2045678-0-11',
        order_id: 'V-1001',
        webhook: 'http://127.0.0.1:9/hooks/voucher',
        customer_dni: '12345678',
        customer_fullname: 'Ana Quispe',
        receipt: 'https://cdn.example.pe/receipts/V-1001.jpg',
      },
    },
  },
  cancelVoucher: {
    method: 'POST',
    path: '/vouchers/unchecked_payment/cancel/{request_id}',
    summary: 'Cancel a voucher whose status is expected_status',
    auth: 'bearer',
    params: VoucherParams,
    body: CancelVoucherBody,
    response: CancelVoucherResponse,
    errors: { 400: CancelVoucherRefusal, 401: VoucherEmptyError, 404: VoucherEmptyError },
    description:
      'Cancels a voucher in the `expected_status`; another status answers `invalid_status`.',
    sample: { canceled: true },
    example: {
      params: { request_id: '6650f1c2a9b3e4d5f6a7b8c9' },
      body: { expected_status: 'PENDING' },
    },
  },
  getVoucher: {
    method: 'GET',
    path: '/vouchers/unchecked_payment/info/{request_id}',
    summary: 'Get voucher status (the voucher without extra)',
    auth: 'bearer',
    params: VoucherParams,
    response: Voucher,
    errors: { 401: VoucherEmptyError, 404: VoucherEmptyError },
    description: 'The voucher by its 24-hex-character `request_id`.',
    sample: {
      request_id: '6650f1c2a9b3e4d5f6a7b8c9',
      amount: 250.5,
      date: '2026-03-04',
      operation_number: '00123456',
      bank_account_id: '193-2045678-0-11',
      order_id: 'V-1001',
      detail: null,
      status: 'PENDING',
      bank_operation_number: null,
    },
    example: { params: { request_id: '6650f1c2a9b3e4d5f6a7b8c9' } },
  },
});
