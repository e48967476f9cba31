// The sandbox's OpenAPI 3.1 document, generated from the shared zod schemas: the service
// catalogue (shared/api/endpoints.ts) and the trainer controls (shared/api/trainer-controls.ts). Never edited by hand, so it
// cannot say something the mock does not parse or send.
import * as sharedApi from '../../../shared/api';
import { EmptyOk, ErrorBody } from '../../../shared/api/common';
import { serviceEndpoints } from '../../../shared/api/endpoints';
import * as sandboxApi from '../../../shared/api/sandbox';
import * as trainerApi from '../../../shared/api/trainer';
import { trainerControls } from '../../../shared/api/trainer-controls';
import { createComponentRegistry, namesOf } from './components';
import { addExample } from './examples';
import type { OpenApiDocument, PathItemObject } from './openapi-types';
import { buildOperation, type OperationSource } from './operation';
import { SECURITY_SCHEMES } from './security';
import { serviceTag, TAG_OBJECTS, TAGS } from './tags';
import { buildWebhooks } from './webhooks';

export type OpenApiOptions = {
  /** Where the sandbox answers, e.g. `http://127.0.0.1:4010`; the document's only server. */
  baseUrl: string;
};

export const OPENAPI_INFO = {
  title: 'Mostrador mock of the financing service',
  version: '0.1.0',
} as const;

const DESCRIPTION = [
  'A sandbox: an in-memory mock of the merchant financing service, for integrators to build ' +
    'and test against. It is not the service: no money moves, state lives in memory and is ' +
    'cleared by `POST /__mock/reset`, and the ids it hands out are the same after every reset.',
  'Paths, field names, status codes and error messages follow the service’s API document. ' +
    'Where that document is silent, the sandbox decides; the decisions are listed in the ' +
    'project README, section "What the sandbox decides where the service\'s document is ' +
    'silent" (README.md#what-the-sandbox-decides-where-the-services-document-is-silent), and in ' +
    "docs/decisions.md, the project's record of every such decision.",
  'Schemas are generated from the validation schemas the sandbox itself uses. Checks with no ' +
    'JSON Schema form (DNI and RUC digits, amounts with at most 2 decimals, dates that exist) ' +
    'appear as their plain type. Credentials are the ones the sandbox printed when it started. ' +
    'The "Trainer controls (mock only)" operations exist only in the sandbox.',
].join('\n\n');

function operationSources(): OperationSource[] {
  const service = Object.entries(serviceEndpoints).map(
    ([name, spec]): OperationSource => ({
      operationId: name,
      tag: serviceTag(name, spec),
      spec,
      description: spec.description,
      example: spec.example,
    }),
  );
  const trainer = Object.entries(trainerControls).map(
    ([name, control]): OperationSource => ({
      operationId: name,
      tag: TAGS.trainer,
      spec: control,
      description: control.description,
      ...('bodyOptional' in control ? { bodyOptional: control.bodyOptional } : {}),
    }),
  );
  return [...service, ...trainer];
}

// The in-store 200s the service's document does not show: the sandbox answers `{}`, and says so.
const EMPTY_ANSWER = {
  name: 'EmptyAnswer',
  schema: {
    type: 'object',
    maxProperties: 0,
    description:
      'The service does not show this body; the sandbox answers `{}`. A 200 with `{}` (or no ' +
      'body) is done, and a repeat answers it again without effect; a 200 with any other body ' +
      '(a gateway\'s `{ "error": … }`) is no answer: call again.',
  },
};

/** Pure: the same base URL gives a deep-equal document. */
export function buildOpenApiDocument({ baseUrl }: OpenApiOptions): OpenApiDocument {
  const components = createComponentRegistry(
    namesOf([sharedApi, sandboxApi, trainerApi]),
    new Map([[EmptyOk, EMPTY_ANSWER]]),
  );
  // Referred to by every operation with a path parameter (its 400s).
  components.use(ErrorBody, 'output');
  const paths: Record<string, PathItemObject> = {};
  for (const source of operationSources()) {
    const verb = source.spec.method.toLowerCase() as keyof PathItemObject;
    const item = paths[source.spec.path] ?? {};
    paths[source.spec.path] = item;
    if (item[verb]) throw new Error(`Two operations for ${source.spec.method} ${source.spec.path}`);
    const operation = buildOperation(source, components);
    addExample(source, operation);
    item[verb] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      ...OPENAPI_INFO,
      description: DESCRIPTION,
      contact: { name: 'Mostrador', url: `${baseUrl}/docs` },
      license: { name: 'UNLICENSED', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: baseUrl, description: 'This sandbox' }],
    // Copies, so a caller that edits its document cannot change the next one.
    tags: structuredClone(TAG_OBJECTS),
    paths,
    webhooks: buildWebhooks(components),
    components: {
      schemas: components.schemas(),
      securitySchemes: structuredClone(SECURITY_SCHEMES),
    },
  };
}
