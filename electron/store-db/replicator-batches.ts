// The reader of the journal for replication (part of electron/store-db/replicator.ts): it opens
// the journal (waiting for a new terminal's first line), reads it once at start for what waits and
// which operations are training, reads the next batch from the cursor, and finds where a batch
// the database took only in part ends. Every line goes, in file order; a line that is not an entry
// is counted and left out, as the journal leaves it out.
import type { LineReader } from '../journal/read-lines-after';
import { lineForDatabase } from './batch-signature';
import { type LineStores, peek } from './replicator-lines';
import type { ReplicationSource } from './replicator-options';
import type { ReplicationProgress } from './replicator-progress';
import type { ReplicationWaker } from './replicator-waker';

/** A line ready for the signed call: its key, its store and its text (bytes when not UTF-8). */
export type Prepared = { seq: number; store: string; text: string; bytes: Buffer | null };

export type Batch = { lines: Prepared[]; next: number; unreadable: number; lastSeq: number };

export type JournalBatches = {
  /** Opens the journal, trying again (backing off, woken by an append) until it exists. */
  open(): Promise<LineReader>;
  /** Reads the whole journal once: what is already sent (for the training ops) and what waits. */
  scanAtStart(r: LineReader): Promise<void>;
  /** Up to `batchLines` lines from the cursor (from the start if the file is now shorter). */
  readBatch(r: LineReader): Promise<Batch>;
  /** The byte after the `count`-th readable line from the cursor and the highest seq before it. */
  offsetAfter(r: LineReader, count: number): Promise<{ next: number; seq: number }>;
};

export function journalBatches(deps: {
  source: ReplicationSource;
  progress: ReplicationProgress;
  lineStores: LineStores;
  waker: ReplicationWaker;
  batchLines: number;
}): JournalBatches {
  const { source, progress, waker, batchLines } = deps;

  const open = async (): Promise<LineReader> => {
    let failures = 0;
    for (;;) {
      try {
        return await source.openReader();
      } catch {
        // The journal file does not exist yet (a new terminal before its first operation).
        await waker.backoff(failures++, true);
        if (waker.stopped) throw new Error('stopped');
      }
    }
  };

  const scanAtStart = async (r: LineReader) => {
    let from = 0;
    for (;;) {
      const { lines, next } = await r.readFrom(from, 2_000);
      if (lines.length === 0) break;
      for (const line of lines) {
        const before = line.offset < progress.cursor.offset;
        if (before && !line.text.includes('"training"')) continue;
        const entry = peek(line.text);
        if (!entry) continue;
        deps.lineStores.remember(entry);
        progress.knownSeq = Math.max(progress.knownSeq, entry.seq);
      }
      from = next;
    }
    progress.knownSeq = Math.max(progress.knownSeq, progress.cursor.seq);
  };

  const readBatch = async (r: LineReader): Promise<Batch> => {
    const { lines, next, size } = await r.readFrom(progress.cursor.offset, batchLines);
    if (size < progress.cursor.offset) {
      // The journal file is shorter than where we stood (replaced or cut): everything it holds
      // is sent again; the keys make the repeats no-ops and a changed line an alarm.
      progress.cursor = { seq: progress.cursor.seq, offset: 0 };
      return readBatch(r);
    }
    const prepared: Prepared[] = [];
    let unreadable = 0;
    let lastSeq = progress.cursor.seq;
    for (const line of lines) {
      const entry = peek(line.text);
      if (!entry) {
        unreadable += 1;
        continue;
      }
      prepared.push({
        seq: entry.seq,
        store: deps.lineStores.storeOf(entry),
        ...lineForDatabase(line.text, line.bytes),
      });
      lastSeq = Math.max(lastSeq, entry.seq);
    }
    progress.knownSeq = Math.max(progress.knownSeq, lastSeq);
    return { lines: prepared, next, unreadable, lastSeq };
  };

  const offsetAfter = async (r: LineReader, count: number) => {
    const { lines } = await r.readFrom(progress.cursor.offset, batchLines);
    let seen = 0;
    let seq = progress.cursor.seq;
    for (const line of lines) {
      const entry = peek(line.text);
      if (entry) {
        if (seen === count) return { next: line.offset, seq };
        seen += 1;
        seq = Math.max(seq, entry.seq);
      }
    }
    return { next: progress.cursor.offset, seq: progress.cursor.seq };
  };

  return { open, scanAtStart, readBatch, offsetAfter };
}
