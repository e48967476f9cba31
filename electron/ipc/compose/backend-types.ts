// What open-backend.ts takes and gives: the options a host (browser mode, the Electron shell, a
// test) opens a backend with, and the Backend it gets.
import type { AppInfo } from '../../../shared/bridge';
import type { HeadOfficeReads } from '../../head-office/head-office-reads';
import type { IntegrationHost, IntegrationHostOptions } from '../../integration/integration-host';
import type { Journal } from '../../journal/journal';
import type { Logger } from '../../log/logger';
import type { MockApp } from '../../mock/app';
import type { Transport } from '../../service/transports';
import type { SettingsStore } from '../../settings/settings-store';
import type { StoreDbDriver, StoreLink } from '../../store-link/store-link';
import type { Vault } from '../../vault/vault';
import type { HandlerDeps, PrintAdapter } from '../deps';
import type { HandlerTable } from './create-handlers';
import type { FaultInjector } from './fault-transport';
import type { IdentityRetention } from './identity-retention-timer';

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
