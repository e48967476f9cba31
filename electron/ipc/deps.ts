// What the handlers are given rather than reach for: every dependency is injected, so the same
// table runs behind Electron IPC, browser mode's loopback HTTP and direct calls in tests, and no
// Electron module is ever imported here.
import type { z } from 'zod';
import type { AppInfo, BridgeMethod, BridgeMethods, Mode } from '../../shared/bridge';
import type { HeadOfficeReads } from '../head-office/head-office-reads';
import type { IntegrationHost } from '../integration/integration-host';
import type { RetryPolicy, Sleep } from '../journal/backoff';
import type { Journal } from '../journal/journal';
import type { LateOutcomes } from '../journal/late-outcomes';
import type { Logger } from '../log/logger';
import type { ServiceClient } from '../service/service-client';
import type { SettingsStore } from '../settings/settings-store';
import type { StoreCloseDatabase } from '../store-close/close-database';
import type { TrainingStore } from '../store-close/training-store';
import type { StoreLink } from '../store-link/store-link';
import type { Vault } from '../vault/vault';
import type { FaultInjector } from './compose/fault-transport';

/** Who the store is to the service for online orders (electron/ipc/handlers/store-identity.ts). */
export type StoreIdentity = { posClientId: string; storeUrl: string };

/** Prints the renderer's print view (the Electron shell's own adapter lives in electron/main). */
export type PrintAdapter = {
  print(
    request: z.infer<BridgeMethods['print.document']['args']>,
  ): Promise<z.infer<BridgeMethods['print.document']['result']>>;
};

/**
 * The service client for a mode, or null when that mode cannot call out (live without a base
 * URL or a token). Asked at each call, so a changed setting or token takes effect at once, and
 * asked with the operation's own mode when retrying, so a live operation is never retried
 * against the training mock (nor the reverse).
 */
export type ServiceFor = (mode: Mode) => Promise<ServiceClient | null>;

export type HandlerDeps = {
  settings: SettingsStore;
  /** The live token's vault. Training never reads it. */
  vault: Vault;
  journal: Journal;
  clock: () => Date;
  logger: Logger;
  serviceFor: ServiceFor;
  /** A live client for an address not saved yet (Settings' "Test connection"). */
  liveClientFor: (baseUrl: string) => ServiceClient;
  /** The training mock's store: its client id, and its address for the orders' redirect pages. */
  trainingStore: StoreIdentity;
  /** The training transport's fault switch; absent where training runs without one. */
  faults?: FaultInjector;
  printer: PrintAdapter;
  appInfo: AppInfo;
  /** Semi-integrated mode: the till's sale requests; absent where a test runs without it. */
  integration?: IntegrationHost;
  /**
   * The store database (docs/store-database.md): replication, the cross-counter check, every
   * counter's freshness; absent where a test runs without it (then the store is one counter).
   */
  storeLink?: StoreLink;
  /**
   * The store database as the store's day close reads and writes it, or null when no store
   * database is set (asked at each call, so a changed setting takes effect at once).
   */
  storeCloseDb?: () => StoreCloseDatabase | null;
  /**
   * Training only: the practice store database a store case of the catalogue turns on, read by
   * the store close when no store database is set (electron/store-close/training-store.ts).
   */
  practiceStore?: TrainingStore;
  /**
   * Head office's reads (docs/head-office.md): this terminal's store database read as head office
   * when its login is head office's, or in training the practice chain; absent where a test runs
   * without them (then head office answers `not-available`).
   */
  headOffice?: HeadOfficeReads;
  /** How unknown paid-and-billed and refund calls are retried (tests pass an instant sleep). */
  retry?: { policy?: Partial<RetryPolicy>; random?: () => number; sleep?: Sleep };
  /**
   * Writes the known outcome of a call made once whose outcome line failed (disk full), when the
   * journal takes entries again; set by createHandlers.
   */
  lateOutcomes?: LateOutcomes;
};

/** Who is calling. Transports check their caller first; `verified: false` is refused anyway. */
export type Caller = { channel: 'ipc' | 'http' | 'direct'; verified: boolean };

export type MethodArgs<M extends BridgeMethod> = z.output<BridgeMethods[M]['args']>;
export type MethodResult<M extends BridgeMethod> = z.input<BridgeMethods[M]['result']>;

/** A handler gets arguments already checked against the contract and may throw a BridgeFailure. */
export type Handler<M extends BridgeMethod> = (
  args: MethodArgs<M>,
  caller: Caller,
) => Promise<MethodResult<M>>;

export type HandlerMap = { [M in BridgeMethod]: Handler<M> };
