// The integration API's wire shapes (docs/integration-api.md): what the store's invoicing system
// (the till) sends to Mostrador and what it reads back. The server validates with these, the
// OpenAPI document is generated from them, and the renderer's queue shows the same record.
import { z } from 'zod';
import { WireAmount } from '../api/common';
import { Dni, Ruc } from '../api/in-store';
import { centsFromWire } from '../domain/money';

/** The till's own key of a sale: what makes a retried POST the same request, never a second sale. */
export const RequestId = z
  .string()
  .regex(/^[A-Za-z0-9._-]{1,64}$/, { message: '1 to 64 characters A-Z a-z 0-9 . _ -' })
  // `.` and `..` are path segments every URL parser folds away: no GET or cancel could reach them.
  .regex(/^(?!\.\.?$)/, { message: 'must not be . or ..' });

export const DocumentType = z.enum(['boleta', 'factura']);
export const SaleDocument = z.strictObject({
  type: DocumentType,
  /** The till's number of the invoice it will issue (e.g. B001-000123), shown to the cashier. */
  number: z
    .string()
    .regex(/^[A-Za-z0-9 ./_-]{1,40}$/, { message: '1 to 40 characters A-Z a-z 0-9 space . / _ -' })
    .optional(),
});
export type SaleDocument = z.infer<typeof SaleDocument>;

export const SaleIdentity = z.union([z.strictObject({ dni: Dni }), z.strictObject({ ruc: Ruc })]);
export type SaleIdentity = z.infer<typeof SaleIdentity>;

/**
 * Where the final state is POSTed: plain HTTP to this machine's 127.0.0.1 only, so a callback
 * can never carry a sale off the counter's PC.
 */
export const CallbackUrl = z
  .string()
  .max(500)
  .refine(isLoopbackCallback, { message: 'an http://127.0.0.1[:port]/… address' });

const LOOPBACK_URL =
  /^http:\/\/127\.0\.0\.1(?::(\d{1,5}))?(?:\/[A-Za-z0-9._~!$&'()*+,;=:@%/?-]*)?$/;

export function isLoopbackCallback(text: string): boolean {
  const match = LOOPBACK_URL.exec(text);
  if (!match) return false;
  const port = match[1] === undefined ? 80 : Number(match[1]);
  return port >= 1 && port <= 65535;
}

/** A positive amount in soles with at most 2 decimals. */
export const BilledAmount = WireAmount.refine((n) => (centsFromWire(n) ?? 0) > 0, {
  message: 'a positive amount with at most 2 decimals',
});

export const SaleRequestBody = z.strictObject({
  request_id: RequestId,
  billed_amount: BilledAmount,
  document: SaleDocument.optional(),
  identity: SaleIdentity.optional(),
  callback_url: CallbackUrl.optional(),
});
export type SaleRequestBody = z.infer<typeof SaleRequestBody>;

export const SaleRequestState = z.enum([
  'waiting',
  'verified',
  'billed',
  'refused',
  'unknown',
  'canceled',
]);
export type SaleRequestState = z.infer<typeof SaleRequestState>;

/** States after which nothing changes: the callback is sent on each. */
export const FINAL_STATES: readonly SaleRequestState[] = ['billed', 'refused', 'canceled'];
export const isFinalState = (state: SaleRequestState) => FINAL_STATES.includes(state);

export const SaleRequestError = z.object({
  category: z.string(),
  /** The service's exact message when it gave one. */
  message: z.string(),
});

export const SaleRequest = z.object({
  request_id: RequestId,
  state: SaleRequestState,
  /** Changes whenever anything in the record changes: send it back in If-None-Match to wait. */
  etag: z.string(),
  billed_amount: z.number(),
  amount_to_collect: z.number().optional(),
  collected_amount: z.number().optional(),
  funding_code: z.string().optional(),
  identity: z.union([z.object({ dni: z.string() }), z.object({ ruc: z.string() })]).optional(),
  installments: z.object({ number: z.int(), amount: z.number() }).optional(),
  document: SaleDocument.optional(),
  error: SaleRequestError.optional(),
  /** Who canceled it: the till (POST …/cancel) or the cashier at the counter. */
  canceled_by: z.enum(['till', 'cashier']).optional(),
  /** True when the terminal was in training: no money moved, issue no real invoice. */
  training: z.boolean(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type SaleRequest = z.infer<typeof SaleRequest>;

export const IntegrationError = z.object({ error: z.string() });

/** The longest a GET may hold its answer: under the 60 s many HTTP clients give up at. */
/**
 * Sale requests open at once (waiting or verified, both modes). One more is answered 429 until
 * one is billed, refused or canceled: a till in a loop cannot bury the cashier's queue.
 */
export const MAX_OPEN_SALE_REQUESTS = 100;

export const MAX_WAIT_SECONDS = 55;
/**
 * Long waits (`wait` over 0) held at once; one more is answered 429 at once, so waits can never
 * take every connection the API allows (docs/integration-api.md).
 */
export const MAX_LONG_WAITS = 16;
export const WaitQuery = z.strictObject({
  wait: z
    .string()
    .regex(/^\d{1,2}$/, { message: `whole seconds from 0 to ${MAX_WAIT_SECONDS}` })
    .refine((text) => Number(text) <= MAX_WAIT_SECONDS, {
      message: `whole seconds from 0 to ${MAX_WAIT_SECONDS}`,
    })
    .optional(),
});

export const MAX_BODY_BYTES = 16 * 1024;
