// The platform connector: a payments-provider style API, authenticated by client id and secret.
import { serviceEndpoints as e } from '../../shared/api/endpoints';
import type { CallEndpoint } from './call-endpoint';
import type { EndpointInput } from './endpoint-types';

type Body<K extends keyof typeof e> = EndpointInput<(typeof e)[K]>['body'];

export function connectorCalls(call: CallEndpoint) {
  return {
    paymentMethods: () => call(e.paymentMethods, {}),
    manifest: () => call(e.manifest, {}),
    createPayment: (body: Body<'createPayment'>) => call(e.createPayment, { body }),
    cancelPayment: (payment_id: string, body: Body<'cancelPayment'>) =>
      call(e.cancelPayment, { params: { payment_id }, body }),
    capturePayment: (payment_id: string, body: Body<'capturePayment'>) =>
      call(e.capturePayment, { params: { payment_id }, body }),
    refundPayment: (payment_id: string, body: Body<'refundPayment'>) =>
      call(e.refundPayment, { params: { payment_id }, body }),
  };
}
