// The journal's reads: operations found in the in-memory index (operation-index.ts), then read
// from the file by byte position (read-operation.ts), a line just written answered from
// recent-lines.ts. Reads in flight are tracked so close() waits for them.
import type { FileHandle } from 'node:fs/promises';
import type { JournalOperation } from '../../shared/journal-entry';
import type { Journal } from './journal-api';
import { JournalError } from './journal-error';
import { readLine } from './journal-file';
import type { OperationIndex } from './operation-index';
import { type EntryReader, readOperation } from './read-operation';
import type { RecentLines } from './recent-lines';
import { DEFAULT_TIME_ZONE, dayBounds, storeDay } from './store-day';

export type JournalReads = Pick<
  Journal,
  | 'operation'
  | 'operations'
  | 'unresolved'
  | 'unresolvedCount'
  | 'announcements'
  | 'refusedWithMoneyHeld'
  | 'linkedTo'
  | 'ofOperation'
  | 'latestOfOperation'
> & {
  /** Resolves once every read in flight has ended, however it ended. */
  settled(): Promise<unknown>;
};

export type ReadsParts = {
  handle: FileHandle;
  index: OperationIndex;
  recent: RecentLines;
  clock: () => Date;
  isClosed: () => boolean;
};

export function createJournalReads(parts: ReadsParts): JournalReads {
  const { handle, index, recent, isClosed } = parts;
  // A recent line was checked by `toEntry` when written and holds no key the schema would strip:
  // parsing its JSON gives what the schema would. A line read from the file is checked again.
  const readAt: EntryReader = async (ref, schema) => {
    const text = recent.get(ref.offset);
    if (text !== undefined) return JSON.parse(text);
    return schema.parse(JSON.parse(await readLine(handle, ref)));
  };

  const reads = new Set<Promise<unknown>>();
  const load = async (found: { opId: string }[]): Promise<JournalOperation[]> => {
    if (isClosed()) throw new JournalError('closed', 'the journal is closed');
    const reading = Promise.all(found.map((s) => readOperation(readAt, index, s.opId)));
    // Tracked so close() does not pull the file handle out from under a read.
    reads.add(reading);
    try {
      return await reading;
    } finally {
      reads.delete(reading);
    }
  };

  return {
    async operation(opId) {
      const summary = index.get(opId);
      return summary ? ((await load([summary]))[0] ?? null) : null;
    },
    async operations(query = {}) {
      const timeZone = query.timeZone ?? DEFAULT_TIME_ZONE;
      const [start, end] = dayBounds(query.day ?? storeDay(parts.clock(), timeZone), timeZone);
      const found = index
        .startedBetween(start, end)
        .filter(
          (s) =>
            (!query.mode || s.mode === query.mode) &&
            (!query.operation || s.operation === query.operation),
        );
      return load(found);
    },
    async unresolved() {
      return load(index.unresolved());
    },
    unresolvedCount() {
      return index.unresolved().length;
    },
    async announcements() {
      return load(index.announcements());
    },
    async refusedWithMoneyHeld() {
      return load(index.heldMoney());
    },
    async linkedTo(sourceOpId, query = {}) {
      const found = index
        .linkedTo(sourceOpId, query.key)
        .filter((s) => !query.operation || s.operation === query.operation);
      return load(found);
    },
    async ofOperation(operation) {
      return load(index.ofOperation(operation));
    },
    async latestOfOperation(operation, limit) {
      return load(index.ofOperation(operation).slice(-limit));
    },
    settled: () => Promise.allSettled([...reads]),
  };
}
