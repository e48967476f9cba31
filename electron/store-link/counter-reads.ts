// The two reads a counter makes of the others (docs/store-database.md): the cross-counter check
// of a code for Verify and Info, bounded in time so no sale waits beyond it, and every counter's
// freshness for the close. Neither rejects: a database that cannot answer is `not-checked` or
// `available: false`, and the counter goes on as a one-counter store.
import type { StoreCheck, StoreFreshness } from '../../shared/bridge/store-db';
import type { OperationMode } from '../../shared/journal-entry';
import type { ReplicationState } from '../../shared/store/replication-state';
import type { Logger } from '../log/logger';
import type { UsableUrl } from './link-url';
import type { CounterIdentity, StoreDbSession } from './store-link-types';
import { withDeadline } from './with-deadline';

export type CounterReadsContext = {
  session: () => StoreDbSession | null;
  replication: () => ReplicationState;
  inUse: () => UsableUrl | null;
  counter: () => Promise<CounterIdentity>;
  logger: Logger;
  /** The cross-counter wait (CROSS_COUNTER_WAIT_MS unless a test sets it). */
  waitMs: number;
  /** The slow reads' bound (SLOW_READ_MS unless a test sets it). */
  slowMs: number;
};

/** The other counters' word on a code, within the bounded wait; never rejects. */
export async function checkCode(
  context: CounterReadsContext,
  mode: OperationMode,
  fundingCode: string,
): Promise<StoreCheck> {
  const { logger, waitMs: wait } = context;
  const current = context.session();
  if (!current) return context.inUse() ? { state: 'not-checked' } : { state: 'off' };
  const counter = await context.counter();
  const store = mode === 'training' ? counter.stores.training : counter.stores.live;
  if (store === null) return { state: 'not-checked' };
  // The replication is the link's own probe: while it cannot reach the database, a read
  // would only spend the whole wait on every sale (docs/decisions.md).
  if (context.replication().state === 'unreachable') return { state: 'not-checked' };
  // The driver bounds its own wait; this bound holds even if it did not.
  const read = await withDeadline(wait + 50, () =>
    current.readCode({ store, mode, fundingCode, terminalId: counter.terminalId }, wait),
  );
  if (!read.ok || read.value.state === 'not-checked') {
    logger.warn('other counters not checked', { timed_out: !read.ok && read.timedOut });
    return { state: 'not-checked' };
  }
  return read.value;
}

/** How current every counter of this counter's store is in `mode`; never rejects. */
export async function readFreshness(
  context: CounterReadsContext,
  mode: OperationMode,
): Promise<StoreFreshness> {
  const current = context.session();
  if (!current) return { available: false, counters: [] };
  const counter = await context.counter();
  const store = mode === 'training' ? counter.stores.training : counter.stores.live;
  if (store === null) return { available: false, counters: [] };
  const read = await withDeadline(context.slowMs, () => current.readFreshness({ store, mode }));
  if (!read.ok || read.value === null) return { available: false, counters: [] };
  return { available: true, counters: read.value };
}
