// The durable journal of cashier operations (docs/decisions.md "Journal durability"): an intent is
// on disk before the call is made and its outcome right after, so neither a crash nor a lost
// answer can make an operation disappear or look successful when it was not.
//
// openJournal composes its parts, each in a file of its own: opening and recovery
// (journal-opening.ts), the write path with its queue, fsync and recovery from a failed write
// (journal-writes.ts, journal-append.ts), the lines last written (recent-lines.ts), the reads
// through the index (journal-reads.ts) and masking in place (journal-masking.ts). What it offers
// its callers is in journal-api.ts.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Journal, JournalOptions } from './journal-api';
import { createAppender } from './journal-append';
import { createJournalMasking } from './journal-masking';
import { openJournalState } from './journal-opening';
import { createJournalReads } from './journal-reads';
import { createJournalWrites } from './journal-writes';
import { createRecentLines } from './recent-lines';

export type {
  AttemptInput,
  CustomerOperations,
  IntentInput,
  Journal,
  JournalOptions,
  LinkQuery,
  MaskCandidate,
  OperationsQuery,
  OutcomeInput,
} from './journal-api';

export async function openJournal(options: JournalOptions): Promise<Journal> {
  const path = join(options.dir, options.fileName ?? 'journal.jsonl');
  const newId = options.newId ?? randomUUID;
  const { handle, index, mark, end, recovered } = await openJournalState(path, options.dir);
  let closed = false;
  const isClosed = () => closed;
  const recent = createRecentLines();
  const appender = createAppender({
    handle,
    dir: options.dir,
    clock: options.clock,
    index,
    mark,
    recent,
    end,
  });
  const { settled: writesSettled, ...writes } = createJournalWrites({
    appender,
    index,
    newId,
    isClosed,
  });
  const { settled: readsSettled, ...reads } = createJournalReads({
    handle,
    index,
    recent,
    clock: options.clock,
    isClosed,
  });
  const { settled: maskingSettled, ...masking } = createJournalMasking({
    path,
    index,
    recent,
    size: appender.size,
    isClosed,
  });

  return {
    path,
    recovered,
    ...writes,
    ...reads,
    subscribe: appender.subscribe,
    ...masking,
    async close() {
      if (closed) return;
      closed = true;
      await writesSettled();
      await maskingSettled();
      await readsSettled();
      await mark.close();
      await handle.close();
    },
  };
}
