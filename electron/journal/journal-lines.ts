// A journal's lines read back from somewhere other than its file (the store database keeps every
// counter's lines byte for byte): folded by the same OperationIndex and read by the same
// readOperation as the journal itself, so what is derived from them (the money held for refused
// sales, electron/ipc/workflows/held-money.ts) is derived exactly as the counter derives it.
import { JournalEntry } from '../../shared/journal-entry';
import type { Journal } from './journal';
import { OperationIndex } from './operation-index';
import { type EntryReader, readOperation } from './read-operation';

/** What a list of lines can answer of a journal's questions. */
export type LinesJournal = Pick<Journal, 'refusedWithMoneyHeld'> & {
  /** Lines that were not journal entries, or did not fit their operation (kept out). */
  skipped: number;
};

/** Folds one counter's lines, in seq order (as the journal wrote them). */
export function journalOfLines(lines: readonly string[]): LinesJournal {
  const index = new OperationIndex();
  const entries: JournalEntry[] = [];
  let skipped = 0;
  for (const line of lines) {
    let entry: JournalEntry;
    try {
      entry = JournalEntry.parse(JSON.parse(line));
    } catch {
      skipped += 1;
      continue;
    }
    // The ref is the entry's place in `entries`: the reader below looks it up there.
    if (index.apply(entry, { offset: entries.length, length: 0 })) skipped += 1;
    entries.push(entry);
  }
  const read: EntryReader = async (ref, schema) => schema.parse(entries[ref.offset]);
  return {
    skipped,
    refusedWithMoneyHeld: () =>
      Promise.all(index.heldMoney().map((s) => readOperation(read, index, s.opId))),
  };
}
