// The replication's life (docs/store-database.md): started when a URL is in use, restarted when
// it, the counter's name or the store change (or the counter enrolled), stopped at close. Never a
// crash: a counter whose replication cannot start sells as a one-counter store, and the reason
// (no live store id, a key kept weakly without a supervisor's consent) shows in Settings.
import type { ReplicationState } from '../../shared/store/replication-state';
import type { Logger } from '../log/logger';
import { VaultError } from '../vault/vault';
import type { UsableUrl } from './link-url';
import { describeTarget } from './store-db-url';
import type { CounterIdentity, StoreDbDriver, StoreDbSession } from './store-link-types';

export type LinkReplication = {
  /** The session replicating now, if any (read at each call: a restart replaces it). */
  session(): StoreDbSession | null;
  /** The session's state, or `off` since it last stopped. */
  state(): ReplicationState;
  /** Stops the session, if any, and starts one on the URL in use unless closed. */
  restart(): Promise<void>;
  /** Why the last start did not start although a URL is in use. */
  problem(): 'no-store-id' | 'key-needs-consent' | null;
  /** No start after this: the next `restart` only stops. */
  markClosed(): void;
};

export function createLinkReplication(options: {
  driver: StoreDbDriver;
  logger: Logger;
  clock: () => Date;
  counter: () => Promise<CounterIdentity>;
  inUse: () => UsableUrl | null;
}): LinkReplication {
  const { driver, logger, clock } = options;
  let session: StoreDbSession | null = null;
  let noStoreId = false;
  /** This counter's key could be kept only with weak encryption, and nobody accepted that. */
  let keyNeedsConsent = false;
  let offSince = clock().toISOString();
  let closed = false;

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
    const use = options.inUse();
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

  const state = (): ReplicationState => {
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

  return {
    session: () => session,
    state,
    restart,
    problem: () => (noStoreId ? 'no-store-id' : keyNeedsConsent ? 'key-needs-consent' : null),
    markClosed: () => {
      closed = true;
    },
  };
}

/** Runs each task after the one before it has ended: one change of the link at a time. */
export function createSerializer(): <T>(task: () => Promise<T>) => Promise<T> {
  let chain: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = chain.then(task);
    chain = run.catch(() => undefined);
    return run;
  };
}
