// Everything behind the bridge for one data dir: log, settings, journal, the training mock and
// the handler table. Browser mode (electron/web/) and the Electron shell (electron/main/) each
// open one with their own vault and printer; tests open one on a temp dir.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppInfo } from '../../../shared/bridge';
import {
  type IntegrationHost,
  type IntegrationHostOptions,
  openIntegrationHost,
} from '../../integration/integration-host';
import { type Journal, openJournal } from '../../journal/journal';
import { createFileLogger, type Logger } from '../../log/logger';
import { createMockApp, type MockApp } from '../../mock/app';
import type { Transport } from '../../service/transports';
import { openSettingsStore, type SettingsStore } from '../../settings/settings-store';
import type { StoreCloseDatabase } from '../../store-close/close-database';
import { pgCloseDatabase } from '../../store-close/pg-close-database';
import { openStoreDbPool, type StoreDbPool } from '../../store-db/store-db-pool';
import { createMemoryVault } from '../../vault/memory-vault';
import type { Vault } from '../../vault/vault';
import type { HandlerDeps, PrintAdapter } from '../deps';
import { buildAppInfo } from '../handlers/app-info-handlers';
import { createHandlers, type HandlerTable } from './create-handlers';
import { createFaultInjector, type FaultInjector } from './fault-transport';
import { createLiveClient, createServiceFor } from './service-for';

export type BackendOptions = {
  dataDir: string;
  shell: AppInfo['shell'];
  app: { name: string; version: string };
  vault: Vault;
  printer: PrintAdapter;
  clock?: () => Date;
  versions?: { electron?: string | null; chrome?: string | null };
  /** Tests share one mock across a "restart"; otherwise a fresh one is made. */
  trainingApp?: MockApp;
  trainingTimeoutMs?: number;
  liveTransport?: Transport;
  liveTimeoutMs?: number;
  retry?: HandlerDeps['retry'];
  /** The store database as the store's day close uses it (none: a one-counter store). */
  storeCloseDb?: HandlerDeps['storeCloseDb'];
  /**
   * The store database's URL (`MOSTRADOR_STORE_DB_URL`), read by the store close through a pool
   * opened at its first use and ended at close. Ignored when `storeCloseDb` is given.
   */
  storeDbUrl?: string | null;
  logger?: Logger;
  /** Starts the retry loops of unfinished paid-and-billed and refund operations (default true). */
  resume?: boolean;
  /**
   * Semi-integrated mode: MOSTRADOR_INTEGRATION_KEY and `--integration-port` as the host read
   * them, where the callback secret is kept (memory by default), callback timing for tests.
   */
  integration?: Partial<
    Pick<IntegrationHostOptions, 'envKey' | 'port' | 'secretVault' | 'callbacks'>
  >;
};

export type Backend = {
  table: HandlerTable;
  dataDir: string;
  journal: Journal;
  settings: SettingsStore;
  logger: Logger;
  faults: FaultInjector;
  appInfo: AppInfo;
  integration: IntegrationHost;
  /** Stops retry loops, closes the journal and (if it made it) the training mock. */
  close(): Promise<void>;
};

export const LOG_FILE = 'mostrador.log';

export async function openBackend(options: BackendOptions): Promise<Backend> {
  const clock = options.clock ?? (() => new Date());
  const { dataDir, vault } = options;
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const logger = options.logger ?? createFileLogger({ file: join(dataDir, LOG_FILE), clock });
  // The stored token is known to the log's redaction before anything else can log.
  try {
    logger.protect(await vault.get());
  } catch {
    logger.warn('the stored token could not be read', { status: await safeStatus(vault) });
  }
  const settings = await openSettingsStore({ dir: dataDir, clock, logger });
  const journal = await openJournal({ dir: dataDir, clock });
  const { recovered } = journal;
  if (recovered.skippedLines > 0 || recovered.lastLineTorn || recovered.inconsistentEntries > 0) {
    logger.warn('journal recovered at open', { recovered });
  }
  if (recovered.shortened) {
    logger.error('journal is shorter than this terminal last wrote: operations are missing', {
      ...recovered.shortened,
      path: journal.path,
    });
  }
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
      envKey: options.integration?.envKey,
      port: options.integration?.port,
      ...(options.integration?.callbacks ? { callbacks: options.integration.callbacks } : {}),
    });
  } catch (error) {
    if (!options.trainingApp) await trainingApp.close();
    await journal.close();
    throw error;
  }
  const faults = createFaultInjector();
  const live = {
    ...(options.liveTransport ? { transport: options.liveTransport } : {}),
    ...(options.liveTimeoutMs === undefined ? {} : { timeoutMs: options.liveTimeoutMs }),
  };
  const serviceFor = createServiceFor({
    settings,
    vault,
    logger,
    training: {
      app: trainingApp,
      token: trainingApp.mockContext.credentials.token,
      clientId: trainingApp.mockContext.credentials.clientId,
      faults,
      ...(options.trainingTimeoutMs === undefined ? {} : { timeoutMs: options.trainingTimeoutMs }),
    },
    live,
  });
  const appInfo = buildAppInfo({
    ...options.app,
    shell: options.shell,
    dataDir,
    logFile: logger.file ?? '',
    journalFile: journal.path,
    ...(options.versions ? { versions: options.versions } : {}),
  });
  const storeDb = options.storeCloseDb
    ? { get: options.storeCloseDb, end: async () => {} }
    : storeCloseDbFor(options.storeDbUrl ?? null);
  const table = createHandlers({
    settings,
    vault,
    journal,
    clock,
    logger,
    serviceFor,
    liveClientFor: (baseUrl) => createLiveClient({ settings, vault, logger, live }, baseUrl),
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
    ...(options.retry ? { retry: options.retry } : {}),
    storeCloseDb: storeDb.get,
  });
  if (options.resume !== false) await table.resumeUnresolved();
  logger.info('backend opened', { shell: options.shell, mode: settings.get().mode });

  let closed: Promise<void> | null = null;
  return {
    table,
    dataDir,
    journal,
    settings,
    logger,
    faults,
    appInfo,
    integration,
    close: () => {
      closed ??= (async () => {
        await integration.close();
        await table.close();
        await journal.close();
        await storeDb.end();
        if (!options.trainingApp) await trainingApp.close();
        logger.info('backend closed');
      })();
      return closed;
    },
  };
}

async function safeStatus(vault: Vault) {
  try {
    return (await vault.status()).problem;
  } catch {
    return 'unreadable';
  }
}

/** The store close's database on `url`, its pool opened at first use; none without a URL. */
function storeCloseDbFor(url: string | null) {
  let pool: StoreDbPool | null = null;
  let db: StoreCloseDatabase | null = null;
  return {
    get: () => {
      if (!url) return null;
      pool ??= openStoreDbPool(url);
      db ??= pgCloseDatabase(pool);
      return db;
    },
    end: async () => {
      await pool?.end().catch(() => undefined);
    },
  };
}
