import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JournalEntry } from '../../shared/journal-entry';
import { openJournal } from './journal';
import { makeTempDir, paidAndBilledIntent, testClock } from './test-support';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
const time = testClock();

beforeEach(async () => {
  temp = await makeTempDir();
});
afterEach(() => temp.remove());

/** Writes two finished operations and one unknown, as a previous run of the app would. */
async function previousRun() {
  const journal = await openJournal({ dir: temp.dir, clock: time.clock });
  const verified = await journal.recordIntent(paidAndBilledIntent({ operation: 'v3.verify' }));
  await journal.recordOutcome(verified, { status: 'succeeded', http_status: 200 });
  const refused = await journal.recordIntent(paidAndBilledIntent());
  await journal.recordOutcome(refused, {
    status: 'refused',
    http_status: 400,
    service_message: 'billed_amount changed',
  });
  const unknown = await journal.recordIntent(paidAndBilledIntent());
  await journal.recordOutcome(unknown, { status: 'unknown', error_category: 'timeout' });
  await journal.close();
  return { path: journal.path, verified, refused, unknown };
}

describe('reopening after a restart', () => {
  it('rebuilds every operation and lists the ones still to resolve', async () => {
    const before = await previousRun();
    const journal = await openJournal({ dir: temp.dir, clock: time.clock });
    // Crash between the intent and the call: pending, which is as open as unknown.
    const pending = await journal.recordIntent(paidAndBilledIntent());
    await journal.close();

    const reopened = await openJournal({ dir: temp.dir, clock: time.clock });
    expect(reopened.recovered).toEqual({
      skippedLines: 0,
      lastLineTorn: false,
      inconsistentEntries: 0,
      problems: [],
      shortened: null,
    });
    expect((await reopened.unresolved()).map((o) => [o.op_id, o.status])).toEqual([
      [before.unknown, 'unknown'],
      [pending, 'pending'],
    ]);
    expect((await reopened.operations({ day: '2026-03-10' })).map((o) => o.status)).toEqual([
      'succeeded',
      'refused',
      'unknown',
      'pending',
    ]);
    // seq carries on from the file.
    await reopened.recordOutcome(pending, { status: 'succeeded' });
    await reopened.close();
    const last = (await readFile(before.path, 'utf8')).trim().split('\n').at(-1) ?? '';
    expect(JournalEntry.parse(JSON.parse(last)).seq).toBe(8);
  });
});

describe('a damaged file', () => {
  it('skips a torn last line, reports it, and starts the next append on a fresh line', async () => {
    const before = await previousRun();
    await appendFile(before.path, '{"seq":7,"op_id":"5b6f7a1e-0d8c-4d7e-9a55-3f0c2b9e8a11","ty');

    const journal = await openJournal({ dir: temp.dir, clock: time.clock });
    expect(journal.recovered).toMatchObject({
      skippedLines: 1,
      lastLineTorn: true,
      problems: [{ line: 7, kind: 'torn-last-line' }],
    });
    expect(await journal.operations({ day: '2026-03-10' })).toHaveLength(3);
    await journal.recordOutcome(before.unknown, { status: 'succeeded', http_status: 200 });
    expect((await journal.operation(before.unknown))?.status).toBe('succeeded');
    await journal.close();

    const lines = (await readFile(before.path, 'utf8')).split('\n');
    expect(lines[6]).toMatch(/"ty$/); // the torn bytes stay, on their own line, for forensics
    expect(JSON.parse(lines[7] ?? '')).toMatchObject({ seq: 7, type: 'outcome' });

    // Next time the torn line is an ordinary bad line in the middle; nothing else is lost.
    const again = await openJournal({ dir: temp.dir, clock: time.clock });
    expect(again.recovered).toMatchObject({ skippedLines: 1, lastLineTorn: false });
    expect(await again.unresolved()).toEqual([]);
    await again.close();
  });

  it('keeps a last entry that is whole but lost only its newline', async () => {
    const before = await previousRun();
    const text = await readFile(before.path, 'utf8');
    await writeFile(before.path, text.slice(0, -1));

    const journal = await openJournal({ dir: temp.dir, clock: time.clock });
    expect(journal.recovered).toMatchObject({ skippedLines: 0, lastLineTorn: false });
    expect((await journal.operation(before.unknown))?.status).toBe('unknown');
    await journal.recordOutcome(before.unknown, { status: 'refused', service_message: 'x' });
    await journal.close();
    const lines = (await readFile(before.path, 'utf8')).trim().split('\n');
    expect(lines.map((l) => JournalEntry.parse(JSON.parse(l)).seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('reports garbage and wrongly shaped lines in the middle and keeps the entries around them', async () => {
    const before = await previousRun();
    const lines = (await readFile(before.path, 'utf8')).trim().split('\n');
    lines.splice(2, 0, '\u0000\u0000garbage');
    lines.splice(4, 0, '{"seq":"three","type":"intent"}');
    await writeFile(before.path, `${lines.join('\n')}\n`);

    const journal = await openJournal({ dir: temp.dir, clock: time.clock });
    expect(journal.recovered).toEqual({
      skippedLines: 2,
      lastLineTorn: false,
      inconsistentEntries: 0,
      problems: [
        { line: 3, kind: 'not-json' },
        { line: 5, kind: 'not-an-entry' },
      ],
      shortened: null,
    });
    expect((await journal.operations({ day: '2026-03-10' })).map((o) => o.status)).toEqual([
      'succeeded',
      'refused',
      'unknown',
    ]);
    await journal.close();
  });

  it('reports an outcome whose intent line was lost instead of inventing an operation', async () => {
    const before = await previousRun();
    const lines = (await readFile(before.path, 'utf8')).trim().split('\n');
    lines[4] = '{not json'; // the unknown operation's intent
    await writeFile(before.path, `${lines.join('\n')}\n`);

    const journal = await openJournal({ dir: temp.dir, clock: time.clock });
    expect(journal.recovered).toMatchObject({
      skippedLines: 1,
      inconsistentEntries: 1,
      problems: [
        { line: 5, kind: 'not-json' },
        { line: 6, kind: 'orphan-entry' },
      ],
    });
    expect(await journal.operation(before.unknown)).toBeNull();
    await journal.close();
  });

  it('ignores an outcome that tries to overturn a definite answer', async () => {
    const before = await previousRun();
    const forged = {
      seq: 7,
      op_id: before.refused,
      type: 'outcome',
      at: '2026-03-10T16:00:00.000Z',
      status: 'succeeded',
    };
    await appendFile(before.path, `${JSON.stringify(forged)}\n`);
    const journal = await openJournal({ dir: temp.dir, clock: time.clock });
    expect(journal.recovered.problems).toEqual([{ line: 7, kind: 'outcome-after-final' }]);
    expect((await journal.operation(before.refused))?.status).toBe('refused');
    await journal.close();
  });
});

describe('links between operations after a restart', () => {
  /** A Verify on 10 March, its paid-and-billed on 12 March; the file is closed. */
  async function linkedRun() {
    const journal = await openJournal({ dir: temp.dir, clock: time.clock });
    time.set('2026-03-10T15:00:00.000Z');
    const verify = await journal.recordIntent(paidAndBilledIntent({ operation: 'v3.verify' }));
    await journal.recordOutcome(verify, { status: 'succeeded', http_status: 200 });
    time.set('2026-03-12T15:00:00.000Z');
    const billed = await journal.recordIntent(
      paidAndBilledIntent({ meta: { verify_op_id: verify } }),
    );
    await journal.recordOutcome(billed, { status: 'unknown', error_category: 'timeout' });
    await journal.close();
    return { path: journal.path, verify, billed };
  }

  it('rebuilds the links from the file, and indexes intents written after the reopen', async () => {
    const before = await linkedRun();
    const journal = await openJournal({ dir: temp.dir, clock: time.clock });
    expect((await journal.linkedTo(before.verify)).map((o) => [o.op_id, o.status])).toEqual([
      [before.billed, 'unknown'],
    ]);
    const again = await journal.recordIntent(
      paidAndBilledIntent({ meta: { verify_op_id: before.verify } }),
    );
    expect((await journal.linkedTo(before.verify)).map((o) => o.op_id)).toEqual([
      before.billed,
      again,
    ]);
    await journal.close();
  });

  it('leaves out a torn intent, keeps the links around it, and links what follows', async () => {
    const before = await linkedRun();
    const torn = JSON.stringify({
      ...paidAndBilledIntent({ meta: { verify_op_id: before.verify } }),
      seq: 5,
      op_id: '5b6f7a1e-0d8c-4d7e-9a55-3f0c2b9e8a11',
      type: 'intent',
      at: '2026-03-12T16:00:00.000Z',
    });
    await appendFile(before.path, torn.slice(0, -20)); // a crash mid-write

    const journal = await openJournal({ dir: temp.dir, clock: time.clock });
    expect(journal.recovered).toMatchObject({ lastLineTorn: true, skippedLines: 1 });
    expect((await journal.linkedTo(before.verify)).map((o) => o.op_id)).toEqual([before.billed]);
    const next = await journal.recordIntent(
      paidAndBilledIntent({ meta: { verify_op_id: before.verify } }),
    );
    await journal.close();

    // The next open reads the torn bytes as a bad line in the middle and the new intent whole.
    const again = await openJournal({ dir: temp.dir, clock: time.clock });
    expect((await again.linkedTo(before.verify)).map((o) => o.op_id)).toEqual([
      before.billed,
      next,
    ]);
    await again.close();
  });

  it('keeps the link of a last intent that is whole but lost only its newline', async () => {
    const before = await linkedRun();
    const lines = (await readFile(before.path, 'utf8')).trim().split('\n');
    // Drop the billing's outcome and the final newline: its intent is the unterminated last line.
    await writeFile(before.path, lines.slice(0, 3).join('\n'));

    const journal = await openJournal({ dir: temp.dir, clock: time.clock });
    expect(journal.recovered).toMatchObject({ skippedLines: 0, lastLineTorn: false });
    expect((await journal.linkedTo(before.verify)).map((o) => [o.op_id, o.status])).toEqual([
      [before.billed, 'pending'],
    ]);
    await journal.close();
  });
});

describe('a year of entries', () => {
  it('opens and lists a day quickly', async () => {
    const path = join(temp.dir, 'journal.jsonl');
    const perDay = 120;
    const start = Date.parse('2025-03-10T14:00:00.000Z');
    const chunks: string[] = [];
    let seq = 0;
    for (let day = 0; day < 365; day += 1) {
      for (let n = 0; n < perDay; n += 1) {
        const at = new Date(start + day * 86_400_000 + n * 60_000).toISOString();
        const op_id = `00000000-0000-4000-8000-${String(day * perDay + n).padStart(12, '0')}`;
        const intent = { ...paidAndBilledIntent(), seq: ++seq, op_id, type: 'intent', at };
        const outcome = { seq: ++seq, op_id, type: 'outcome', at, status: 'succeeded', result: {} };
        chunks.push(`${JSON.stringify(intent)}\n${JSON.stringify(outcome)}\n`);
      }
    }
    await writeFile(path, chunks.join(''));

    const began = performance.now();
    const journal = await openJournal({ dir: temp.dir, clock: time.clock });
    const today = await journal.operations({ day: '2026-03-09' });
    const elapsed = performance.now() - began;
    expect(journal.recovered.skippedLines).toBe(0);
    expect(today).toHaveLength(perDay);
    expect(today.every((o) => o.status === 'succeeded')).toBe(true);
    expect(elapsed).toBeLessThan(15_000);
    await journal.close();
  });
});
