// Arbitrary requests for one mock endpoint: path segments (known records, hostile strings, raw
// broken percent-encodings), queries (a valid one with one thing broken, or raw hostile text),
// credentials (mostly right, so the rules behind them are reached), extra headers, content
// types, and bodies (malformed JSON, huge, deeply nested, prototype keys, nearly valid).
import fc from 'fast-check';
import {
  DEEP_ARRAY,
  DEEP_OBJECT,
  HOSTILE_STRINGS,
  HUGE_JSON_STRING,
  HUGE_TEXT,
  hostileJson,
  MALFORMED_JSON,
  nearly,
  PROTO_BODIES,
} from './hostile-values';
import { KNOWN, type Target } from './mock-targets';

export const TOKEN = 'mock-token';

export type Injected = {
  method: Target['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string;
};

const RAW_SEGMENTS = ['%', '%E0%A4%A', '%zz', '%2e%2e', '%00', '%2F', '%C0%AF'];
const RAW_QUERIES = [
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  '__proto__.polluted=1',
  'a=%ZZ',
  '&&&=',
  'dni=41000001&dni=41000002&funding_code=VENTA1',
  'day=2026-03-10&detail=true&detail=false',
  `x=${'y'.repeat(9_000)}`,
];
const CONTENT_TYPES = [
  'application/json',
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  '',
  'application/jsonx',
];
const RESERVED_HEADERS = new Set([
  'content-length',
  'transfer-encoding',
  'host',
  'content-type',
  'authorization',
  'connection',
  'expect',
]);

function segment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80'; // a lone surrogate as the bytes a careless client would send
  }
}

function queryText(query: unknown): string {
  if (query === null || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    search.append(key, typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  }
  return search.toString();
}

function credentials(auth: Target['auth']): fc.Arbitrary<Record<string, string>> {
  const valid: Record<string, string> =
    auth === 'bearer'
      ? { authorization: `Bearer ${TOKEN}` }
      : auth === 'client-id'
        ? { client_id: KNOWN.client_id }
        : auth === 'connector'
          ? { client_id: KNOWN.client_id, secret_token: 'mock-secret' }
          : {};
  const wrong = fc.oneof(
    fc.constant({}),
    fc
      .constantFrom('Bearer', 'Bearer ', `bearer ${TOKEN}`, `Bearer ${TOKEN} `, 'Basic eDp5', TOKEN)
      .map((authorization) => ({ authorization })),
    fc.constant({ client_id: 'other', secret_token: 'other' }),
  );
  return fc.oneof({ weight: 4, arbitrary: fc.constant(valid) }, { weight: 1, arbitrary: wrong });
}

function bodyText(target: Target): fc.Arbitrary<string | undefined> {
  const json = (value: fc.Arbitrary<unknown>) => value.map((v) => JSON.stringify(v));
  const anyBody = fc.oneof(
    { weight: 4, arbitrary: json(nearly(target.body ?? {})) },
    { weight: 3, arbitrary: json(hostileJson()) },
    { weight: 2, arbitrary: fc.constantFrom(...MALFORMED_JSON) },
    { weight: 1, arbitrary: fc.constantFrom(...PROTO_BODIES) },
    { weight: 1, arbitrary: fc.constantFrom(DEEP_ARRAY, DEEP_OBJECT, HUGE_JSON_STRING, HUGE_TEXT) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  );
  if (target.method === 'GET') {
    return fc.oneof(
      { weight: 9, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: anyBody },
    );
  }
  return fc.oneof(
    { weight: 9, arbitrary: anyBody },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

export function requestOf(target: Target): fc.Arbitrary<Injected> {
  const names = [...target.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
  const param = (name: string) =>
    fc.oneof(
      {
        weight: 3,
        arbitrary: fc.constant(segment((KNOWN as Record<string, string>)[name] ?? 'x')),
      },
      { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS).map(segment) },
      { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 30 }).map(segment) },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    );
  const query = fc.oneof(
    { weight: 4, arbitrary: nearly(target.query ?? {}).map(queryText) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES) },
  );
  const extra = fc.dictionary(
    fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/).filter((name) => !RESERVED_HEADERS.has(name)),
    fc.stringMatching(/^[\x20-\x7e]{0,40}$/),
    { maxKeys: 3 },
  );
  const contentType = fc.oneof(fc.constantFrom(...CONTENT_TYPES), fc.constant(null));
  return fc
    .record({
      params: fc.tuple(...names.map(param)),
      query,
      auth: credentials(target.auth),
      extra,
      contentType,
      body: bodyText(target),
      uniqueToken: fc.oneof(
        fc.constant('U-1'),
        fc.constantFrom(...HOSTILE_STRINGS.filter(isHeaderSafe)),
      ),
    })
    .map(({ params, query: search, auth, extra: more, contentType: type, body, uniqueToken }) => {
      let i = 0;
      const path = target.path.replace(/\{(\w+)\}/g, () => params[i++] ?? 'x');
      const headers: Record<string, string> = { ...more, ...auth, 'x-unique-token': uniqueToken };
      if (type !== null && body !== undefined) headers['content-type'] = type;
      return {
        method: target.method,
        url: search === '' ? path : `${path}?${search}`,
        headers,
        ...(body === undefined ? {} : { payload: body }),
      };
    });
}

function isHeaderSafe(value: string): boolean {
  return /^[\x20-\x7e]*$/.test(value);
}
