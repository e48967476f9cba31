// The integration API's operations, in the same catalogue form as the service's endpoints, so
// one generator (electron/mock/openapi/operation.ts) writes both OpenAPI documents.
import { z } from 'zod';
import { defineEndpoints } from '../api/common';
import {
  IntegrationError,
  RequestId,
  SaleRequest,
  SaleRequestBody,
  WaitQuery,
} from './sale-request';

export const INTEGRATION_PREFIX = '/integration/v1';

const Params = z.strictObject({ request_id: RequestId });
const WaitHeaders = z.object({
  'if-none-match': z
    .string()
    .optional()
    .describe('The etag of the state the till already has: the answer waits until it changes.'),
});

// Every route answers 403 to a request with an Origin header or a foreign Host (api-routes.ts,
// api-server.ts), and a create over the body limit 413.
export const integrationEndpoints = defineEndpoints({
  createSaleRequest: {
    method: 'POST',
    path: `${INTEGRATION_PREFIX}/sale-requests`,
    summary:
      'Hand a sale to the cashier. 201 when new; the same request_id with the same body answers ' +
      '200 and its current state; with another body 409. A new request_id while 100 requests ' +
      'are open (waiting or verified) answers 429 until one is billed, refused or canceled.',
    auth: 'bearer',
    body: SaleRequestBody,
    response: SaleRequest,
    errors: {
      400: IntegrationError,
      401: IntegrationError,
      403: IntegrationError,
      409: IntegrationError,
      413: IntegrationError,
      429: IntegrationError,
    },
  },
  readSaleRequest: {
    method: 'GET',
    path: `${INTEGRATION_PREFIX}/sale-requests/{request_id}`,
    summary:
      'The sale request. With ?wait=S (0 to 55) the answer is held until its etag differs from ' +
      'If-None-Match (or from the state when the request arrived), or S seconds pass. At most ' +
      '16 waits (S over 0) are held at once; one more answers 429 with Retry-After: 1.',
    auth: 'bearer',
    params: Params,
    query: WaitQuery,
    headers: WaitHeaders,
    response: SaleRequest,
    errors: {
      400: IntegrationError,
      401: IntegrationError,
      403: IntegrationError,
      404: IntegrationError,
      429: IntegrationError,
    },
  },
  cancelSaleRequest: {
    method: 'POST',
    path: `${INTEGRATION_PREFIX}/sale-requests/{request_id}/cancel`,
    summary:
      'Cancel while nothing was collected (waiting or verified): state canceled. Once the ' +
      'cashier confirmed paid-and-billed: 409. Canceling a canceled request answers it again.',
    auth: 'bearer',
    params: Params,
    response: SaleRequest,
    errors: {
      401: IntegrationError,
      403: IntegrationError,
      404: IntegrationError,
      409: IntegrationError,
    },
  },
  integrationOpenApi: {
    method: 'GET',
    path: `${INTEGRATION_PREFIX}/openapi.json`,
    summary: 'This document. No key needed.',
    auth: 'none',
    response: z.looseObject({}),
    // Even the document is refused to a web page (an Origin header) or a foreign Host.
    errors: { 403: IntegrationError },
  },
});
