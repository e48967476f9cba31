// Faults between the app and the mock, injected on the training transport: whatever happens to
// the answer, paid-and-billed is never reported succeeded without a 200, and the sale has
// exactly one effect at the service (one in-store payment, one billing).
import { describe, expect, it } from 'vitest';
import type { FaultKind } from './fault-transport';
import {
  externalRows,
  ok,
  PIN,
  PLAIN_SALE,
  stalledRetry,
  testBed,
  verifiedSale,
} from './test-support';

const bed = testBed();

const funding = () => bed.mock.mockContext.state.fundings.get('VENTA1');

describe.each<{ fault: FaultKind; reachesMock: boolean }>([
  { fault: 'lose-response', reachesMock: true },
  { fault: 'timeout', reachesMock: false },
  { fault: 'server-error', reachesMock: false },
  { fault: 'connection-reset', reachesMock: false },
  // A gateway's 200 `{ error }` (issue 19): not the service's yes.
  { fault: 'gateway-error', reachesMock: false },
])('paid-and-billed meeting $fault', ({ fault, reachesMock }) => {
  it('answers unknown and retrying, then resolves to succeeded with one effect', async () => {
    const b = await bed.openOnShift();
    const verified = await verifiedSale(b.table);
    await ok(b.table, 'training.injectFault', { operation: 'v3.paidAndBilled', fault, times: 2 });

    const first = await ok(b.table, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
    expect(first).toMatchObject({ status: 'unknown', retrying: true });
    expect(first.status).not.toBe('succeeded');
    // What the mock holds right after the first call depends on whether the call reached it.
    expect(funding()?.billing !== null).toBe(reachesMock);

    await b.table.whenIdle();
    const operation = await ok(b.table, 'journal.operation', { op_id: first.op_id });
    expect(operation).toMatchObject({
      status: 'succeeded',
      calls: 3,
      outcome: { status: 'succeeded', http_status: 200 },
    });
    expect(await externalRows(bed.mock)).toEqual([
      expect.objectContaining({ payment_origin: 'external', amount: 300 }),
    ]);
    expect(funding()?.billing).not.toBeNull();

    // The renderer polls the same op_id; a repeated request answers that operation too.
    const again = await ok(b.table, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
    expect(again).toMatchObject({ status: 'succeeded', op_id: first.op_id });
  });
});

describe('no success without a 200', () => {
  it('stays unknown while every retry loses its answer, although the mock applied the first', async () => {
    const b = await bed.openOnShift({
      retry: { sleep: async () => {}, random: () => 0, policy: { maxAttempts: 4 } },
    });
    const verified = await verifiedSale(b.table);
    await ok(b.table, 'training.injectFault', {
      operation: 'v3.paidAndBilled',
      fault: 'lose-response',
      times: 20,
    });
    const first = await ok(b.table, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
    expect(first.status).toBe('unknown');
    await b.table.whenIdle();

    const operation = await ok(b.table, 'journal.operation', { op_id: first.op_id });
    expect(operation.status).toBe('unknown');
    expect(operation.calls).toBe(5);
    const unresolved = await ok(b.table, 'journal.unresolved', {});
    expect(unresolved.operations.map((op) => op.op_id)).toEqual([first.op_id]);
    // Five calls reached the mock; only the first had effect.
    expect(await externalRows(bed.mock)).toHaveLength(1);
  });

  it('keeps it unknown while the retry loop waits', async () => {
    const b = await bed.openOnShift({ retry: stalledRetry });
    const verified = await verifiedSale(b.table);
    await ok(b.table, 'training.injectFault', {
      operation: 'v3.paidAndBilled',
      fault: 'server-error',
      times: 1,
    });
    const first = await ok(b.table, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
    expect(first).toMatchObject({
      status: 'unknown',
      retrying: true,
      error: { category: 'server', httpStatus: 503 },
    });
    const polled = await ok(b.table, 'journal.operation', { op_id: first.op_id });
    expect(polled.status).toBe('unknown');
    // Asking again does not make a second call: it answers the open operation.
    const again = await ok(b.table, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
    expect(again).toMatchObject({ status: 'unknown', op_id: first.op_id, retrying: true });
    expect(funding()?.billing).toBeNull();
  });
});

describe('operations that are not retried', () => {
  it('reports an unknown Verify without retrying it', async () => {
    const b = await bed.openOnShift();
    await ok(b.table, 'training.injectFault', {
      operation: 'v3.verify',
      fault: 'connection-reset',
      times: 1,
    });
    const verified = await ok(b.table, 'v3.verify', PLAIN_SALE);
    expect(verified).toMatchObject({
      status: 'unknown',
      retrying: false,
      error: { category: 'network' },
    });
    await b.table.whenIdle();
    expect((await ok(b.table, 'journal.operation', { op_id: verified.op_id })).calls).toBe(1);
  });

  it('reports an unknown undo as unknown, applied or not, and leaves it to the cashier', async () => {
    const b = await bed.openOnShift();
    await ok(b.table, 'supervisor.setPin', { pin: PIN });
    const verified = await verifiedSale(b.table);
    await ok(b.table, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
    await ok(b.table, 'training.injectFault', {
      operation: 'v3.undoBilling',
      fault: 'lose-response',
      times: 1,
    });
    const undo = await ok(b.table, 'v3.undoBilling', {
      identity: PLAIN_SALE.identity,
      funding_code: PLAIN_SALE.funding_code,
      pin: PIN,
      reason: 'cambio de producto',
    });
    expect(undo).toMatchObject({ status: 'unknown', retrying: false });
    await b.table.whenIdle();
    const operation = await ok(b.table, 'journal.operation', { op_id: undo.op_id });
    expect(operation).toMatchObject({ status: 'unknown', calls: 1 });
    // The mock did apply it; the cashier learns that with a Verify, not from a blind retry.
    expect(funding()?.billing).toBeNull();
  });

  it('takes a gateway’s 200 with an error for an undo as unknown, never as done', async () => {
    const b = await bed.openOnShift();
    await ok(b.table, 'supervisor.setPin', { pin: PIN });
    const verified = await verifiedSale(b.table);
    await ok(b.table, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
    await ok(b.table, 'training.injectFault', {
      operation: 'v3.undoBilling',
      fault: 'gateway-error',
      times: 1,
    });
    const undo = await ok(b.table, 'v3.undoBilling', {
      identity: PLAIN_SALE.identity,
      funding_code: PLAIN_SALE.funding_code,
      pin: PIN,
      reason: 'cambio de producto',
    });
    expect(undo).toMatchObject({
      status: 'unknown',
      error: { category: 'bad-response', httpStatus: 200 },
    });
    const operation = await ok(b.table, 'journal.operation', { op_id: undo.op_id });
    expect(operation).toMatchObject({ status: 'unknown', outcome: { http_status: 200 } });
    // The service never got it: the sale is still billed.
    expect(funding()?.billing).not.toBeNull();
  });

  it('arms faults for the given number of calls only', async () => {
    const b = await bed.openOnShift();
    await ok(b.table, 'training.injectFault', {
      operation: 'v3.verify',
      fault: 'server-error',
      times: 1,
    });
    expect((await ok(b.table, 'v3.verify', PLAIN_SALE)).status).toBe('unknown');
    expect((await ok(b.table, 'v3.verify', PLAIN_SALE)).status).toBe('succeeded');
    await ok(b.table, 'training.injectFault', {
      operation: 'v3.verify',
      fault: 'server-error',
      times: 3,
    });
    await ok(b.table, 'training.reset', {});
    expect(b.faults.armed()).toEqual([]);
  });

  it('holds a fault for every call until the trainer releases it', async () => {
    const b = await bed.openOnShift();
    await ok(b.table, 'training.injectFault', {
      operation: 'v3.verify',
      fault: 'server-error',
      times: 1,
      hold: true,
    });
    for (let i = 0; i < 3; i++)
      expect((await ok(b.table, 'v3.verify', PLAIN_SALE)).status).toBe('unknown');
    await ok(b.table, 'training.releaseFaults', {});
    expect((await ok(b.table, 'v3.verify', PLAIN_SALE)).status).toBe('succeeded');
  });
});
