// One delivery attempt of a signed callback. Redirects are never followed: a receiver that
// answers 3xx has not taken the event, and following it could send the signed payload to a
// host the merchant never registered. Any answer outside 2xx is a failure to retry.

export type WebhookFetch = typeof fetch;

export type AttemptRequest = {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /** Aborts the attempt when the mock shuts down. */
  stop: AbortSignal;
};

export type AttemptOutcome = { ok: boolean; status: number | null; error: string | null };

export async function deliverOnce(
  fetchImpl: WebhookFetch,
  request: AttemptRequest,
): Promise<AttemptOutcome> {
  const timeout = AbortSignal.timeout(request.timeoutMs);
  try {
    const response = await fetchImpl(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.any([timeout, request.stop]),
    });
    // The answer's body is not read; dropping it frees the connection.
    await response.body?.cancel().catch(() => undefined);
    const status = response.status;
    if (status >= 200 && status < 300) return { ok: true, status, error: null };
    // A browser-style fetch reports a manual redirect as an opaque response with status 0.
    const redirected = response.type === 'opaqueredirect' || (status >= 300 && status < 400);
    const error = redirected ? `redirect not followed (HTTP ${status})` : `HTTP ${status}`;
    return { ok: false, status: status || null, error };
  } catch (error) {
    if (timeout.aborted) {
      return { ok: false, status: null, error: `timed out after ${request.timeoutMs} ms` };
    }
    if (request.stop.aborted) return { ok: false, status: null, error: 'mock shut down' };
    return { ok: false, status: null, error: `network error: ${describeError(error)}` };
  }
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // undici hides the socket error (ECONNREFUSED…) in `cause`.
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
