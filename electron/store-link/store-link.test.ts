// The store link with a scripted database side: where the URL comes from, that it never comes
// back whole (bridge answer or log), the replication's life, and the bounded cross-counter wait.
// The database side itself is tested against a real PostgreSQL (electron/store-db/, and
// pg-driver.test.ts here).
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../log/logger';
import { createMemoryVault } from '../vault/memory-vault';
import { cursorFileFor, storeCheckOf } from './pg-driver';
import {
  type CounterIdentity,
  openStoreLink,
  type StoreDbDriver,
  type StoreLinkOptions,
} from './store-link';
import { replicationState, scriptedDriver } from './test-support';

const URL_A = 'postgres://caja:Secreto-de-prueba@127.0.0.1:5432/tienda';
const URL_B = 'postgres://caja:Otro-secreto-99@192.168.1.20:5432/tienda';

const COUNTER: CounterIdentity = {
  terminalId: 'CAJA02',
  terminalName: 'Caja 2',
  appVersion: '1.0.0',
  stores: { live: 'tienda-centro', training: 'training-store' },
  timeZone: 'America/Lima',
  signingKey: Buffer.alloc(32, 7),
};

function options(driver: StoreDbDriver, extra: Partial<StoreLinkOptions> = {}): StoreLinkOptions {
  return {
    driver,
    vault: createMemoryVault(),
    logger: createMemoryLogger(),
    counter: async () => COUNTER,
    ...extra,
  };
}

describe('the store link', () => {
  it('is off with nothing set: no replication, no check, the verify goes on as today', async () => {
    const driver = scriptedDriver();
    const link = await openStoreLink(options(driver));
    expect(await link.status()).toMatchObject({
      source: 'off',
      target: null,
      problem: null,
      replication: { state: 'off', waiting_lines: 0 },
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
    expect(driver.counters[0]).toMatchObject({ terminalName: 'Caja 2', stores: COUNTER.stores });
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

  it('sends nothing while live mode has no store client id to file lines under', async () => {
    const driver = scriptedDriver();
    const link = await openStoreLink(
      options(driver, {
        vault: createMemoryVault(URL_A),
        counter: async () => ({ ...COUNTER, stores: { live: null, training: 'training-store' } }),
      }),
    );
    expect(await link.status()).toMatchObject({ source: 'settings', problem: 'no-store-id' });
    expect(driver.started).toEqual([]);
    expect(await link.checkCode('live', 'CODE1')).toEqual({ state: 'not-checked' });
    await link.close();
  });

  it('answers "not checked" when the database hangs, within the bounded wait', async () => {
    const driver = scriptedDriver();
    driver.hang = true;
    const link = await openStoreLink(options(driver, { crossCounterWaitMs: 150 }));
    await link.configure(URL_A);
    const started = performance.now();
    expect(await link.checkCode('live', 'CODE1')).toEqual({ state: 'not-checked' });
    expect(performance.now() - started).toBeLessThan(5_000);
    await link.close();
  });

  it('does not wait at all while the replication already finds the database unreachable', async () => {
    const driver = scriptedDriver();
    driver.hang = true;
    driver.replication = replicationState({ state: 'unreachable', waiting_lines: 3 });
    const link = await openStoreLink(options(driver, { crossCounterWaitMs: 60_000 }));
    await link.configure(URL_A);
    expect(await link.checkCode('live', 'CODE1')).toEqual({ state: 'not-checked' });
    await link.close();
  });

  it('shows each check of "Probar conexión" for a typed URL, none for an unusable one', async () => {
    const driver = scriptedDriver();
    const link = await openStoreLink(options(driver));
    expect(await link.test(URL_A)).toMatchObject({
      url_problem: null,
      target: { host: '127.0.0.1' },
      check: {
        privileges: { ok: false, excess: ['UPDATE journal_lines'] },
        clock: { skew_ms: 1200 },
      },
    });
    expect(await link.test('postgres://c:pw1234567@db.example.pe/t')).toEqual({
      url_problem: 'needs-tls',
      target: null,
      check: null,
    });
    expect((await link.test()).url_problem).toBe('not-a-url');
    await link.close();
  });
});

describe('what the other counters said, as Verify and Info show it', () => {
  const finding = (kind: 'billed' | 'in-doubt', at: string, name: string | null = 'Caja 1') => ({
    kind,
    terminal_id: 'CAJA01',
    terminal_name: name,
    cashier_id: 'caja-01',
    operation: 'v3.paidAndBilled',
    op_id: crypto.randomUUID(),
    at,
    billed_cents: 120_000,
    collected_cents: 30_000,
  });

  const none = { silent: [], held_lines: [] };
  it('puts a billing in doubt before a billing, and the latest billing first', async () => {
    expect(await storeCheckOf({ checked: false, category: 'timeout' }, 'live')).toEqual({
      state: 'not-checked',
    });
    expect(await storeCheckOf({ checked: true, findings: [], ...none }, 'live')).toEqual({
      state: 'clear',
      silent: [],
    });
    expect(
      await storeCheckOf(
        {
          checked: true,
          findings: [
            finding('billed', '2026-03-10T15:00:00.000Z', 'Caja 3'),
            finding('billed', '2026-03-10T15:42:00.000Z'),
          ],
          ...none,
        },
        'live',
      ),
    ).toEqual({
      state: 'billed-elsewhere',
      counter: { terminal_id: 'CAJA01', terminal_name: 'Caja 1', at: '2026-03-10T15:42:00.000Z' },
      silent: [],
    });
    expect(
      await storeCheckOf(
        {
          checked: true,
          findings: [
            finding('billed', '2026-03-10T15:42:00.000Z'),
            finding('in-doubt', '2026-03-10T15:10:00.000Z', null),
          ],
          ...none,
        },
        'live',
      ),
    ).toMatchObject({ state: 'in-doubt-elsewhere', counter: { terminal_name: null } });
  });

  it('names the silent counters, and folds money another counter holds for the code', async () => {
    const silent = [
      { terminal_id: 'CAJA02', terminal_name: 'Caja 2', since: '2026-03-10T17:27:00.000Z' },
    ];
    expect(
      await storeCheckOf({ checked: true, findings: [], silent, held_lines: [] }, 'live'),
    ).toEqual({
      state: 'clear',
      silent,
    });
    const opId = crypto.randomUUID();
    const base = { op_id: opId, at: '2026-03-10T16:02:00.000Z' };
    const lines = [
      {
        seq: 7,
        type: 'intent',
        ...base,
        operation: 'v3.paidAndBilled',
        mode: 'live',
        cashier_id: 'ANA',
        identity: { kind: 'dni', value: '41000007' },
        funding_code: 'CRONO1',
        billed_cents: 100_000,
        to_collect_cents: 45_000,
        request: {},
      },
      {
        seq: 8,
        type: 'outcome',
        ...base,
        status: 'refused',
        http_status: 400,
        service_message: 'Customer must accept the new schedule',
      },
    ].map((line) => ({
      terminal_id: 'CAJA01',
      terminal_name: 'Caja 1',
      line: JSON.stringify(line),
    }));
    expect(
      await storeCheckOf({ checked: true, findings: [], silent: [], held_lines: lines }, 'live'),
    ).toEqual({
      state: 'held-elsewhere',
      counter: { terminal_id: 'CAJA01', terminal_name: 'Caja 1', at: '2026-03-10T16:02:00.000Z' },
      amount_cents: 45_000,
      silent: [],
    });
    // Given back there: nothing held any more.
    const returned = {
      terminal_id: 'CAJA01',
      terminal_name: 'Caja 1',
      line: JSON.stringify({
        seq: 9,
        type: 'note',
        op_id: opId,
        at: '2026-03-10T16:05:00.000Z',
        text: 'given back',
        data: { kind: 'money-returned' },
      }),
    };
    expect(
      await storeCheckOf(
        { checked: true, findings: [], silent: [], held_lines: [...lines, returned] },
        'live',
      ),
    ).toEqual({ state: 'clear', silent: [] });
  });

  it('keeps one replication cursor per database, whatever the user or password', () => {
    expect(cursorFileFor(URL_A)).toBe(
      cursorFileFor('postgres://otra:Otra-clave-1@127.0.0.1:5432/tienda?sslmode=disable'),
    );
    expect(cursorFileFor(URL_A)).not.toBe(cursorFileFor(URL_B));
    expect(cursorFileFor(URL_A)).not.toContain('Secreto');
  });
});
