// Faults between the service client and the mock, chosen by a run's seeded PRNG. More kinds than
// the training fault switch (electron/ipc/compose/fault-transport.ts) and each in the variants a real
// network produces: before the call reaches the service (nothing applied) or after (applied, the
// answer lost, late, or garbled). Lives with the suite: product code never needs these.
import type {
  Transport,
  TransportRequest,
  TransportResponse,
} from '../../electron/service/transports';
import type { SeededRandom } from '../support/seeded-random';
import type { FullDisk } from './full-disk';

export const FAULT_KINDS = [
  'lose-response',
  'timeout',
  'server-error',
  'connection-reset',
  'slow-body',
  'invalid-json',
  'wrong-schema',
  'gateway-error',
  'deep-json',
  'disk-full',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export type FaultCounts = Record<FaultKind, number>;

export const noFaults = (): FaultCounts =>
  Object.fromEntries(FAULT_KINDS.map((kind) => [kind, 0])) as FaultCounts;

/** What decides, call by call, whether a fault strikes. Mutable: the run turns it off at the end. */
export type FaultPlan = {
  rng: SeededRandom;
  enabled: boolean;
  /** Faults left for this run: bounds the retry loop's calls, so "the faults stop" for sure. */
  budget: number;
  probability: number;
  counts: FaultCounts;
  /** `<path> <kind>/<variant>` per fault, for the failure report of a run. */
  log: string[];
  /** Calls without a fault that nevertheless ran past the client's timeout. */
  spuriousTimeouts: number;
  /** The run's disk, for `disk-full`; absent where a run does not draw that fault. */
  disk?: FullDisk | null;
};

type Answer = { status: number; contentType: string; body: string };

export function createChaosTransport(inner: Transport, plan: FaultPlan): Transport {
  return async (url, init) => {
    const path = new URL(url).pathname;
    if (!plan.enabled || plan.budget <= 0 || !plan.rng.chance(plan.probability)) {
      return watched(inner, url, init, plan);
    }
    plan.budget -= 1;
    const kind = plan.rng.pick(plan.disk ? FAULT_KINDS : WITHOUT_DISK);
    plan.counts[kind] += 1;
    const variant = plan.rng.next();
    const note = (name: string) =>
      plan.log.push(`${path.split('/').slice(-2).join('/')} ${kind}/${name}`);
    switch (kind) {
      case 'lose-response': {
        note('applied');
        await read(inner, url, init);
        throw connectionError('socket hang up');
      }
      case 'timeout': {
        // Either the request never got through, or it did and the answer never came back.
        if (variant < 0.5) {
          note('unreached');
        } else {
          note('applied');
          await read(inner, url, init);
        }
        await aborted(init.signal);
        throw abortError();
      }
      case 'server-error': {
        if (variant < 0.5) {
          note('unreached-503');
          return answer({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' });
        }
        // A gateway that lost its upstream's answer after the service had applied the call.
        note('applied-5xx');
        await read(inner, url, init);
        const status = plan.rng.pick([500, 502, 504]);
        return answer({
          status,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'Internal Server Error' }),
        });
      }
      case 'connection-reset': {
        note('unreached');
        throw connectionError('read ECONNRESET');
      }
      case 'slow-body': {
        // Status and headers in time, the body only after the client gave up.
        note('applied');
        const response = await inner(url, init);
        const body = await response.text();
        return {
          status: response.status,
          headers: response.headers,
          text: async () => {
            await aborted(init.signal);
            await new Promise((resolve) => setImmediate(resolve));
            return body;
          },
        };
      }
      case 'invalid-json': {
        if (variant < 0.3) {
          // A captive portal or proxy answering 200 in the service's place: nothing applied.
          note('unreached-portal');
          return answer({ status: 200, contentType: 'text/html', body: PORTAL_PAGE });
        }
        note('applied');
        const real = await read(inner, url, init);
        return answer({ ...real, body: plan.rng.pick(NOT_JSON) });
      }
      case 'wrong-schema': {
        note('applied');
        const real = await read(inner, url, init);
        return answer({ ...real, body: wrongShape(real, plan.rng) });
      }
      case 'gateway-error': {
        // A gateway in front of the service answers 200 in its place: nothing applied (issue 19).
        const body = plan.rng.pick(GATEWAY_BODIES);
        note(`unreached-200 ${body.slice(0, 20)}`);
        return answer({ status: 200, contentType: 'application/json', body });
      }
      case 'deep-json': {
        // About 30 KB nested 5,000 deep, in place of the answer or after the work (issue 19).
        const status = plan.rng.pick([200, 400, 502]);
        if (variant < 0.5) {
          note(`unreached-${status}`);
        } else {
          note(`applied-${status}`);
          await read(inner, url, init);
        }
        return answer({ status, contentType: 'application/json', body: DEEP_BODY });
      }
      case 'disk-full': {
        // The service answers, then the disk is full for the outcome line and a few more fsyncs
        // (issue 19: the operation must settle once space returns, without a restart).
        const real = await read(inner, url, init);
        const failures = plan.rng.int(1, 4);
        note(`applied, ${failures} fsyncs fail`);
        plan.disk?.fill(failures);
        return answer(real);
      }
    }
  };
}

/** A call without a fault; notes when it ran past the client's timeout anyway. */
async function watched(
  inner: Transport,
  url: string,
  init: TransportRequest,
  plan: FaultPlan,
): Promise<TransportResponse> {
  const response = await inner(url, init);
  const body = await response.text();
  if (init.signal.aborted) plan.spuriousTimeouts += 1;
  return { status: response.status, headers: response.headers, text: async () => body };
}

async function read(inner: Transport, url: string, init: TransportRequest): Promise<Answer> {
  const response = await inner(url, init);
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? 'application/json',
    body: await response.text(),
  };
}

function answer({ status, contentType, body }: Answer): TransportResponse {
  return {
    status,
    headers: { get: (name) => (name.toLowerCase() === 'content-type' ? contentType : null) },
    text: async () => body,
  };
}

const WITHOUT_DISK = FAULT_KINDS.filter((kind) => kind !== 'disk-full');

const GATEWAY_BODIES = [
  '{"error":"upstream connect error or disconnect/reset before headers. reset reason: connection failure"}',
  'null',
  '{"unexpected":true}',
];

const DEEP_BODY = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;

const PORTAL_PAGE =
  '<!doctype html><html><head><title>Wi-Fi login</title></head><body>Sign in</body></html>';

const NOT_JSON = [
  '{"dni":"41000001","funding_code":"VEN',
  '<html><body>OK</body></html>',
  'OK',
  '{billed_amount: 1200}',
  '\u0000\u0001\u0002',
  'NaN',
  "{'error': 'x'}",
];

/** JSON, but not what the endpoint answers: other types, or Verify's figures for another amount. */
function wrongShape(real: Answer, rng: SeededRandom): string {
  if (real.status === 200 && rng.chance(0.5)) {
    try {
      const parsed = JSON.parse(real.body) as Record<string, unknown>;
      if (typeof parsed.billed_amount === 'number') {
        return JSON.stringify({ ...parsed, billed_amount: parsed.billed_amount + 0.01 });
      }
      if (typeof parsed.purchase_total === 'number') {
        return JSON.stringify({ ...parsed, purchase_total: String(parsed.purchase_total) });
      }
    } catch {
      // Not JSON: fall through to a generic wrong shape.
    }
  }
  return rng.pick(['[]', '"ok"', '42', 'null', '{"status":"ok","data":[1,2]}', '{"dni":7}']);
}

function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
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
