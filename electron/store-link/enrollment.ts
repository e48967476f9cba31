// Joining this counter to its store with the one-time code the owner made (docs/store-database.md
// "Adding a counter"; migration 0110 `store_db_enroll`), on the URL in use; the replication
// restarts on the store it joined. Never rejects: a refusal is a value with its category.
import type { StoreEnrollment } from '../../shared/bridge/store-db';
import type { Logger } from '../log/logger';
import type { UsableUrl } from './link-url';
import type { CounterIdentity, StoreDbDriver } from './store-link-types';
import { withDeadline } from './with-deadline';

export type EnrollmentContext = {
  driver: StoreDbDriver;
  inUse: () => UsableUrl | null;
  counter: () => Promise<CounterIdentity>;
  /** Restarts the replication (on the store the counter joined). */
  restart: () => Promise<void>;
  logger: Logger;
  slowMs: number;
};

/** Sends `code` with this counter's terminal id and key; restarts the replication if enrolled. */
export async function enrollCounter(
  context: EnrollmentContext,
  code: string,
): Promise<StoreEnrollment> {
  const { logger } = context;
  const use = context.inUse();
  if (!use) return { enrolled: false, category: 'bad-url' };
  // The key must be kept before it is bound (as the token is: OS encryption, or the
  // supervisor's consent first): without one, there is nothing to enroll.
  let counter: CounterIdentity;
  try {
    counter = await context.counter();
  } catch (error) {
    logger.warn('enrollment not sent: the counter has no store key yet', { error });
    return { enrolled: false, category: 'server' };
  }
  const result = await withDeadline(context.slowMs, () =>
    context.driver.enroll(use.url, counter, code),
  );
  if (!result.ok) {
    return { enrolled: false, category: result.timedOut ? 'timeout' : 'server' };
  }
  if (result.value.enrolled) {
    logger.info('counter enrolled in its store', { store: result.value.store });
    await context.restart();
  } else {
    logger.warn('enrollment refused', { category: result.value.category });
  }
  return result.value;
}
