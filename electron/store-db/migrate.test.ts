import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { embeddedSource } from './embed-migrations';
import { migrate } from './migrate';
import { EMBEDDED_MIGRATIONS } from './migrations/embedded';
import { throwawayStoreDb } from './test-support/store-db-fixture';
import { withClient } from './test-support/with-client';

const db = throwawayStoreDb();

const line = (seq: number) =>
  JSON.stringify({
    seq,
    op_id: '0f8fad5b-d9cb-469f-a165-70867728950e',
    at: '2026-03-10T15:00:00.000Z',
    type: 'note',
    text: 'x',
  });

describe('store database migrations', () => {
  it('the migrations the app carries are the .sql files of electron/store-db/migrations', () => {
    const embedded = readFileSync(
      fileURLToPath(new URL('./migrations/embedded.ts', import.meta.url)),
      'utf8',
    );
    expect(embedded, 'run npx tsx electron/store-db/embed-migrations.ts').toBe(embeddedSource());
    // 0001…0099 are the replication's; 0100 onward the store's day close.
    expect(EMBEDDED_MIGRATIONS.filter((m) => m.version < 100).length).toBeGreaterThan(0);
    expect(EMBEDDED_MIGRATIONS.map((m) => m.version)).toContain(100);
  });

  it('migrate creates the schema once and a second run applies nothing', async () => {
    const url = await db.emptyDatabase();
    const first = await migrate(url);
    expect(first.applied).toEqual(EMBEDDED_MIGRATIONS.map((m) => m.version));
    const second = await migrate(url);
    expect(second).toEqual({ applied: [], version: first.version });
  });

  it('npm run store-db -- migrate --url migrates and says to which version', async () => {
    const url = await db.emptyDatabase();
    const run = (args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'electron/store-db/cli.ts', ...args], {
        encoding: 'utf8',
      });
    const first = run(['migrate', '--url', url]);
    const latest = Math.max(...EMBEDDED_MIGRATIONS.map((m) => m.version));
    expect(first.stdout).toContain(
      `migrated to version ${latest} (applied ${EMBEDDED_MIGRATIONS.map((m) => m.version).join(', ')})`,
    );
    expect(first.status).toBe(0);
    expect(run(['migrate', '--url', url]).stdout).toContain(`already at version ${latest}`);
    const wrong = run(['migrate', '--url', url.replace('throwaway-owner', 'nope')]);
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toMatch(/migrate failed: .*password/);
  });

  it('ten counters migrating at once apply each migration exactly once', async () => {
    const url = await db.emptyDatabase();
    const results = await Promise.all(Array.from({ length: 10 }, () => migrate(url)));
    const applied = results.flatMap((r) => r.applied);
    expect(applied.sort()).toEqual(EMBEDDED_MIGRATIONS.map((m) => m.version).sort());
    const versions = await withClient(url, (c) =>
      c.query('SELECT version FROM store_db_migrations ORDER BY version'),
    );
    expect(versions.rows.map((r) => r.version)).toEqual(EMBEDDED_MIGRATIONS.map((m) => m.version));
  });

  it("a counter login reads its store's lines but never adds, changes or removes one by SQL", async () => {
    const { ownerUrl, database, terminalUrl: chainUrl } = await db.migratedDatabase();
    // A login of store `s` (add-login --store s), and the chain's login (reads through signed
    // calls only: a plain read fails rather than answer nothing).
    const terminalUrl = db.storeLogin(database, 's');
    await withClient(ownerUrl, (c) =>
      c.query(
        `INSERT INTO journal_lines (store, terminal_id, seq, time_zone, line) VALUES ('s', 't', 1, 'America/Lima', $1)`,
        [line(1)],
      ),
    );
    await withClient(chainUrl, (c) =>
      expect(c.query('SELECT line FROM journal_lines')).rejects.toMatchObject({ code: '42501' }),
    );
    await withClient(terminalUrl, async (c) => {
      const read = await c.query('SELECT line FROM journal_lines');
      expect(read.rows).toEqual([{ line: line(1) }]);
      for (const sql of [
        `INSERT INTO journal_lines (store, terminal_id, seq, time_zone, line) VALUES ('s', 't', 2, 'America/Lima', '{}')`,
        `UPDATE journal_lines SET line = 'x'`,
        'DELETE FROM journal_lines',
        'TRUNCATE journal_lines',
        `INSERT INTO terminals (store, mode, terminal_id, last_seen_at) VALUES ('s', 'live', 't', now())`,
        `UPDATE terminals SET last_seen_at = now()`,
        'SELECT * FROM terminal_keys',
        `INSERT INTO terminal_keys (terminal_id, key, registered_by) VALUES ('t', '\\x00', 'x')`,
      ]) {
        await expect(c.query(sql), sql).rejects.toMatchObject({ code: '42501' });
      }
    });
  });

  it('a line whose seq is not its key seq is kept, as unreadable, with the reason', async () => {
    const { ownerUrl } = await db.migratedDatabase();
    await withClient(ownerUrl, async (c) => {
      await c.query(
        `INSERT INTO journal_lines (store, terminal_id, seq, time_zone, line) VALUES ('s', 't', 2, 'America/Lima', $1)`,
        [line(1)],
      );
      const kept = await c.query('SELECT type, problem, line FROM journal_lines');
      expect(kept.rows).toEqual([
        {
          type: 'unreadable',
          problem: expect.stringContaining('is not its key seq'),
          line: line(1),
        },
      ]);
    });
  });
});
