// Funding limits, online orders and their refunds.
import { serviceEndpoints as e } from '../../shared/api/endpoints';
import type { CallEndpoint } from './call-endpoint';
import type { EndpointInput } from './endpoint-types';

type Body<K extends keyof typeof e> = EndpointInput<(typeof e)[K]>['body'];

export function orderCalls(call: CallEndpoint) {
  return {
    fundingLimits: () => call(e.fundingLimits, {}),
    createOrder: (body: Body<'createOrder'>) => call(e.createOrder, { body }),
    getOrder: (order_id: string) => call(e.getOrder, { params: { order_id } }),
    /** `uniqueToken` is the refund transaction's X-Unique-Token: reuse it to retry safely. */
    totalRefund: (order_id: string, body: Body<'totalRefund'>, uniqueToken: string) =>
      call(e.totalRefund, {
        params: { order_id },
        body,
        headers: { 'x-unique-token': uniqueToken },
      }),
    partialRefund: (order_id: string, body: Body<'partialRefund'>, uniqueToken: string) =>
      call(e.partialRefund, {
        params: { order_id },
        body,
        headers: { 'x-unique-token': uniqueToken },
      }),
    cancelOrder: (order_id: string) => call(e.cancelOrder, { params: { order_id } }),
    confirmOrder: (order_id: string) => call(e.confirmOrder, { params: { order_id } }),
  };
}
