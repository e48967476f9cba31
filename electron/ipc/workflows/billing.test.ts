// Paid-and-billed finds an earlier call of its Verify through the journal's link index: on any
// day, reading back only the operations that name that Verify, never the day's journal.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readOperation } from '../../journal/read-operation';
import type { MockApp } from '../../mock/app';
import type { Backend } from '../compose/open-backend';
import {
  externalRows,
  freshMock,
  makeTempDir,
  NOW,
  ok,
  openTestBackend,
  PLAIN_SALE,
} from '../compose/test-support';

// Every operation the journal reads back from disk goes through readOperation: counted here.
vi.mock('../../journal/read-operation', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../journal/read-operation')>();
  return { ...original, readOperation: vi.fn(original.readOperation) };
});
const reads = vi.mocked(readOperation);
const opIdsRead = () => reads.mock.calls.map(([, , opId]) => opId);

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let mock: MockApp;
let backend: Backend;
let now = NOW;

beforeEach(async () => {
  now = NOW;
  temp = await makeTempDir();
  mock = await freshMock();
  backend = await openTestBackend({ dataDir: temp.dir, mock, clock: () => new Date(now) });
  await ok(backend.table, 'shift.start', { cashier_id: 'caja-01' });
});

afterEach(async () => {
  await backend.close();
  await mock.close();
  await temp.remove();
});

/** Every v3 paid-and-billed in the journal, whatever its day. */
async function billingsOn(days: string[]) {
  const all = await Promise.all(
    days.map((day) => backend.journal.operations({ day, operation: 'v3.paidAndBilled' })),
  );
  return all.flat();
}

describe('a second paid-and-billed of the same Verify', () => {
  it('answers the existing operation when it was billed on a day between the Verify and today', async () => {
    const verified = await ok(backend.table, 'v3.verify', PLAIN_SALE); // 10 March
    const args = { verify_op_id: verified.op_id };
    now = '2026-03-11T15:00:00.000Z';
    const first = await ok(backend.table, 'v3.paidAndBilled', args);
    expect(first.status).toBe('succeeded');

    // Neither the Verify's day nor today: a look at those two days alone would bill again.
    now = '2026-03-12T15:00:00.000Z';
    const second = await ok(backend.table, 'v3.paidAndBilled', args);
    expect(second).toEqual(first);
    const billings = await billingsOn(['2026-03-10', '2026-03-11', '2026-03-12']);
    expect(billings.map((op) => op.op_id)).toEqual([first.op_id]);
    expect(await externalRows(mock)).toHaveLength(1);
  });

  it('bills again after a refusal, on a later day, and then answers that billing', async () => {
    const scenario = (await ok(backend.table, 'training.scenarios', {})).scenarios.find(
      (s) => s.name === 'schedule-acceptance-needed',
    );
    if (!scenario || !('dni' in scenario.identity) || scenario.billed_amount === undefined) {
      throw new Error('scenario missing');
    }
    const verified = await ok(backend.table, 'v3.verify', {
      identity: { kind: 'dni', value: scenario.identity.dni },
      funding_code: scenario.funding_code,
      billed_cents: Math.round(scenario.billed_amount * 100),
    });
    const args = { verify_op_id: verified.op_id };
    const refused = await ok(backend.table, 'v3.paidAndBilled', args);
    expect(refused.status).toBe('refused');

    // A refusal is not the operation: the next day's call bills, and the one after answers it.
    now = '2026-03-11T15:00:00.000Z';
    await ok(backend.table, 'training.acceptSchedule', { funding_code: scenario.funding_code });
    const billed = await ok(backend.table, 'v3.paidAndBilled', args);
    expect(billed.status).toBe('succeeded');
    expect(billed.op_id).not.toBe(refused.op_id);
    now = '2026-03-13T15:00:00.000Z';
    expect(await ok(backend.table, 'v3.paidAndBilled', args)).toEqual(billed);
    const days = ['2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13'];
    expect((await billingsOn(days)).map((op) => op.op_id)).toEqual([refused.op_id, billed.op_id]);
  });
});

describe('journal.continuation', () => {
  const continuation = (sourceOpId: string, operation = 'v3.paidAndBilled' as const) =>
    ok(backend.table, 'journal.continuation', { source_op_id: sourceOpId, operation });

  it('finds the paid-and-billed whose answer was lost, by the Verify it continues', async () => {
    const verified = await ok(backend.table, 'v3.verify', PLAIN_SALE);
    expect(await continuation(verified.op_id)).toEqual({ operation: null });
    await ok(backend.table, 'training.injectFault', {
      operation: 'v3.paidAndBilled',
      fault: 'lose-response',
      times: 1,
    });
    const first = await ok(backend.table, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
    await backend.table.whenIdle();

    const found = await continuation(verified.op_id);
    expect(found.operation).toMatchObject({ op_id: first.op_id, status: 'succeeded' });
    // Only a continuation of that kind: a v2 paid-and-billed never names a Verify.
    const v2 = await ok(backend.table, 'journal.continuation', {
      source_op_id: verified.op_id,
      operation: 'v2.paidAndBilled',
    });
    expect(v2).toEqual({ operation: null });
    expect(await externalRows(mock)).toHaveLength(1);
  });

  it('prefers the latest one not refused, and answers a refusal only when all were', async () => {
    const scenario = (await ok(backend.table, 'training.scenarios', {})).scenarios.find(
      (s) => s.name === 'schedule-acceptance-needed',
    );
    if (!scenario || !('dni' in scenario.identity) || scenario.billed_amount === undefined) {
      throw new Error('scenario missing');
    }
    const verified = await ok(backend.table, 'v3.verify', {
      identity: { kind: 'dni', value: scenario.identity.dni },
      funding_code: scenario.funding_code,
      billed_cents: Math.round(scenario.billed_amount * 100),
    });
    const args = { verify_op_id: verified.op_id };
    const refused = await ok(backend.table, 'v3.paidAndBilled', args);
    expect(refused.status).toBe('refused');
    expect((await continuation(verified.op_id)).operation).toMatchObject({
      op_id: refused.op_id,
      status: 'refused',
    });

    await ok(backend.table, 'training.acceptSchedule', { funding_code: scenario.funding_code });
    const billed = await ok(backend.table, 'v3.paidAndBilled', args);
    expect(billed.status).toBe('succeeded');
    expect((await continuation(verified.op_id)).operation).toMatchObject({
      op_id: billed.op_id,
      status: 'succeeded',
    });
  });
});

describe('the look for an earlier paid-and-billed', () => {
  it('reads back only the Verify and the operations that name it, however full the day', async () => {
    // A busy day: every sale before this one adds a Verify and a paid-and-billed.
    for (let i = 0; i < 6; i += 1) {
      const sale = await ok(backend.table, 'v3.verify', PLAIN_SALE);
      await ok(backend.table, 'v3.paidAndBilled', { verify_op_id: sale.op_id });
    }
    const verified = await ok(backend.table, 'v3.verify', PLAIN_SALE);
    const args = { verify_op_id: verified.op_id };

    reads.mockClear();
    const first = await ok(backend.table, 'v3.paidAndBilled', args);
    expect(first.status).toBe('succeeded');
    expect(opIdsRead()).toEqual([verified.op_id]); // nothing names it yet: nothing else read

    reads.mockClear();
    expect(await ok(backend.table, 'v3.paidAndBilled', args)).toEqual(first);
    expect(opIdsRead().sort()).toEqual([verified.op_id, first.op_id].sort());
  });
});
