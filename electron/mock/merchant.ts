// The store's settings at the service as a reset leaves them; trainers change them with
// PUT /__mock/merchant, whose schemas (shared/api/trainer.ts) bound every field.
import type { MerchantSettings } from '../../shared/api/trainer';

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
