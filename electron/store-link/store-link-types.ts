// The store link's types: what it is given, what it answers, and the database side it drives
// (`StoreDbDriver`). In a file of their own so the link's parts (store-link.ts composes them)
// take them without importing the module that imports them.
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
