// In-store down payment, v3 and v2, and the v2-shaped `/mock/` test endpoints.
import { serviceEndpoints as e } from '../../shared/api/endpoints';
import type { CallEndpoint } from './call-endpoint';
import type { EndpointInput } from './endpoint-types';

type Body<K extends keyof typeof e> = EndpointInput<(typeof e)[K]>['body'];
type Query<K extends keyof typeof e> = EndpointInput<(typeof e)[K]>['query'];

export function inStoreCalls(call: CallEndpoint) {
  return {
    v3Verify: (body: Body<'v3Verify'>) => call(e.v3Verify, { body }),
    v3PaidAndBilled: (body: Body<'v3PaidAndBilled'>) => call(e.v3PaidAndBilled, { body }),
    v3UndoBilling: (body: Body<'v3UndoBilling'>) => call(e.v3UndoBilling, { body }),
    v2Info: (query: Query<'v2Info'>) => call(e.v2Info, { query }),
    v2PaidAndBilled: (body: Body<'v2PaidAndBilled'>) => call(e.v2PaidAndBilled, { body }),
    v2UndoBilling: (body: Body<'v2UndoBilling'>) => call(e.v2UndoBilling, { body }),
    v2DaySummary: (query: Query<'v2DaySummary'>) => call(e.v2DaySummary, { query }),
    testInfo: (query: Query<'testInfo'>) => call(e.testInfo, { query }),
    testPaidAndBilled: (body: Body<'testPaidAndBilled'>) => call(e.testPaidAndBilled, { body }),
    testUndoBilling: (body: Body<'testUndoBilling'>) => call(e.testUndoBilling, { body }),
    testDaySummary: (query: Query<'testDaySummary'>) => call(e.testDaySummary, { query }),
  };
}
