// One tag per area of the service, as the catalogue groups its endpoints (shared/api/endpoints.ts),
// plus the mock's own trainer controls. An endpoint is placed by the area catalogue it comes from,
// so a new area without a tag fails the document (and its tests) instead of landing untagged.

import type { EndpointSpec } from '../../../shared/api/common';
import { connectorEndpoints } from '../../../shared/api/connector';
import { htmlEndpoints } from '../../../shared/api/html';
import { inStoreEndpoints } from '../../../shared/api/in-store';
import { limitsEndpoints } from '../../../shared/api/limits';
import { ordersEndpoints } from '../../../shared/api/orders';
import { voucherEndpoints } from '../../../shared/api/vouchers';
import type { TagObject } from './openapi-types';

export const TAGS = {
  inStoreV3: 'In-store v3',
  inStoreV2: 'In-store v2',
  testEndpoints: 'Test endpoints (/mock/)',
  limits: 'Funding limits',
  orders: 'Orders',
  html: 'Embeddable HTML',
  vouchers: 'Vouchers',
  connector: 'Platform connector',
  trainer: 'Trainer controls (mock only)',
} as const;

/** In the order the docs page shows them: a cashier's flow first, the mock's controls last. */
export const TAG_OBJECTS: TagObject[] = [
  {
    name: TAGS.inStoreV3,
    description:
      'Verify the funding code and conditions, mark the sale paid-and-billed, undo the billing.',
  },
  { name: TAGS.inStoreV2, description: 'Check a funding code, paid-and-billed, day summary.' },
  {
    name: TAGS.testEndpoints,
    description: 'The v2 shapes, answering only for the documented test identities.',
  },
  { name: TAGS.limits, description: 'Financeable amount and installment bounds of the store.' },
  { name: TAGS.orders, description: 'Online orders: create, read, confirm, cancel, refund.' },
  { name: TAGS.html, description: 'HTML fragments to embed in a store page.' },
  {
    name: TAGS.vouchers,
    description: 'Bank-transfer vouchers: register, cancel, read; the webhook is called back.',
  },
  {
    name: TAGS.connector,
    description: 'Payments-provider style API for an e-commerce platform.',
  },
  {
    name: TAGS.trainer,
    description:
      'Not part of the service: controls of this sandbox to stage cases (reset, fundings, order ' +
      'and voucher outcomes, store settings, clock). Same bearer token.',
  },
];

const has = (catalogue: object, name: string) => Object.hasOwn(catalogue, name);

function inStoreTag(spec: EndpointSpec): string {
  if (spec.path.includes('/v3/')) return TAGS.inStoreV3;
  if (spec.path.includes('/v2/')) return TAGS.inStoreV2;
  if (spec.path.includes('/mock/')) return TAGS.testEndpoints;
  throw new Error(`No tag for in-store path ${spec.path}`);
}

/** The tag of a service endpoint, from the area catalogue that defines it. */
export function serviceTag(name: string, spec: EndpointSpec): string {
  if (has(inStoreEndpoints, name)) return inStoreTag(spec);
  if (has(limitsEndpoints, name)) return TAGS.limits;
  if (has(ordersEndpoints, name)) return TAGS.orders;
  if (has(htmlEndpoints, name)) return TAGS.html;
  if (has(voucherEndpoints, name)) return TAGS.vouchers;
  if (has(connectorEndpoints, name)) return TAGS.connector;
  throw new Error(`No tag for endpoint ${name}: add its area to electron/mock/openapi/tags.ts`);
}
