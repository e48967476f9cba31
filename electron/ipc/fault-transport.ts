// Training only: faults between the app and the in-process mock, so a class (and the tests) can
// meet the amber "unknown outcome" path on purpose. It wraps the training transport; the live
// transport never passes through here.
import { inStoreEndpoints as e } from '../../shared/api/in-store';
import type { Transport, TransportRequest, TransportResponse } from '../service/transports';

export type FaultOperation =
  | 'v3.verify'
  | 'v3.paidAndBilled'
  | 'v3.undoBilling'
  | 'v2.info'
  | 'v2.paidAndBilled'
  | 'v2.undoBilling';

/**
 * - `lose-response`: the mock receives and applies the call, then the answer is lost as if the
 *   connection dropped — the case where only the journal and a retry can tell what happened;
 * - `timeout`: no answer until the client gives up (the call does not reach the mock);
 * - `server-error`: a 503 from "the service", without reaching the mock;
 * - `connection-reset`: the connection fails before the call reaches the mock.
 */
export type FaultKind = 'lose-response' | 'timeout' | 'server-error' | 'connection-reset';

const PATHS: Record<string, FaultOperation> = {
  [e.v3Verify.path]: 'v3.verify',
  [e.v3PaidAndBilled.path]: 'v3.paidAndBilled',
  [e.v3UndoBilling.path]: 'v3.undoBilling',
  [e.v2Info.path]: 'v2.info',
  [e.v2PaidAndBilled.path]: 'v2.paidAndBilled',
  [e.v2UndoBilling.path]: 'v2.undoBilling',
};

export type FaultInjector = {
  /** The next `times` calls of `operation` meet `fault` (replacing what was armed for it). */
  arm(operation: FaultOperation, fault: FaultKind, times: number): void;
  clear(): void;
  armed(): Array<{ operation: FaultOperation; fault: FaultKind; remaining: number }>;
  wrap(transport: Transport): Transport;
};

export function createFaultInjector(): FaultInjector {
  const faults = new Map<FaultOperation, { fault: FaultKind; remaining: number }>();

  const take = (url: string): FaultKind | null => {
    const operation = PATHS[new URL(url).pathname];
    const armed = operation ? faults.get(operation) : undefined;
    if (!operation || !armed) return null;
    armed.remaining -= 1;
    if (armed.remaining <= 0) faults.delete(operation);
    return armed.fault;
  };

  return {
    arm(operation, fault, times) {
      if (!Number.isInteger(times) || times < 1) throw new RangeError('times must be ≥ 1');
      faults.set(operation, { fault, remaining: times });
    },
    clear: () => faults.clear(),
    armed: () => [...faults].map(([operation, armed]) => ({ operation, ...armed })),
    wrap: (inner) => async (url, init) => {
      const fault = take(url);
      if (fault === null) return inner(url, init);
      return applyFault(fault, inner, url, init);
    },
  };
}

async function applyFault(
  fault: FaultKind,
  inner: Transport,
  url: string,
  init: TransportRequest,
): Promise<TransportResponse> {
  switch (fault) {
    case 'lose-response': {
      const response = await inner(url, init);
      await response.text();
      throw connectionError('socket hang up');
    }
    case 'timeout':
      return new Promise((_, reject) => {
        const abort = () => reject(abortError());
        if (init.signal.aborted) abort();
        else init.signal.addEventListener('abort', abort, { once: true });
      });
    case 'server-error':
      return {
        status: 503,
        headers: { get: (name) => (name.toLowerCase() === 'content-type' ? 'text/plain' : null) },
        text: async () => 'Service Unavailable',
      };
    case 'connection-reset':
      throw connectionError('read ECONNRESET');
  }
}

function connectionError(message: string): Error {
  return Object.assign(new TypeError('fetch failed'), {
    cause: Object.assign(new Error(message), { code: 'ECONNRESET' }),
  });
}

function abortError(): Error {
  const error = new Error('The operation was aborted');
  error.name = 'AbortError';
  return error;
}
