// Turns an HTTP answer into the one result value, by the service's error shapes
// (shared/api/endpoints.ts; docs/decisions.md "The service's interface in the project"):
// 400 with field-keyed errors is a format problem, 400 with `{ error }` a refusal by a business
// rule, 401 auth, 404 not found, 5xx no definite answer. A 2xx is a success only with the
// success body (docs/decisions.md "A 2xx is a success only with the success body (issue 19)"), and a body
// nested deeper than any answer of the service is a bad answer whatever its status
// ("A service answer is bounded in depth").
import type { z } from 'zod';
import type { ServiceError, ServiceResult } from '../../shared/service-error';
import { boundText } from './bound-error';
import { nestsDeeperThan } from './json-depth';

export type HttpAnswer = { status: number; text: string };

export function classifyResponse<T>(
  answer: HttpAnswer,
  responseType: 'json' | 'html',
  schema: z.ZodType<T>,
): ServiceResult<T> {
  const { status, text } = answer;
  if (status >= 200 && status < 300) return successResult(status, text, responseType, schema);
  return { ok: false, error: errorFromAnswer(status, text) };
}

/** What is kept of a body too deep to parse safely: its start, as bound-error cuts a body. */
const tooDeep = (text: string) => ({ cut: `${boundText(text, 200)}[too deep]` });

function successResult<T>(
  status: number,
  text: string,
  responseType: 'json' | 'html',
  schema: z.ZodType<T>,
): ServiceResult<T> {
  let payload: unknown = text;
  if (responseType === 'json') {
    // Several 200 bodies are "not shown" by the contract; an empty one is read as `{}` so a
    // paid-and-billed that succeeded is not mistaken for an indefinite answer and retried.
    if (nestsDeeperThan(text)) return badResponse(status, tooDeep(text));
    const parsed = text.trim() === '' ? { ok: true, value: {} } : parseJson(text);
    if (!parsed.ok) return badResponse(status, text);
    payload = parsed.value;
    // No success body of the service carries `error`: a proxy or gateway answering 200 in the
    // service's place does (`{"error":"upstream connect error …"}`), and the call may never
    // have reached the service.
    if (isRecord(payload) && Object.hasOwn(payload, 'error')) {
      const message = errorMessage(payload);
      return {
        ok: false,
        error: {
          category: 'bad-response',
          httpStatus: status,
          body: payload,
          ...(message === undefined ? {} : { message }),
        },
      };
    }
  }
  const checked = schema.safeParse(payload);
  if (!checked.success) return badResponse(status, payload);
  return { ok: true, status, data: checked.data };
}

function badResponse(status: number, body: unknown): ServiceResult<never> {
  return { ok: false, error: { category: 'bad-response', httpStatus: status, body } };
}

export function errorFromAnswer(status: number, text: string): ServiceError {
  if (nestsDeeperThan(text))
    return { category: 'bad-response', httpStatus: status, body: tooDeep(text) };
  const parsed = parseJson(text);
  const body: unknown = parsed.ok ? parsed.value : text === '' ? undefined : text;
  const base = { httpStatus: status, ...(body === undefined ? {} : { body }) };
  const message = errorMessage(body);
  const withMessage = message === undefined ? base : { ...base, message };

  if (status === 400) {
    return { category: clientErrorCategory(body, message), ...withMessage, ...fieldErrors(body) };
  }
  // Too large, wrong media type, unprocessable: the request itself was malformed.
  if (status === 413 || status === 415 || status === 422) {
    return { category: 'validation', ...withMessage, ...fieldErrors(body) };
  }
  if (status === 401 || status === 403) return { category: 'auth', ...withMessage };
  if (status === 404) return { category: 'not-found', ...withMessage };
  if (status === 409) return { category: 'state-conflict', ...withMessage };
  // 408 and 429 say the request was not handled (yet): as indefinite as a 5xx, retry later.
  if (status >= 500 || status === 408 || status === 429)
    return { category: 'server', ...withMessage };
  // Redirects are never followed (they would re-send credentials); other codes are off-contract.
  return { category: 'bad-response', ...withMessage };
}

/**
 * `{ error }` is a refusal by a business rule, except order creation's `Validation error, …`
 * and the voucher register's bare-string answer, which describe a malformed request.
 */
function clientErrorCategory(body: unknown, message: string | undefined): ServiceError['category'] {
  if (fieldErrors(body).fieldErrors) return 'validation';
  if (typeof body === 'string') return 'validation';
  if (message?.startsWith('Validation error')) return 'validation';
  if (message !== undefined) return 'state-conflict';
  return 'validation';
}

/**
 * The service's exact text: `error` in most bodies, `error_detail` in the voucher cancel
 * refusal (`{ canceled: false, error_code, error_detail, extra_data }`), `detail` in the
 * add-on's 401, or a bare string.
 */
function errorMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body;
  if (!isRecord(body)) return undefined;
  if (typeof body.error === 'string') return body.error;
  if (typeof body.error_detail === 'string') return body.error_detail;
  // The add-on's 401 carries "an unauthorized detail" (shared/api/html.ts reads `{ detail }`).
  if (typeof body.detail === 'string') return body.detail;
  return undefined;
}

/** Field-keyed format errors: a non-empty object of strings with no `error` key. */
function fieldErrors(body: unknown): { fieldErrors?: Record<string, string> } {
  if (!isRecord(body) || 'error' in body) return {};
  const entries = Object.entries(body);
  if (entries.length === 0 || !entries.every(([, v]) => typeof v === 'string')) return {};
  return { fieldErrors: Object.fromEntries(entries) as Record<string, string> };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
