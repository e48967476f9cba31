// The connection pool the app's reads use (the cross-counter check, freshness, the store day).
// Separate from replication's own connection, so a long catch-up never delays a check. Every
// connection has the connect and statement timeouts, its answers are bounded (answer-bounds.ts),
// and error listeners keep a connection's error, idle or lent out, away from the process. A
// connection idle for 10 s is closed: an idle counter holds only replication's
// (docs/store-database.md "Connections per counter").
import pg from 'pg';
import { type AnswerBounds, DEFAULT_ANSWER_BOUNDS } from './answer-bounds';
import {
  DEFAULT_TIMEOUTS,
  parseStoreDbUrl,
  StoreDbError,
  type StoreDbTimeouts,
} from './connection';
import { storeDbClient } from './store-db-client';

export type StoreDbPool = pg.Pool;

/**
 * How long a reads connection stays open unused. A Verify after it pays one connect (about 25 ms
 * directly with SCRAM, 8 ms through PgBouncer, measured on the 2-core bench machine) inside its
 * 0.7 s bound; before, 30 s kept it for every counter between two sales.
 */
export const READS_IDLE_MS = 10_000;

export function openStoreDbPool(
  url: string,
  timeouts: StoreDbTimeouts = DEFAULT_TIMEOUTS,
  max = 2,
  bounds: AnswerBounds = DEFAULT_ANSWER_BOUNDS,
): StoreDbPool {
  const checked = parseStoreDbUrl(url);
  if (!checked.ok)
    throw new StoreDbError(checked.category, `store database URL: ${checked.category}`);
  const pool = new pg.Pool({
    // Each answer bounded in bytes and rows, and the password sent only as SCRAM unless TLS
    // verified the server, like the replication's (store-db-client.ts).
    Client: storeDbClient(bounds),
    ...checked.driverTarget(),
    max,
    idleTimeoutMillis: READS_IDLE_MS,
    connectionTimeoutMillis: timeouts.connectTimeoutMs,
    statement_timeout: timeouts.statementTimeoutMs || undefined,
    query_timeout: timeouts.statementTimeoutMs ? timeouts.statementTimeoutMs + 1_000 : undefined,
    keepAlive: true,
    application_name: 'mostrador-reads',
  });
  pool.on('error', () => undefined);
  // A client lent out has no listener of the pool's: an error on its socket between two queries
  // (an answer past its bound ends the connection as its query rejects) would be thrown at the
  // process. Its query already rejects with it; the release then drops the client as broken.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}
