// What the store's day close needs of the store database (docs/store-close.md): the store
// day's operations and every counter's freshness (read by electron/store-db/), and the close
// record, insert-only (migration 0100). Handlers get it injected, so a store without a database
// has none and the day summary stays as it is.

import type { CodeBalance } from '../../shared/domain/reconcile';
import type { OperationMode } from '../../shared/journal-entry';
import type { CloseContent, CounterHold, StoredClose } from '../../shared/store/close-record';
import type { CounterFreshness, StoreOperationRow } from '../../shared/store/store-operation';

export type StoreDayQuery = { store: string; mode: OperationMode; day: string };

/**
 * A close to make: the draft the screen showed (`closed` null), read just now, and who closes.
 * The database checks the draft's figures against its own and writes it signed with who closed
 * and when (migration 0103, `store_db_close_day`); it never takes a content as it is sent.
 */
export type CloseRequest = {
  store: string;
  mode: OperationMode;
  day: string;
  draft: CloseContent;
  supervisor: string;
  cashier_id: string | null;
  terminal_id: string;
  note: string | null;
};

/** Why the database did not keep a close: the screen says it, the close is not made. */
export type CloseRefusal =
  | { reason: 'day-not-ended'; today: string }
  | { reason: 'open-operations'; count: number }
  | { reason: 'silent-not-named'; counters: string[] }
  | { reason: 'note-required'; exceptions: number }
  | { reason: 'changed'; message: string };

export class StoreCloseRefused extends Error {
  override readonly name = 'StoreCloseRefused';
  constructor(readonly refusal: CloseRefusal) {
    super(`the store database refused the close: ${refusal.reason}`);
  }
}

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
   * These customers' codes (`codesToBalance`: billed and undone that day) as the database held
   * them before the day: billings minus undos that succeeded at every counter
   * (shared/domain/reconcile.ts `CodeBalance`). The close decides by it what a billing undone
   * elsewhere set apart, never by two counters' clocks. Absent where there is no earlier day
   * (the practice store).
   */
  readCodesBefore?(
    query: StoreDayQuery,
    codes: readonly { identity: string; funding_code: string }[],
  ): Promise<CodeBalance[]>;
  /**
   * Makes the close unless the day already has one: `inserted: false` answers the first close
   * (one per store, mode and day; the terminal role can neither INSERT nor UPDATE it). Throws
   * StoreCloseRefused when the database refuses it (its figures, its day, its note).
   */
  closeDay(request: CloseRequest): Promise<{ inserted: boolean; close: StoredClose }>;
  readClose(query: StoreDayQuery): Promise<StoredClose | null>;
  /**
   * Records that a supervisor marked a silent counter off for the day (`store_db_mark_off`).
   * Throws StoreCloseRefused (`changed`) when the counter is not silent. Absent where there is no
   * store database to record it in (the practice store).
   */
  markOff?(
    query: StoreDayQuery & {
      terminal_id: string;
      supervisor: string;
      /** The counter whose supervisor marks it (this one): its key signs the call (0108). */
      by_terminal_id: string;
    },
  ): Promise<void>;
  /**
   * Runs `run` with this database kept open for all of it, also between its calls: a close reads
   * its figures, then keeps its record, on one database even if the URL changes in between
   * (electron/store-close/close-db-holder.ts). Absent where nothing is ever ended under a caller.
   */
  within?<R>(run: () => Promise<R>): Promise<R>;
};
