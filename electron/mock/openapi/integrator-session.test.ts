// Replays a scripted integrator session (integrator-session.ts: every operation, its success
// and its documented errors) against the sandbox and checks every request and every answer
// against the OpenAPI document the sandbox serves: the operation exists, the request fits its
// parameters and body (except steps that break it on purpose), and the answer's status, media
// type and body are the documented ones.
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockApp } from '../app';
import { freshMock } from '../mock-test-support';
import { inlineRefs } from './components';
import { SESSION, SETTLE_ID, type Step, VOUCHER_ID } from './integrator-session';
import type { JsonSchema, OpenApiDocument, OperationObject } from './openapi-types';

let app: MockApp;
let doc: OpenApiDocument;
beforeAll(async () => {
  app = await freshMock();
  const answer = await app.inject({ method: 'GET', url: '/openapi.json' });
  const served = answer.json() as OpenApiDocument;
  doc = inlineRefs(served, served.components.schemas);
});
afterAll(async () => {
  await app.close();
});

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
const compiled = new Map<string, ValidateFunction>();
function check(schema: JsonSchema, value: unknown, where: string): void {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(key, validate);
  }
  expect(validate(value), `${where}: ${ajv.errorsText(validate.errors)}`).toBe(true);
}

function operationOf(id: string): { path: string; method: string; operation: OperationObject } {
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item) as [string, OperationObject][]) {
      if (operation.operationId === id) return { path, method, operation };
    }
  }
  throw new Error(`no operation ${id} in the document`);
}

const templateRegex = (template: string) =>
  new RegExp(`^${template.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`);

function credentials(operation: OperationObject, auth: Step['auth']): Record<string, string> {
  if (auth === 'none') return {};
  const wrong = auth === 'wrong';
  const headers: Record<string, string> = {};
  for (const requirement of operation.security ?? []) {
    for (const scheme of Object.keys(requirement)) {
      const definition = doc.components.securitySchemes[scheme];
      if (definition?.type === 'http') {
        headers.authorization = `Bearer ${wrong ? 'wrong' : 'mock-token'}`;
      } else if (definition?.type === 'apiKey') {
        const values: Record<string, string> = {
          client_id: 'mock-client',
          secret_token: 'mock-secret',
        };
        headers[definition.name] = wrong ? 'wrong' : (values[definition.name.toLowerCase()] ?? '');
      }
    }
  }
  return headers;
}

function checkRequest(step: Step, operation: OperationObject, params: Record<string, string>) {
  const where = `${step.op} request`;
  for (const parameter of operation.parameters ?? []) {
    const source =
      parameter.in === 'path' ? params : parameter.in === 'query' ? step.query : step.headers;
    const value = source?.[parameter.name];
    if (value === undefined) {
      expect(parameter.required, `${where}: ${parameter.name} is required`).toBe(false);
      continue;
    }
    check(parameter.schema, value, `${where} ${parameter.in} ${parameter.name}`);
  }
  const known = new Set((operation.parameters ?? []).map((p) => p.name));
  for (const name of Object.keys(step.query ?? {})) expect(known, where).toContain(name);
  const body = operation.requestBody?.content['application/json']?.schema;
  if (step.body === undefined) {
    expect(operation.requestBody?.required ?? false, `${where}: body required`).toBe(false);
  } else {
    expect(body, `${where}: a body the document does not declare`).toBeDefined();
    if (body) check(body, step.body, `${where} body`);
  }
}

describe('a scripted integrator session, replayed against the document', () => {
  it('covers every operation of the document', () => {
    const covered = new Set(SESSION.map((step) => step.op));
    const all = Object.values(doc.paths).flatMap((item) =>
      Object.values(item).map((op) => (op as OperationObject).operationId),
    );
    expect(all.filter((id) => !covered.has(id))).toEqual([]);
  });

  it('sends only documented requests and gets only documented answers', async () => {
    let voucherId = '';
    let settleId = '';
    for (const [index, raw] of SESSION.entries()) {
      const body =
        raw.body === undefined
          ? undefined
          : (JSON.parse(JSON.stringify(raw.body).replace(SETTLE_ID, settleId)) as unknown);
      const step = { ...raw, path: raw.path.replace(VOUCHER_ID, voucherId), body };
      const from = step.source ? ` (from ${step.source})` : '';
      const label = `step ${index} ${step.op} ${step.method} ${step.path}${from}`;
      const { path, method, operation } = operationOf(step.op);
      expect(method, label).toBe(step.method.toLowerCase());
      const match = templateRegex(path).exec(step.path);
      expect(match, `${label} does not match ${path}`).not.toBeNull();
      const params = { ...match?.groups };
      if (!step.invalid) checkRequest(step, operation, params);

      const answer = await app.inject({
        method: step.method,
        url: step.path,
        query: step.query ?? {},
        headers: { ...credentials(operation, step.auth), ...(step.headers ?? {}) },
        ...(step.body === undefined ? {} : { payload: step.body as object }),
      });
      expect(answer.statusCode, `${label}: ${answer.payload.slice(0, 200)}`).toBe(step.status);
      const response = operation.responses[String(answer.statusCode)];
      expect(response, `${label}: status ${answer.statusCode} undocumented`).toBeDefined();
      const mediaType = String(answer.headers['content-type'] ?? '').split(';')[0] ?? '';
      const content = response?.content;
      if (!content) continue;
      const media = content[mediaType];
      expect(media, `${label}: ${mediaType} undocumented (${Object.keys(content)})`).toBeDefined();
      const answered = mediaType === 'application/json' ? answer.json() : answer.payload;
      if (media) check(media.schema, answered, `${label} answer`);
      if (step.op === 'registerVoucher' && answer.statusCode === 200) {
        voucherId = (answered as { request_id: string }).request_id;
      }
      if (step.op === 'capturePayment' && answer.statusCode === 200) {
        settleId = (answered as { settleId: string }).settleId;
      }
    }
  });
});
