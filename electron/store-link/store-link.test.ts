// The store link with a scripted database side: where the URL comes from, that it never comes
// back whole (bridge answer or log), the replicator's life, and the bounded cross-counter wait.
// The database side itself is tested against a real PostgreSQL in electron/store-db/.
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../log/logger';
import { createMemoryVault } from '../vault/memory-vault';
import { openStoreLink, type StoreDbDriver, type StoreLinkOptions } from './store-link';
import { row, scriptedDriver } from './test-support';

const URL_A = 'postgres://caja:Secreto-de-prueba@127.0.0.1:5432/tienda';
const URL_B = 'postgres://caja:Otro-secreto-99@192.168.1.20:5432/tienda';

function options(driver: StoreDbDriver, extra: Partial<StoreLinkOptions> = {}): StoreLinkOptions {
  return {
    driver,
    vault: createMemoryVault(),
    logger: createMemoryLogger(),
    counter: async () => ({ terminalId: 'CAJA02', terminalName: 'Caja 2', appVersion: '1.0.0' }),
    storeFor: (mode) => (mode === 'training' ? 'training-store' : 'tienda-centro'),
    ...extra,
  };
}

describe('the store link', () => {
  it('is off with nothing set: no replicator, no check, the verify goes on as today', async () => {
    const driver = scriptedDriver();
    const link = await openStoreLink(options(driver));
    expect(await link.status()).toEqual({
      source: 'off',
      target: null,
      problem: null,
      replication: { state: 'off', since: null, waiting_lines: 0 },
    });
    expect(await link.checkCode('live', 'CODE1')).toEqual({ state: 'off' });
    expect(await link.freshness('live')).toEqual({ available: false, counters: [] });
    expect(driver.started).toEqual([]);
    await link.close();
  });

  it('keeps the supervisor URL in the vault, shows only host/db/user, and never logs the password', async () => {
    const driver = scriptedDriver();
    const vault = createMemoryVault();
    const logger = createMemoryLogger();
    const link = await openStoreLink(options(driver, { vault, logger }));
    const status = await link.configure(URL_A);
    expect(status).toMatchObject({
      source: 'settings',
      target: { host: '127.0.0.1', port: 5432, database: 'tienda', user: 'caja', sslmode: null },
      replication: { state: 'ok' },
    });
    expect(JSON.stringify(status)).not.toContain('Secreto');
    expect(await vault.get()).toBe(URL_A);
    expect(driver.started).toEqual([URL_A]);
    // A new URL restarts the replication on it; removing it stops it.
    await link.configure(URL_B);
    expect(driver.started).toEqual([URL_A, URL_B]);
    expect(driver.stopped).toBe(1);
    await link.configure(null);
    expect(driver.stopped).toBe(2);
    expect((await link.status()).source).toBe('off');
    expect(await vault.get()).toBeNull();
    logger.error('a driver quoted it', { url: URL_A, message: `failed for ${URL_B}` });
    expect(logger.lines.join('\n')).not.toMatch(/Secreto|Otro-secreto/);
    await link.close();
  });

  it('refuses a public host without TLS and keeps what was set', async () => {
    const driver = scriptedDriver();
    const link = await openStoreLink(options(driver));
    await link.configure(URL_A);
    await expect(
      link.configure('postgres://caja:pw123456@db.example.pe/tienda'),
    ).rejects.toMatchObject({ code: 'needs-tls' });
    await expect(link.configure('tienda')).rejects.toMatchObject({ code: 'not-a-url' });
    expect((await link.status()).target?.host).toBe('127.0.0.1');
    await link.close();
  });

  it('takes MOSTRADOR_STORE_DB_URL over the saved one, and Settings may not change it', async () => {
    const driver = scriptedDriver();
    const link = await openStoreLink(
      options(driver, { envUrl: URL_B, vault: createMemoryVault(URL_A) }),
    );
    expect(await link.status()).toMatchObject({ source: 'env', target: { host: '192.168.1.20' } });
    expect(driver.started).toEqual([URL_B]);
    await expect(link.configure(URL_A)).rejects.toMatchObject({ code: 'env' });
    await link.close();
    expect(driver.stopped).toBe(1);
  });

  it('runs as a one-counter store when the saved URL is damaged, and says so', async () => {
    const driver = scriptedDriver();
    const link = await openStoreLink(options(driver, { vault: createMemoryVault('tienda-rota') }));
    expect(await link.status()).toMatchObject({ source: 'off', problem: 'not-a-url' });
    expect(driver.started).toEqual([]);
    await link.close();
  });

  it('answers "not checked" when the database hangs, within the bounded wait', async () => {
    const driver = scriptedDriver();
    driver.hang = true;
    const link = await openStoreLink(options(driver, { crossCounterWaitMs: 150 }));
    await link.configure(URL_A);
    const started = performance.now();
    expect(await link.checkCode('live', 'CODE1')).toEqual({ state: 'not-checked' });
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(140);
    expect(waited).toBeLessThan(5_000);
    expect(driver.aborted).toBe(1);
    await link.close();
  });

  it('names the other counter that billed the code, or holds it in doubt', async () => {
    const driver = scriptedDriver();
    const link = await openStoreLink(options(driver));
    await link.configure(URL_A);
    driver.rows = [row({})];
    expect(await link.checkCode('live', 'CODE1')).toEqual({
      state: 'billed-elsewhere',
      counter: { terminal_id: 'CAJA01', terminal_name: 'Caja 1', at: '2026-03-10T15:42:01.000Z' },
    });
    driver.rows = [
      row({}),
      row({ status: 'unknown', resolved_at: null, started_at: '2026-03-10T16:00:00.000Z' }),
    ];
    expect(await link.checkCode('live', 'CODE1')).toMatchObject({
      state: 'in-doubt-elsewhere',
      counter: { terminal_name: 'Caja 1', at: '2026-03-10T16:00:00.000Z' },
    });
    // Undone afterwards (here, at this counter): free again.
    driver.rows = [
      row({}),
      row({
        terminal_id: 'CAJA02',
        operation: 'v3.undoBilling',
        resolved_at: '2026-03-10T15:50:00.000Z',
      }),
    ];
    expect(await link.checkCode('live', 'CODE1')).toEqual({ state: 'clear' });
    // This counter's own billing is its journal's business; training rows never count in live.
    driver.rows = [row({ terminal_id: 'CAJA02' }), row({ mode: 'training' })];
    expect(await link.checkCode('live', 'CODE1')).toEqual({ state: 'clear' });
    // A refused billing elsewhere took nothing.
    driver.rows = [row({ status: 'refused' })];
    expect(await link.checkCode('live', 'CODE1')).toEqual({ state: 'clear' });
    await link.close();
  });

  it('shows each check of "Probar conexión" for a typed URL, none for an unusable one', async () => {
    const driver = scriptedDriver();
    const link = await openStoreLink(options(driver));
    expect(await link.test(URL_A)).toMatchObject({
      url_problem: null,
      target: { host: '127.0.0.1' },
      privileges: { status: 'failed', reason: 'too-many' },
      clock_skew_ms: 1200,
    });
    expect(await link.test('postgres://c:pw1234567@db.example.pe/t')).toMatchObject({
      url_problem: 'needs-tls',
      reachable: { status: 'not-checked' },
    });
    expect((await link.test()).url_problem).toBe('not-a-url');
    await link.close();
  });
});
