// The one mechanism behind every endpoint: check the input, add the area's credentials, send
// through the transport under a timeout, and turn whatever happens into a result value.
import type { EndpointSpec } from '../../shared/api/common';
import type { ServiceError, ServiceResult } from '../../shared/service-error';
import { boundError } from './bound-error';
import { buildRequest } from './build-request';
import { classifyResponse } from './classify-response';
import { authHeaders, type ServiceCredentials } from './credentials';
import type { EndpointData, EndpointInput } from './endpoint-types';
import { redactError } from './redact';
import { BodyTooLargeError, type Transport, type TransportResponse } from './transports';

export type CallContext = {
  /** Checked and normalized by `checkBaseUrl`, without a trailing slash. */
  baseUrl: string;
  credentials: ServiceCredentials;
  transport: Transport;
  timeoutMs: number;
  now: () => number;
  /** The training mock's client: it may call the mock-only trainer controls. */
  mockControls: boolean;
};

/**
 * Never throws: whatever goes wrong once the request may have left is a `bad-response`, which a
 * money operation treats as unknown and asks again (docs/decisions.md "A service answer is
 * bounded in depth"); a throw would reach the bridge as `internal` and leave its intent pending.
 */
export async function callEndpoint<S extends EndpointSpec>(
  context: CallContext,
  spec: S,
  input: EndpointInput<S>,
): Promise<ServiceResult<EndpointData<S>>> {
  const started = context.now();
  try {
    return await callUnguarded(context, spec, input, started);
  } catch {
    // The thrown value is dropped: it may quote what the service sent, or a credential.
    const durationMs = Math.max(0, context.now() - started);
    return { ok: false, error: { category: 'bad-response' }, durationMs };
  }
}

async function callUnguarded<S extends EndpointSpec>(
  context: CallContext,
  spec: S,
  input: EndpointInput<S>,
  started: number,
): Promise<ServiceResult<EndpointData<S>>> {
  const finish = (result: ServiceResult<EndpointData<S>>, secrets: readonly string[]) => {
    const done = result.ok
      ? result
      : { ok: false as const, error: boundError(redactError(result.error, secrets)) };
    return { ...done, durationMs: Math.max(0, context.now() - started) };
  };

  // A trainer control exists at the mock only: the live client never sends one to a real service.
  if (spec.mockOnly && !context.mockControls) {
    const message = `${spec.method} ${spec.path} is a control of the training mock only`;
    return finish({ ok: false, error: { category: 'validation', message } }, []);
  }
  const built = buildRequest(spec, input);
  if (!built.ok) return finish(built, []);
  const auth = await authHeaders(spec.auth, context.credentials);
  // No credential configured: nothing is sent, so no request can go out unauthenticated.
  if (!auth.ok) return finish({ ok: false, error: { category: 'auth' } }, []);

  const { request } = built;
  const responseType = spec.responseType ?? 'json';
  const headers: Record<string, string> = {
    Accept: responseType === 'html' ? 'text/html' : 'application/json',
    ...request.headers,
    ...auth.headers,
  };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';

  const answer = await sendWithTimeout(context, `${context.baseUrl}${request.path}`, {
    method: spec.method,
    headers,
    body: request.body,
  });
  if (!answer.ok) return finish(answer, auth.secrets);
  const result = classifyResponse(answer.value, responseType, spec.response);
  return finish(result as ServiceResult<EndpointData<S>>, auth.secrets);
}

type Answer =
  | { ok: true; value: { status: number; text: string } }
  | { ok: false; error: ServiceError };

/**
 * Sends and reads the whole body within `timeoutMs`. The abort signal stops a transport that
 * honours it; the race makes the call return on time even with one that does not (the in-process
 * inject transport, or a stalled body), so a cashier is never left waiting on a frozen button.
 */
async function sendWithTimeout(
  context: CallContext,
  url: string,
  init: {
    method: EndpointSpec['method'];
    headers: Record<string, string>;
    body: string | undefined;
  },
): Promise<Answer> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve('timeout');
    }, context.timeoutMs);
  });
  let status: number | undefined;
  const exchange = async () => {
    const response: TransportResponse = await context.transport(url, {
      ...init,
      signal: controller.signal,
    });
    status = response.status;
    return { status: response.status, text: await response.text() };
  };
  const pending = exchange();
  // After a timeout nobody awaits the exchange; its late rejection must not go unhandled.
  pending.catch(() => {});
  try {
    const outcome = await Promise.race([pending, timedOut]);
    if (outcome === 'timeout') return { ok: false, error: { category: 'timeout' } };
    return { ok: true, value: outcome };
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      return {
        ok: false,
        error: { category: 'bad-response', ...(status ? { httpStatus: status } : {}) },
      };
    }
    // The rejection's text is dropped: fetch quotes invalid header values, i.e. the token.
    if (controller.signal.aborted) return { ok: false, error: { category: 'timeout' } };
    return { ok: false, error: { category: 'network' } };
  } finally {
    clearTimeout(timer);
  }
}

/** `callEndpoint` bound to one client's context. */
export type CallEndpoint = <S extends EndpointSpec>(
  spec: S,
  input: EndpointInput<S>,
) => Promise<ServiceResult<EndpointData<S>>>;
