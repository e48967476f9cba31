// A supervisor's look-up or erasure of a customer in this counter's store (docs/personal-data.md;
// migration 0115 `store_db_personal_data`), through the replication's session and bounded like the
// slow reads. Never a rejection: the answer, or why there is none.
import type { Logger } from '../log/logger';
import type { UsableUrl } from './link-url';
import type { CustomerAnswer, StoreDbSession } from './store-link-types';
import { withDeadline } from './with-deadline';

export type CustomerCallContext = {
  session: () => StoreDbSession | null;
  inUse: () => UsableUrl | null;
  logger: Logger;
  slowMs: number;
};

/** A look-up or an erasure through the session, bounded like the slow reads. */
export async function customerCall<T>(
  context: CustomerCallContext,
  action: 'look' | 'forget',
  call: (current: StoreDbSession) => Promise<T>,
): Promise<CustomerAnswer<T>> {
  const { logger } = context;
  const current = context.session();
  if (!current)
    return context.inUse() ? { state: 'not-answered', reason: 'unreachable' } : { state: 'off' };
  const result = await withDeadline(context.slowMs, () => call(current));
  if (result.ok) return { state: 'answered', value: result.value };
  const code = result.timedOut ? null : (result.error as { code?: unknown } | null)?.code;
  logger.warn(`customer ${action} not answered by the store database`, {
    timed_out: result.timedOut,
    code: typeof code === 'string' ? code : null,
  });
  // MS015: an operation of theirs that moves money has no definite answer yet (0115).
  if (code === 'MS015') return { state: 'not-answered', reason: 'open-operations' };
  // Any other SQLSTATE but a connection's (class 08) is the database's refusal.
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !code.startsWith('08'))
    return { state: 'not-answered', reason: 'refused' };
  return { state: 'not-answered', reason: 'unreachable' };
}
