import { describe, expect, it } from 'vitest';
import { FundingLimits } from './limits';

const limits = {
  landing_version: 'v2',
  min_amount: 300,
  max_amount: 5000,
  min_steps: 2,
  max_steps: 12,
};

describe('FundingLimits', () => {
  it('accepts the documented shape', () => {
    expect(FundingLimits.safeParse(limits).error?.issues).toBeUndefined();
  });

  it.each([
    ['missing landing_version', { ...limits, landing_version: undefined }],
    ['landing_version as a number', { ...limits, landing_version: 2 }],
    ['a fractional min_amount', { ...limits, min_amount: 300.5 }],
    ['max_steps as a string', { ...limits, max_steps: '12' }],
    ['missing max_amount', { ...limits, max_amount: undefined }],
  ])('rejects %s', (_, value) => {
    expect(FundingLimits.safeParse(value).success).toBe(false);
  });
});
