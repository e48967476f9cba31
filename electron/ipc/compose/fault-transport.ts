// Training only: faults between the app and the in-process mock, so a class (and the tests) can
// meet the amber "unknown outcome" path on purpose. It wraps the training transport; the live
// transport never passes through here.
import { inStoreEndpoints as e } from '../../../shared/api/in-store';
import { ordersEndpoints as o } from '../../../shared/api/orders';
import type { BridgeArgs } from '../../../shared/bridge';
import { GATEWAY_ERROR_BODY } from '../../mock/sandbox/sandbox-hooks';
import type { Transport, TransportRequest, TransportResponse } from '../../service/transports';

/** The operations a trainer can fault: the contract's list, so the two never drift apart. */
export type FaultOperation = BridgeArgs<'training.injectFault'>['operation'];

/**
 * - `lose-response`: the mock receives and applies the call, then the answer is lost as if the
 *   connection dropped — the case where only the journal and a retry can tell what happened;
 * - `timeout`: no answer until the client gives up (the call does not reach the mock);
 * - `server-error`: a 503 from "the service", without reaching the mock;
 * - `connection-reset`: the connection fails before the call reaches the mock;
 * - `gateway-error`: a gateway answers 200 `{ error }` without reaching the mock (issue 19: a
 *   2xx is the service's yes only with its success body).
 */
export type FaultKind =
  | 'lose-response'
  | 'timeout'
  | 'server-error'
  | 'connection-reset'
  | 'gateway-error';

/** A path template's matcher: `{order_id}` stands for one path segment. */
const template = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`);

const PATHS: Array<[RegExp, FaultOperation]> = [
  [template(e.v3Verify.path), 'v3.verify'],
  [template(e.v3PaidAndBilled.path), 'v3.paidAndBilled'],
  [template(e.v3UndoBilling.path), 'v3.undoBilling'],
  [template(e.v2Info.path), 'v2.info'],
  [template(e.v2PaidAndBilled.path), 'v2.paidAndBilled'],
  [template(e.v2UndoBilling.path), 'v2.undoBilling'],
  [template(o.createOrder.path), 'orders.create'],
  [template(o.confirmOrder.path), 'orders.confirm'],
  [template(o.cancelOrder.path), 'orders.cancel'],
  [template(o.totalRefund.path), 'orders.refund'],
  [template(o.partialRefund.path), 'orders.refund'],
];

const operationOf = (pathname: string): FaultOperation | undefined =>
  PATHS.find(([pattern]) => pattern.test(pathname))?.[1];

export type FaultInjector = {
  /**
   * The next `times` calls of `operation` meet `fault` (replacing what was armed for it); held,
   * every call meets it until clear(), so a trainer can keep the amber state up for a class.
   */
  arm(operation: FaultOperation, fault: FaultKind, times: number, hold?: boolean): void;
  clear(): void;
  armed(): Array<{ operation: FaultOperation; fault: FaultKind; remaining: number; hold: boolean }>;
  wrap(transport: Transport): Transport;
};

export function createFaultInjector(): FaultInjector {
  const faults = new Map<FaultOperation, { fault: FaultKind; remaining: number; hold: boolean }>();

  const take = (url: string): FaultKind | null => {
    const operation = operationOf(new URL(url).pathname);
    const armed = operation ? faults.get(operation) : undefined;
    if (!operation || !armed) return null;
    if (armed.hold) return armed.fault;
    armed.remaining -= 1;
    if (armed.remaining <= 0) faults.delete(operation);
    return armed.fault;
  };

  return {
    arm(operation, fault, times, hold = false) {
      if (!Number.isInteger(times) || times < 1) throw new RangeError('times must be ≥ 1');
      faults.set(operation, { fault, remaining: times, hold });
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
    case 'gateway-error':
      return {
        status: 200,
        headers: {
          get: (name) => (name.toLowerCase() === 'content-type' ? 'application/json' : null),
        },
        text: async () => JSON.stringify(GATEWAY_ERROR_BODY),
      };
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
