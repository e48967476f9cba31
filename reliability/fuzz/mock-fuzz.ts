// Fuzzing one shard of the mock's endpoints through Fastify inject (requests from
// mock-requests.ts). Every answer must be below 500, every 4xx of a documented shape, every 2xx
// of a service endpoint its documented schema, and Object.prototype untouched. Runs in worker
// processes (mock-fuzz-worker.ts), a shard of the endpoints each.
import fc from 'fast-check';
import { createMockApp, type MockApp } from '../../electron/mock/app';
import { describeFailure } from '../support/fc-failure';
import { prototypeClean } from './hostile-values';
import { requestOf, TOKEN } from './mock-requests';
import { KNOWN, ORDER, TARGETS, type Target, VOUCHER } from './mock-targets';

function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

const isStringRecord = (value: unknown) =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === 'string');

/** Never a 5xx; a 4xx documented (strings by key, the endpoint's own error, or the voucher text). */
export function checkAnswer(target: Target, status: number, text: string): void {
  if (status >= 500) throw new Error(`${target.name}: ${status} ${text.slice(0, 300)}`);
  const json = parse(text);
  if (status >= 400) {
    if (json.ok && isStringRecord(json.value)) return;
    const vouchers = target.path.startsWith('/vouchers/');
    // docs/decisions.md "Vouchers": the voucher calls answer a plain string (400) or an empty body
    // (401, 404).
    if (vouchers && !json.ok) return;
    if (vouchers && text === '') return;
    const documented = target.errors[status];
    if (documented && json.ok && !vouchers && documented.safeParse(json.value).success) return;
    if (vouchers && status === 400 && json.ok && documented?.safeParse(json.value).success) return;
    throw new Error(`${target.name}: undocumented ${status} body ${text.slice(0, 300)}`);
  }
  if (status >= 200 && status < 300 && target.response) {
    const body = json.ok ? json.value : text === '' ? {} : undefined;
    if (!target.response.safeParse(body).success) {
      throw new Error(`${target.name}: ${status} outside its schema: ${text.slice(0, 300)}`);
    }
  }
}

async function seedRecords(mock: MockApp): Promise<void> {
  const send = async (
    method: 'POST',
    url: string,
    body: unknown,
    headers: Record<string, string>,
  ) => {
    const response = await mock.inject({
      method,
      url,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
    return JSON.parse(response.body) as Record<string, unknown>;
  };
  const bearer = { authorization: `Bearer ${TOKEN}` };
  await send('POST', '/__mock/reset', {}, bearer);
  await send('POST', '/pos/order/create', { ...ORDER, order_id: KNOWN.order_id }, bearer);
  await send(
    'POST',
    '/payments',
    { paymentId: KNOWN.payment_id, value: 10 },
    {
      client_id: KNOWN.client_id,
      secret_token: 'mock-secret',
    },
  );
  const voucher = await send('POST', '/vouchers/unchecked_payment/register', VOUCHER, bearer);
  KNOWN.request_id = String(voucher.request_id);
}

export type TargetResult = {
  target: string;
  cases: number;
  /** Answers by status class, e.g. `{ "2xx": 812, "4xx": 9188 }`: how deep the cases got. */
  statuses: Record<string, number>;
  failure: string | null;
};

/** Fuzzes the targets of one shard; never throws for a failing case, reports it. */
export async function fuzzMockShard(options: {
  shard: number;
  of: number;
  seed: number;
  cases: number;
}): Promise<TargetResult[]> {
  // Callbacks (vouchers, connector) go to a fake: fuzzing must not reach the network.
  const mock = await createMockApp({
    now: '2026-03-10T15:00:00.000Z',
    webhooks: { fetch: async () => new Response(null, { status: 204 }), maxAttempts: 1 },
  });
  const results: TargetResult[] = [];
  try {
    for (const [index, target] of TARGETS.entries()) {
      if (index % options.of !== options.shard) continue;
      await seedRecords(mock);
      const statuses: Record<string, number> = {};
      const details = await fc.check(
        fc.asyncProperty(requestOf(target), async (request) => {
          const response = await mock.inject(request);
          const status = `${Math.floor(response.statusCode / 100)}xx`;
          statuses[status] = (statuses[status] ?? 0) + 1;
          checkAnswer(target, response.statusCode, response.payload);
          if (!prototypeClean()) throw new Error(`${target.name}: Object.prototype polluted`);
        }),
        { numRuns: options.cases, seed: options.seed + index },
      );
      results.push({
        target: target.name,
        cases: details.numRuns,
        statuses,
        failure: details.failed ? describeFailure(details) : null,
      });
    }
  } finally {
    await mock.close();
  }
  return results;
}
