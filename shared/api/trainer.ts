// The mock backend's trainer controls (docs/decisions.md "The mock backend"), not part of the
// service. The training screen and the tests read the scenario catalogue through these schemas.
import { z } from 'zod';
import { WireAmount } from './common';

export const Localized = z.object({ es: z.string(), en: z.string() });
export type Localized = z.infer<typeof Localized>;

export const Scenario = z.object({
  name: z.string(),
  /** Which screen the case belongs to: a v3 sale, an undo, or a v2 check. */
  api: z.enum(['v3', 'v2']),
  action: z.enum(['sale', 'undo', 'check']),
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
