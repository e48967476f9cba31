// The embeddable HTML fragments and the bank-transfer vouchers.
import { serviceEndpoints as e } from '../../shared/api/endpoints';
import type { CallEndpoint } from './call-endpoint';
import type { EndpointInput } from './endpoint-types';

type Body<K extends keyof typeof e> = EndpointInput<(typeof e)[K]>['body'];

export function fragmentAndVoucherCalls(call: CallEndpoint) {
  return {
    /**
     * The add-on for an amount in soles. A number is written as JS prints it, so one with more
     * than 2 decimals (0.1 + 0.2) is refused by the schema rather than rounded silently.
     */
    financingAddOn: (amount: number | string) =>
      call(e.financingAddOn, { params: { amount: String(amount) } }),
    infoSteps: (client_id: string) => call(e.infoSteps, { params: { client_id } }),
    registerVoucher: (body: Body<'registerVoucher'>) => call(e.registerVoucher, { body }),
    /** A refusal carries the real status in `error.body.extra_data.status`, to resend with. */
    cancelVoucher: (request_id: string, body: Body<'cancelVoucher'>) =>
      call(e.cancelVoucher, { params: { request_id }, body }),
    getVoucher: (request_id: string) => call(e.getVoucher, { params: { request_id } }),
  };
}
