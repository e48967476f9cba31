// The store database as the store's day close uses it (docs/store-close.md): the one a test
// passes, or a pool on the database the store link uses, opened at its first use
// (close-db-holder.ts); none while the counter is a one-counter store.
import type { SettingsStore } from '../../settings/settings-store';
import { type CloseDbHolder, closeDbHolder } from '../../store-close/close-db-holder';
import { pgCloseDatabase } from '../../store-close/pg-close-database';
import { poolCalls } from '../../store-db/store-calls';
import { openStoreDbPool } from '../../store-db/store-db-pool';
import type { CounterSigningKey } from '../../store-link/signing-key';
import type { StoreLink } from '../../store-link/store-link';
import type { BackendOptions } from './backend-types';

export type StoreCloseDbParts = {
  given: BackendOptions['storeCloseDb'];
  storeLink: StoreLink | null;
  settings: SettingsStore;
  signingKey: CounterSigningKey;
  clock: () => Date;
};

export function storeCloseDbFor(parts: StoreCloseDbParts): CloseDbHolder {
  const { given, storeLink, settings, signingKey, clock } = parts;
  if (given) return { get: given, end: async () => {} };
  return closeDbHolder(
    () => storeLink?.urlInUse() ?? null,
    (url) => openStoreDbPool(url),
    // The close is signed with this counter's key, as its lines are (migration 0106), and
    // its reads are this counter's signed reads of its own store (0112).
    (pool) =>
      pgCloseDatabase(
        poolCalls(
          pool,
          async () => ({
            terminalId: await settings.terminalId(),
            signingKey: await signingKey.get(),
          }),
          { clock },
        ),
        () => signingKey.get(),
      ),
  );
}
