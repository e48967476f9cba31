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
// `checkCode`'s bound. Its types are in store-link-types.ts, where the parts take them.
import { testConnection } from './connection-test';
import { checkCode, readFreshness } from './counter-reads';
import { customerCall } from './customer-calls';
import { enrollCounter } from './enrollment';
import { createLinkReplication, createSerializer } from './link-replication';
import { linkStatus } from './link-status';
import { createLinkUrl } from './link-url';
import { describeTarget } from './store-db-url';
import type { StoreLink, StoreLinkOptions } from './store-link-types';

export { STORE_DB_ENV, StoreLinkError } from './link-url';
export { withDeadline } from './with-deadline';

/** How long Verify and Info wait for the other counters' answer (docs/decisions.md). */
export const CROSS_COUNTER_WAIT_MS = 700;
/** "Probar conexión" and the close's freshness read wait this long at most. */
export const SLOW_READ_MS = 15_000;

export type {
  CounterIdentity,
  CustomerAnswer,
  CustomerQuery,
  StoreDbDriver,
  StoreDbSession,
  StoreLink,
  StoreLinkOptions,
} from './store-link-types';

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
