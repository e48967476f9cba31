// The whole service in one catalogue: what the client, the mock and the OpenAPI document read.
import { connectorEndpoints } from './connector';
import { htmlEndpoints } from './html';
import { inStoreEndpoints } from './in-store';
import { limitsEndpoints } from './limits';
import { ordersEndpoints } from './orders';
import { voucherEndpoints } from './vouchers';

// Names are unique across areas (a test checks it), so no spread overwrites another entry.
export const serviceEndpoints = {
  ...inStoreEndpoints,
  ...limitsEndpoints,
  ...ordersEndpoints,
  ...htmlEndpoints,
  ...voucherEndpoints,
  ...connectorEndpoints,
};

export type EndpointName = keyof typeof serviceEndpoints;
