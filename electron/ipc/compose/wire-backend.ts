// The handler table over the parts open-backend.ts opened: the service clients, app info, the
// store close's database, the practice store and head office's reads, the table itself (gated
// when the terminal needs attention), the retry loops resumed and the identity-retention timer.
// Each part is recorded in `parts` as soon as it exists, so a failure closes it (backend-close.ts).
import type { AttentionReason } from '../../../shared/bridge';
import { databaseReads, terminalReads } from '../../head-office/head-office-reads';
import type { Logger } from '../../log/logger';
import type { MockApp } from '../../mock/app';
import { seededBillings } from '../../mock/trainer/scenarios';
import type { SettingsStore } from '../../settings/settings-store';
import { openTrainingStore } from '../../store-close/training-store';
import type { CounterSigningKey } from '../../store-link/signing-key';
import { trainingStoreId } from '../../store-link/training-store-id';
import { buildAppInfo } from '../handlers/app-info-handlers';
import { gateForAttention } from './attention-table';
import { closeParts, inTurn, type OpenedParts } from './backend-close';
import { backendServices } from './backend-services';
import type { Backend, BackendOptions } from './backend-types';
import { createHandlers, type HandlerTable } from './create-handlers';
import { startIdentityRetention } from './identity-retention-timer';
import { storeCloseDbFor } from './store-close-db-for';

export type WireParts = {
  options: BackendOptions;
  clock: () => Date;
  logger: Logger;
  settings: SettingsStore;
  attention: AttentionReason | null;
  signingKey: CounterSigningKey;
  /** The mock training talks to, whoever owns it (parts.trainingApp is null when the host does). */
  trainingApp: MockApp;
};

export async function wireBackend(wire: WireParts, parts: OpenedParts): Promise<Backend> {
  const { options, clock, logger, settings, attention, signingKey, trainingApp } = wire;
  const { dataDir, vault } = options;
  const { journal, integration, storeLink } = parts;
  const { faults, serviceFor, liveClientFor } = backendServices({
    options,
    settings,
    logger,
    trainingApp,
  });
  const appInfo = buildAppInfo({
    ...options.app,
    shell: options.shell,
    dataDir,
    logFile: logger.file ?? '',
    journalFile: journal.path,
    ...(options.versions ? { versions: options.versions } : {}),
  });
  const storeDb = storeCloseDbFor({
    given: options.storeCloseDb,
    storeLink,
    settings,
    signingKey,
    clock,
  });
  parts.storeDb = storeDb;
  const practiceStore = openTrainingStore({
    store: async () => trainingStoreId(settings.get().pos_client_id, await settings.terminalId()),
    clock,
    settings,
    journal,
    seeded: seededBillings,
  });
  // Head office from this terminal (docs/head-office.md): in training the practice chain, live
  // the store database its link uses, read only when its login is head office's.
  const headOffice = terminalReads({
    mode: () => settings.get().mode,
    practice: () => practiceStore.chain(),
    database: databaseReads(() => storeLink?.urlInUse() ?? null),
  });
  parts.headOffice = headOffice;
  const table = createHandlers({
    settings,
    vault,
    journal,
    clock,
    logger,
    serviceFor,
    liveClientFor,
    // Decision: training orders redirect to pages under the mock's own address, which the
    // class never opens; they only have to be valid URLs the mock accepts.
    trainingStore: {
      posClientId: trainingApp.mockContext.credentials.clientId,
      storeUrl: trainingApp.mockContext.baseUrl,
    },
    faults,
    printer: options.printer,
    appInfo,
    integration,
    ...(storeLink ? { storeLink } : {}),
    ...(options.retry ? { retry: options.retry } : {}),
    storeCloseDb: storeDb.get,
    practiceStore,
    headOffice,
  });
  parts.table = table;
  const gated: HandlerTable = attention
    ? { ...table, methods: gateForAttention(table.methods, attention) }
    : table;
  if (options.resume !== false && !attention) await table.resumeUnresolved();
  const retention = startIdentityRetention({ journal, settings, storeLink, logger, clock });
  logger.info('backend opened', { shell: options.shell, mode: settings.get().mode, attention });

  let closed: Promise<void> | null = null;
  return {
    table: gated,
    dataDir,
    journal,
    settings,
    logger,
    faults,
    appInfo,
    integration,
    storeLink,
    identityRetention: retention,
    headOffice,
    close: () => {
      closed ??= (async () => {
        retention.stop();
        await closeParts(parts, inTurn);
        logger.info('backend closed');
      })();
      return closed;
    },
  };
}
