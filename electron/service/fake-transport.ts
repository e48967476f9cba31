// A hand-written transport for unit tests: records what the client sent and answers with what
// the test scripted, so every branch of the client can be driven without a server.
import type { Transport, TransportRequest, TransportResponse } from './transports';

export type SentRequest = Omit<TransportRequest, 'signal'> & { url: string; signal: AbortSignal };

export type FakeTransport = Transport & { sent: SentRequest[] };

/** A response with `body` as its text (objects are sent as JSON). */
export function answer(status: number, body?: unknown, contentType?: string): TransportResponse {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const type = contentType ?? (typeof body === 'string' ? 'text/plain' : 'application/json');
  return {
    status,
    headers: { get: (name) => (name.toLowerCase() === 'content-type' ? type : null) },
    text: async () => text,
  };
}

export function fakeTransport(
  respond: (request: SentRequest) => TransportResponse | Promise<TransportResponse>,
): FakeTransport {
  const sent: SentRequest[] = [];
  const transport = async (url: string, init: TransportRequest) => {
    const request = { ...init, url };
    sent.push(request);
    return respond(request);
  };
  return Object.assign(transport, { sent });
}

/** Never answers and ignores the abort signal: only the client's own timeout can end the call. */
export const silentTransport = (): FakeTransport => fakeTransport(() => new Promise(() => {}));
