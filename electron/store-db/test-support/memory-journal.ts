// A journal kept in memory for the replicator (`ReplicationSource`): lines as a counter's journal
// file holds them (one JSON entry per line, byte offsets as in the file) and the cursor beside
// them. The chain's bench runs a thousand simulated counters in a few processes with it
// (bench/store-db-lag-entry.ts): their replication is the real one, and their disks, which in a
// store are each counter's own, cost the bench machine nothing (docs/store-database.md "A chain:
// a pooler in front of the server").
import { randomUUID } from 'node:crypto';
import type { LineReader, RawLine } from '../../journal/read-lines-after';
import { type ReplicationCursor, START_CURSOR } from '../replication-cursor';
import type { ReplicationSource } from '../replicator';

export type MemoryJournal = {
  source: ReplicationSource;
  /** Appends a Verify intent as the journal writes one; returns its seq. */
  recordVerify(fundingCode: string, at?: Date): number;
  readonly lastSeq: number;
};

export function memoryJournal(): MemoryJournal {
  const lines: RawLine[] = [];
  let size = 0;
  let cursor: ReplicationCursor = START_CURSOR;

  /** The first line at or after byte `from` (lines are in offset order). */
  const indexAt = (from: number) => {
    let lo = 0;
    let hi = lines.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((lines[mid]?.offset ?? 0) < from) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  const reader: LineReader = {
    async readFrom(from, maxLines) {
      const start = indexAt(from);
      const read = lines.slice(start, start + maxLines);
      const last = read.at(-1);
      return { lines: read, next: last ? last.offset + last.length + 1 : from, size };
    },
    async close() {},
  };

  return {
    source: {
      openReader: async () => reader,
      readCursor: async () => cursor,
      writeCursor: async (next) => {
        cursor = next;
      },
    },
    recordVerify(fundingCode, at = new Date()) {
      const seq = lines.length + 1;
      // The journal's own key order (electron/journal/journal.ts: the input, then type, op_id,
      // seq and at).
      const text = JSON.stringify({
        operation: 'v3.verify',
        mode: 'live',
        cashier_id: 'caja-01',
        funding_code: fundingCode,
        request: { funding_code: fundingCode },
        type: 'intent',
        op_id: randomUUID(),
        seq,
        at: at.toISOString(),
      });
      const length = Buffer.byteLength(text);
      lines.push({ offset: size, length, text });
      size += length + 1;
      return seq;
    },
    get lastSeq() {
      return lines.length;
    },
  };
}
