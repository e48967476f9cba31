// The integration API's OpenAPI document passes the same checks as the sandbox's: a valid
// OpenAPI 3.1 document, every schema a JSON Schema 2020-12 that compiles strictly, and every
// operation the routes serve, with the statuses they answer.
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { integrationEndpoints } from '../../shared/integration/endpoints';
import { inlineRefs } from '../mock/openapi/components';
import type { OperationObject } from '../mock/openapi/openapi-types';
import { buildIntegrationOpenApi } from './openapi';

const built = buildIntegrationOpenApi('http://127.0.0.1:4700');
// Named schemas are $refs into components; the checks read them in place.
const doc = inlineRefs(built, built.components.schemas);

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([verb, op]) => [`${verb} ${path}`, op as OperationObject] as const),
  );

describe('the OpenAPI document of the integration API', () => {
  it('validates as an OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(built) as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('carries only schemas that compile strictly as JSON Schema 2020-12', () => {
    const ajv = new Ajv2020({ strict: true, validateFormats: false });
    let count = 0;
    for (const [at, op] of operations()) {
      const schemas = [
        ...(op.parameters ?? []).map((p) => p.schema),
        ...Object.values(op.requestBody?.content ?? {}).map((m) => m.schema),
        ...Object.values(op.responses).flatMap((r) =>
          Object.values(r.content ?? {}).map((m) => m.schema),
        ),
      ];
      for (const schema of schemas) {
        count++;
        expect(() => ajv.compile(schema), at).not.toThrow();
      }
    }
    expect(count).toBeGreaterThan(10);
  });

  it('has the four operations, the key on all but the document itself, and 409 and 429 where they can happen', () => {
    expect(
      operations()
        .map(([at]) => at)
        .sort(),
    ).toEqual([
      'get /integration/v1/openapi.json',
      'get /integration/v1/sale-requests/{request_id}',
      'post /integration/v1/sale-requests',
      'post /integration/v1/sale-requests/{request_id}/cancel',
    ]);
    for (const [name, spec] of Object.entries(integrationEndpoints)) {
      const op = operations().find(([, o]) => o.operationId === name)?.[1];
      expect(op?.security, name).toEqual(spec.auth === 'none' ? [] : [{ bearerAuth: [] }]);
    }
    const create = doc.paths['/integration/v1/sale-requests']?.post;
    expect(Object.keys(create?.responses ?? {})).toEqual([
      '200',
      '201',
      '400',
      '401',
      '403',
      '409',
      '413',
      '429',
    ]);
    const read = doc.paths['/integration/v1/sale-requests/{request_id}']?.get;
    expect(read?.parameters?.map((p) => [p.name, p.in])).toEqual([
      ['request_id', 'path'],
      ['wait', 'query'],
      ['if-none-match', 'header'],
    ]);
    expect(Object.keys(read?.responses ?? {})).toContain('429');
    expect(read?.description).toMatch(/16 waits/);
    expect(create?.description).toMatch(/100 .*429/);
    const body = create?.requestBody?.content['application/json']?.schema;
    expect(body?.required).toEqual(['request_id', 'billed_amount']);
  });
});
