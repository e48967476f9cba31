// Funding limits: the financeable amount and installment bounds of the store.
import { z } from 'zod';
import { defineServiceEndpoints, ErrorBody } from './common';

/** `GET /pos/client/landing_config`. Numeric bounds are not shown, so only integers are checked. */
export const FundingLimits = z.object({
  landing_version: z.string(),
  min_amount: z.number().int(),
  max_amount: z.number().int(),
  min_steps: z.number().int(),
  max_steps: z.number().int(),
});
export type FundingLimits = z.infer<typeof FundingLimits>;

export const limitsEndpoints = defineServiceEndpoints({
  fundingLimits: {
    method: 'GET',
    path: '/pos/client/landing_config',
    summary: 'Funding limits: min/max financeable amount and number of installments',
    auth: 'bearer',
    response: FundingLimits,
    errors: { 401: ErrorBody },
    description: "The store's financing bounds: amounts in whole soles and number of installments.",
    sample: {
      landing_version: 'v7',
      min_amount: 100,
      max_amount: 5000,
      min_steps: 2,
      max_steps: 12,
    },
    example: {},
  },
});
