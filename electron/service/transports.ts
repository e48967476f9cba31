// The client speaks to "a fetch-compatible function" and never knows which one it has: real HTTPS
// in live mode, the mock backend in process in training mode (docs/architecture.md "The spine").
import type { HttpMethod } from '../../shared/api/common';
import { DROPPED_CONNECTION_HEADER } from '../../shared/api/sandbox';

export type TransportRequest = {
  method: HttpMethod;
  headers: Record<string, string>;
  body: string | undefined;
  signal: AbortSignal;
};

/** The part of a fetch `Response` the client reads. */
export type TransportResponse = {
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
};

export type Transport = (url: string, init: TransportRequest) => Promise<TransportResponse>;

/**
 * The global `fetch`. `redirect: 'error'` because following a redirect would re-send the
 * Authorization header (or connector secrets) to wherever the redirect points — the service's
 * own HTTP→HTTPS redirect included; a redirect becomes a network failure instead.
 */
export const fetchTransport: Transport = async (url, init) => {
  const response = await fetch(url, {
    method: init.method,
    headers: init.headers,
    body: init.body,
    signal: init.signal,
    redirect: 'error',
  });
  return {
    status: response.status,
    headers: response.headers,
    text: () => readCapped(response),
  };
};

/** The most of a service body the app reads; past it the answer is a bad one. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Thrown by a transport's `text()` when the body passes `MAX_BODY_BYTES`. */
export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
}

/**
 * Reads the body chunk by chunk and stops at the cap, so a hostile or broken service cannot make
 * the host hold hundreds of MiB (it used to read a 400 MiB answer whole).
 */
async function readCapped(response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (response.body === null) return '';
  const reader = response.body.getReader();
  if (declared > MAX_BODY_BYTES) {
    await reader.cancel().catch(() => {});
    throw new BodyTooLargeError();
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total).toString('utf8');
}

/** What the client needs of a Fastify instance: light-my-request's `inject`. */
export type Injectable = {
  inject(request: {
    method: HttpMethod;
    url: string;
    headers: Record<string, string>;
    payload?: string;
  }): PromiseLike<{
    statusCode: number;
    headers: Record<string, string | string[] | number | undefined>;
    payload: string;
  }>;
};

/**
 * Adapts an in-process Fastify app (the mock backend in training mode) to the transport
 * interface: no socket is opened, so training can never reach the network.
 */
export function createInjectTransport(app: Injectable): Transport {
  return async (url, init) => {
    // inject takes a path; the base URL's origin only matters to real sockets.
    const { pathname, search } = new URL(url);
    if (init.signal.aborted) throw abortError();
    const response = await app.inject({
      method: init.method,
      url: `${pathname}${search}`,
      headers: init.headers,
      ...(init.body === undefined ? {} : { payload: init.body }),
    });
    // The sandbox's `reset`, `timeout` and `lost-after-apply` faults drop the connection; with no
    // socket to drop it marks the answer instead, and this fails as fetch does on a dropped one.
    if (response.headers[DROPPED_CONNECTION_HEADER] !== undefined) throw connectionDropped();
    const { payload } = response;
    return {
      status: response.statusCode,
      headers: {
        get(name) {
          const value = response.headers[name.toLowerCase()];
          if (value === undefined) return null;
          return Array.isArray(value) ? value.join(', ') : String(value);
        },
      },
      text: async () => {
        if (Buffer.byteLength(payload) > MAX_BODY_BYTES) throw new BodyTooLargeError();
        return payload;
      },
    };
  };
}

function abortError(): Error {
  const error = new Error('The operation was aborted');
  error.name = 'AbortError';
  return error;
}

function connectionDropped(): Error {
  return Object.assign(new TypeError('fetch failed'), {
    cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
  });
}
