import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import type { AuthScheme, EndpointSpec } from '../../../shared/api/common';
import { serviceEndpoints } from '../../../shared/api/endpoints';
import { trainerControls } from '../../../shared/api/trainer-controls';
import { buildOpenApiDocument } from './build-openapi-document';
import { inlineRefs } from './components';
import type { JsonSchema, OpenApiDocument, OperationObject } from './openapi-types';
import { TAGS } from './tags';

const BASE_URL = 'http://127.0.0.1:4010';
const built = buildOpenApiDocument({ baseUrl: BASE_URL });
/** The same document with each `$ref` replaced by its component, for checks on schemas. */
const doc = inlineRefs(built, built.components.schemas);

const allEntries: [string, EndpointSpec][] = [
  ...Object.entries(serviceEndpoints),
  ...Object.entries(trainerControls),
];

function operationOf(document: OpenApiDocument, spec: EndpointSpec): OperationObject {
  const verb = spec.method.toLowerCase() as 'get' | 'post' | 'put';
  const operation = document.paths[spec.path]?.[verb];
  if (!operation) throw new Error(`missing ${spec.method} ${spec.path}`);
  return operation;
}

/** Every schema the document carries, with where it sits, for the JSON Schema check. */
function schemasOf(document: OpenApiDocument): [string, JsonSchema][] {
  const found: [string, JsonSchema][] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [verb, op] of Object.entries(item) as [string, OperationObject][]) {
      const at = `${verb} ${path}`;
      for (const p of op.parameters ?? []) found.push([`${at} param ${p.name}`, p.schema]);
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        found.push([`${at} body ${type}`, media.schema]);
      }
      for (const [status, response] of Object.entries(op.responses)) {
        for (const [type, media] of Object.entries(response.content ?? {})) {
          found.push([`${at} ${status} ${type}`, media.schema]);
        }
      }
    }
  }
  return found;
}

describe('the OpenAPI document of the mock', () => {
  it('validates as an OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(built) as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    // The validator does reject a broken document (a response with no description).
    const broken = structuredClone(built);
    const manifest = broken.paths['/manifest']?.get?.responses['200'];
    if (manifest) delete (manifest as { description?: string }).description;
    expect((await new Validator().validate(broken as Record<string, unknown>)).valid).toBe(false);
  });

  it('carries only schemas that compile as JSON Schema 2020-12, with no keyword unknown to it', () => {
    // strict: an unknown keyword or a misspelt one is an error, not silently ignored.
    const ajv = new Ajv2020({ strict: true, validateFormats: false });
    const schemas = schemasOf(doc);
    expect(schemas.length).toBeGreaterThan(100);
    for (const [where, schema] of schemas) {
      expect(() => ajv.compile(schema), where).not.toThrow();
    }
  });

  it('has every service endpoint and every trainer control, with its method, path and tag', () => {
    for (const [name, spec] of allEntries) {
      const operation = operationOf(doc, spec);
      expect(operation.operationId).toBe(name);
      expect(operation.summary).toBe(spec.summary);
    }
    const count = Object.values(doc.paths).flatMap((item) => Object.values(item)).length;
    expect(count).toBe(allEntries.length);
    for (const name of Object.keys(trainerControls)) {
      const spec = trainerControls[name as keyof typeof trainerControls];
      expect(operationOf(doc, spec).tags).toEqual([TAGS.trainer]);
    }
  });

  it('tags each endpoint with its area, every tag declared', () => {
    const expectations: [string, string][] = [
      ['v3Verify', TAGS.inStoreV3],
      ['v2Info', TAGS.inStoreV2],
      ['testInfo', TAGS.testEndpoints],
      ['fundingLimits', TAGS.limits],
      ['partialRefund', TAGS.orders],
      ['infoSteps', TAGS.html],
      ['cancelVoucher', TAGS.vouchers],
      ['capturePayment', TAGS.connector],
    ];
    for (const [name, tag] of expectations) {
      const spec = serviceEndpoints[name as keyof typeof serviceEndpoints];
      expect(operationOf(doc, spec).tags, name).toEqual([tag]);
    }
    const declared = new Set(doc.tags.map((tag) => tag.name));
    expect([...declared].sort()).toEqual(Object.values(TAGS).sort());
    for (const [, spec] of allEntries) {
      expect(declared.has(operationOf(doc, spec).tags[0] ?? '')).toBe(true);
    }
  });

  it('declares every {param} of every path template as a required path parameter, and no other', () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      const template = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const operation of Object.values(item) as OperationObject[]) {
        const inPath = (operation.parameters ?? []).filter((p) => p.in === 'path');
        expect(inPath.map((p) => p.name).sort(), `${operation.operationId}`).toEqual(template);
        for (const p of inPath) expect(p.required).toBe(true);
      }
    }
    // The paths themselves are the catalogue's templates, `{param}` and all.
    expect(Object.keys(doc.paths)).toContain('/pos/order/{order_id}/total-refund');
    expect(Object.keys(doc.paths)).toContain('/__mock/fundings/{code}/payments');
  });

  it('turns query schemas into query parameters, required as the schema says', () => {
    const withQuery = allEntries.filter(([, spec]) => spec.query !== undefined);
    expect(withQuery.length).toBeGreaterThan(0);
    for (const [name, spec] of withQuery) {
      const shape = spec.query?.shape ?? {};
      const inQuery = (operationOf(doc, spec).parameters ?? []).filter((p) => p.in === 'query');
      expect(
        inQuery.map((p) => [p.name, p.required]),
        name,
      ).toEqual(
        Object.entries(shape).map(([key, field]) => [key, !field.safeParse(undefined).success]),
      );
    }
    // An enum of strings keeps its values (`detail=true|false` of the day summaries).
    const enums = withQuery.flatMap(([, spec]) =>
      (operationOf(doc, spec).parameters ?? []).filter((p) => p.name === 'detail'),
    );
    expect(enums[0]?.schema).toEqual({ type: 'string', enum: ['true', 'false'] });
  });

  it('defines the three ways to authenticate', () => {
    expect(doc.components.securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      clientIdHeader: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'Client_id' }),
      connectorClientId: expect.objectContaining({
        type: 'apiKey',
        in: 'header',
        name: 'client_id',
      }),
      connectorSecretToken: expect.objectContaining({
        type: 'apiKey',
        in: 'header',
        name: 'secret_token',
      }),
    });
  });

  it("applies each endpoint's auth as its security requirement", () => {
    const expected: Record<AuthScheme, unknown> = {
      bearer: [{ bearerAuth: [] }],
      'client-id': [{ clientIdHeader: [] }],
      connector: [{ connectorClientId: [], connectorSecretToken: [] }],
      none: [],
    };
    const seen = new Set<AuthScheme>();
    for (const [name, spec] of allEntries) {
      expect(operationOf(doc, spec).security, name).toEqual(expected[spec.auth]);
      seen.add(spec.auth);
    }
    expect([...seen].sort()).toEqual(['bearer', 'client-id', 'connector', 'none']);
  });

  it('lists other headers as parameters, in their documented spelling, but not the credentials', () => {
    const refund = operationOf(doc, serviceEndpoints.totalRefund).parameters ?? [];
    expect(refund.filter((p) => p.in === 'header').map((p) => [p.name, p.required])).toEqual([
      ['X-Unique-Token', true],
    ]);
    for (const name of ['financingAddOn', 'createPayment', 'manifest'] as const) {
      const headers = (operationOf(doc, serviceEndpoints[name]).parameters ?? []).filter(
        (p) => p.in === 'header',
      );
      expect(headers, name).toEqual([]);
    }
  });

  it('describes bodies, 200 answers and every documented error status', () => {
    for (const [name, spec] of allEntries) {
      const operation = operationOf(doc, spec);
      if (spec.body) {
        expect(Object.keys(operation.requestBody?.content ?? {}), name).toEqual([
          'application/json',
        ]);
      } else {
        expect(operation.requestBody, name).toBeUndefined();
      }
      const mediaType = spec.responseType === 'html' ? 'text/html' : 'application/json';
      expect(Object.keys(operation.responses['200']?.content ?? {}), name).toEqual([mediaType]);
      // A path parameter can also meet the router's 400 (too long, malformed encoding).
      const pathProblems = spec.path.includes('{') ? ['400'] : [];
      const statuses = [...new Set([...Object.keys(spec.errors), ...pathProblems])];
      expect(Object.keys(operation.responses).sort(), name).toEqual(['200', ...statuses].sort());
    }
  });

  it('writes request schemas as the mock parses them and answers as it sends them', () => {
    const verify = operationOf(doc, serviceEndpoints.v3Verify);
    const body = verify.requestBody?.content['application/json']?.schema;
    expect(body).toMatchObject({
      type: 'object',
      required: ['funding_code', 'billed_amount', 'cashier_id'],
      additionalProperties: false,
    });
    expect(body).not.toHaveProperty('$schema');
    const answer = verify.responses['200']?.content?.['application/json']?.schema;
    expect(answer).toMatchObject({ properties: { installments_number: { type: 'integer' } } });
    // The voucher register's 400 is a plain string; its 401 has no body to read.
    const register = operationOf(doc, serviceEndpoints.registerVoucher).responses;
    expect(register['400']?.content).toEqual({ 'text/plain': { schema: { type: 'string' } } });
    expect(register['401']?.content).toBeUndefined();
    // Trainer controls reuse the routes' own schemas: a funding seed needs its credit line.
    const seed = operationOf(doc, trainerControls.trainerCreateFunding).requestBody;
    expect(seed?.required).toBe(true);
    expect(seed?.content['application/json']?.schema.required).toEqual(['credit_line']);
    expect(operationOf(doc, trainerControls.trainerReset).requestBody?.required).toBe(false);
  });

  it('carries the descriptions the schemas have', () => {
    const log = operationOf(doc, trainerControls.trainerWebhooks).responses['200']?.content;
    expect(JSON.stringify(log)).toContain('The webhook-id header, the same on every retry');
  });

  it('says what it is: title, version, a sandbox, where the decisions are, one server', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Mostrador mock of the financing service');
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(doc.info.description).toMatch(/sandbox/i);
    expect(doc.info.description).toContain(
      'README.md#what-the-sandbox-decides-where-the-services-document-is-silent',
    );
    expect(doc.servers).toEqual([{ url: BASE_URL, description: 'This sandbox' }]);
  });

  it('names its bodies and answers under components and refers to them', () => {
    const text = JSON.stringify(built);
    const refs = [...text.matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(80);
    for (const name of refs) expect(built.components.schemas, name).toHaveProperty(String(name));
    for (const name of [
      'FundingConditions',
      'BillingRequest',
      'ErrorBody',
      'EmptyAnswer',
      'Order',
    ]) {
      expect(refs).toContain(name);
    }
    expect(built.webhooks).toHaveProperty('voucherCallback');
    expect(built.webhooks).toHaveProperty('connectorCallback');
  });

  it('is deterministic and independent of earlier callers', () => {
    const first = buildOpenApiDocument({ baseUrl: BASE_URL });
    (first.components.securitySchemes as Record<string, unknown>).bearerAuth = 'changed';
    first.tags.length = 0;
    const second = buildOpenApiDocument({ baseUrl: BASE_URL });
    expect(second).toEqual(built);
    expect(JSON.stringify(second)).toBe(JSON.stringify(built));
    expect(buildOpenApiDocument({ baseUrl: 'http://localhost:9' }).servers).toEqual([
      { url: 'http://localhost:9', description: 'This sandbox' },
    ]);
  });
});
