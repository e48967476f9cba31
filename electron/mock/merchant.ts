// The store's settings at the service, as trainers change them with PUT /__mock/merchant.
import { z } from 'zod';
import { isKnownTimeZone } from './clock';

export const MerchantSettings = z.strictObject({
  v3_allowed: z.boolean(),
  api_enabled: z.boolean(),
  require_financed_products: z.boolean(),
  min_amount: z.number().int().nonnegative(),
  max_amount: z.number().int().positive(),
  min_steps: z.number().int().positive(),
  max_steps: z.number().int().positive(),
  landing_version: z.string().min(1),
  bank_account_ids: z.array(z.string().min(1)),
  time_zone: z.string().refine(isKnownTimeZone),
});
export type MerchantSettings = z.infer<typeof MerchantSettings>;

export const MerchantUpdate = MerchantSettings.partial();

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
