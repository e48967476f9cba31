// The schemas of the mock backend's trainer controls (docs/decisions.md "The mock backend"), not
// part of the service: the controls' catalogue (trainer-controls.ts), the mock's routes and the
// OpenAPI document all read these. Exported schemas are named components of that document.
import { z } from 'zod';
import { MAX_CENTS } from '../domain/money';
import { isKnownTimeZone } from '../domain/store-time';
import { ErrorBody, FieldErrorsBody, IsoDate, NonEmptyString, WireAmount } from './common';
import { Dni, DownpaymentChannel, Ruc } from './in-store';
import { OrderStatus } from './orders';

export const Localized = z.object({ es: z.string(), en: z.string() });
export type Localized = z.infer<typeof Localized>;

/** The practice stores a store case of the catalogue can turn on (one today). */
export const PracticeStoreCase = z.enum(['counter-cut-off']);
export type PracticeStoreCase = z.infer<typeof PracticeStoreCase>;

export const Scenario = z.object({
  name: z.string(),
  /** Which screen the case belongs to: a v3 sale, an undo, a v2 check, or the store close (F6). */
  api: z.enum(['v3', 'v2']),
  action: z.enum(['sale', 'undo', 'check', 'close']),
  title: Localized,
  description: Localized,
  /** What the cashier should see, in words, amounts filled in from the rules. */
  expect: Localized,
  identity: z.union([z.object({ dni: z.string() }), z.object({ ruc: z.string() })]),
  funding_code: z.string(),
  billed_amount: WireAmount.optional(),
  /** The amount the cashier must collect for `billed_amount` (v3 sales), from the same rules. */
  to_collect: WireAmount.optional(),
  /** Store settings this case needs; applied with the scenario (others go back to defaults). */
  merchant: z.record(z.string(), z.unknown()).optional(),
  /**
   * The practice store database this case turns on for the store close (F6) until the practice
   * reset or another case: `counter-cut-off`, two simulated counters, one of them cut off from the
   * database (electron/store-close/training-store.ts).
   */
  store: PracticeStoreCase.optional(),
});
export type Scenario = z.infer<typeof Scenario>;

export const ScenarioCatalogue = z.object({ scenarios: z.array(Scenario) });
export type ScenarioCatalogue = z.infer<typeof ScenarioCatalogue>;

export const FundingCreated = z.object({
  funding_code: z.string(),
  loan_id: z.string(),
  order_id: z.string(),
});
export type FundingCreated = z.infer<typeof FundingCreated>;

export const ClockBody = z.strictObject({ now: z.iso.datetime({ offset: true }) });

export const PaymentsBody = z.array(
  z.strictObject({
    origin: z.enum(['transfer', 'card', 'external']),
    amount: WireAmount.refine((n) => n > 0),
  }),
);

/** Whole soles whose cents still fit MAX_CENTS: 9,999,999,999,999. */
export const MAX_MERCHANT_AMOUNT = Math.floor(MAX_CENTS / 100);
/** The most installments a funding can have (POST /__mock/fundings takes `parts` up to 48). */
export const MAX_MERCHANT_STEPS = 48;

const Text = z.string().min(1).max(64);

const MerchantFields = z.strictObject({
  v3_allowed: z.boolean(),
  api_enabled: z.boolean(),
  require_financed_products: z.boolean(),
  min_amount: z.number().int().nonnegative().max(MAX_MERCHANT_AMOUNT),
  max_amount: z.number().int().positive().max(MAX_MERCHANT_AMOUNT),
  min_steps: z.number().int().positive().max(MAX_MERCHANT_STEPS),
  max_steps: z.number().int().positive().max(MAX_MERCHANT_STEPS),
  landing_version: Text,
  bank_account_ids: z.array(Text).max(50),
  time_zone: z.string().max(64).refine(isKnownTimeZone),
});

/** The settings as a whole: each field, and each minimum at most its maximum. */
export const MerchantSettings = MerchantFields.superRefine((m, ctx) => {
  if (m.min_amount > m.max_amount)
    ctx.addIssue({ code: 'custom', path: ['min_amount'], message: 'above max_amount' });
  if (m.min_steps > m.max_steps)
    ctx.addIssue({ code: 'custom', path: ['min_steps'], message: 'above max_steps' });
});
export type MerchantSettings = z.infer<typeof MerchantSettings>;

/** The body of PUT /__mock/merchant: any of the fields; the result is checked as a whole. */
export const MerchantUpdate = MerchantFields.partial();

/** Body of POST /__mock/fundings (money in soles as JSON numbers). */
export const FundingSeedBody = z
  .strictObject({
    dni: Dni.optional(),
    ruc: Ruc.optional(),
    credit_line: WireAmount.refine((n) => n > 0),
    approved_amount: WireAmount.refine((n) => n > 0).optional(),
    parts: z.number().int().min(1).max(48).optional(),
    paid_to_service: WireAmount.optional(),
    paid_to_service_origin: z.enum(['card', 'transfer']).optional(),
    downpayment_channel: DownpaymentChannel.optional(),
    requires_schedule_acceptance: z.boolean().optional(),
    active: z.boolean().optional(),
  })
  .refine((b) => (b.dni === undefined) !== (b.ruc === undefined), { message: 'send dni or ruc' });
export type FundingSeedBody = z.infer<typeof FundingSeedBody>;

export const StatusMove = z.strictObject({
  status: OrderStatus,
  approved_amount: WireAmount.refine((n) => n > 0, { message: 'greater than 0' }).optional(),
});
export type StatusMove = z.infer<typeof StatusMove>;

export const ReviewBody = z.discriminatedUnion('status', [
  z.strictObject({
    status: z.literal('VALIDATED'),
    amount: WireAmount.refine((n) => n > 0, { message: 'greater than 0' }).optional(),
    date: IsoDate.optional(),
    operation_number: NonEmptyString.optional(),
    bank_account_id: NonEmptyString.optional(),
    bank_operation_number: NonEmptyString.optional(),
  }),
  z.strictObject({ status: z.literal('INVALID') }),
]);
export type ReviewBody = z.infer<typeof ReviewBody>;

export const ClockNow = z.object({ now: z.iso.datetime() });

// Bad input answers 400 keyed by field; a rule of the control (a move not allowed from the
// current state, say) answers `{ error }`.
export const TrainerBadRequest = z.union([ErrorBody, FieldErrorsBody]);

// The delivery log of the mock's callbacks. The dispatcher keeps it as a plain type (nothing
// parses it); electron/mock/webhooks/area.ts checks that the two do not drift apart.
const DeliveryEntry = z.object({
  id: z.string().meta({ description: 'The webhook-id header, the same on every retry' }),
  type: z.string().meta({ description: 'voucher.validated, payment.approved…' }),
  url: z.string(),
  payload: z.record(z.string(), z.unknown()),
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.array(
    z.object({
      attempt: z.number().int(),
      at: z.string(),
      status: z.number().int().nullable(),
      error: z.string().nullable(),
    }),
  ),
});
export type DeliveryEntry = z.infer<typeof DeliveryEntry>;
export const DeliveryLog = z.object({ deliveries: z.array(DeliveryEntry) });
