// Creating or upgrading the store database's schema (docs/store-database.md, "Setting up a back-office PC"):
// every migration not yet applied, in order, in ONE transaction, under an advisory lock that
// waits, so ten counters starting at once apply each migration exactly once and none sees a
// half-built schema. Versions 0001…0099 are this replication's; 0100 onward the store's day close.
import type pg from 'pg';
import { connectStoreDb, DEFAULT_TIMEOUTS } from './connection';
import { EMBEDDED_MIGRATIONS } from './migrations/embedded';

export type Migration = { version: number; name: string; sql: string };

/** The transaction-scoped lock every migrate takes ("MOSTRDB" as a number). */
export const MIGRATION_LOCK_KEY = 0x4d4f535452_4442n;

/** The version this build of the app expects the store database to have at least. */
export const LATEST_VERSION = Math.max(...EMBEDDED_MIGRATIONS.map((m) => m.version));

export const MIGRATIONS_TABLE_SQL = `CREATE TABLE IF NOT EXISTS store_db_migrations (
  version integer PRIMARY KEY,
  name text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;

export type MigrateResult = { applied: number[]; version: number };

export async function migrateClient(
  client: pg.Client,
  migrations: readonly Migration[] = EMBEDDED_MIGRATIONS,
): Promise<MigrateResult> {
  const ordered = [...migrations].sort((a, b) => a.version - b.version);
  await client.query('BEGIN');
  try {
    // Waits for another migrate to finish instead of failing: the second one then finds nothing to do.
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    await client.query(MIGRATIONS_TABLE_SQL);
    const done = await client.query<{ version: number }>('SELECT version FROM store_db_migrations');
    const have = new Set(done.rows.map((r) => r.version));
    const applied: number[] = [];
    for (const migration of ordered) {
      if (have.has(migration.version)) continue;
      await client.query(migration.sql);
      await client.query('INSERT INTO store_db_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      applied.push(migration.version);
    }
    await client.query('COMMIT');
    const version = Math.max(0, ...have, ...applied);
    return { applied, version };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** Connects with the owner's URL, migrates, disconnects. Throws with the server's message. */
export async function migrate(
  url: string,
  migrations: readonly Migration[] = EMBEDDED_MIGRATIONS,
): Promise<MigrateResult> {
  // Waiting for the lock can take as long as another migrate: no statement timeout here.
  const client = await connectStoreDb(
    url,
    { connectTimeoutMs: DEFAULT_TIMEOUTS.connectTimeoutMs, statementTimeoutMs: 0 },
    'mostrador-migrate',
  );
  try {
    return await migrateClient(client, migrations);
  } finally {
    await client.end().catch(() => undefined);
  }
}
