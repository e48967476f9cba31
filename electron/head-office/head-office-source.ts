// Where head office reads the chain (docs/head-office.md): the store database through the
// head-office login (pg-head-office.ts), or, in training, the practice chain of the catalogue's
// store case (electron/store-close/practice-chain.ts). Both answer the shapes of
// shared/head-office/chain.ts, so the page, its CSV and its printed day cannot tell them apart
// but by the `source` they are told.

import type { ChainGrid, StoreDay } from '../../shared/head-office/chain';
import type { OperationMode } from '../../shared/journal-entry';
import type { StoreDbErrorCategory } from '../../shared/store/replication-state';

export type HeadOfficeSource = {
  grid(query: { mode: OperationMode; days: number }): Promise<ChainGrid>;
  /** One store's day; null when the chain has no such store. */
  day(query: { mode: OperationMode; store: string; day: string }): Promise<StoreDay | null>;
};

/** The store database did not answer, or not as head office: the page says which. */
export class HeadOfficeUnavailable extends Error {
  override readonly name = 'HeadOfficeUnavailable';
  constructor(
    readonly category: StoreDbErrorCategory,
    message: string,
  ) {
    super(message);
  }
}
