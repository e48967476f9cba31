// In-store down payment, v3 and v2, and the v2-shaped `/mock/` test endpoints.
import { serviceEndpoints as e } from '../../shared/api/endpoints';
import type { CallEndpoint } from './call-endpoint';
import type { EndpointInput } from './endpoint-types';

type Body<K extends keyof typeof e> = EndpointInput<(typeof e)[K]>['body'];
type Query<K extends keyof typeof e> = EndpointInput<(typeof e)[K]>['query'];

export function inStoreCalls(call: CallEndpoint) {
  return {
    verifyFundingV3: (body: Body<'v3Verify'>) => call(e.v3Verify, { body }),
    paidAndBilledV3: (body: Body<'v3PaidAndBilled'>) => call(e.v3PaidAndBilled, { body }),
    undoBillingV3: (body: Body<'v3UndoBilling'>) => call(e.v3UndoBilling, { body }),
    fundingInfoV2: (query: Query<'v2Info'>) => call(e.v2Info, { query }),
    paidAndBilledV2: (body: Body<'v2PaidAndBilled'>) => call(e.v2PaidAndBilled, { body }),
    undoBillingV2: (body: Body<'v2UndoBilling'>) => call(e.v2UndoBilling, { body }),
    daySummaryV2: (query: Query<'v2DaySummary'>) => call(e.v2DaySummary, { query }),
    fundingInfoMock: (query: Query<'mockInfo'>) => call(e.mockInfo, { query }),
    paidAndBilledMock: (body: Body<'mockPaidAndBilled'>) => call(e.mockPaidAndBilled, { body }),
    undoBillingMock: (body: Body<'mockUndoBilling'>) => call(e.mockUndoBilling, { body }),
    daySummaryMock: (query: Query<'mockDaySummary'>) => call(e.mockDaySummary, { query }),
  };
}
