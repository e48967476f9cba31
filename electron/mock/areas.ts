// Every area of the mock, in the one order app.ts registers their routes and seeds them after a
// reset: the sandbox's fault and log controls, in-store, the trainer controls (whose seed, the
// scenarios and test identities, comes before any other area's), then the webhook log, whose
// shutdown hook must be in place before any later area can send a callback, and the rest.
import { connectorArea } from './connector/routes';
import { htmlArea } from './html/routes';
import { inStoreArea } from './in-store/routes';
import { limitsArea } from './limits/area';
import type { MockArea } from './mock-area';
import { openApiArea } from './openapi/openapi-area';
import { ordersArea } from './orders/area';
import { sandboxArea } from './sandbox/routes';
import { trainerArea } from './trainer/routes';
import { vouchersArea } from './vouchers/routes';
import { webhooksArea } from './webhooks/area';

export const MOCK_AREAS: readonly MockArea[] = [
  sandboxArea,
  inStoreArea,
  trainerArea,
  webhooksArea,
  limitsArea,
  ordersArea,
  htmlArea,
  vouchersArea,
  connectorArea,
  openApiArea,
];
