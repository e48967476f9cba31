// Checks a call's input against its endpoint spec and builds the URL and body from the checked
// values, so a malformed request never leaves the app and what is sent is what was checked.
import type { z } from 'zod';
import type { EndpointSpec } from '../../shared/api/common';
import type { ServiceError } from '../../shared/service-error';
import { CREDENTIAL_HEADERS } from './endpoint-types';

export type BuiltRequest = { path: string; headers: Record<string, string>; body?: string };

type Input = { params?: unknown; query?: unknown; body?: unknown; headers?: unknown };

export function buildRequest(
  spec: EndpointSpec,
  input: Input,
): { ok: true; request: BuiltRequest } | { ok: false; error: ServiceError } {
  const problems: Record<string, string> = {};
  const params = check(spec.params, input.params, problems);
  const query = check(spec.query, input.query, problems);
  const body = check(spec.body, input.body, problems);
  const headers = check(callerHeaders(spec.headers), input.headers, problems);
  for (const name of templateNames(spec.path)) {
    // URL parsers resolve `.`/`..` segments (even as %2E), which would call another endpoint.
    const value = String(field(params, name));
    if (value === '' || value === '.' || value === '..') problems[name] ??= 'not a path segment';
    // encodeURIComponent throws on a lone surrogate: a validation error, never a throw out of
    // the client (found by reliability/fuzz: training.applyScenario with name "\ud800").
    else if (!isWellFormed(value)) problems[name] ??= 'not a path segment';
  }
  if (Object.keys(problems).length > 0) {
    return { ok: false, error: { category: 'validation', fieldErrors: problems } };
  }

  const path = spec.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(field(params, name))),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(asRecord(query))) {
    if (value !== undefined) search.set(key, String(value));
  }
  const queryText = search.toString();
  const request: BuiltRequest = {
    path: queryText === '' ? path : `${path}?${queryText}`,
    headers: Object.fromEntries(
      Object.entries(asRecord(headers)).map(([key, value]) => [key, String(value)]),
    ),
  };
  if (spec.body) request.body = JSON.stringify(body);
  return { ok: true, request };
}

/** Parses one part; issues go into `problems` keyed by field path (`request` for the whole). */
function check(schema: z.ZodType | undefined, value: unknown, problems: Record<string, string>) {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const key = issue.path.length === 0 ? 'request' : issue.path.map(String).join('.');
    problems[key] ??= issue.message;
  }
  return undefined;
}

/** The spec's header schema without the credential headers, which the client adds itself. */
function callerHeaders(schema: z.ZodObject | undefined): z.ZodObject | undefined {
  if (!schema) return undefined;
  const own = Object.keys(schema.shape).filter((key) =>
    (CREDENTIAL_HEADERS as readonly string[]).includes(key.toLowerCase()),
  );
  if (own.length === Object.keys(schema.shape).length) return undefined;
  const mask = Object.fromEntries(own.map((key) => [key, true as const]));
  return schema.omit(mask as Record<string, true> & Record<number, never>);
}

/** No lone UTF-16 surrogate (String.prototype.isWellFormed, which ES2023's lib lacks). */
function isWellFormed(text: string): boolean {
  return !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}

function templateNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

function field(record: unknown, name: string): unknown {
  const value = asRecord(record)[name];
  // A template segment with no schema field is a spec bug; send it visibly empty, not "undefined".
  return value ?? '';
}
