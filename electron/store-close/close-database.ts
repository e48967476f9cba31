// What the store's day close needs of the store database (docs/store-close.md): the store
// day's operations and every counter's freshness (read by electron/store-db/), and the close
// record, insert-only (migration 0100). Handlers get it injected, so a store without a database
// has none and the day summary stays as it is.

import type { OperationMode } from '../../shared/journal-entry';
import type { CounterHold, StoredClose } from '../../shared/store/close-record';
import type { CounterFreshness, StoreOperationRow } from '../../shared/store/store-operation';

export type StoreDayQuery = { store: string; mode: OperationMode; day: string };

/** A close to keep: its content's canonical text and that text's SHA-256. */
export type CloseToInsert = {
  store: string;
  mode: OperationMode;
  day: string;
  canonical: string;
  sha256: string;
  closed_by: string;
  terminal_id: string;
};

export type StoreCloseDatabase = {
  readStoreDay(query: StoreDayQuery): Promise<StoreOperationRow[]>;
  readFreshness(query: { store: string; mode: OperationMode }): Promise<CounterFreshness[]>;
  /**
   * The money each counter still holds for sales refused on or before the day (as read now: a
   * hold given back or used since is no longer held), folded from its journal lines exactly as
   * that counter's own day close folds them. By counter, then oldest first.
   */
  readHeld(query: StoreDayQuery): Promise<CounterHold[]>;
  /**
   * Keeps the close unless the day already has one: `inserted: false` answers the first close
   * (the table is UNIQUE on store, mode and day, and the terminal role cannot UPDATE it).
   */
  insertClose(close: CloseToInsert): Promise<{ inserted: boolean; close: StoredClose }>;
  readClose(query: StoreDayQuery): Promise<StoredClose | null>;
  /**
   * Runs `run` with this database kept open for all of it, also between its calls: a close reads
   * its figures, then keeps its record, on one database even if the URL changes in between
   * (electron/store-close/close-db-holder.ts). Absent where nothing is ever ended under a caller.
   */
  within?<R>(run: () => Promise<R>): Promise<R>;
};
