// A data folder whose disk is full (or gone): no money operation may start, the bridge says the
// journal cannot be written (its own error, not "internal"), and work resumes once space returns.
import type { FileHandle } from 'node:fs/promises';
import { open, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmedOrder, mockOrder } from '../handlers/test-support';
import {
  errorOf,
  externalRows,
  ok,
  PLAIN_SALE,
  TODAY,
  testBed,
  verifiedSale,
} from './test-support';

const bed = testBed('on-shift');
// Registered after the bed's: runs before it closes the backend.
afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * Makes every file write and fsync fail as on a full disk until the returned function is called.
 * Both: the journal writes its line synchronously and awaits only the fsync, which is where a
 * full disk with delayed allocation reports ENOSPC (docs/decisions.md "Journal speed").
 */
async function fillDisk(): Promise<() => void> {
  const probe = await open(join(bed.dir, 'probe'), 'w');
  const proto = Object.getPrototypeOf(probe) as FileHandle;
  await probe.close();
  const full = () =>
    Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
  const spies = [
    vi.spyOn(proto, 'write').mockImplementation(async () => Promise.reject(full())),
    vi.spyOn(proto, 'sync').mockImplementation(async () => Promise.reject(full())),
  ];
  return () => {
    for (const spy of spies) spy.mockRestore();
  };
}

/**
 * The disk fills after the next `kept` fsyncs succeed: the intent of the next operation reaches
 * the disk, its outcome (after the service answered) does not. Failing the fsync is how a full
 * disk with delayed allocation shows, and what the journal's probe meets too.
 */
async function fillDiskAfter(kept: number): Promise<() => void> {
  const probe = await open(join(bed.dir, 'probe'), 'w');
  const proto = Object.getPrototypeOf(probe) as FileHandle;
  await probe.close();
  const original = proto.sync;
  let left = kept;
  const spy = vi.spyOn(proto, 'sync').mockImplementation(async function (this: FileHandle) {
    if (left > 0) {
      left -= 1;
      return original.call(this);
    }
    throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
  });
  return () => spy.mockRestore();
}

describe('a disk that fills between an operation’s intent and its outcome', () => {
  it('settles a paid-and-billed the service answered, once space returns, without a restart', async () => {
    const b = bed.backend;
    const verified = await verifiedSale(b.table);
    const freeSpace = await fillDiskAfter(1);
    const failed = await errorOf(b.table, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
    expect(failed.code).toBe('journal-unavailable');
    // The service billed it; the journal holds only the intent.
    expect(bed.mock.mockContext.state.fundings.get('VENTA1')?.billing).not.toBeNull();
    const [open] = (await b.journal.unresolved()).filter(
      (op) => op.operation === 'v3.paidAndBilled',
    );
    expect(open?.status).toBe('pending');

    freeSpace();
    await b.table.whenIdle();
    const settled = await ok(b.table, 'journal.operation', { op_id: open?.op_id ?? '' });
    expect(settled).toMatchObject({ status: 'succeeded', outcome: { http_status: 200 } });
    expect(await ok(b.table, 'journal.unresolved', {})).toEqual({ operations: [] });
    // Asked again, the service gave the repeat no effect: one payment.
    expect(await externalRows(bed.mock)).toHaveLength(1);
  });

  it('settles a refund the service made by sending it again with its token, once space returns', async () => {
    const b = bed.backend;
    const orderId = await confirmedOrder(b.table);
    const freeSpace = await fillDiskAfter(1);
    const failed = await errorOf(b.table, 'orders.refund', {
      order_id: orderId,
      kind: 'partial',
      amount_cents: 10_000,
      reason: 'descuento',
    });
    expect(failed.code).toBe('journal-unavailable');
    const [open] = await b.journal.unresolved();
    expect(open).toMatchObject({ operation: 'orders.refundPartial', status: 'pending' });

    freeSpace();
    await b.table.whenIdle();
    const settled = await ok(b.table, 'journal.operation', { op_id: open?.op_id ?? '' });
    expect(settled).toMatchObject({ status: 'succeeded', outcome: { http_status: 200 } });
    // The same token twice: the service replayed its first answer, one refund.
    expect(mockOrder(bed.mock, orderId).refunds).toEqual([{ kind: 'partial', amount: 10_000 }]);
  });

  it('writes a Verify’s known answer once space returns, so nothing stays pending', async () => {
    const b = bed.backend;
    const freeSpace = await fillDiskAfter(1);
    const failed = await errorOf(b.table, 'v3.verify', PLAIN_SALE);
    expect(failed.code).toBe('journal-unavailable');
    const [open] = await b.journal.unresolved();
    expect(open).toMatchObject({ operation: 'v3.verify', status: 'pending' });

    freeSpace();
    await b.table.whenIdle();
    const settled = await ok(b.table, 'journal.operation', { op_id: open?.op_id ?? '' });
    expect(settled).toMatchObject({ status: 'succeeded', calls: 1 });
  });
});

describe('a journal that cannot be written', () => {
  it('answers journal-unavailable, starts no sale, and recovers when space returns', async () => {
    const freeSpace = await fillDisk();
    const first = await errorOf(bed.backend.table, 'v3.verify', PLAIN_SALE);
    expect(first.code).toBe('journal-unavailable');
    // Asked again, still full: the same clear answer, never "internal" or "unknown, retrying".
    const again = await errorOf(bed.backend.table, 'v3.verify', PLAIN_SALE);
    expect(again.code).toBe('journal-unavailable');
    expect(await ok(bed.backend.table, 'journal.health', {})).toMatchObject({ writable: false });

    freeSpace();
    expect(await ok(bed.backend.table, 'journal.health', {})).toMatchObject({ writable: true });
    const verified = await ok(bed.backend.table, 'v3.verify', PLAIN_SALE);
    expect(verified.status).toBe('succeeded');
    // Only the sale made after recovery is in the journal, whole.
    const operations = await bed.backend.journal.operations({ day: TODAY });
    expect(operations.map((o) => o.status)).toEqual(['succeeded']);
  });
});

describe('a journal emptied behind the app’s back', () => {
  it('is said in the log and to the supervisor through journal.health', async () => {
    await ok(bed.backend.table, 'v3.verify', PLAIN_SALE);
    await bed.backend.close();
    await writeFile(join(bed.dir, 'journal.jsonl'), '');
    await bed.open();
    expect(await ok(bed.backend.table, 'journal.health', {})).toEqual({
      writable: true,
      shortened: { expected_seq: 2, found_seq: 0 },
    });
    const log = await readFile(join(bed.dir, 'mostrador.log'), 'utf8');
    expect(log).toMatch(/journal is shorter than this terminal last wrote/);
  });
});
