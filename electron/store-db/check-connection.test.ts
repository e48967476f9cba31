import { describe, expect, it } from 'vitest';
import { StoreDbCheck } from '../../shared/store/store-db-check';
import { checkStoreDb } from './check-connection';
import { startSilentServer } from './test-support/silent-server';
import { throwawayStoreDb } from './test-support/store-db-fixture';

const db = throwawayStoreDb();

describe('Probar conexión', () => {
  it('a counter user on a migrated database is right on every count', async () => {
    const { terminalUrl } = await db.migratedDatabase();
    const result = StoreDbCheck.parse(await checkStoreDb(terminalUrl));
    expect(result).toMatchObject({
      ok: true,
      reachable: { ok: true },
      migrated: { ok: true },
      privileges: { ok: true, missing: [], excess: [] },
      clock: { ok: true },
    });
  });

  it('the owner URL at a counter has too many privileges', async () => {
    const { ownerUrl } = await db.migratedDatabase();
    const result = await checkStoreDb(ownerUrl);
    expect(result.ok).toBe(false);
    expect(result.privileges.excess).toEqual(
      expect.arrayContaining([
        'UPDATE journal_lines',
        'DELETE journal_lines',
        'INSERT store_day_closes',
        'superuser',
      ]),
    );
  });

  it('a counter login that may call the unsigned close has too many privileges (0106)', async () => {
    const { database, terminalUrl } = await db.migratedDatabase();
    // What a technician reading an old guide might grant back.
    db.cluster().psql(
      `GRANT EXECUTE ON FUNCTION store_db_close_day(text, text, date, text, text, text, text, text) TO mostrador_terminal`,
      database,
    );
    const result = await checkStoreDb(terminalUrl);
    expect(result.ok).toBe(false);
    expect(result.privileges.excess).toEqual(['EXECUTE store_db_close_day (unsigned)']);
  });

  it('a user not granted the counters role misses privileges', async () => {
    const { database } = await db.migratedDatabase();
    const result = await checkStoreDb(db.terminalUser(database, false));
    expect(result.reachable.ok).toBe(true);
    expect(result.privileges.missing).toEqual(
      expect.arrayContaining([
        'EXECUTE store_db_append',
        'EXECUTE store_db_close_day',
        'SELECT journal_lines',
      ]),
    );
    expect(result.ok).toBe(false);
  });

  it('a database never migrated says so', async () => {
    const url = await db.emptyDatabase();
    expect((await checkStoreDb(url)).migrated).toMatchObject({ ok: false, version: null });
  });

  it('a wrong password, a closed port, a server that never answers, a bad URL, a public host without TLS', async () => {
    const { database } = await db.migratedDatabase();
    const wrong = db.cluster().url(database, 'postgres', 'not-the-password');
    expect((await checkStoreDb(wrong)).reachable).toMatchObject({ ok: false, category: 'auth' });
    expect((await checkStoreDb('postgres://a:b@127.0.0.1:1/x')).reachable.category).toBe('network');
    const silent = await startSilentServer();
    try {
      const hung = await checkStoreDb(silent.url, {
        timeouts: { connectTimeoutMs: 300, statementTimeoutMs: 300 },
      });
      expect(hung.reachable.category).toBe('timeout');
    } finally {
      await silent.close();
    }
    expect((await checkStoreDb('mysql://a@b/c')).reachable.category).toBe('bad-url');
    expect((await checkStoreDb('postgres://a:b@db.example.com/x')).reachable.category).toBe(
      'tls-required',
    );
  });

  it('a counter clock hours off is reported with its skew', async () => {
    const { terminalUrl } = await db.migratedDatabase();
    const threeHoursAhead = () => new Date(Date.now() + 3 * 3_600_000);
    const result = await checkStoreDb(terminalUrl, { clock: threeHoursAhead });
    expect(result.clock.ok).toBe(false);
    expect(result.clock.skew_ms).toBeLessThan(-2 * 3_600_000);
    expect(result.ok).toBe(false);
  });
});
