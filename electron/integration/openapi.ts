// The integration API's OpenAPI 3.1 document, generated from its zod schemas by the same
// operation builder as the sandbox's (electron/mock/openapi/), so the two cannot drift apart.

import { ErrorBody } from '../../shared/api/common';
import { INTEGRATION_PREFIX, integrationEndpoints } from '../../shared/integration/endpoints';
import * as integrationSchemas from '../../shared/integration/sale-request';
import { SaleRequest } from '../../shared/integration/sale-request';
import { createComponentRegistry, namesOf } from '../mock/openapi/components';
import type { OpenApiDocument, PathItemObject } from '../mock/openapi/openapi-types';
import { buildOperation } from '../mock/openapi/operation';
import { receiverAnswers, SIGNATURE_HEADERS } from '../mock/openapi/webhooks';

const TAG = 'Sale requests';

const DESCRIPTION = [
  'Semi-integrated mode: the store’s invoicing system (the till) hands a financed sale to ' +
    'Mostrador on this PC and learns its outcome. The till never talks to the financing ' +
    'service. See docs/integration-api.md in the Mostrador repository for the flow.',
  'States: waiting → verified → billed | refused | unknown | canceled. Issue the invoice only ' +
    'on billed. On unknown, do not invoice and do not send the sale again: it becomes billed ' +
    'or refused. Money is in soles as JSON numbers with at most 2 decimals.',
].join('\n\n');

export function buildIntegrationOpenApi(baseUrl: string): OpenApiDocument {
  const paths: Record<string, PathItemObject> = {};
  // Bodies and answers by their exported names, under components, as in the sandbox's document.
  const components = createComponentRegistry(namesOf([integrationSchemas]));
  // The shared operation builder points a path parameter's 400 at ErrorBody: `{ error }`.
  components.use(ErrorBody, 'output', 'ErrorBody');
  for (const [operationId, spec] of Object.entries(integrationEndpoints)) {
    const verb = spec.method.toLowerCase() as keyof PathItemObject;
    const item = paths[spec.path] ?? {};
    paths[spec.path] = item;
    const operation = buildOperation(
      { operationId, tag: TAG, spec, description: spec.summary },
      components,
    );
    // A new request answers 201; the catalogue form knows only 200, which a repeat answers.
    const ok = operation.responses['200'];
    if (operationId === 'createSaleRequest' && ok) {
      operation.responses = {
        200: { ...ok, description: 'The same request_id and body: the request as it is now' },
        201: { ...ok, description: 'Created: the new request, waiting' },
        ...Object.fromEntries(Object.entries(operation.responses).filter(([s]) => s !== '200')),
      };
    }
    item[verb] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Mostrador integration API',
      version: '1.0.0',
      description: DESCRIPTION,
      // The guide for till developers is docs/integration-api.md; this terminal serves the document.
      contact: {
        name: 'Mostrador',
        url: `${baseUrl.replace(/\/$/, '')}${INTEGRATION_PREFIX}/openapi.json`,
      },
      license: { name: 'UNLICENSED', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: baseUrl, description: 'This terminal (127.0.0.1 only)' }],
    tags: [{ name: TAG, description: 'A sale handed from the till to the cashier.' }],
    paths,
    webhooks: {
      saleRequestCallback: {
        post: {
          operationId: 'saleRequestCallback',
          summary: 'A sale request reached a final state',
          description:
            'Sent to the request’s `callback_url` (http://127.0.0.1 only) when it becomes billed, ' +
            'refused or canceled, signed the Standard Webhooks way with the integration key’s ' +
            'secret and retried with backoff. GET stays the source of truth.',
          tags: [TAG],
          // The till checks the signature headers; it sends no key to itself.
          security: [],
          parameters: SIGNATURE_HEADERS,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: components.use(SaleRequest, 'output') } },
          },
          responses: receiverAnswers,
        },
      },
    },
    components: {
      schemas: components.schemas(),
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            'Authorization: Bearer <integration key>, shown once when a supervisor makes it ' +
            '(or MOSTRADOR_INTEGRATION_KEY).',
        },
      },
    },
  };
}
