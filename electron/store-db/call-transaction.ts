// Every call the app makes on the store database runs in a transaction of its own that sets what
// the call needs, whatever the connection it lands on holds (docs/store-database.md "A pooled
// server that no client can disturb"). Through PgBouncer in transaction mode a server connection
// goes from client to client, and a session setting one client leaves on it stays for the next:
// `default_transaction_read_only = on` made every later signed call fail, a tiny
// `statement_timeout` would cut it, `synchronous_commit = off` would let the cursor move on a
// commit that is not durable. So the transaction is begun READ WRITE (or READ ONLY for a read)
// at READ COMMITTED, and its deadline, lock wait, idle wait, durability and search path are set
// LOCAL to it: they end with it and reach nobody else. Names are written schema-qualified too.
import type pg from 'pg';
import type { StoreDbTimeouts } from './connection';

export type CallAccess = 'read write' | 'read only';

/** One simple query (no parameters), so it costs one round trip. */
export function callPrelude(access: CallAccess, timeouts: StoreDbTimeouts): string {
  // 0: no limit, as the connection's own timeouts mean it (a migrate waiting for a lock).
  const deadline = Math.max(0, Math.trunc(timeouts.statementTimeoutMs));
  return [
    `BEGIN ISOLATION LEVEL READ COMMITTED ${access === 'read write' ? 'READ WRITE' : 'READ ONLY'}`,
    'SET LOCAL search_path = pg_catalog, pg_temp',
    `SET LOCAL statement_timeout = ${deadline}`,
    `SET LOCAL lock_timeout = ${deadline}`,
    `SET LOCAL idle_in_transaction_session_timeout = ${deadline}`,
    'SET LOCAL synchronous_commit = on',
  ].join('; ');
}

/**
 * Runs `run` on `client` inside such a transaction and commits; rolls back (if the connection
 * still answers) and rethrows when anything fails.
 */
export async function inCallTransaction<T>(
  client: Pick<pg.ClientBase, 'query'>,
  access: CallAccess,
  timeouts: StoreDbTimeouts,
  run: () => Promise<T>,
): Promise<T> {
  await client.query(callPrelude(access, timeouts));
  let result: T;
  try {
    result = await run();
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  await client.query('COMMIT');
  return result;
}
