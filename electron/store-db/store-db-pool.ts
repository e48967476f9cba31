// The connection pool the app's reads use (the cross-counter check, freshness, the store day).
// Separate from replication's own connection, so a long catch-up never delays a check. Every
// connection has the connect and statement timeouts, its answers are bounded (answer-bounds.ts), and the pool's error listener keeps an idle
// connection's error away from the process.
import pg from 'pg';
import { type AnswerBounds, boundedClient, DEFAULT_ANSWER_BOUNDS } from './answer-bounds';
import {
  DEFAULT_TIMEOUTS,
  parseStoreDbUrl,
  StoreDbError,
  type StoreDbTimeouts,
} from './connection';

export type StoreDbPool = pg.Pool;

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
    // Each answer bounded in bytes and rows, like the replication's (answer-bounds.ts).
    Client: boundedClient(bounds),
    ...checked.driverTarget(),
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: timeouts.connectTimeoutMs,
    statement_timeout: timeouts.statementTimeoutMs || undefined,
    query_timeout: timeouts.statementTimeoutMs ? timeouts.statementTimeoutMs + 1_000 : undefined,
    keepAlive: true,
    application_name: 'mostrador-reads',
  });
  pool.on('error', () => undefined);
  return pool;
}
