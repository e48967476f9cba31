// The areas of the mock beyond in-store: app.ts registers each through addMockArea. The webhook
// log comes first so its shutdown hook is in place before any area can send a callback.
import type { MockArea } from './app';
import { connectorArea } from './connector/routes';
import { htmlArea } from './html/routes';
import { limitsArea } from './limits/area';
import { openApiArea } from './openapi/openapi-area';
import { ordersArea } from './orders/area';
import { vouchersArea } from './vouchers/routes';
import { webhooksArea } from './webhooks/area';

export const builtInAreas: readonly MockArea[] = [
  webhooksArea,
  limitsArea,
  ordersArea,
  htmlArea,
  vouchersArea,
  connectorArea,
  openApiArea,
];
