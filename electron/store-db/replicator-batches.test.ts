// The reader of the journal for replication without a database (replicator-batches.ts,
// replicator-lines.ts): what a batch holds, which store each line goes under, what is left out,
// where a batch taken in part ends, and a journal cut shorter than the cursor.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LineReader, RawLine } from '../journal/read-lines-after';
import type { ReplicationCursor } from './replication-cursor';
import { journalBatches } from './replicator-batches';
import { lineStores, peek } from './replicator-lines';
import { replicationProgress } from './replicator-progress';
import { replicationWaker } from './replicator-waker';

const STORES = { live: 'store-1', training: 'training:store-1' };

/** A journal of `texts`, one a line, read as the file reader reads (byte offsets, whole lines). */
function journalOf(texts: string[]) {
  const lines: RawLine[] = [];
  let size = 0;
  for (const text of texts) {
    const length = Buffer.byteLength(text);
    lines.push({ offset: size, length, text });
    size += length + 1;
  }
  const reader: LineReader = {
    async readFrom(from, maxLines) {
      const read = lines.filter((l) => l.offset >= from).slice(0, maxLines);
      const last = read.at(-1);
      return { lines: read, next: last ? last.offset + last.length + 1 : from, size };
    },
    async close() {},
  };
  return { reader, lines, size };
}

function entry(seq: number, type: string, opId: string, mode?: string) {
  return JSON.stringify({ ...(mode ? { mode } : {}), type, op_id: opId, seq, at: 'x' });
}

function setUp(texts: string[], batchLines = 500) {
  const journal = journalOf(texts);
  const written: ReplicationCursor[] = [];
  const source = {
    openReader: async () => journal.reader,
    readCursor: async () => ({ seq: 0, offset: 0 }),
    writeCursor: async (c: ReplicationCursor) => {
      written.push(c);
    },
  };
  const progress = replicationProgress({ clock: () => new Date(0), stores: STORES, source });
  const waker = replicationWaker({
    lingerMs: 0,
    policy: { baseMs: 1, maxMs: 1, maxAttempts: Number.POSITIVE_INFINITY },
    random: () => 0,
  });
  const batches = journalBatches({
    source,
    progress,
    lineStores: lineStores(STORES),
    waker,
    batchLines,
  });
  return { journal, progress, batches, written };
}

describe('the reader of the journal for replication', () => {
  it('peeks only entries: a seq, an op id, a type and a time; the mode of an intent only', () => {
    const op = randomUUID().toUpperCase();
    expect(peek(entry(3, 'intent', op, 'training'))).toEqual({
      seq: 3,
      opId: op.toLowerCase(),
      mode: 'training',
    });
    expect(peek(entry(4, 'outcome', op, 'training'))?.mode).toBeNull();
    for (const text of [
      '',
      'not json',
      '[]',
      'null',
      entry(0, 'intent', op),
      entry(1, 'intent', 'x'),
    ])
      expect(peek(text)).toBeNull();
  });

  it('sends a training outcome to the training store, found by its intent before the cursor', async () => {
    const training = randomUUID();
    const live = randomUUID();
    const texts = [
      entry(1, 'intent', training, 'training'),
      entry(2, 'intent', live, 'live'),
      '{"torn',
      entry(3, 'outcome', training),
      entry(4, 'outcome', live),
    ];
    const { journal, progress, batches } = setUp(texts);
    // The cursor stands after the intents: the training op is known only from the scan at start.
    progress.cursor = { seq: 2, offset: journal.lines[2]?.offset ?? 0 };
    await batches.scanAtStart(journal.reader);
    expect(progress.waiting()).toBe(2);
    const batch = await batches.readBatch(journal.reader);
    expect(batch.lines.map((l) => [l.seq, l.store])).toEqual([
      [3, STORES.training],
      [4, STORES.live],
    ]);
    expect(batch).toMatchObject({ unreadable: 1, lastSeq: 4, next: journal.size });
  });

  it('finds where a batch the database took in part ends, unreadable lines in between', async () => {
    const texts = [
      entry(1, 'intent', randomUUID(), 'live'),
      'junk',
      entry(2, 'intent', randomUUID(), 'live'),
      entry(3, 'intent', randomUUID(), 'live'),
    ];
    const { journal, batches } = setUp(texts);
    expect(await batches.offsetAfter(journal.reader, 2)).toEqual({
      next: journal.lines[3]?.offset,
      seq: 2,
    });
    // Nothing taken: the cursor stays.
    expect(await batches.offsetAfter(journal.reader, 0)).toEqual({ next: 0, seq: 0 });
  });

  it('reads from the start a journal shorter than the cursor, and the cursor keeps its seq', async () => {
    const texts = [
      entry(1, 'intent', randomUUID(), 'live'),
      entry(2, 'intent', randomUUID(), 'live'),
    ];
    const { journal, progress, batches, written } = setUp(texts);
    progress.cursor = { seq: 7, offset: journal.size + 100 };
    const batch = await batches.readBatch(journal.reader);
    expect(batch.lines.map((l) => l.seq)).toEqual([1, 2]);
    expect(batch.lastSeq).toBe(7);
    expect(progress.cursor).toEqual({ seq: 7, offset: 0 });
    await progress.commitCursor({ seq: batch.lastSeq, offset: batch.next });
    expect(written).toEqual([{ seq: 7, offset: journal.size, stores: STORES }]);
  });
});
