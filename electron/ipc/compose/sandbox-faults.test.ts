// The sandbox's own faults (POST /__mock/faults, armed at the mock as an integrator would) met by
// the app's handlers and journal: a paid-and-billed that meets any of them is never reported
// succeeded without a 200; when the answer is lost the journal keeps it unknown and retries it
// until the service's answer is definite, with exactly one payment at the service.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FaultKind } from '../../../shared/api/sandbox';
import type { MockApp } from '../../mock/app';
import type { Backend } from './open-backend';
import {
  externalRows,
  freshMock,
  makeTempDir,
  ok,
  openTestBackend,
  PLAIN_SALE,
  stalledRetry,
} from './test-support';

const PAID = '/pos/client/inhouse-downpayment/v3/paid-and-billed';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let mock: MockApp;
let backend: Backend | null = null;

beforeEach(async () => {
  temp = await makeTempDir();
  mock = await freshMock();
});
afterEach(async () => {
  await backend?.close();
  backend = null;
  await mock.close();
  await temp.remove();
});

async function openVerified(options: Partial<Parameters<typeof openTestBackend>[0]> = {}) {
  backend = await openTestBackend({ dataDir: temp.dir, mock, ...options });
  await ok(backend.table, 'shift.start', { cashier_id: 'caja-01' });
  const verified = await ok(backend.table, 'v3.verify', PLAIN_SALE);
  if (verified.status !== 'succeeded') throw new Error(`verify ${verified.status}`);
  return { b: backend, verified };
}

async function arm(fault: Record<string, unknown>) {
  const answer = await mock.inject({
    method: 'POST',
    url: '/__mock/faults',
    headers: { authorization: 'Bearer mock-token' },
    payload: { endpoint: PAID, ...fault },
  });
  expect(answer.statusCode).toBe(200);
}

const billed = () => mock.mockContext.state.fundings.get('VENTA1')?.billing != null;

describe.each<{ kind: FaultKind; fault: Record<string, unknown>; applied: boolean }>([
  { kind: 'status', fault: { status: 503 }, applied: false },
  { kind: 'timeout', fault: { ms: 5_000 }, applied: false },
  { kind: 'reset', fault: {}, applied: false },
  { kind: 'lost-after-apply', fault: {}, applied: true },
  { kind: 'malformed', fault: {}, applied: true },
])('paid-and-billed meeting the sandbox fault $kind', ({ kind, fault, applied }) => {
  it('is unknown (amber, retrying) first, then resolves to succeeded with one payment', async () => {
    const { b, verified } = await openVerified({ retry: stalledRetry });
    await arm({ kind, ...fault });

    const first = await ok(b.table, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
    expect(first).toMatchObject({ status: 'unknown', retrying: true });
    expect(billed()).toBe(applied);
    const pending = await ok(b.table, 'journal.unresolved', {});
    expect(pending.operations.map((op) => op.op_id)).toEqual([first.op_id]);

    // The fault was for one call; a restart resumes the retry from the journal.
    await b.close();
    const { b: again } = await reopen();
    await again.table.whenIdle();
    const operation = await ok(again.table, 'journal.operation', { op_id: first.op_id });
    expect(operation).toMatchObject({ status: 'succeeded', outcome: { http_status: 200 } });
    expect(await externalRows(mock)).toEqual([
      expect.objectContaining({ payment_origin: 'external', amount: 300 }),
    ]);
  });
});

async function reopen() {
  backend = await openTestBackend({ dataDir: temp.dir, mock });
  return { b: backend };
}

it('latency: a slow answer within the timeout is simply a success', async () => {
  const { b, verified } = await openVerified();
  await arm({ kind: 'latency', ms: 20 });
  const paid = await ok(b.table, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
  expect(paid.status).toBe('succeeded');
  expect(mock.mockContext.requests.latest(1)[0]).toMatchObject({ fault_id: 'flt_1', status: 200 });
});
