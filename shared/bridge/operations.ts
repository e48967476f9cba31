// What a cashier operation answers over the bridge. Money crosses as integer cents computed in
// the main process from the service's own figures, so the renderer shows, never computes. One
// exception, older than the rule: the day summary (`DaySummaryResult`) crosses as the service
// wrote it, in soles, and its table converts each figure with `centsFromWire` to show it; a new
// result sends cents (docs/how-to/add-a-bridge-method.md).
import { z } from 'zod';
import { DaySummary, FundingConditions, FundingInfo } from '../api/in-store';
import { Cents } from '../domain/money';
import { HeldForSale } from './held-money';
import { operationOutcome, RefusedOutcome, UnknownOutcome } from './result';
import { StoreCheck } from './store-db';

export const IdentityInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('dni'), value: z.string() }),
  z.object({ kind: z.literal('ruc'), value: z.string() }),
]);
export type IdentityInput = z.infer<typeof IdentityInput>;

/** The amounts of a Verify, in cents; `to_collect` = down payment in store + excedent. */
export const SaleAmounts = z.object({
  billed: Cents,
  approved: Cents,
  excedent: Cents,
  downpayment: Cents,
  downpayment_inhouse: Cents,
  /** The part of the down payment the customer already paid the service online. */
  downpayment_paid_online: Cents,
  installments_number: z.int().nonnegative(),
  installments_amount: Cents,
  to_collect: Cents,
});
export type SaleAmounts = z.infer<typeof SaleAmounts>;

/** The document the sale's identity calls for: a boleta for a DNI, a factura for a RUC. */
export const Invoice = z.enum(['boleta', 'factura']);
export type Invoice = z.infer<typeof Invoice>;

/**
 * For a code the service says is billed: when this terminal billed it (its journal), or null when
 * it has no record of it. Absent for a code not billed.
 */
const BilledAt = z.iso.datetime({ offset: true }).nullable().optional();

/**
 * What the store database said about this code at the other counters (shared/bridge/store-db.ts);
 * absent from terminals that never ask.
 */
const StoreCheckField = StoreCheck.optional();

/**
 * A Verify's or Info's outcome: a refused or unknown one also carries what the store database
 * said, since the database's fact (billed, in doubt or money held at another counter) comes first
 * even when the service refused (docs/decisions.md "Across counters: what the database knows
 * comes first").
 */
const askOutcome = <T extends z.ZodType>(data: T) =>
  z.discriminatedUnion('status', [
    z.object({ status: z.literal('succeeded'), op_id: z.uuid(), data }),
    RefusedOutcome.extend({ store_check: StoreCheckField }),
    UnknownOutcome.extend({ store_check: StoreCheckField }),
  ]);

export const VerifyResult = askOutcome(
  z.object({
    conditions: FundingConditions,
    amounts: SaleAmounts,
    invoice: Invoice,
    billed_at: BilledAt,
    /** Money this terminal holds for a refused sale of this code: use it, collect only the rest. */
    held: HeldForSale.optional(),
    store_check: StoreCheckField,
  }),
);
export type VerifyResult = z.infer<typeof VerifyResult>;

/** Paid-and-billed carries what was billed so the receipt and the invoice hint can be shown. */
export const BilledResult = operationOutcome(
  z.object({
    billed_cents: Cents.optional(),
    collected_cents: Cents.optional(),
    invoice: Invoice,
  }),
);
export type BilledResult = z.infer<typeof BilledResult>;

export const UndoResult = operationOutcome(z.object({ undone: z.literal(true) }));
export type UndoResult = z.infer<typeof UndoResult>;

/**
 * v2's figures in cents; `to_collect_cents` is the pending down payment (0 once fulfilled), so
 * the renderer shows what to collect instead of deciding it (docs/decisions.md "v2").
 */
export const InfoResult = askOutcome(
  z.object({
    info: FundingInfo,
    downpayment_cents: Cents,
    purchase_total_cents: Cents,
    to_collect_cents: Cents,
    invoice: Invoice,
    billed_at: BilledAt,
    held: HeldForSale.optional(),
    store_check: StoreCheckField,
  }),
);
export type InfoResult = z.infer<typeof InfoResult>;

export const DaySummaryResult = operationOutcome(
  z.object({ day: z.string(), summary: DaySummary }),
);
export type DaySummaryResult = z.infer<typeof DaySummaryResult>;
