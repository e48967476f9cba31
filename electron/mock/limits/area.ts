// Funding limits (GET /pos/client/landing_config): the store's financing bounds, read from the
// merchant settings a trainer changes with PUT /__mock/merchant.
import { type FundingLimits, limitsEndpoints } from '../../../shared/api/limits';
import type { MerchantSettings } from '../../../shared/api/trainer';
import { requireBearer } from '../http/auth';
import type { MockArea } from '../mock-area';

export function fundingLimits(merchant: MerchantSettings): FundingLimits {
  const { landing_version, min_amount, max_amount, min_steps, max_steps } = merchant;
  return { landing_version, min_amount, max_amount, min_steps, max_steps };
}

export const limitsArea: MockArea = {
  register(app, context) {
    const auth = { onRequest: requireBearer(context) };
    app.get(limitsEndpoints.fundingLimits.path, auth, async () =>
      fundingLimits(context.state.merchant),
    );
  },
};
