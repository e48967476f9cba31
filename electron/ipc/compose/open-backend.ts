// Everything behind the bridge for one data dir: log, settings, journal, the training mock and
// the handler table. Browser mode (electron/web/) and the Electron shell (electron/main/) each
// open one with their own vault and printer; tests open one on a temp dir.
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppInfo } from '../../../shared/bridge';
import {
  databaseReads,
  type HeadOfficeReads,
  terminalReads,
} from '../../head-office/head-office-reads';
import {
  type IntegrationHost,
  type IntegrationHostOptions,
  openIntegrationHost,
} from '../../integration/integration-host';
import { type Journal, openJournal } from '../../journal/journal';
import { createFileLogger, type Logger } from '../../log/logger';
import { createMockApp, type MockApp } from '../../mock/app';
import { seededBillings } from '../../mock/trainer/scenarios';
import type { Transport } from '../../service/transports';
import { openSettingsStore, type SettingsStore } from '../../settings/settings-store';
import { closeDbHolder } from '../../store-close/close-db-holder';
import { pgCloseDatabase } from '../../store-close/pg-close-database';
import { openTrainingStore } from '../../store-close/training-store';
import { poolCalls } from '../../store-db/store-calls';
import { openStoreDbPool } from '../../store-db/store-db-pool';
import { createPgDriver } from '../../store-link/pg-driver';
import { counterSigningKey } from '../../store-link/signing-key';
import { openStoreLink, type StoreDbDriver, type StoreLink } from '../../store-link/store-link';
import { trainingStoreId } from '../../store-link/training-store-id';
import { createMemoryVault } from '../../vault/memory-vault';
import type { Vault } from '../../vault/vault';
import type { HandlerDeps, PrintAdapter } from '../deps';
import { buildAppInfo } from '../handlers/app-info-handlers';
import { gateForAttention } from './attention-table';
import { createHandlers, type HandlerTable } from './create-handlers';
import { createFaultInjector, type FaultInjector } from './fault-transport';
import { type IdentityRetention, startIdentityRetention } from './identity-retention-timer';
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
  /**
   * The store database as the store's day close uses it; by default it reads and writes the
   * database the store link uses (none: a one-counter store).
   */
  storeCloseDb?: HandlerDeps['storeCloseDb'];
  logger?: Logger;
  /**
   * The store database (docs/store-database.md): where the supervisor's URL is kept (memory by
   * default), MOSTRADOR_STORE_DB_URL as the host read it, and the database code (tests may pass
   * their own; without one the terminal is a one-counter store).
   */
  storeDb?: {
    vault?: Vault;
    /** Where this counter's store database key is kept (like the URL); memory when absent. */
    keyVault?: Vault;
    envUrl?: string | undefined;
    driver?: StoreDbDriver;
    waitMs?: number;
  };
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
  storeLink: StoreLink | null;
  /** The journal masking its customers by itself (docs/personal-data.md). */
  identityRetention: IdentityRetention;
  /** Head office's reads from this terminal (the desktop app's menu asks whether it offers them). */
  headOffice: HeadOfficeReads;
  /** Stops retry loops, closes the journal and (if it made it) the training mock. */
  close(): Promise<void>;
};

export const LOG_FILE = 'mostrador.log';
export const JOURNAL_FILE = 'journal.jsonl';

/** The data folder cannot be written (read-only mount, a file in its place, disk gone). */
export class DataDirUnwritable extends Error {
  override readonly name = 'DataDirUnwritable';
  constructor(
    readonly dataDir: string,
    readonly code: string,
  ) {
    super(`the data folder cannot be written (${code})`);
  }
}

/**
 * Makes the data folder and proves it takes a file, before anything is opened in it: a read-only
 * mount would otherwise surface as an exception from whichever file came first.
 */
async function ensureWritable(dataDir: string): Promise<void> {
  const probe = join(dataDir, `.write-probe-${process.pid}`);
  try {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    const handle = await open(probe, 'w', 0o600);
    await handle.close();
    await rm(probe, { force: true });
  } catch (error) {
    throw new DataDirUnwritable(dataDir, (error as NodeJS.ErrnoException).code ?? 'unknown');
  }
}

export async function openBackend(options: BackendOptions): Promise<Backend> {
  const clock = options.clock ?? (() => new Date());
  const { dataDir, vault } = options;
  await ensureWritable(dataDir);
  const logger = options.logger ?? createFileLogger({ file: join(dataDir, LOG_FILE), clock });
  // The stored token is known to the log's redaction before anything else can log.
  try {
    logger.protect(await vault.get());
  } catch {
    logger.warn('the stored token could not be read', { status: await safeStatus(vault) });
  }
  const settings = await openSettingsStore({ dir: dataDir, clock, logger });
  // Damaged settings without a good backup: the bridge refuses everything but app.info, no retry
  // loop starts and no till may call in (docs/decisions.md "Terminal needs attention: PIN, token and settings at the edges (issue 19)").
  let attention = settings.attention;
  if (settings.fresh) attention ??= await forgetOrphanToken(vault, logger);
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
      envKey: attention ? undefined : options.integration?.envKey,
      port: options.integration?.port,
      ...(options.integration?.callbacks ? { callbacks: options.integration.callbacks } : {}),
    });
  } catch (error) {
    if (!options.trainingApp) await trainingApp.close();
    await journal.close();
    throw error;
  }
  let storeLink: StoreLink | null = null;
  const signingKey = counterSigningKey(options.storeDb?.keyVault ?? createMemoryVault());
  try {
    storeLink = await openStoreLink({
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
  }
  // From here on the till API may listen and the store link replicate: a failure closes them
  // (and the rest opened so far) before it is thrown, so the start-failure screen
  // (electron/main/index.ts) leaves nothing running behind it.
  const built: {
    table: HandlerTable | null;
    storeDb: { end(): Promise<void> } | null;
    headOffice: HeadOfficeReads | null;
  } = {
    table: null,
    storeDb: null,
    headOffice: null,
  };
  try {
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
        ...(options.trainingTimeoutMs === undefined
          ? {}
          : { timeoutMs: options.trainingTimeoutMs }),
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
      : closeDbHolder(
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
    built.storeDb = storeDb;
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
    built.headOffice = headOffice;
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
      ...(storeLink ? { storeLink } : {}),
      ...(options.retry ? { retry: options.retry } : {}),
      storeCloseDb: storeDb.get,
      practiceStore,
      headOffice,
    });
    built.table = table;
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
          await storeLink?.close();
          await integration.close();
          await table.close();
          await journal.close();
          await storeDb.end();
          await headOffice.end();
          if (!options.trainingApp) await trainingApp.close();
          logger.info('backend closed');
        })();
        return closed;
      },
    };
  } catch (error) {
    const quietly = (run: () => Promise<unknown> | undefined) =>
      Promise.resolve()
        .then(run)
        .catch(() => undefined);
    await quietly(() => storeLink?.close());
    await quietly(() => integration.close());
    await quietly(() => built.table?.close());
    await quietly(() => journal.close());
    await quietly(() => built.storeDb?.end());
    await quietly(() => built.headOffice?.end());
    if (!options.trainingApp) await quietly(() => trainingApp.close());
    throw error;
  }
}

/**
 * A first run (no settings file, no backup) with a token kept from before: the address and the
 * PIN it was entered under are gone, so it is forgotten rather than left for whoever sets the new
 * PIN to bind to an address of their choosing (docs/decisions.md "Terminal needs attention: PIN, token and settings at the edges (issue 19)"). A
 * memory vault lives no longer than this process: its token was given at this start. If the
 * token cannot be removed, the terminal needs attention instead.
 */
async function forgetOrphanToken(vault: Vault, logger: Logger): Promise<'settings-damaged' | null> {
  try {
    const status = await vault.status();
    if (status.encryption === 'memory' || (!status.configured && status.problem === null)) {
      return null;
    }
    await vault.clear();
    logger.warn('no settings file: the token kept from before is forgotten', {
      problem: status.problem,
    });
    return null;
  } catch (error) {
    logger.error('no settings file and the old token could not be removed', { error });
    return 'settings-damaged';
  }
}

async function safeStatus(vault: Vault) {
  try {
    return (await vault.status()).problem;
  } catch {
    return 'unreadable';
  }
}
