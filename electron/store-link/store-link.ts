// This counter's link to the store database (docs/store-database.md), composed here of its parts,
// each in a file of its own: where its URL comes from (link-url.ts: MOSTRADOR_STORE_DB_URL, else
// the supervisor's, kept in a vault like the token), the replication's life (link-replication.ts:
// started when a URL is set, restarted when it, the counter's name or the store change, stopped
// at close), what Settings shows (link-status.ts), "Probar conexión" (connection-test.ts), the
// two reads the counter makes (counter-reads.ts: the cross-counter check of a code, bounded in
// time, and every counter's freshness), a customer's look-up and erasure (customer-calls.ts) and
// the enrollment (enrollment.ts). The database code itself (electron/store-db/) is reached
// through `StoreDbDriver` (pg-driver.ts), so the link's rules are tested without a server, and
// nothing here waits without a deadline (with-deadline.ts). No step of a sale waits here beyond
// `checkCode`'s bound.
import type { CustomerInStore, ErasureResult } from '../../shared/bridge/personal-data';
import type {
  StoreCheck,
  StoreDbStatus,
  StoreDbTest,
  StoreEnrollment,
  StoreFreshness,
} from '../../shared/bridge/store-db';
import type { OperationMode } from '../../shared/journal-entry';
import type { ReplicationState } from '../../shared/store/replication-state';
import type { StoreDbCheck } from '../../shared/store/store-db-check';
import type { CounterFreshness } from '../../shared/store/store-operation';
import type { Logger } from '../log/logger';
import type { Vault } from '../vault/vault';
import { testConnection } from './connection-test';
import { checkCode, readFreshness } from './counter-reads';
import { customerCall } from './customer-calls';
import { enrollCounter } from './enrollment';
import { createLinkReplication, createSerializer } from './link-replication';
import { linkStatus } from './link-status';
import { createLinkUrl } from './link-url';
import { describeTarget } from './store-db-url';

export { STORE_DB_ENV, StoreLinkError } from './link-url';
export { withDeadline } from './with-deadline';

/** How long Verify and Info wait for the other counters' answer (docs/decisions.md). */
export const CROSS_COUNTER_WAIT_MS = 700;
/** "Probar conexión" and the close's freshness read wait this long at most. */
export const SLOW_READ_MS = 15_000;

/** Who this counter is to the store database, asked each time replication starts. */
export type CounterIdentity = {
  terminalId: string;
  terminalName: string | null;
  appVersion: string;
  /** The store of each mode's lines: the live client id (null when unset) and training's own
   * (training-store-id.ts; docs/decisions.md "Training belongs to its own store"). */
  stores: { live: string | null; training: string };
  timeZone: string;
  /**
   * This counter's secret key for the store database (32 bytes, made at its first start and kept
   * like the token): every write is signed with it (docs/store-database.md "Signed batches").
   */
  signingKey: Buffer;
};

/** One URL's replication and reads, from start to `close`. */
export type StoreDbSession = {
  replication(): ReplicationState;
  /** Other counters' word on a code; never rejects (a database that cannot answer is `not-checked`). */
  readCode(
    query: { store: string; mode: OperationMode; fundingCode: string; terminalId: string },
    waitMs: number,
  ): Promise<StoreCheck>;
  readFreshness(query: { store: string; mode: OperationMode }): Promise<CounterFreshness[] | null>;
  /**
   * A supervisor's look-up (`look`) or erasure (`forget`) of a customer in this counter's store,
   * signed with its key (migration 0115 `store_db_personal_data`). Rejects as the database does.
   */
  lookCustomer(query: CustomerQuery): Promise<CustomerInStore>;
  forgetCustomer(query: CustomerQuery): Promise<ErasureResult>;
  close(): Promise<void>;
};

export type CustomerQuery = { kind: 'dni' | 'ruc'; value: string; supervisor: string };

/** The store database's word on a customer, or why there is none (never a rejection). */
export type CustomerAnswer<T> =
  | { state: 'off' }
  | { state: 'answered'; value: T }
  | { state: 'not-answered'; reason: 'unreachable' | 'open-operations' | 'refused' };

/** The database side (electron/store-db/), as this link uses it. */
export type StoreDbDriver = {
  /** Starts replicating to `url`; `stores.live` is set (the link does not start without it). */
  open(url: string, counter: CounterIdentity & { stores: { live: string } }): StoreDbSession;
  check(url: string): Promise<StoreDbCheck>;
  /** Enrolls the counter with a technician's code on `url` (migration 0110 `store_db_enroll`). */
  enroll(
    url: string,
    counter: Pick<CounterIdentity, 'terminalId' | 'signingKey' | 'stores'>,
    code: string,
  ): Promise<StoreEnrollment>;
};

export type StoreLinkOptions = {
  driver: StoreDbDriver;
  /** Where a supervisor's URL is kept (never settings.json). */
  vault: Vault;
  logger: Logger;
  clock?: () => Date;
  /** MOSTRADOR_STORE_DB_URL, when set. */
  envUrl?: string | undefined;
  /**
   * Who this counter is. Rejects with a VaultError `weak-encryption-not-allowed` while its key
   * could only be kept with weak encryption and no supervisor accepted it (signing-key.ts).
   */
  counter: () => Promise<CounterIdentity>;
  /** A supervisor accepted keeping this counter's key with weak encryption (no keyring). */
  acceptWeakKeyEncryption?: () => Promise<void>;
  /**
   * This counter's terminal id if one was made, without making one (the status is read every
   * few seconds; the id is made when the replication first starts).
   */
  knownTerminalId?: () => string | null;
  crossCounterWaitMs?: number;
  slowReadMs?: number;
};

export type StoreLink = {
  status(): Promise<StoreDbStatus>;
  replication(): ReplicationState;
  /** Saves (null: removes) the supervisor's URL and restarts the replication on it. */
  configure(url: string | null): Promise<StoreDbStatus>;
  /** "Probar conexión" for a typed URL, or the one in use. */
  test(url?: string): Promise<StoreDbTest>;
  /** The other counters' word on a code, within the bounded wait; never rejects. */
  checkCode(mode: OperationMode, fundingCode: string): Promise<StoreCheck>;
  /**
   * Joins this counter to the store its code was made for, on the database in use; replication
   * restarts on it. Never rejects: a refusal is a value with its category.
   */
  enroll(code: string): Promise<StoreEnrollment>;
  freshness(mode: OperationMode): Promise<StoreFreshness>;
  /** What the store holds of a customer (a supervisor's look-up, recorded there). Never rejects. */
  lookCustomer(query: CustomerQuery): Promise<CustomerAnswer<CustomerInStore>>;
  /** Erases a customer in this counter's store. Never rejects. */
  forgetCustomer(query: CustomerQuery): Promise<CustomerAnswer<ErasureResult>>;
  /** Restarts the replication (the counter's name or the store changed). */
  apply(): Promise<void>;
  /**
   * The supervisor (PIN checked by the caller) accepts keeping this counter's key with weak
   * encryption, on a machine with no keyring; the replication starts with it.
   */
  acceptWeakKey(): Promise<StoreDbStatus>;
  /** The URL in use (the environment's, else the supervisor's), for the store close's reads. */
  urlInUse(): string | null;
  close(): Promise<void>;
};

export async function openStoreLink(options: StoreLinkOptions): Promise<StoreLink> {
  const { driver, logger } = options;
  const slowMs = options.slowReadMs ?? SLOW_READ_MS;
  const url = createLinkUrl(options);
  await url.readStored();
  const { inUse } = url;
  const replication = createLinkReplication({
    driver,
    logger,
    clock: options.clock ?? (() => new Date()),
    counter: options.counter,
    inUse,
  });
  const { restart } = replication;
  // Every change of the URL, the store or the key, one at a time (docs/store-database.md).
  const serialized = createSerializer();
  const status = async () => linkStatus(url, replication, options.knownTerminalId);
  const reads = {
    session: replication.session,
    replication: replication.state,
    inUse,
    counter: options.counter,
    logger,
    waitMs: options.crossCounterWaitMs ?? CROSS_COUNTER_WAIT_MS,
    slowMs,
  };

  await serialized(restart);

  return {
    status,
    replication: replication.state,
    configure: (next) =>
      serialized(async () => {
        await url.save(next);
        await restart();
        const use = inUse();
        logger.info('store database set', { target: use ? describeTarget(use.target) : null });
        return status();
      }),
    test: (typed) => testConnection({ driver, inUse, logger, slowMs }, typed),
    checkCode: (mode, fundingCode) => checkCode(reads, mode, fundingCode),
    enroll: (code) =>
      serialized(() =>
        enrollCounter({ driver, inUse, counter: options.counter, restart, logger, slowMs }, code),
      ),
    freshness: (mode) => readFreshness(reads, mode),
    lookCustomer: (query) => customerCall(reads, 'look', (current) => current.lookCustomer(query)),
    forgetCustomer: (query) =>
      customerCall(reads, 'forget', (current) => current.forgetCustomer(query)),
    apply: () => serialized(restart),
    acceptWeakKey: () =>
      serialized(async () => {
        if (!options.acceptWeakKeyEncryption) throw new Error('no key to keep on this counter');
        await options.acceptWeakKeyEncryption();
        logger.info('store database key kept with weak encryption, as a supervisor accepted');
        await restart();
        return status();
      }),
    urlInUse: () => inUse()?.url ?? null,
    close: () =>
      serialized(async () => {
        replication.markClosed();
        await restart();
      }),
  };
}
