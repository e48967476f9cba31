// In-store down payment, v3 and v2 (and the v2-shaped `/mock/` test endpoints).
import { z } from 'zod';
import { isValidDni, isValidFundingCode, isValidRuc } from '../domain/identity';
import {
  defineServiceEndpoints,
  EmptyOk,
  ErrorBody,
  FieldErrorsBody,
  IsoDate,
  WireAmount,
} from './common';

const BASE = '/pos/client/inhouse-downpayment';

// The regexes are what the JSON Schema of the document can say; the refinements the rest (the
// RUC's check digit).
export const Dni = z
  .string()
  .regex(/^[0-9]{8}$/)
  .refine(isValidDni, { message: 'exactly 8 digits' });
export const Ruc = z
  .string()
  .regex(/^(10|15|17|20)[0-9]{9}$/)
  .refine(isValidRuc, { message: '11 digits with a valid check digit' });
export const FundingCode = z
  .string()
  .regex(/^[A-Z0-9]{6}$/)
  .refine(isValidFundingCode, { message: '6 characters A–Z, 0–9' });
/**
 * The `cashier_id` the service takes in Verify and Paid-and-billed: SERVICE-API says only "string";
 * the client and the mock bound it to 1–64 characters after trimming. What a cashier may type at
 * this terminal is the stricter `CashierCode` (shared/bridge/settings.ts), built on this one so
 * every code the terminal sends is one the service takes (docs/decisions.md "Two cashier
 * schemas: what the service takes, what a cashier types (issue 22, item 3)").
 */
export const ServiceCashierId = z.string().trim().min(1).max(64);

/** `dni` or `ruc` (never both) and the funding code: the identification every call carries. */
export const IdentificationFields = {
  dni: Dni.optional(),
  ruc: Ruc.optional(),
  funding_code: FundingCode,
};

const exactlyOneIdentity = (body: { dni?: string | undefined; ruc?: string | undefined }) =>
  (body.dni === undefined) !== (body.ruc === undefined);
const identityMessage = { message: 'send dni or ruc, not both' };

export const Identification = z
  .strictObject(IdentificationFields)
  .refine(exactlyOneIdentity, identityMessage);
export type Identification = z.infer<typeof Identification>;

/** Body of v3 Verify and v3 Paid-and-billed. */
export const BillingRequest = z
  .strictObject({
    ...IdentificationFields,
    billed_amount: WireAmount.refine((n) => n > 0),
    cashier_id: ServiceCashierId,
  })
  .refine(exactlyOneIdentity, identityMessage);
export type BillingRequest = z.infer<typeof BillingRequest>;

/** Verify v3 response: the funding conditions recalculated for the billed amount. */
export const FundingConditions = z.object({
  dni: z.string().optional(),
  ruc: z.string().optional(),
  funding_code: z.string(),
  billed_amount: WireAmount,
  billed_by_ecommerce: z.boolean(),
  approved_amount: WireAmount,
  excedent_amount: WireAmount,
  downpayment_amount: WireAmount,
  downpayment_amount_inhouse: WireAmount,
  installments_number: z.number().int().nonnegative(),
  installments_amount: WireAmount,
});
export type FundingConditions = z.infer<typeof FundingConditions>;

export const DownpaymentStatus = z.enum(['FULFILLED', 'PENDING']);
export const DownpaymentChannel = z.enum(['Service', 'Tienda']);

/** Check funding code v2 response. */
export const FundingInfo = z.object({
  funding_code: z.string(),
  purchase_total: WireAmount,
  billed_by_ecommerce: z.boolean(),
  downpayment_amount: WireAmount,
  downpayment_status: DownpaymentStatus,
  downpayment_channel: DownpaymentChannel,
});
export type FundingInfo = z.infer<typeof FundingInfo>;

export const InfoQuery = z.strictObject({ dni: Dni, funding_code: FundingCode });
export type InfoQuery = z.infer<typeof InfoQuery>;

export const PaymentOrigin = z.enum(['transfer', 'card', 'external']);
export type PaymentOrigin = z.infer<typeof PaymentOrigin>;

export const DaySummaryRow = z.object({
  order_id: z.string(),
  dni: z.string(),
  payment_origin: PaymentOrigin,
  amount: WireAmount,
});
export type DaySummaryRow = z.infer<typeof DaySummaryRow>;

export const DaySummary = z.object({
  total_purchases: WireAmount,
  total_paid_in_store: WireAmount,
  total_financed: z.number(),
  order_detail: z.array(DaySummaryRow).optional(),
});
export type DaySummary = z.infer<typeof DaySummary>;

export const DaySummaryQuery = z.strictObject({
  day: IsoDate,
  detail: z.enum(['true', 'false']).optional(),
});
export type DaySummaryQuery = z.infer<typeof DaySummaryQuery>;

// The order of checks every in-store endpoint follows (docs/decisions.md "Billing").
const IN_STORE_ORDER =
  'Checks, in order: the token, the formats (every field in error reported together, keyed by ' +
  'field), the code exists and is active, then its own rules (`{ error }` with the message).';

const inStoreErrors = {
  400: z.union([ErrorBody, FieldErrorsBody]),
  401: ErrorBody,
  404: ErrorBody,
};

export const inStoreEndpoints = defineServiceEndpoints({
  v3Verify: {
    method: 'POST',
    path: `${BASE}/v3/verify-fundingcode-and-conditions`,
    summary: 'Verify funding code and conditions (recalculated for billed_amount)',
    auth: 'bearer',
    body: BillingRequest,
    response: FundingConditions,
    errors: inStoreErrors,
    description:
      'The funding conditions recalculated for `billed_amount`: approved = min(billed, credit ' +
      'line), excedent, down payment (absorbs the rounding), installments, and ' +
      '`downpayment_amount_inhouse`, what the store collects besides the excedent. The first ' +
      `Verify binds the funding to its \`cashier_id\`. ${IN_STORE_ORDER}`,
    sample: {
      dni: '41000001',
      funding_code: 'VENTA1',
      billed_amount: 1200,
      billed_by_ecommerce: false,
      approved_amount: 1200,
      excedent_amount: 0,
      downpayment_amount: 300,
      downpayment_amount_inhouse: 300,
      installments_number: 3,
      installments_amount: 300,
    },
    example: {
      body: { dni: '41000001', funding_code: 'VENTA1', billed_amount: 1200, cashier_id: 'caja-01' },
    },
  },
  v3PaidAndBilled: {
    method: 'POST',
    path: `${BASE}/v3/paid-and-billed`,
    summary: 'Receive down payment and billing (only the first call has effect)',
    auth: 'bearer',
    body: BillingRequest,
    response: EmptyOk,
    errors: inStoreErrors,
    description:
      'Records that the store collected and billed. Compares `billed_amount` with the last ' +
      'Verify; only the first call has effect and every repeat answers 200 again, so an unknown ' +
      `outcome is settled by calling again. ${IN_STORE_ORDER}`,
    sample: {},
    example: {
      body: { dni: '41000010', funding_code: 'FACTU1', billed_amount: 800, cashier_id: 'caja-01' },
    },
  },
  v3UndoBilling: {
    method: 'POST',
    path: `${BASE}/v3/undo-billing`,
    summary: 'Undo billing (only RUCs starting with 10)',
    auth: 'bearer',
    body: Identification,
    response: EmptyOk,
    errors: inStoreErrors,
    description:
      'Releases a billing. Its own rules, in order: a RUC must start with 10, billed, the loan ' +
      'has a payment, the first payment is `external`, there is only one payment. The payment ' +
      `stays. ${IN_STORE_ORDER}`,
    sample: {},
    example: { body: { dni: '41000012', funding_code: 'DESHA1' } },
  },
  v2Info: {
    method: 'GET',
    path: `${BASE}/v2/info`,
    summary: 'Check funding code',
    auth: 'bearer',
    query: InfoQuery,
    response: FundingInfo,
    errors: inStoreErrors,
    description:
      'Check funding code (v2): purchase total, down payment, its status (`PENDING` or ' +
      '`FULFILLED`) and the channel the customer chose.',
    sample: {
      funding_code: 'PEND01',
      purchase_total: 1000,
      billed_by_ecommerce: false,
      downpayment_amount: 250,
      downpayment_status: 'PENDING',
      downpayment_channel: 'Tienda',
    },
    example: { query: { dni: '42000001', funding_code: 'PEND01' } },
  },
  v2PaidAndBilled: {
    method: 'POST',
    path: `${BASE}/v2/paid-and-billed`,
    summary: 'Receive down payment and billing (v2)',
    auth: 'bearer',
    body: Identification,
    response: EmptyOk,
    errors: inStoreErrors,
    description: `v2 billing: marks the down payment collected in store; repeats have no effect. ${IN_STORE_ORDER}`,
    sample: {},
    example: { body: { dni: '42000001', funding_code: 'PEND01' } },
  },
  v2UndoBilling: {
    method: 'POST',
    path: `${BASE}/v2/undo-billing`,
    summary: 'Undo billing (v2; only RUCs starting with 10)',
    auth: 'bearer',
    body: Identification,
    response: EmptyOk,
    errors: inStoreErrors,
    description: `v2 undo billing. ${IN_STORE_ORDER}`,
    sample: {},
    example: { body: { ruc: '10054148289', funding_code: 'RUCPE1' } },
  },
  v2DaySummary: {
    method: 'GET',
    path: `${BASE}/v2/day-summary`,
    summary: 'Day summary for balancing the cashier',
    auth: 'bearer',
    query: DaySummaryQuery,
    response: DaySummary,
    errors: { 400: FieldErrorsBody, 401: ErrorBody },
    description:
      "The store's calendar day (America/Lima unless changed): totals of the fundings billed " +
      'that day and not undone; with `detail=true`, a row per payment of those loans.',
    sample: {
      total_purchases: 1200,
      total_paid_in_store: 300,
      total_financed: 900,
      order_detail: [
        { order_id: 'L-000001', dni: '41000001', payment_origin: 'external', amount: 300 },
      ],
    },
    example: { query: { day: '2026-03-10', detail: 'true' } },
  },
  testInfo: {
    method: 'GET',
    path: `${BASE}/mock/info`,
    summary: 'Test endpoint: check funding code (documented test identities only)',
    auth: 'bearer',
    query: InfoQuery,
    response: FundingInfo,
    errors: inStoreErrors,
    description: 'As v2 Info, over the documented test identities only (dni 00000001…, TEST01…).',
    sample: {
      funding_code: 'TEST01',
      purchase_total: 1000,
      billed_by_ecommerce: false,
      downpayment_amount: 250,
      downpayment_status: 'PENDING',
      downpayment_channel: 'Tienda',
    },
    example: { query: { dni: '00000001', funding_code: 'TEST01' } },
  },
  testPaidAndBilled: {
    method: 'POST',
    path: `${BASE}/mock/paid-and-billed`,
    summary: 'Test endpoint: paid-and-billed (documented test identities only)',
    auth: 'bearer',
    body: Identification,
    response: EmptyOk,
    errors: inStoreErrors,
    description: 'As v2 Paid-and-billed, over the test identities only.',
    sample: {},
    example: { body: { dni: '00000001', funding_code: 'TEST01' } },
  },
  testUndoBilling: {
    method: 'POST',
    path: `${BASE}/mock/undo-billing`,
    summary: 'Test endpoint: undo billing (documented test identities only)',
    auth: 'bearer',
    body: Identification,
    response: EmptyOk,
    errors: inStoreErrors,
    description: 'As v2 Undo billing, over the test identities only.',
    sample: {},
    example: { body: { dni: '00000003', funding_code: 'TEST03' } },
  },
  testDaySummary: {
    method: 'GET',
    path: `${BASE}/mock/day-summary`,
    summary: 'Test endpoint: day summary of the test identities',
    auth: 'bearer',
    query: DaySummaryQuery,
    response: DaySummary,
    errors: { 400: FieldErrorsBody, 401: ErrorBody },
    description: 'As v2 Day summary, over the test identities only.',
    sample: { total_purchases: 0, total_paid_in_store: 0, total_financed: 0 },
    example: { query: { day: '2026-03-10', detail: 'false' } },
  },
});
