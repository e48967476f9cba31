// Every call the app makes on the store database runs in a transaction of its own that sets what
// the call needs, whatever the connection it lands on holds (docs/store-database.md "A pooled
// server that no client can disturb"). Through PgBouncer in transaction mode a server connection
// goes from client to client, and a session setting one client leaves on it stays for the next:
// `default_transaction_read_only = on` made every later signed call fail, a tiny
// `statement_timeout` would cut it, `synchronous_commit = off` would let the cursor move on a
// commit that is not durable. So the transaction is begun READ WRITE (or READ ONLY for a read)
// at READ COMMITTED, and its deadline, lock wait, idle wait, durability and search path are set
// LOCAL to it: they end with it and reach nobody else. Names are written schema-qualified too.
//
// The whole transaction is ONE simple query (`BEGIN …; SET LOCAL …; SELECT …; COMMIT`), its
// parameters written into it as literals: through the pooler a transaction holds a server
// connection until it ends, and a transaction of three round trips held it while each busy
// counter process answered, a chain's 1,000 counters then queueing for 15 connections (lag p50
// 695 ms, against 40 ms for one round trip: docs/decisions.md "A pooled server that no client
// can disturb"). The literals are written by node-postgres's own escaping, which holds whatever
// `standard_conforming_strings` says.
import type pg from 'pg';
import type { StoreDbTimeouts } from './connection';

export type CallAccess = 'read write' | 'read only';

/** The statements that begin the call's transaction and set what it needs. */
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

type Escaper = Pick<pg.ClientBase, 'escapeLiteral'>;

/** One parameter as an SQL literal: text, integer, boolean, null, bytea, or an array of them. */
export function literalOf(client: Escaper, value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number' || typeof value === 'bigint') {
    if (typeof value === 'number' && !Number.isSafeInteger(value)) {
      throw new RangeError(`not an integer parameter: ${value}`);
    }
    return String(value);
  }
  if (typeof value === 'string') return client.escapeLiteral(value);
  if (Buffer.isBuffer(value)) return `decode('${value.toString('hex')}', 'hex')`;
  if (Array.isArray(value)) return `ARRAY[${value.map((v) => literalOf(client, v)).join(', ')}]`;
  throw new TypeError(`no literal for a parameter of type ${typeof value}`);
}

/** `sql` with its `$1…$n` written as the literals of `params`. */
export function withLiterals(client: Escaper, sql: string, params: readonly unknown[]): string {
  return sql.replace(/\$(\d+)/g, (_, n: string) => {
    const index = Number(n) - 1;
    if (index < 0 || index >= params.length) throw new RangeError(`no parameter $${n}`);
    return literalOf(client, params[index]);
  });
}

/**
 * Runs one statement (`sql` with its parameters) in such a transaction, in one round trip, and
 * gives its result. A statement that fails leaves the transaction aborted: it is rolled back
 * (if the connection still answers) and the error rethrown.
 */
export async function callInTransaction<R extends pg.QueryResultRow>(
  client: Escaper & Pick<pg.ClientBase, 'query'>,
  access: CallAccess,
  timeouts: StoreDbTimeouts,
  sql: string,
  params: readonly unknown[] = [],
): Promise<pg.QueryResult<R>> {
  const text = `${callPrelude(access, timeouts)}; ${withLiterals(client, sql, params)}; COMMIT`;
  let results: unknown;
  try {
    results = await client.query(text);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  const all = (Array.isArray(results) ? results : [results]) as pg.QueryResult<R>[];
  // The prelude's statements, then the call's, then COMMIT's.
  const call = all[all.length - 2];
  if (!call) throw new Error('the call gave no result');
  return call;
}
