// One catalogue entry (a service endpoint or a trainer control) → one OpenAPI operation.
import type { EndpointExample, EndpointSpec } from '../../../shared/api/common';
import { UNIQUE_TOKEN_HEADER } from '../../../shared/api/orders';
import { type ComponentRegistry, pascalCase } from './components';
import { acceptsAnything, objectMembers, toJsonSchema } from './json-schema';
import type {
  JsonSchema,
  MediaTypeMap,
  OperationObject,
  ParameterLocation,
  ParameterObject,
  ResponseObject,
} from './openapi-types';
import { credentialHeaders, securityFor } from './security';

export type OperationSource = {
  operationId: string;
  tag: string;
  spec: EndpointSpec;
  description: string;
  /** A service endpoint's example, from its catalogue entry (a trainer control's is the session's). */
  example?: EndpointExample;
  bodyOptional?: boolean;
};

/** Answers every operation with a path parameter can give besides its own (http/errors.ts). */
const PATH_PROBLEMS = 'Path parameter too long, or Malformed URL';

// Header schemas are keyed lower-case (as Node presents them); the document shows the spelling the
// interface uses (docs/decisions.md "Authentication"), which is what an integrator will search for.
const DOCUMENTED_HEADER_SPELLING: Record<string, string> = {
  [UNIQUE_TOKEN_HEADER.toLowerCase()]: UNIQUE_TOKEN_HEADER,
};

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  413: 'Payload too large',
};

export const templateParams = (path: string): string[] =>
  [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');

function parametersOf(
  schema: JsonSchema | undefined,
  location: ParameterLocation,
  skip: ReadonlySet<string> = new Set(),
): ParameterObject[] {
  if (!schema) return [];
  const { properties, required } = objectMembers(schema);
  return Object.entries(properties)
    .filter(([name]) => !skip.has(name.toLowerCase()))
    .map(([name, property]) => {
      const { description, ...rest } = property;
      return {
        name: location === 'header' ? (DOCUMENTED_HEADER_SPELLING[name] ?? name) : name,
        in: location,
        // OpenAPI requires every path parameter to be required.
        required: location === 'path' || required.has(name),
        ...(typeof description === 'string' ? { description } : {}),
        schema: rest,
      };
    });
}

/** Path parameters from `params`, plus any `{param}` of the template it does not declare. */
function pathParameters(spec: EndpointSpec): ParameterObject[] {
  const declared = parametersOf(spec.params && toJsonSchema(spec.params, 'input'), 'path');
  const names = new Set(declared.map((p) => p.name));
  const undeclared = templateParams(spec.path)
    .filter((name) => !names.has(name))
    .map(
      (name): ParameterObject => ({ name, in: 'path', required: true, schema: { type: 'string' } }),
    );
  return [...declared, ...undeclared];
}

function contentOf(schema: JsonSchema, json: boolean): MediaTypeMap {
  return { [json ? 'application/json' : 'text/html']: { schema } };
}

function errorResponse(status: number, schema: JsonSchema, resolved: JsonSchema): ResponseObject {
  const text = STATUS_TEXT[status] ?? 'Error';
  // A body documented as "anything" is one the service leaves empty or unread: nothing to show.
  if (acceptsAnything(resolved)) return { description: `${text} (no body to read)` };
  // A bare string is sent as text/plain (the voucher register's 400); everything else is JSON.
  const mediaType = resolved.type === 'string' ? 'text/plain' : 'application/json';
  return { description: text, content: { [mediaType]: { schema } } };
}

/** The 400 a path parameter can meet, added to (or merged into) the operation's own 400. */
function withPathProblems(spec: EndpointSpec, responses: Record<string, ResponseObject>): void {
  if (templateParams(spec.path).length === 0) return;
  // The voucher calls answer their errors as plain text, these included.
  const plain = spec.path.startsWith('/vouchers/');
  const mediaType = plain ? 'text/plain' : 'application/json';
  const schema: JsonSchema = plain
    ? { type: 'string' }
    : { $ref: '#/components/schemas/ErrorBody' };
  const existing = responses[400];
  if (!existing) {
    responses[400] = {
      description: `Bad request: ${PATH_PROBLEMS}`,
      content: { [mediaType]: { schema } },
    };
    return;
  }
  existing.description = `${existing.description}; also ${PATH_PROBLEMS}`;
  const content = existing.content ?? {};
  const current = content[mediaType];
  const same = current && JSON.stringify(current.schema) === JSON.stringify(schema);
  content[mediaType] =
    current && !same ? { schema: { anyOf: [current.schema, schema] } } : { schema };
  existing.content = content;
}

export function buildOperation(
  source: OperationSource,
  components: ComponentRegistry,
): OperationObject {
  const { spec } = source;
  const named = pascalCase(source.operationId);
  const security = securityFor(spec.auth);
  const parameters = [
    ...pathParameters(spec),
    ...parametersOf(spec.query && toJsonSchema(spec.query, 'input'), 'query'),
    ...parametersOf(
      spec.headers && toJsonSchema(spec.headers, 'input'),
      'header',
      // The credential headers are the security schemes; listing them again as parameters would
      // make tools ask for them twice.
      credentialHeaders(security),
    ),
  ];
  const json = spec.responseType !== 'html';
  const responses: Record<string, ResponseObject> = {
    200: {
      description: STATUS_TEXT[200] ?? 'OK',
      content: contentOf(
        json
          ? components.use(spec.response, 'output', `${named}Response`)
          : toJsonSchema(spec.response, 'output'),
        json,
      ),
    },
  };
  const errors = Object.entries(spec.errors) as [string, EndpointSpec['response']][];
  for (const [status, schema] of errors.sort(([a], [b]) => Number(a) - Number(b))) {
    const resolved = toJsonSchema(schema, 'output');
    responses[status] = errorResponse(
      Number(status),
      acceptsAnything(resolved) ? resolved : components.use(schema, 'output'),
      resolved,
    );
  }
  withPathProblems(spec, responses);
  return {
    operationId: source.operationId,
    summary: spec.summary,
    description: source.description,
    tags: [source.tag],
    security,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(spec.body
      ? {
          requestBody: {
            required: source.bodyOptional !== true,
            content: {
              'application/json': { schema: components.use(spec.body, 'input', `${named}Request`) },
            },
          },
        }
      : {}),
    responses,
  };
}
