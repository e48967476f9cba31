// The store's settings at the service, as trainers change them with PUT /__mock/merchant. Every
// bound is what the endpoints that read the settings can serve: the HTML fragments print the
// amounts in cents (so at most MAX_CENTS), and a minimum above its maximum describes no store.
import { z } from 'zod';
import { MAX_CENTS } from '../../shared/domain/money';
import { isKnownTimeZone } from './clock';

/** Whole soles whose cents still fit MAX_CENTS: 9,999,999,999,999. */
export const MAX_MERCHANT_AMOUNT = Math.floor(MAX_CENTS / 100);
/** The most installments a funding can have (POST /__mock/fundings takes `parts` up to 48). */
export const MAX_MERCHANT_STEPS = 48;

const Text = z.string().min(1).max(64);

export const MerchantFields = z.strictObject({
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

export function defaultMerchant(): MerchantSettings {
  return {
    v3_allowed: true,
    api_enabled: true,
    require_financed_products: false,
    min_amount: 100,
    max_amount: 15000,
    min_steps: 2,
    max_steps: 12,
    landing_version: 'v3',
    bank_account_ids: ['193-2045678-0-11', '0011-0123-0100012345'],
    time_zone: 'America/Lima',
  };
}
