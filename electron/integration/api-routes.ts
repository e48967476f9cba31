// The integration API's routes as one function from a request to an answer, so the loopback
// server and the training screen's "send a sale from the till" go through the very same checks.
// Errors are `{ "error": <message> }`; see docs/integration-api.md for each status.
import type { z } from 'zod';
import { INTEGRATION_PREFIX } from '../../shared/integration/endpoints';
import {
  MAX_BODY_BYTES,
  MAX_LONG_WAITS,
  MAX_WAIT_SECONDS,
  RequestId,
  SaleRequestBody,
} from '../../shared/integration/sale-request';
import { normalizeEtag } from './derive-state';
import { bearerMatches } from './integration-key';
import type { SaleRequests } from './sale-requests';

export type ApiRequest = {
  method: string;
  /** Path and query, e.g. `/integration/v1/sale-requests/A1?wait=30`. */
  url: string;
  headers: Record<string, string | undefined>;
  /** The raw body; null when it was over the size limit (not read further). */
  body: string | null;
  /** Aborts a long wait when the till hangs up or the server closes. */
  signal: AbortSignal;
};

export type ApiAnswer = { status: number; body: unknown; headers?: Record<string, string> };

export type ApiOptions = {
  saleRequests: SaleRequests;
  /** Hashes of the keys accepted now (read at each call: a rotated key takes effect at once). */
  keyHashes: () => readonly string[];
  openApi: () => unknown;
};

const fail = (status: number, error: string, headers?: Record<string, string>): ApiAnswer => ({
  status,
  body: { error },
  ...(headers ? { headers } : {}),
});

const withEtag = (status: number, record: { etag: string }): ApiAnswer => ({
  status,
  body: record,
  headers: { ETag: `"${record.etag}"` },
});

/** The first problem zod found, as `field: why`. */
function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'the body is not valid';
  const path = issue.path.join('.');
  if (path === '' && issue.code === 'invalid_type') return 'The body must be a JSON object';
  if (issue.code === 'unrecognized_keys') return `unknown field: ${issue.keys.join(', ')}`;
  if (issue.code === 'invalid_type' && issue.input === undefined) return `${path}: required`;
  return path ? `${path}: ${issue.message}` : issue.message;
}

export function createApiRoutes(options: ApiOptions) {
  const { saleRequests } = options;
  /** Long waits being held now: capped apart, so they never take every connection. */
  let longWaits = 0;

  const createRequest = async (request: ApiRequest): Promise<ApiAnswer> => {
    if (request.body === null) return fail(413, `The body is over ${MAX_BODY_BYTES} bytes`);
    if (!/^application\/json\b/i.test(request.headers['content-type'] ?? '')) {
      return fail(400, 'The body must be application/json');
    }
    let json: unknown;
    try {
      json = JSON.parse(request.body);
    } catch {
      return fail(400, 'The body is not JSON');
    }
    const parsed = SaleRequestBody.safeParse(json);
    if (!parsed.success) return fail(400, firstProblem(parsed.error));
    const answer = await saleRequests.create(parsed.data);
    if (answer.kind === 'conflict') return fail(409, answer.message);
    if (answer.kind === 'too-many') return fail(429, answer.message);
    return withEtag(answer.kind === 'created' ? 201 : 200, answer.record);
  };

  const readRequest = async (request: ApiRequest, id: string, query: URLSearchParams) => {
    const wait = query.get('wait');
    const unknown = [...query.keys()].find((key) => key !== 'wait');
    if (unknown) return fail(400, `unknown query parameter: ${unknown}`);
    if (wait !== null && !(/^\d{1,2}$/.test(wait) && Number(wait) <= MAX_WAIT_SECONDS)) {
      return fail(400, `wait: whole seconds from 0 to ${MAX_WAIT_SECONDS}`);
    }
    const seconds = wait === null ? 0 : Number(wait);
    if (seconds > 0 && longWaits >= MAX_LONG_WAITS) {
      return fail(
        429,
        `Too many long waits at once (${MAX_LONG_WAITS}): retry in a second, or read without wait`,
        { 'Retry-After': '1' },
      );
    }
    const etag = normalizeEtag(request.headers['if-none-match']);
    if (seconds > 0) longWaits += 1;
    let record: Awaited<ReturnType<SaleRequests['wait']>>;
    try {
      record = await saleRequests.wait(id, etag, seconds * 1000, request.signal);
    } finally {
      if (seconds > 0) longWaits -= 1;
    }
    return record ? withEtag(200, record) : fail(404, 'No sale request with that request_id');
  };

  const cancelRequest = async (id: string) => {
    const answer = await saleRequests.cancel(id, 'till');
    if (answer.kind === 'not-found') return fail(404, 'No sale request with that request_id');
    if (answer.kind === 'conflict') return fail(409, answer.message);
    return withEtag(200, answer.record);
  };

  return async function handle(request: ApiRequest): Promise<ApiAnswer> {
    // A web page's fetch always sends Origin: no page may drive a sale, whatever it knows.
    if (request.headers.origin !== undefined) {
      return fail(403, 'Requests from web pages (with an Origin header) are refused');
    }
    const url = new URL(request.url, 'http://127.0.0.1');
    const path = url.pathname;
    const base = `${INTEGRATION_PREFIX}/sale-requests`;
    if (request.method === 'GET' && path === `${INTEGRATION_PREFIX}/openapi.json`) {
      return { status: 200, body: options.openApi() };
    }
    if (!bearerMatches(request.headers.authorization, options.keyHashes())) {
      return fail(401, 'Missing or wrong integration key', { 'WWW-Authenticate': 'Bearer' });
    }
    if (path === base) {
      return request.method === 'POST' ? createRequest(request) : notFound(request, path);
    }
    const match = /^\/integration\/v1\/sale-requests\/([^/]+)(\/cancel)?$/.exec(path);
    let id: string | null = null;
    try {
      id = match?.[1] ? decodeURIComponent(match[1]) : null;
    } catch {
      id = null;
    }
    if (!match || id === null) return notFound(request, path);
    if (!RequestId.safeParse(id).success) return fail(404, 'No sale request with that request_id');
    if (!match[2] && request.method === 'GET') return readRequest(request, id, url.searchParams);
    if (match[2] && request.method === 'POST') return cancelRequest(id);
    return notFound(request, path);
  };
}

const notFound = (request: ApiRequest, path: string) =>
  fail(404, `No such operation: ${request.method} ${path}`);
