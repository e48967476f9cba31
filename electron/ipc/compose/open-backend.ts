// Everything behind the bridge for one data dir: log, settings, journal, the training mock and
// the handler table. Browser mode (electron/web/) and the Electron shell (electron/main/) each
// open one with their own vault and printer; tests open one on a temp dir.
//
// openBackend opens, in order, the parts that own files, sockets and timers, each in a file of
// its own: the data folder (data-dir.ts), the log and the stored token (stored-token.ts), the
// settings, the journal (backend-journal.ts), the training mock, the till API (integration), the
// store link (counter-store-link.ts); then wire-backend.ts builds the service clients
// (backend-services.ts), the store close's database (store-close-db-for.ts) and the handler
// table over them. backend-close.ts closes them, in one order, whether the backend is closed or
// fails while it opens.
import { join } from 'node:path';
import { type IntegrationHost, openIntegrationHost } from '../../integration/integration-host';
import { createFileLogger } from '../../log/logger';
import { createMockApp, type MockApp } from '../../mock/app';
import { openSettingsStore } from '../../settings/settings-store';
import { counterSigningKey } from '../../store-link/signing-key';
import { createMemoryVault } from '../../vault/memory-vault';
import { closeParts, type OpenedParts, quietly } from './backend-close';
import { openBackendJournal } from './backend-journal';
import type { Backend, BackendOptions } from './backend-types';
import { openCounterStoreLink } from './counter-store-link';
import { ensureWritable, LOG_FILE } from './data-dir';
import { forgetOrphanToken, protectStoredToken } from './stored-token';
import { wireBackend } from './wire-backend';

export type { Backend, BackendOptions } from './backend-types';
export { DataDirUnwritable, JOURNAL_FILE, LOG_FILE } from './data-dir';

export async function openBackend(options: BackendOptions): Promise<Backend> {
  const clock = options.clock ?? (() => new Date());
  const { dataDir, vault } = options;
  await ensureWritable(dataDir);
  const logger = options.logger ?? createFileLogger({ file: join(dataDir, LOG_FILE), clock });
  // The stored token is known to the log's redaction before anything else can log.
  await protectStoredToken(vault, logger);
  const settings = await openSettingsStore({ dir: dataDir, clock, logger });
  // Damaged settings without a good backup: the bridge refuses everything but app.info, no retry
  // loop starts and no till may call in (docs/decisions.md "Terminal needs attention: PIN, token and settings at the edges (issue 19)").
  let attention = settings.attention;
  if (settings.fresh) attention ??= await forgetOrphanToken(vault, logger);
  const journal = await openBackendJournal(dataDir, clock, logger);
  let trainingApp: MockApp;
  try {
    trainingApp = options.trainingApp ?? (await createMockApp());
  } catch (error) {
    await journal.close();
    throw error;
  }
  let integration: IntegrationHost;
  try {
    integration = await openIntegrationHost({
      journal,
      settings,
      logger,
      secretVault: options.integration?.secretVault ?? createMemoryVault(),
      envKey: attention ? undefined : options.integration?.envKey,
      port: options.integration?.port,
      ...(options.integration?.callbacks ? { callbacks: options.integration.callbacks } : {}),
    });
  } catch (error) {
    if (!options.trainingApp) await trainingApp.close();
    await journal.close();
    throw error;
  }
  const signingKey = counterSigningKey(options.storeDb?.keyVault ?? createMemoryVault());
  const storeLink = await openCounterStoreLink({
    options,
    journal,
    settings,
    logger,
    clock,
    signingKey,
  });
  // From here on the till API may listen and the store link replicate: a failure closes them
  // (and the rest opened so far) before it is thrown, so the start-failure screen
  // (electron/main/index.ts) leaves nothing running behind it.
  const parts: OpenedParts = {
    storeLink,
    integration,
    table: null,
    journal,
    storeDb: null,
    headOffice: null,
    trainingApp: options.trainingApp ? null : trainingApp,
  };
  try {
    return await wireBackend(
      { options, clock, logger, settings, attention, signingKey, trainingApp },
      parts,
    );
  } catch (error) {
    await closeParts(parts, quietly);
    throw error;
  }
}
