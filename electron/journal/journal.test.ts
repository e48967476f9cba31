import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JournalEntry } from '../../shared/journal-entry';
import { type Journal, openJournal } from './journal';
import { JournalError } from './journal-error';
import { makeTempDir, paidAndBilledIntent, testClock } from './test-support';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let journal: Journal;
const time = testClock();

async function fileEntries(path: string): Promise<JournalEntry[]> {
  const text = await readFile(path, 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JournalEntry.parse(JSON.parse(line)));
}

beforeEach(async () => {
  temp = await makeTempDir();
  time.set('2026-03-10T15:00:00.000Z');
  journal = await openJournal({ dir: temp.dir, clock: time.clock });
});

afterEach(async () => {
  vi.restoreAllMocks();
  await journal.close();
  await temp.remove();
});

describe('recording an operation', () => {
  it('writes the intent and its outcome as JSON lines and reads them back folded', async () => {
    const opId = await journal.recordIntent(paidAndBilledIntent());
    expect((await journal.operation(opId))?.status).toBe('pending');
    time.advance(800);
    await journal.recordOutcome(opId, {
      status: 'succeeded',
      http_status: 200,
      result: { message: 'ok' },
    });

    const lines = await fileEntries(journal.path);
    expect(lines.map((e) => [e.seq, e.type, e.op_id])).toEqual([
      [1, 'intent', opId],
      [2, 'outcome', opId],
    ]);
    const [operation] = await journal.operations({ day: '2026-03-10' });
    expect(operation).toMatchObject({
      op_id: opId,
      operation: 'v3.paidAndBilled',
      status: 'succeeded',
      started_at: '2026-03-10T15:00:00.000Z',
      updated_at: '2026-03-10T15:00:00.800Z',
      calls: 1,
      intent: { billed_cents: 150_000, to_collect_cents: 37_500, cashier_id: 'caja-01' },
      outcome: { status: 'succeeded', http_status: 200, result: { message: 'ok' } },
    });
  });

  it('keeps the service exact message of a refusal, and a refusal is final', async () => {
    const opId = await journal.recordIntent(paidAndBilledIntent());
    await journal.recordOutcome(opId, {
      status: 'refused',
      http_status: 400,
      service_message: 'cashier_id changed',
      error_category: 'state-conflict',
    });
    const operation = await journal.operation(opId);
    expect(operation?.status).toBe('refused');
    expect(operation?.outcome?.service_message).toBe('cashier_id changed');
    await expect(journal.recordOutcome(opId, { status: 'succeeded' })).rejects.toMatchObject({
      code: 'already-final',
    });
    expect(await fileEntries(journal.path)).toHaveLength(2);
  });

  it('leaves an unknown outcome open until a definite one arrives', async () => {
    const opId = await journal.recordIntent(paidAndBilledIntent());
    await journal.recordOutcome(opId, { status: 'unknown', error_category: 'timeout' });
    expect((await journal.unresolved()).map((o) => [o.op_id, o.status])).toEqual([
      [opId, 'unknown'],
    ]);
    await journal.recordAttempt(opId, { attempt: 2, delay_ms: 700 });
    await journal.recordOutcome(opId, { status: 'succeeded', http_status: 200 });
    expect(await journal.unresolved()).toEqual([]);
    expect(journal.unresolvedCount()).toBe(0);
    expect(await journal.operation(opId)).toMatchObject({ status: 'succeeded', calls: 2 });
  });

  it('refuses entries for an operation that was never recorded', async () => {
    const stranger = '5b6f7a1e-0d8c-4d7e-9a55-3f0c2b9e8a11';
    await expect(journal.recordOutcome(stranger, { status: 'succeeded' })).rejects.toMatchObject({
      code: 'unknown-operation',
    });
    await expect(journal.recordNote(stranger, 'checked')).rejects.toBeInstanceOf(JournalError);
  });

  it('refuses an intent that does not match the schema, writing nothing', async () => {
    const bad = paidAndBilledIntent({ billed_cents: 12.5 });
    await expect(journal.recordIntent(bad)).rejects.toMatchObject({ code: 'invalid-entry' });
    await expect(
      journal.recordIntent(paidAndBilledIntent({ request: { n: 1n } })),
    ).rejects.toMatchObject({
      code: 'invalid-entry',
    });
    expect(await readFile(journal.path, 'utf8')).toBe('');
  });

  it('lists the operations of a store day in America/Lima by default', async () => {
    time.set('2026-03-10T04:30:00.000Z'); // 23:30 on 9 March in Lima
    const late = await journal.recordIntent(paidAndBilledIntent());
    time.set('2026-03-10T05:00:00.000Z'); // midnight in Lima
    const early = await journal.recordIntent(paidAndBilledIntent({ mode: 'live' }));

    const ids = async (query: Parameters<Journal['operations']>[0]) =>
      (await journal.operations(query)).map((o) => o.op_id);
    expect(await ids({ day: '2026-03-09' })).toEqual([late]);
    expect(await ids({})).toEqual([early]); // "today" by the journal's clock
    expect(await ids({ day: '2026-03-10', timeZone: 'UTC' })).toEqual([late, early]);
    expect(await ids({ day: '2026-03-10', timeZone: 'UTC', mode: 'training' })).toEqual([late]);
    const verify = await journal.recordIntent(paidAndBilledIntent({ operation: 'v3.verify' }));
    expect(await ids({ operation: 'v3.verify' })).toEqual([verify]);
    expect(await ids({ operation: 'v3.paidAndBilled' })).toEqual([early]);
  });
});

describe('readers that follow the journal', () => {
  it('lists every operation of one kind on any day, and tells subscribers of each entry once on disk', async () => {
    const seen: string[] = [];
    const stop = journal.subscribe((entry) => seen.push(`${entry.type}:${entry.op_id}`));
    const first = await journal.recordIntent(paidAndBilledIntent({ operation: 'v3.verify' }));
    time.set('2026-03-12T15:00:00.000Z');
    const second = await journal.recordIntent(paidAndBilledIntent({ operation: 'v3.verify' }));
    await journal.recordOutcome(second, { status: 'succeeded', result: {} });
    await journal.recordIntent(paidAndBilledIntent());
    stop();
    await journal.recordOutcome(first, { status: 'refused', service_message: 'no' });
    expect(seen.slice(0, 3)).toEqual([`intent:${first}`, `intent:${second}`, `outcome:${second}`]);
    expect(seen).toHaveLength(4);
    const verifies = await journal.ofOperation('v3.verify');
    expect(verifies.map((o) => [o.op_id, o.status])).toEqual([
      [first, 'refused'],
      [second, 'succeeded'],
    ]);
    // A subscriber's bug does not turn a written entry into a failed write.
    journal.subscribe(() => {
      throw new Error('listener bug');
    });
    await expect(journal.recordIntent(paidAndBilledIntent())).resolves.toBeTypeOf('string');
  });
});

describe('operations that continue another', () => {
  const verifyIntent = () => paidAndBilledIntent({ operation: 'v3.verify' });

  it('finds the operations whose meta names a source, on any day, reading only those', async () => {
    const verify = await journal.recordIntent(verifyIntent());
    const other = await journal.recordIntent(verifyIntent());
    time.set('2026-03-11T15:00:00.000Z'); // the next store day
    const refused = await journal.recordIntent(
      paidAndBilledIntent({ meta: { verify_op_id: verify } }),
    );
    await journal.recordOutcome(refused, { status: 'refused', service_message: 'no' });
    await journal.recordIntent(paidAndBilledIntent({ meta: { verify_op_id: other } }));
    time.set('2026-03-13T15:00:00.000Z'); // two days later
    const billed = await journal.recordIntent(
      paidAndBilledIntent({ meta: { verify_op_id: verify } }),
    );

    const linked = await journal.linkedTo(verify);
    // Folded as operations() folds them, whatever their status, oldest first.
    expect(linked.map((o) => [o.op_id, o.status, o.intent.meta?.verify_op_id])).toEqual([
      [refused, 'refused', verify],
      [billed, 'pending', verify],
    ]);
    expect(await journal.linkedTo(billed)).toEqual([]);
    expect(await journal.linkedTo('not-an-op')).toEqual([]);
  });

  it('filters by kind of operation and by meta key, and indexes only string `_op_id` values', async () => {
    const source = await journal.recordIntent(verifyIntent());
    const billed = await journal.recordIntent(
      paidAndBilledIntent({ meta: { verify_op_id: source } }),
    );
    const v2 = await journal.recordIntent(
      paidAndBilledIntent({ operation: 'v2.paidAndBilled', meta: { info_op_id: source } }),
    );
    // Neither is a link: the key does not end in `_op_id`, or the value is not an id string.
    await journal.recordIntent(paidAndBilledIntent({ meta: { verify: source } }));
    await journal.recordIntent(paidAndBilledIntent({ meta: { verify_op_id: [source] } }));

    const ids = async (query: Parameters<Journal['linkedTo']>[1]) =>
      (await journal.linkedTo(source, query)).map((o) => o.op_id);
    expect(await ids(undefined)).toEqual([billed, v2]);
    expect(await ids({ operation: 'v3.paidAndBilled' })).toEqual([billed]);
    expect(await ids({ key: 'info_op_id' })).toEqual([v2]);
    expect(await ids({ operation: 'v2.paidAndBilled', key: 'verify_op_id' })).toEqual([]);
  });

  it('does not link an intent that was refused before it was written', async () => {
    const source = await journal.recordIntent(verifyIntent());
    await expect(
      journal.recordIntent(
        paidAndBilledIntent({ billed_cents: -1, meta: { verify_op_id: source } }),
      ),
    ).rejects.toMatchObject({ code: 'invalid-entry' });
    expect(await journal.linkedTo(source)).toEqual([]);
  });
});

describe('durability', () => {
  it('syncs each entry to disk before the append resolves', async () => {
    const probe = await openJournal({ dir: temp.dir, clock: time.clock, fileName: 'probe.jsonl' });
    // The FileHandle class is not exported; its prototype is reached through a live handle.
    const { open } = await import('node:fs/promises');
    const handle = await open(probe.path, 'r');
    const proto = Object.getPrototypeOf(handle) as { sync: () => Promise<void> };
    await handle.close();
    const onDiskAtSync: string[] = [];
    const sync = vi.spyOn(proto, 'sync').mockImplementation(async function (this: unknown) {
      onDiskAtSync.push(await readFile(probe.path, 'utf8'));
    });

    let resolved = false;
    const appending = probe.recordIntent(paidAndBilledIntent()).then(() => {
      resolved = true;
    });
    await vi.waitFor(() => expect(sync).toHaveBeenCalledTimes(1));
    expect(onDiskAtSync[0]).toMatch(/"type":"intent".*\n$/);
    await appending;
    expect(resolved).toBe(true);
    await probe.close();
  });

  it('after a failed sync, takes back the uncertain entry before it takes another', async () => {
    const { open } = await import('node:fs/promises');
    const handle = await open(journal.path, 'r');
    const proto = Object.getPrototypeOf(handle) as { sync: () => Promise<void> };
    await handle.close();
    const first = await journal.recordIntent(paidAndBilledIntent());
    vi.spyOn(proto, 'sync').mockRejectedValueOnce(Object.assign(new Error('EIO'), { code: 'EIO' }));

    await expect(journal.recordOutcome(first, { status: 'succeeded' })).rejects.toMatchObject({
      code: 'write-failed',
    });
    expect((await journal.operation(first))?.status).toBe('pending');
    // The disk writes again: the outcome whose sync failed is cut off, the next entry is whole.
    const second = await journal.recordIntent(paidAndBilledIntent());
    const lines = (await readFile(journal.path, 'utf8')).trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l).op_id)).toEqual([first, second]);
    expect(lines.map((l) => JSON.parse(l).seq)).toEqual([1, 2]);
  });

  it('keeps every line whole and seq in file order under concurrent appends', async () => {
    const big = 'x'.repeat(64 * 1024); // larger than a pipe buffer: a write could be split
    const ids = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        journal.recordIntent(paidAndBilledIntent({ request: { i, big } })),
      ),
    );
    await Promise.all(ids.map((id) => journal.recordOutcome(id, { status: 'unknown' })));

    const lines = await fileEntries(journal.path);
    expect(lines).toHaveLength(120);
    expect(lines.map((e) => e.seq)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    expect(new Set(lines.map((e) => e.op_id))).toEqual(new Set(ids));
    expect(await journal.unresolved()).toHaveLength(60);
    // The heartbeat's count, from the index alone, says the same.
    expect(journal.unresolvedCount()).toBe(60);
  });

  it('finishes queued appends on close and refuses later ones', async () => {
    const pending = journal.recordIntent(paidAndBilledIntent());
    await journal.close();
    await expect(pending).resolves.toEqual(expect.any(String));
    await expect(journal.recordIntent(paidAndBilledIntent())).rejects.toMatchObject({
      code: 'closed',
    });
    await expect(journal.operations()).rejects.toMatchObject({ code: 'closed' });
  });
});

describe('no token is ever journaled', () => {
  it.each([
    ['authorization header', { headers: { Authorization: 'Bearer abc' } }],
    ['token', { token: 'abc' }],
    ['secret_token deep in an array', { items: [{ ok: 1 }, { secret_token: 'abc' }] }],
    ['bearer key', { bearer: 'abc' }],
    ['access token, camelCase', { accessToken: 'abc' }],
    ['a bearer value under an innocent key', { note: 'Bearer abc.def' }],
  ])('refuses a request holding a %s', async (_, request) => {
    await expect(journal.recordIntent(paidAndBilledIntent({ request }))).rejects.toMatchObject({
      code: 'secret-in-entry',
      message: expect.not.stringContaining('abc'),
    });
    expect(await readFile(journal.path, 'utf8')).toBe('');
  });

  it('refuses a token in meta or beside the request, but keeps the refund unique token', async () => {
    await expect(
      journal.recordIntent(paidAndBilledIntent({ meta: { api_key_token: 'abc' } })),
    ).rejects.toMatchObject({ code: 'secret-in-entry' });
    const sneaky = { ...paidAndBilledIntent(), token: 'abc' };
    await expect(journal.recordIntent(sneaky)).rejects.toMatchObject({ code: 'secret-in-entry' });

    const opId = await journal.recordIntent({
      operation: 'orders.refundTotal',
      mode: 'live',
      cashier_id: 'sup-02',
      order_id: 'ORD-77',
      request: { author: 'sup-02', reason: 'customer returned the product' },
      meta: { unique_token: '3f9a-refund-1', supervisor_reason: 'returned' },
    });
    expect((await journal.operation(opId))?.intent.meta?.unique_token).toBe('3f9a-refund-1');
  });

  it('redacts credential-like fields of an answer instead of losing the answer', async () => {
    const opId = await journal.recordIntent(paidAndBilledIntent());
    await journal.recordOutcome(opId, {
      status: 'succeeded',
      // Not hex: a random op_id on the same line could hold 'abc' by chance (a flake seen in CI).
      result: { status: 'ok', session: { token: 'tok-zqx-secret' } },
    });
    const text = await readFile(journal.path, 'utf8');
    expect(text).not.toContain('tok-zqx-secret');
    expect((await journal.operation(opId))?.outcome?.result).toEqual({
      status: 'ok',
      session: { token: '[redacted]' },
    });
  });
});
