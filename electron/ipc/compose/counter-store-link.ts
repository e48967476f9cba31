// The backend's link to the store database (electron/store-link/, docs/store-database.md): this
// counter as the link announces it, its training store its own per store. A link that does not
// open is never a reason not to sell: the counter runs as a one-counter store.
import type { Journal } from '../../journal/journal';
import type { Logger } from '../../log/logger';
import type { SettingsStore } from '../../settings/settings-store';
import { createPgDriver } from '../../store-link/pg-driver';
import type { CounterSigningKey } from '../../store-link/signing-key';
import { openStoreLink, type StoreLink } from '../../store-link/store-link';
import { trainingStoreId } from '../../store-link/training-store-id';
import { createMemoryVault } from '../../vault/memory-vault';
import type { BackendOptions } from './backend-types';

export type StoreLinkParts = {
  options: BackendOptions;
  journal: Journal;
  settings: SettingsStore;
  logger: Logger;
  clock: () => Date;
  signingKey: CounterSigningKey;
};

/** The link opened, or null (logged) when it could not be. */
export async function openCounterStoreLink(parts: StoreLinkParts): Promise<StoreLink | null> {
  const { options, journal, settings, logger, clock, signingKey } = parts;
  const { dataDir } = options;
  try {
    return await openStoreLink({
      driver: options.storeDb?.driver ?? createPgDriver({ dataDir, journal, logger, clock }),
      vault: options.storeDb?.vault ?? createMemoryVault(),
      logger,
      clock,
      envUrl: options.storeDb?.envUrl,
      acceptWeakKeyEncryption: () => signingKey.acceptWeakEncryption(),
      knownTerminalId: () => settings.get().terminal_id,
      counter: async () => {
        const current = settings.get();
        const terminalId = await settings.terminalId();
        return {
          terminalId,
          terminalName: current.terminal_name,
          appVersion: options.app.version,
          // Training's own store, per store (docs/decisions.md "Training belongs to its own
          // store"); never the training service's client id, which every store shares.
          stores: {
            live: current.pos_client_id,
            training: trainingStoreId(current.pos_client_id, terminalId),
          },
          timeZone: current.time_zone,
          signingKey: await signingKey.get(),
        };
      },
      ...(options.storeDb?.waitMs === undefined
        ? {}
        : { crossCounterWaitMs: options.storeDb.waitMs }),
    });
  } catch (error) {
    // Never a reason not to sell: the counter runs as a one-counter store and says so in the log.
    logger.error('store database link not opened', { error });
    return null;
  }
}
