// A restart in the middle of a paid-and-billed: the handlers (and the journal) are closed and new
// ones opened on the same data dir; the unfinished operation resumes and resolves, with one
// effect at the service.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openJournal } from '../../journal/journal';
import type { MockApp } from '../../mock/app';
import {
  externalRows,
  freshMock,
  instantRetry,
  makeTempDir,
  NOW,
  ok,
  openTestBackend,
  PLAIN_SALE,
  stalledRetry,
} from './test-support';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let mock: MockApp;

beforeEach(async () => {
  temp = await makeTempDir();
  // The mock stands for the service, which outlives the app's restart.
  mock = await freshMock();
});

afterEach(async () => {
  await mock.close();
  await temp.remove();
});

describe('restart', () => {
  it('resumes an unknown paid-and-billed and resolves it', async () => {
    const before = await openTestBackend({ dataDir: temp.dir, mock, retry: stalledRetry });
    await ok(before.table, 'shift.start', { cashier_id: 'caja-01' });
    const verified = await ok(before.table, 'v3.verify', PLAIN_SALE);
    await ok(before.table, 'training.injectFault', {
      operation: 'v3.paidAndBilled',
      fault: 'lose-response',
      times: 1,
    });
    const first = await ok(before.table, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
    expect(first).toMatchObject({ status: 'unknown', retrying: true });
    await before.close();

    const after = await openTestBackend({ dataDir: temp.dir, mock, retry: instantRetry });
    try {
      await after.table.whenIdle();
      const operation = await ok(after.table, 'journal.operation', { op_id: first.op_id });
      expect(operation).toMatchObject({ status: 'succeeded', outcome: { http_status: 200 } });
      expect((await ok(after.table, 'journal.unresolved', {})).operations).toEqual([]);
      expect(await externalRows(mock)).toHaveLength(1);
      // The settings came back too: the shift is still open.
      expect((await ok(after.table, 'settings.get', {})).cashier_id).toBe('caja-01');
    } finally {
      await after.close();
    }
  });

  it('resumes an unknown paid-and-billed journaled under its old name (v3.paid-and-billed)', async () => {
    const before = await openTestBackend({ dataDir: temp.dir, mock, retry: stalledRetry });
    await ok(before.table, 'shift.start', { cashier_id: 'caja-01' });
    const verified = await ok(before.table, 'v3.verify', PLAIN_SALE);
    await ok(before.table, 'training.injectFault', {
      operation: 'v3.paidAndBilled',
      fault: 'lose-response',
      times: 1,
    });
    const first = await ok(before.table, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
    expect(first).toMatchObject({ status: 'unknown', retrying: true });
    await before.close();

    // The counter updates the app over a journal the previous version wrote.
    const file = join(temp.dir, 'journal.jsonl');
    const text = await readFile(file, 'utf8');
    expect(text).toContain('"operation":"v3.paidAndBilled"');
    await writeFile(file, text.replaceAll('"v3.paidAndBilled"', '"v3.paid-and-billed"'));

    const after = await openTestBackend({ dataDir: temp.dir, mock, retry: instantRetry });
    try {
      await after.table.whenIdle();
      const operation = await ok(after.table, 'journal.operation', { op_id: first.op_id });
      expect(operation).toMatchObject({ operation: 'v3.paidAndBilled', status: 'succeeded' });
      const again = await ok(after.table, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
      expect(again).toMatchObject({ status: 'succeeded', op_id: first.op_id });
      expect(await externalRows(mock)).toHaveLength(1);
    } finally {
      await after.close();
    }
  });

  it('resumes a paid-and-billed whose intent was written but whose call never answered', async () => {
    const before = await openTestBackend({ dataDir: temp.dir, mock });
    await ok(before.table, 'shift.start', { cashier_id: 'caja-01' });
    const verified = await ok(before.table, 'v3.verify', PLAIN_SALE);
    await before.close();

    // The app died right after journaling the intent: no outcome, call state unknown.
    const journal = await openJournal({ dir: temp.dir, clock: () => new Date(NOW) });
    const opId = await journal.recordIntent({
      operation: 'v3.paidAndBilled',
      mode: 'training',
      cashier_id: 'caja-01',
      identity: PLAIN_SALE.identity,
      funding_code: 'VENTA1',
      billed_cents: 120_000,
      to_collect_cents: 30_000,
      request: {
        dni: '41000001',
        funding_code: 'VENTA1',
        billed_amount: 1200,
        cashier_id: 'caja-01',
      },
      meta: { verify_op_id: verified.op_id },
    });
    await journal.close();

    const after = await openTestBackend({ dataDir: temp.dir, mock });
    try {
      // Until resolved, asking to bill the same Verify answers the open operation.
      await after.table.whenIdle();
      const operation = await ok(after.table, 'journal.operation', { op_id: opId });
      expect(operation).toMatchObject({ status: 'succeeded', calls: 2 });
      const again = await ok(after.table, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
      expect(again).toMatchObject({ status: 'succeeded', op_id: opId });
      expect(await externalRows(mock)).toHaveLength(1);
    } finally {
      await after.close();
    }
  });
});
