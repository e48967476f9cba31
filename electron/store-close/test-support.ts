// Unit-test double of the store database for the store close's handlers: rows and freshness as
// the tests set them, the close record kept once per store, mode and day. The real database
// (electron/store-db/, migration 0100) is tested against a throwaway PostgreSQL.

import type { JournalOperation } from '../../shared/journal-entry';
import type { CounterHold } from '../../shared/store/close-record';
import type { CounterFreshness, StoreOperationRow } from '../../shared/store/store-operation';
import { type StoreCloseDatabase, StoreCloseRefused } from './close-database';
import { memoryCloses } from './memory-closes';
import { rowOfOperation } from './operation-row';

export type MemoryStoreDb = StoreCloseDatabase & {
  rows: StoreOperationRow[];
  freshness: CounterFreshness[];
  /** Money held for refused sales, as the tests set it (the real fold is tested on PostgreSQL). */
  held: CounterHold[];
};

export function memoryStoreDb(now: () => Date): MemoryStoreDb {
  const { readClose, closeDay } = memoryCloses(now);
  const db: MemoryStoreDb = {
    rows: [],
    freshness: [],
    held: [],
    readHeld: async () => db.held,
    readStoreDay: async (q) =>
      db.rows.filter((r) => r.store === q.store && r.mode === q.mode && r.store_day === q.day),
    readFreshness: async (q) =>
      db.freshness.filter((f) => f.store === q.store && f.mode === q.mode),
    readClose,
    closeDay,
    // As store_db_mark_off: only a silent counter, recorded for the day.
    markOff: async (q) => {
      const counter = db.freshness.find(
        (f) => f.store === q.store && f.mode === q.mode && f.terminal_id === q.terminal_id,
      );
      if (counter?.standing !== 'silent' && counter?.standing !== 'off') {
        throw new StoreCloseRefused({ reason: 'changed', message: 'not silent' });
      }
      counter.standing = 'off';
      counter.off_day = q.day;
      counter.off_by = q.supervisor;
      counter.off_at = now().toISOString();
      counter.off_marked_by = q.by_terminal_id;
      counter.off_marked_by_name =
        db.freshness.find((f) => f.terminal_id === q.by_terminal_id)?.terminal_name ?? null;
    },
  };
  return db;
}

/** A journaled operation as the store database's view shows it, for `terminal`. */
export function rowOf(
  op: JournalOperation,
  store: string,
  terminal: string,
  day: string,
): StoreOperationRow {
  return rowOfOperation(
    op,
    store,
    { terminal_id: terminal, terminal_name: `Caja ${terminal.slice(-1)}` },
    day,
  );
}
