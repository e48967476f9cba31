// This counter's link to the store database (docs/store-database.md): where its URL comes from
// (MOSTRADOR_STORE_DB_URL, else the supervisor's, kept in a vault like the token), the
// replicator's life (started when a URL is set, restarted when it or the counter's name change,
// stopped at close), "Probar conexión", and the two reads the counter makes: the cross-counter
// check of a code, bounded in time, and every counter's freshness. The database code itself
// (electron/store-db/) is reached through `StoreDbDriver`, so nothing here waits on a socket
// without a deadline. No step of a sale waits here beyond `checkCode`'s bound.
import type {
  ReplicationState,
  StoreCheck,
  StoreDbCheck,
  StoreDbStatus,
  StoreFreshness,
} from '../../shared/bridge/store-db';
import type { OperationMode } from '../../shared/journal-entry';
import type { CounterFreshness, StoreOperationRow } from '../../shared/store/store-operation';
import type { Logger } from '../log/logger';
import type { Vault } from '../vault/vault';
import { foldCodeAcrossCounters } from './code-across-counters';
import { checkStoreDbUrl, describeTarget, type StoreDbUrlCheck } from './store-db-url';

export const STORE_DB_ENV = 'MOSTRADOR_STORE_DB_URL';
/** How long Verify and Info wait for the other counters' answer (docs/decisions.md). */
export const CROSS_COUNTER_WAIT_MS = 700;
/** "Probar conexión" and the close's freshness read wait this long at most. */
export const SLOW_READ_MS = 8_000;

/** Who this counter is to the store database, asked when the replicator starts. */
export type CounterIdentity = {
  terminalId: string;
  terminalName: string | null;
  appVersion: string;
};

export type ReplicatorHandle = {
  state(): ReplicationState;
  stop(): Promise<void>;
};

/** The database side (electron/store-db/), as this link uses it. */
export type StoreDbDriver = {
  startReplicator(url: string, counter: CounterIdentity): ReplicatorHandle;
  check(url: string, signal: AbortSignal): Promise<Omit<StoreDbCheck, 'url_problem' | 'target'>>;
  readCode(
    url: string,
    query: { store: string; mode: OperationMode; fundingCode: string },
    signal: AbortSignal,
  ): Promise<StoreOperationRow[]>;
  readFreshness(
    url: string,
    query: { store: string; mode: OperationMode },
    signal: AbortSignal,
  ): Promise<CounterFreshness[]>;
};

export type StoreLinkOptions = {
  driver: StoreDbDriver;
  /** Where a supervisor's URL is kept (never settings.json). */
  vault: Vault;
  logger: Logger;
  /** MOSTRADOR_STORE_DB_URL, when set. */
  envUrl?: string | undefined;
  counter: () => Promise<CounterIdentity>;
  /** The store of a mode: the service's client id (training has its own); null when unknown. */
  storeFor: (mode: OperationMode) => string | null;
  crossCounterWaitMs?: number;
  slowReadMs?: number;
};

export type StoreLink = {
  status(): Promise<StoreDbStatus>;
  replication(): ReplicationState;
  /** Saves (null: removes) the supervisor's URL and restarts the replication on it. */
  configure(url: string | null): Promise<StoreDbStatus>;
  /** "Probar conexión" for a typed URL, or the one in use. */
  test(url?: string): Promise<StoreDbCheck>;
  /** The other counters' word on a code, within the bounded wait; never throws. */
  checkCode(mode: OperationMode, fundingCode: string): Promise<StoreCheck>;
  freshness(mode: OperationMode): Promise<StoreFreshness>;
  /** Restarts the replicator (the counter's name changed). */
  apply(): Promise<void>;
  close(): Promise<void>;
};

export class StoreLinkError extends Error {
  override readonly name = 'StoreLinkError';
  constructor(
    readonly code: 'env' | 'not-a-url' | 'needs-tls' | 'vault',
    message: string,
  ) {
    super(message);
  }
}

const OFF: ReplicationState = { state: 'off', since: null, waiting_lines: 0 };

export async function openStoreLink(options: StoreLinkOptions): Promise<StoreLink> {
  const { driver, vault, logger } = options;
  const wait = options.crossCounterWaitMs ?? CROSS_COUNTER_WAIT_MS;
  const slow = options.slowReadMs ?? SLOW_READ_MS;
  const envText = options.envUrl?.trim() ? options.envUrl.trim() : null;
  const envCheck = envText === null ? null : checkStoreDbUrl(envText);
  protect(logger, envCheck, envText);
  if (envCheck && !envCheck.ok) {
    logger.warn(`${STORE_DB_ENV} ignored: ${envCheck.problem}`);
  }

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

  let replicator: ReplicatorHandle | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  let closed = false;
  const serialized = <T>(task: () => Promise<T>): Promise<T> => {
    const run = chain.then(task);
    chain = run.catch(() => undefined);
    return run;
  };

  const restart = async () => {
    if (replicator) {
      const old = replicator;
      replicator = null;
      try {
        await old.stop();
      } catch (error) {
        logger.error('store database replication did not stop cleanly', { error });
      }
    }
    const use = inUse();
    if (!use || closed) return;
    try {
      replicator = driver.startReplicator(use.url, await options.counter());
      logger.info('store database replication started', { target: describeTarget(use.target) });
    } catch (error) {
      // Never a crash: the counter sells without it, and the top bar says lines wait.
      logger.error('store database replication not started', { error });
    }
  };

  const replication = (): ReplicationState => {
    if (!replicator) return OFF;
    try {
      return replicator.state();
    } catch {
      return OFF;
    }
  };

  const status = async (): Promise<StoreDbStatus> => {
    const use = inUse();
    const source = envCheck?.ok ? 'env' : use ? 'settings' : 'off';
    const current = stored as StoreDbUrlCheck | null;
    const problem =
      envCheck && !envCheck.ok
        ? envCheck.problem
        : unreadable
          ? 'unreadable'
          : current && !current.ok
            ? current.problem
            : null;
    return {
      source,
      target: use ? use.target : null,
      problem,
      replication: replication(),
    };
  };

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
        return notRun(checked === null ? 'not-a-url' : checked.problem);
      }
      const result = await withDeadline(slow, (signal) => driver.check(checked.url, signal));
      if (!result.ok) {
        return {
          url_problem: null,
          target: checked.target,
          reachable: { status: 'failed', reason: result.timedOut ? 'timeout' : 'other' },
          migrated: { status: 'not-checked', reason: 'other' },
          privileges: { status: 'not-checked', reason: 'other' },
          clock: { status: 'not-checked', reason: 'other' },
          clock_skew_ms: null,
        };
      }
      return { url_problem: null, target: checked.target, ...result.value };
    },
    checkCode: async (mode, fundingCode) => {
      const use = inUse();
      if (!use) return { state: 'off' };
      const store = options.storeFor(mode);
      if (store === null) return { state: 'not-checked' };
      const started = Date.now();
      const read = await withDeadline(wait, (signal) =>
        driver.readCode(use.url, { store, mode, fundingCode }, signal),
      );
      if (!read.ok) {
        logger.warn('other counters not checked', {
          timed_out: read.timedOut,
          waited_ms: Date.now() - started,
          ...(read.timedOut ? {} : { error: read.error }),
        });
        return { state: 'not-checked' };
      }
      const { terminalId } = await options.counter();
      return foldCodeAcrossCounters(read.value, { terminalId, mode, fundingCode });
    },
    freshness: async (mode) => {
      const use = inUse();
      const store = options.storeFor(mode);
      if (!use || store === null) return { available: false, counters: [] };
      const read = await withDeadline(slow, (signal) =>
        driver.readFreshness(use.url, { store, mode }, signal),
      );
      if (!read.ok) return { available: false, counters: [] };
      return { available: true, counters: read.value };
    },
    apply: () => serialized(restart),
    close: () =>
      serialized(async () => {
        closed = true;
        await restart();
      }),
  };
}

function notRun(problem: 'not-a-url' | 'needs-tls'): StoreDbCheck {
  const skipped = { status: 'not-checked', reason: 'other' } as const;
  return {
    url_problem: problem,
    target: null,
    reachable: skipped,
    migrated: skipped,
    privileges: skipped,
    clock: skipped,
    clock_skew_ms: null,
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

/**
 * Runs `task` for at most `ms`: past it the answer is "timed out" whatever the task does, and its
 * signal is aborted so the driver can drop the query.
 */
export async function withDeadline<T>(
  ms: number,
  task: (signal: AbortSignal) => Promise<T>,
): Promise<Deadlined<T>> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<Deadlined<T>>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve({ ok: false, timedOut: true });
    }, ms);
  });
  const work = (async (): Promise<Deadlined<T>> => {
    try {
      return { ok: true, value: await task(controller.signal) };
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
