// This counter's link to the store database (docs/store-database.md): where its URL comes from
// (MOSTRADOR_STORE_DB_URL, else the supervisor's, kept in a vault like the token), the
// replication's life (started when a URL is set, restarted when it, the counter's name or the
// store change, stopped at close), "Probar conexión", and the two reads the counter makes: the
// cross-counter check of a code, bounded in time, and every counter's freshness. The database
// code itself (electron/store-db/) is reached through `StoreDbDriver` (pg-driver.ts), so the
// link's rules are tested without a server and nothing here waits without a deadline. No step of
// a sale waits here beyond `checkCode`'s bound.
import type { CustomerInStore, ErasureResult } from '../../shared/bridge/personal-data';
import type {
  StoreCheck,
  StoreDbStatus,
  StoreDbTest,
  StoreDbUrlProblem,
  StoreEnrollment,
  StoreFreshness,
} from '../../shared/bridge/store-db';
import type { OperationMode } from '../../shared/journal-entry';
import type { ReplicationState } from '../../shared/store/replication-state';
import type { StoreDbCheck } from '../../shared/store/store-db-check';
import type { CounterFreshness } from '../../shared/store/store-operation';
import type { Logger } from '../log/logger';
import { type Vault, VaultError } from '../vault/vault';
import { checkStoreDbUrl, describeTarget, type StoreDbUrlCheck } from './store-db-url';

export const STORE_DB_ENV = 'MOSTRADOR_STORE_DB_URL';
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

export class StoreLinkError extends Error {
  override readonly name = 'StoreLinkError';
  constructor(
    readonly code: 'env' | StoreDbUrlProblem,
    message: string,
  ) {
    super(message);
  }
}

export async function openStoreLink(options: StoreLinkOptions): Promise<StoreLink> {
  const { driver, vault, logger } = options;
  const clock = options.clock ?? (() => new Date());
  const wait = options.crossCounterWaitMs ?? CROSS_COUNTER_WAIT_MS;
  const slow = options.slowReadMs ?? SLOW_READ_MS;
  const envText = options.envUrl?.trim() ? options.envUrl.trim() : null;
  const envCheck = envText === null ? null : checkStoreDbUrl(envText);
  protect(logger, envCheck, envText);
  if (envCheck && !envCheck.ok) logger.warn(`${STORE_DB_ENV} ignored: ${envCheck.problem}`);

  let stored: StoreDbUrlCheck | null = null;
  let unreadable = false;
  const readStored = async () => {
    unreadable = false;
    stored = null;
    try {
      const text = await vault.get();
      if (text !== null) {
        stored = checkStoreDbUrl(text);
        protect(logger, stored, text);
      }
    } catch {
      unreadable = true;
      logger.warn('the store database URL could not be read; the counter runs without it');
    }
  };
  await readStored();

  const inUse = (): Extract<StoreDbUrlCheck, { ok: true }> | null => {
    if (envCheck) return envCheck.ok ? envCheck : null;
    const current = stored as StoreDbUrlCheck | null;
    return current?.ok ? current : null;
  };

  let session: StoreDbSession | null = null;
  let noStoreId = false;
  /** This counter's key could be kept only with weak encryption, and nobody accepted that. */
  let keyNeedsConsent = false;
  let offSince = clock().toISOString();
  let chain: Promise<unknown> = Promise.resolve();
  let closed = false;
  const serialized = <T>(task: () => Promise<T>): Promise<T> => {
    const run = chain.then(task);
    chain = run.catch(() => undefined);
    return run;
  };

  const restart = async () => {
    if (session) {
      const old = session;
      session = null;
      offSince = clock().toISOString();
      try {
        await old.close();
      } catch (error) {
        logger.error('store database replication did not stop cleanly', { error });
      }
    }
    noStoreId = false;
    keyNeedsConsent = false;
    const use = inUse();
    if (!use || closed) return;
    try {
      const counter = await options.counter();
      const live = counter.stores.live;
      if (live === null) {
        // Live lines have no store to go under: nothing is sent rather than mixed up.
        noStoreId = true;
        logger.warn('store database not used: live mode has no store client id (pos_client_id)');
        return;
      }
      session = driver.open(use.url, { ...counter, stores: { ...counter.stores, live } });
      logger.info('store database replication started', { target: describeTarget(use.target) });
    } catch (error) {
      // Never a crash: the counter sells without it. Its key kept weakly without consent is
      // what the supervisor must answer, in Settings (as for the token).
      if (error instanceof VaultError && error.code === 'weak-encryption-not-allowed') {
        keyNeedsConsent = true;
        logger.warn('store database not used: its key needs OS encryption or a supervisor');
        return;
      }
      logger.error('store database replication not started', { error });
    }
  };

  const replication = (): ReplicationState => {
    const off: ReplicationState = {
      state: 'off',
      since: offSince,
      replicated_seq: 0,
      waiting_lines: 0,
      last_error_category: null,
      conflict_seq: null,
      unreadable_lines: 0,
    };
    if (!session) return off;
    try {
      return session.replication();
    } catch {
      return off;
    }
  };

  const status = async (): Promise<StoreDbStatus> => {
    const use = inUse();
    const current = stored as StoreDbUrlCheck | null;
    const problem =
      envCheck && !envCheck.ok
        ? envCheck.problem
        : unreadable
          ? 'unreadable'
          : current && !current.ok
            ? current.problem
            : use && noStoreId
              ? 'no-store-id'
              : use && keyNeedsConsent
                ? 'key-needs-consent'
                : null;
    return {
      source: envCheck?.ok ? 'env' : use ? 'settings' : 'off',
      target: use ? use.target : null,
      problem,
      replication: replication(),
      terminal_id: options.knownTerminalId?.() ?? null,
    };
  };

  /** A look-up or an erasure through the session, bounded like the slow reads. */
  async function customerCall<T>(
    action: 'look' | 'forget',
    call: (current: StoreDbSession) => Promise<T>,
  ): Promise<CustomerAnswer<T>> {
    const current = session;
    if (!current)
      return inUse() ? { state: 'not-answered', reason: 'unreachable' } : { state: 'off' };
    const result = await withDeadline(slow, () => call(current));
    if (result.ok) return { state: 'answered', value: result.value };
    const code = result.timedOut ? null : (result.error as { code?: unknown } | null)?.code;
    logger.warn(`customer ${action} not answered by the store database`, {
      timed_out: result.timedOut,
      code: typeof code === 'string' ? code : null,
    });
    if (code === 'MS015') return { state: 'not-answered', reason: 'open-operations' };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !code.startsWith('08'))
      return { state: 'not-answered', reason: 'refused' };
    return { state: 'not-answered', reason: 'unreachable' };
  }

  await serialized(restart);

  return {
    status,
    replication,
    configure: (url) =>
      serialized(async () => {
        if (envCheck?.ok) {
          throw new StoreLinkError('env', `${STORE_DB_ENV} sets the store database here`);
        }
        if (url === null) {
          await vault.clear();
        } else {
          const checked = checkStoreDbUrl(url);
          protect(logger, checked, url);
          if (!checked.ok) throw new StoreLinkError(checked.problem, checked.problem);
          await vault.set(checked.url);
        }
        await readStored();
        await restart();
        const use = inUse();
        logger.info('store database set', { target: use ? describeTarget(use.target) : null });
        return status();
      }),
    test: async (url) => {
      const checked = url === undefined ? inUse() : checkStoreDbUrl(url);
      if (url !== undefined) protect(logger, checked, url);
      if (checked === null || !checked.ok) {
        return {
          url_problem: checked === null ? 'not-a-url' : checked.problem,
          target: null,
          check: null,
        };
      }
      const result = await withDeadline(slow, () => driver.check(checked.url));
      return {
        url_problem: null,
        target: checked.target,
        check: result.ok ? result.value : unanswered(result.timedOut ? 'timeout' : 'server'),
      };
    },
    checkCode: async (mode, fundingCode) => {
      const current = session;
      if (!current) return inUse() ? { state: 'not-checked' } : { state: 'off' };
      const counter = await options.counter();
      const store = mode === 'training' ? counter.stores.training : counter.stores.live;
      if (store === null) return { state: 'not-checked' };
      // The replication is the link's own probe: while it cannot reach the database, a read
      // would only spend the whole wait on every sale (docs/decisions.md).
      if (replication().state === 'unreachable') return { state: 'not-checked' };
      // The driver bounds its own wait; this bound holds even if it did not.
      const read = await withDeadline(wait + 50, () =>
        current.readCode({ store, mode, fundingCode, terminalId: counter.terminalId }, wait),
      );
      if (!read.ok || read.value.state === 'not-checked') {
        logger.warn('other counters not checked', { timed_out: !read.ok && read.timedOut });
        return { state: 'not-checked' };
      }
      return read.value;
    },
    enroll: (code) =>
      serialized(async (): Promise<StoreEnrollment> => {
        const use = inUse();
        if (!use) return { enrolled: false, category: 'bad-url' };
        // The key must be kept before it is bound (as the token is: OS encryption, or the
        // supervisor's consent first): without one, there is nothing to enroll.
        let counter: CounterIdentity;
        try {
          counter = await options.counter();
        } catch (error) {
          logger.warn('enrollment not sent: the counter has no store key yet', { error });
          return { enrolled: false, category: 'server' };
        }
        const result = await withDeadline(slow, () => driver.enroll(use.url, counter, code));
        if (!result.ok) {
          return { enrolled: false, category: result.timedOut ? 'timeout' : 'server' };
        }
        if (result.value.enrolled) {
          logger.info('counter enrolled in its store', { store: result.value.store });
          await restart();
        } else {
          logger.warn('enrollment refused', { category: result.value.category });
        }
        return result.value;
      }),
    freshness: async (mode) => {
      const current = session;
      if (!current) return { available: false, counters: [] };
      const counter = await options.counter();
      const store = mode === 'training' ? counter.stores.training : counter.stores.live;
      if (store === null) return { available: false, counters: [] };
      const read = await withDeadline(slow, () => current.readFreshness({ store, mode }));
      if (!read.ok || read.value === null) return { available: false, counters: [] };
      return { available: true, counters: read.value };
    },
    lookCustomer: (query) => customerCall('look', (current) => current.lookCustomer(query)),
    forgetCustomer: (query) => customerCall('forget', (current) => current.forgetCustomer(query)),
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
        closed = true;
        await restart();
      }),
  };
}

/** A check whose answer never came: the server is marked unreachable for that reason. */
function unanswered(category: 'timeout' | 'server'): StoreDbCheck {
  return {
    ok: false,
    reachable: { ok: false, category, server_version: null },
    migrated: { ok: false, version: null, required: 1 },
    privileges: { ok: false, missing: [], excess: [] },
    clock: { ok: false, skew_ms: null },
  };
}

function protect(logger: Logger, checked: StoreDbUrlCheck | null, text: string | null): void {
  logger.protect(text);
  if (checked?.ok) {
    logger.protect(checked.url);
    logger.protect(checked.password);
    logger.protect(encodeURIComponent(checked.password));
  }
}

type Deadlined<T> =
  | { ok: true; value: T }
  | { ok: false; timedOut: true }
  | { ok: false; timedOut: false; error: unknown };

/** Runs `task` for at most `ms`: past it the answer is "timed out" whatever the task does. */
export async function withDeadline<T>(ms: number, task: () => Promise<T>): Promise<Deadlined<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<Deadlined<T>>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, timedOut: true }), ms);
  });
  const work = (async (): Promise<Deadlined<T>> => {
    try {
      return { ok: true, value: await task() };
    } catch (error) {
      return { ok: false, timedOut: false, error };
    }
  })();
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
