// What the store close (store-close.ts) is built from: the service's day summary and what the
// store database holds of the day, read by the main process.
import type { DaySummary } from '../api/in-store';
import type { CodeBalance } from '../domain/reconcile';
import type { CounterHold } from './close-record';
import type { CounterFreshness, StoreOperationRow } from './store-operation';

export type StoreCloseInput = {
  store: string;
  mode: StoreOperationRow['mode'];
  day: string;
  timeZone: string;
  /** Now, by the clock the figures are read with. */
  now: string;
  summary: DaySummary;
  /** Every counter's operations of the store day (`store_operations`, this store and mode). */
  rows: readonly StoreOperationRow[];
  /** Every counter of this store and mode the database knows. */
  freshness: readonly CounterFreshness[];
  /** The money each counter still holds for refused sales (electron/ipc/workflows/held-money.ts). */
  held?: readonly CounterHold[];
  /**
   * Each customer's code of the day as the database held it before the day: billings minus
   * undos that succeeded at every counter (none where there is no earlier day to read).
   */
  codesBefore?: readonly CodeBalance[];
  staleAfterMs?: number;
  /**
   * The practice store of the training catalogue (no database): the class closes the day it
   * practised, so its day counts as ended. A store database's day never does before it ends.
   */
  practice?: boolean;
};
