// A journal written before the operations were named like their bridge methods (shared/
// journal-entry.ts, LEGACY_OPERATION_NAMES): counters keep years of it and its lines are never
// rewritten, so every old name must read as the current one — in the index the app filters on,
// in the operation read back, and in the links a paid-and-billed finds its Verify by.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  currentOperationName,
  KNOWN_OPERATIONS,
  LEGACY_OPERATION_NAMES,
} from '../../shared/journal-entry';
import { type Journal, openJournal } from './journal';
import { makeTempDir } from './test-support';

const AT = '2026-03-10T15:00:00.000Z';
const ids = {
  verify: '00000000-0000-4000-8000-000000000001',
  billing: '00000000-0000-4000-8000-000000000002',
  undo: '00000000-0000-4000-8000-000000000003',
  summary: '00000000-0000-4000-8000-000000000004',
  refund: '00000000-0000-4000-8000-000000000005',
  partial: '00000000-0000-4000-8000-000000000006',
  v2billing: '00000000-0000-4000-8000-000000000007',
  v2undo: '00000000-0000-4000-8000-000000000008',
  request: '00000000-0000-4000-8000-000000000009',
};
const sale = {
  dni: '41000001',
  funding_code: 'VENTA1',
  billed_amount: 1200,
  cashier_id: 'caja-01',
};
const intent = (op_id: string, operation: string, extra: Record<string, unknown> = {}) => ({
  op_id,
  at: AT,
  type: 'intent',
  operation,
  mode: 'training',
  cashier_id: 'caja-01',
  request: sale,
  ...extra,
});
const outcome = (op_id: string, status: string) => ({
  op_id,
  at: AT,
  type: 'outcome',
  status,
  http_status: status === 'succeeded' ? 200 : undefined,
  result: {},
});

/** Lines as the app wrote them before the rename, names and all. */
const OLD_LINES = [
  intent(ids.verify, 'v3.verify'),
  outcome(ids.verify, 'succeeded'),
  intent(ids.billing, 'v3.paid-and-billed', { meta: { verify_op_id: ids.verify } }),
  { op_id: ids.billing, at: AT, type: 'outcome', status: 'unknown', error_category: 'network' },
  intent(ids.undo, 'v3.undo-billing'),
  outcome(ids.undo, 'succeeded'),
  intent(ids.v2billing, 'v2.paid-and-billed'),
  outcome(ids.v2billing, 'succeeded'),
  intent(ids.v2undo, 'v2.undo-billing'),
  outcome(ids.v2undo, 'succeeded'),
  intent(ids.summary, 'v2.day-summary', { request: { day: '2026-03-10' } }),
  outcome(ids.summary, 'succeeded'),
  intent(ids.refund, 'orders.refund-total', { order_id: 'ORD-1', request: { amount: 10 } }),
  outcome(ids.refund, 'succeeded'),
  intent(ids.partial, 'orders.refund-partial', { order_id: 'ORD-2', request: { amount: 5 } }),
  outcome(ids.partial, 'succeeded'),
  intent(ids.request, 'integration.sale-request', { request: { amount: 1200 } }),
].map((line, i) => JSON.stringify({ seq: i + 1, ...line }));

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let journal: Journal | undefined;

beforeEach(async () => {
  temp = await makeTempDir();
  await writeFile(join(temp.dir, 'journal.jsonl'), `${OLD_LINES.join('\n')}\n`);
  journal = await openJournal({ dir: temp.dir, clock: () => new Date(AT) });
});

afterEach(async () => {
  await journal?.close();
  await temp.remove();
});

describe('a journal written with the old operation names', () => {
  it('opens whole, every line an entry', () => {
    expect(journal?.recovered).toMatchObject({ skippedLines: 0, inconsistentEntries: 0 });
  });

  it('reads every operation under its current name', async () => {
    const operations = (await journal?.operations({ day: '2026-03-10', timeZone: 'UTC' })) ?? [];
    expect(Object.fromEntries(operations.map((op) => [op.op_id, op.operation]))).toEqual({
      [ids.verify]: 'v3.verify',
      [ids.billing]: 'v3.paidAndBilled',
      [ids.undo]: 'v3.undoBilling',
      [ids.v2billing]: 'v2.paidAndBilled',
      [ids.v2undo]: 'v2.undoBilling',
      [ids.summary]: 'v2.daySummary',
      [ids.refund]: 'orders.refundTotal',
      [ids.partial]: 'orders.refundPartial',
      [ids.request]: 'integration.saleRequest',
    });
    expect((await journal?.operation(ids.billing))?.intent.operation).toBe('v3.paidAndBilled');
  });

  it('finds them by their current names: unresolved, by kind and by link', async () => {
    const unresolved = (await journal?.unresolved()) ?? [];
    expect(unresolved.map((op) => [op.op_id, op.operation])).toEqual([
      [ids.billing, 'v3.paidAndBilled'],
      [ids.request, 'integration.saleRequest'],
    ]);
    const linked = await journal?.linkedTo(ids.verify, {
      operation: 'v3.paidAndBilled',
      key: 'verify_op_id',
    });
    expect(linked?.map((op) => op.op_id)).toEqual([ids.billing]);
    expect((await journal?.ofOperation('orders.refundTotal'))?.map((op) => op.op_id)).toEqual([
      ids.refund,
    ]);
    expect((await journal?.ofOperation('integration.saleRequest'))?.length).toBe(1);
  });

  it('maps each old name to a name the app journals today, and leaves current names alone', () => {
    const current = new Set<string>([...KNOWN_OPERATIONS, 'integration.saleRequest']);
    for (const [old, now] of Object.entries(LEGACY_OPERATION_NAMES)) {
      expect(current.has(now), old).toBe(true);
      expect(currentOperationName(old)).toBe(now);
    }
    for (const name of current) expect(currentOperationName(name)).toBe(name);
    expect(currentOperationName('constructor')).toBe('constructor');
  });
});
