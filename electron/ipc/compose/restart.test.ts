// A restart in the middle of a paid-and-billed: the handlers (and the journal) are closed and new
// ones opened on the same data dir; the unfinished operation resumes and resolves, with one
// effect at the service.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openJournal } from '../../journal/journal';
import {
  billThroughFault,
  externalRows,
  instantRetry,
  NOW,
  ok,
  PLAIN_SALE,
  stalledRetry,
  testBed,
  verifiedSale,
} from './test-support';

// The bed's mock stands for the service, which outlives the app's restart.
const bed = testBed();

/** A paid-and-billed left unknown (its answer lost, the retry stalled), then the app closed. */
async function closedOnUnknownPaidAndBilled() {
  const before = await bed.openOnShift({ retry: stalledRetry });
  const verified = await verifiedSale(before.table);
  const first = await billThroughFault(before.table, verified.op_id);
  expect(first).toMatchObject({ status: 'unknown', retrying: true });
  await before.close();
  return { verified, first };
}

describe('restart', () => {
  it('resumes an unknown paid-and-billed and resolves it', async () => {
    const { first } = await closedOnUnknownPaidAndBilled();

    const after = await bed.open({ retry: instantRetry });
    try {
      await after.table.whenIdle();
      const operation = await ok(after.table, 'journal.operation', { op_id: first.op_id });
      expect(operation).toMatchObject({ status: 'succeeded', outcome: { http_status: 200 } });
      expect((await ok(after.table, 'journal.unresolved', {})).operations).toEqual([]);
      expect(await externalRows(bed.mock)).toHaveLength(1);
      // The settings came back too: the shift is still open.
      expect((await ok(after.table, 'settings.get', {})).cashier_id).toBe('CAJA-01');
    } finally {
      await after.close();
    }
  });

  it('resumes an unknown paid-and-billed journaled under its old name (v3.paid-and-billed)', async () => {
    const { verified, first } = await closedOnUnknownPaidAndBilled();

    // The counter updates the app over a journal the previous version wrote.
    const file = join(bed.dir, 'journal.jsonl');
    const text = await readFile(file, 'utf8');
    expect(text).toContain('"operation":"v3.paidAndBilled"');
    await writeFile(file, text.replaceAll('"v3.paidAndBilled"', '"v3.paid-and-billed"'));

    const after = await bed.open({ retry: instantRetry });
    try {
      await after.table.whenIdle();
      const operation = await ok(after.table, 'journal.operation', { op_id: first.op_id });
      expect(operation).toMatchObject({ operation: 'v3.paidAndBilled', status: 'succeeded' });
      const again = await ok(after.table, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
      expect(again).toMatchObject({ status: 'succeeded', op_id: first.op_id });
      expect(await externalRows(bed.mock)).toHaveLength(1);
    } finally {
      await after.close();
    }
  });

  it('resumes a paid-and-billed whose intent was written but whose call never answered', async () => {
    const before = await bed.openOnShift();
    const verified = await verifiedSale(before.table);
    await before.close();

    // The app died right after journaling the intent: no outcome, call state unknown.
    const journal = await openJournal({ dir: bed.dir, clock: () => new Date(NOW) });
    const opId = await journal.recordIntent({
      operation: 'v3.paidAndBilled',
      mode: 'training',
      cashier_id: 'CAJA-01',
      identity: PLAIN_SALE.identity,
      funding_code: 'VENTA1',
      billed_cents: 120_000,
      to_collect_cents: 30_000,
      request: {
        dni: '41000001',
        funding_code: 'VENTA1',
        billed_amount: 1200,
        cashier_id: 'CAJA-01',
      },
      meta: { verify_op_id: verified.op_id },
    });
    await journal.close();

    const after = await bed.open();
    try {
      // Until resolved, asking to bill the same Verify answers the open operation.
      await after.table.whenIdle();
      const operation = await ok(after.table, 'journal.operation', { op_id: opId });
      expect(operation).toMatchObject({ status: 'succeeded', calls: 2 });
      const again = await ok(after.table, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
      expect(again).toMatchObject({ status: 'succeeded', op_id: opId });
      expect(await externalRows(bed.mock)).toHaveLength(1);
    } finally {
      await after.close();
    }
  });
});
