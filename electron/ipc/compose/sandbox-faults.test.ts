// The sandbox's own faults (POST /__mock/faults, armed at the mock as an integrator would) met by
// the app's handlers and journal: a paid-and-billed that meets any of them is never reported
// succeeded without a 200; when the answer is lost the journal keeps it unknown and retries it
// until the service's answer is definite, with exactly one payment at the service.
import { describe, expect, it } from 'vitest';
import type { FaultKind } from '../../../shared/api/sandbox';
import {
  externalRows,
  ok,
  stalledRetry,
  type TestBackendOptions,
  testBed,
  verifiedSale,
} from './test-support';

const PAID = '/pos/client/inhouse-downpayment/v3/paid-and-billed';

const bed = testBed();

async function openVerified(options: Partial<TestBackendOptions> = {}) {
  const b = await bed.openOnShift(options);
  return { b, verified: await verifiedSale(b.table) };
}

async function arm(fault: Record<string, unknown>) {
  const answer = await bed.mock.inject({
    method: 'POST',
    url: '/__mock/faults',
    headers: { authorization: 'Bearer mock-token' },
    payload: { endpoint: PAID, ...fault },
  });
  expect(answer.statusCode).toBe(200);
}

const billed = () => bed.mock.mockContext.state.fundings.get('VENTA1')?.billing != null;

describe.each<{ kind: FaultKind; fault: Record<string, unknown>; applied: boolean }>([
  { kind: 'status', fault: { status: 503 }, applied: false },
  { kind: 'timeout', fault: { ms: 5_000 }, applied: false },
  { kind: 'reset', fault: {}, applied: false },
  { kind: 'lost-after-apply', fault: {}, applied: true },
  { kind: 'malformed', fault: {}, applied: true },
  // A gateway's 200 `{ error }`: the service never got the call (issue 19).
  { kind: 'gateway-error', fault: {}, applied: false },
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
    const again = await bed.open();
    await again.table.whenIdle();
    const operation = await ok(again.table, 'journal.operation', { op_id: first.op_id });
    expect(operation).toMatchObject({ status: 'succeeded', outcome: { http_status: 200 } });
    expect(await externalRows(bed.mock)).toEqual([
      expect.objectContaining({ payment_origin: 'external', amount: 300 }),
    ]);
  });
});

it('latency: a slow answer within the timeout is simply a success', async () => {
  const { b, verified } = await openVerified();
  await arm({ kind: 'latency', ms: 20 });
  const paid = await ok(b.table, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
  expect(paid.status).toBe('succeeded');
  expect(bed.mock.mockContext.requests.latest(1)[0]).toMatchObject({
    fault_id: 'flt_1',
    status: 200,
  });
});
