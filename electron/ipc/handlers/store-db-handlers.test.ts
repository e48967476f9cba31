// The store database through the bridge, with a scripted database side: the URL behind the PIN
// and never answered back whole, the counter's name, and what Verify and Info do with what the
// other counters' rows say. Without a store database every sale is as before.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scriptedDriver } from '../../store-link/test-support';
import { createSafeStorageVault } from '../../vault/safe-storage-vault';
import { fakeSafeStorage } from '../../vault/test-support';
import { call, errorOf, ok, PIN, PLAIN_SALE, testBed } from '../compose/test-support';

const URL_A = 'postgres://caja:Secreto-de-prueba@127.0.0.1:5432/tienda';

describe('without a store database', () => {
  const bed = testBed('on-shift');

  it('sells as before: no store check in the answers, replication off', async () => {
    const { table } = bed.backend;
    expect(await ok(table, 'storeDb.replication', {})).toMatchObject({
      state: 'off',
      waiting_lines: 0,
    });
    expect((await ok(table, 'storeDb.status', {})).source).toBe('off');
    expect(await ok(table, 'storeDb.freshness', {})).toEqual({ available: false, counters: [] });
    const verified = await ok(table, 'v3.verify', PLAIN_SALE);
    if (verified.status !== 'succeeded') throw new Error('expected a Verify');
    expect(verified.data).not.toHaveProperty('store_check');
    expect((await ok(table, 'v3.paidAndBilled', { verify_op_id: verified.op_id })).status).toBe(
      'succeeded',
    );
  });
});

describe('with a store database', () => {
  const driver = scriptedDriver();
  const bed = testBed();
  const open = async () => {
    const backend = await bed.openOnShift({ storeDb: { driver, waitMs: 150 } });
    await ok(backend.table, 'supervisor.setPin', { pin: PIN });
    // Live lines are filed under the store's client id: without one nothing is sent.
    await ok(backend.table, 'settings.update', {
      pin: PIN,
      change: { pos_client_id: 'tienda-centro' },
    });
    return backend;
  };

  it('takes the URL behind the PIN and answers only host, database and user', async () => {
    const { table, logger } = await open();
    expect((await errorOf(table, 'storeDb.configure', { pin: '9999', url: URL_A })).code).toBe(
      'wrong-pin',
    );
    const status = await ok(table, 'storeDb.configure', { pin: PIN, url: URL_A });
    expect(status).toMatchObject({
      source: 'settings',
      target: { host: '127.0.0.1', database: 'tienda', user: 'caja' },
    });
    const all = JSON.stringify([status, await ok(table, 'storeDb.status', {})]);
    expect(all).not.toContain('Secreto');
    const refused = await errorOf(table, 'storeDb.configure', {
      pin: PIN,
      url: 'postgres://caja:pw123456@db.example.pe/tienda',
    });
    expect(refused).toMatchObject({ code: 'bad-arguments', issues: { url: 'needs-tls' } });
    logger.info('a line', { url: URL_A });
    expect(JSON.stringify(await ok(table, 'settings.get', {}))).not.toContain('Secreto');
  });

  it('sends nothing until the store client id is set, and says so', async () => {
    const { table } = await open();
    await ok(table, 'settings.update', { pin: PIN, change: { pos_client_id: null } });
    const started = driver.started.length;
    expect(await ok(table, 'storeDb.configure', { pin: PIN, url: URL_A })).toMatchObject({
      problem: 'no-store-id',
      replication: { state: 'off' },
    });
    expect(driver.started.length).toBe(started);
    await ok(table, 'settings.update', { pin: PIN, change: { pos_client_id: 'tienda-centro' } });
    expect(await ok(table, 'storeDb.status', {})).toMatchObject({ problem: null });
    expect(driver.started.length).toBe(started + 1);
    expect(driver.counters.at(-1)?.stores.live).toBe('tienda-centro');
  });

  it('keeps the counter name a supervisor gives, short and bounded', async () => {
    const { table } = await open();
    const saved = await ok(table, 'settings.update', {
      pin: PIN,
      change: { terminal_name: '  Caja 2 ' },
    });
    expect(saved.terminal_name).toBe('Caja 2');
    for (const terminal_name of ['', 'x'.repeat(33), 'Caja\u00072']) {
      expect(
        (await errorOf(table, 'settings.update', { pin: PIN, change: { terminal_name } })).code,
      ).toBe('bad-arguments');
    }
    expect((await ok(table, 'settings.get', {})).terminal_name).toBe('Caja 2');
  });

  it('shows a code billed at another counter with who and when, and refuses to bill it again', async () => {
    const { table } = await open();
    await ok(table, 'storeDb.configure', { pin: PIN, url: URL_A });
    driver.answer = {
      state: 'billed-elsewhere',
      counter: { terminal_id: 'CAJA01', terminal_name: 'Caja 1', at: '2026-03-10T15:42:01.000Z' },
    };
    const verified = await ok(table, 'v3.verify', PLAIN_SALE);
    if (verified.status !== 'succeeded') throw new Error('expected a Verify');
    expect(verified.data.store_check).toEqual({
      state: 'billed-elsewhere',
      counter: { terminal_id: 'CAJA01', terminal_name: 'Caja 1', at: '2026-03-10T15:42:01.000Z' },
    });
    const refused = await errorOf(table, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
    expect(refused).toMatchObject({
      code: 'bad-arguments',
      message: expect.stringContaining('Caja 1'),
    });
  });

  it('holds a code in doubt at another counter, on Verify and Info alike', async () => {
    const { table } = await open();
    await ok(table, 'storeDb.configure', { pin: PIN, url: URL_A });
    driver.answer = {
      state: 'in-doubt-elsewhere',
      counter: { terminal_id: 'CAJA01', terminal_name: 'Caja 1', at: '2026-03-10T15:42:01.000Z' },
    };
    const verified = await ok(table, 'v3.verify', PLAIN_SALE);
    if (verified.status !== 'succeeded') throw new Error('expected a Verify');
    expect(verified.data.store_check?.state).toBe('in-doubt-elsewhere');
    expect((await errorOf(table, 'v3.paidAndBilled', { verify_op_id: verified.op_id })).code).toBe(
      'billing-in-doubt',
    );
    const info = await ok(table, 'v2.info', {
      identity: PLAIN_SALE.identity,
      funding_code: PLAIN_SALE.funding_code,
    });
    if (info.status !== 'succeeded') throw new Error('expected an Info');
    expect(info.data.store_check?.state).toBe('in-doubt-elsewhere');
    expect((await errorOf(table, 'v2.paidAndBilled', { info_op_id: info.op_id })).code).toBe(
      'billing-in-doubt',
    );
  });

  it('on Info too: money held at another counter bills nothing here, a silent counter is asked about first', async () => {
    const { table } = await open();
    await ok(table, 'storeDb.configure', { pin: PIN, url: URL_A });
    const ask = { identity: PLAIN_SALE.identity, funding_code: PLAIN_SALE.funding_code };
    driver.answer = {
      state: 'held-elsewhere',
      counter: { terminal_id: 'CAJA01', terminal_name: 'Caja 1', at: '2026-03-10T16:02:00.000Z' },
      amount_cents: 45_000,
      silent: [],
    };
    const held = await ok(table, 'v2.info', ask);
    if (held.status !== 'succeeded') throw new Error('expected an Info');
    expect(held.data.store_check).toMatchObject({ state: 'held-elsewhere', amount_cents: 45_000 });
    expect((await errorOf(table, 'v2.paidAndBilled', { info_op_id: held.op_id })).code).toBe(
      'bad-arguments',
    );
    // Nothing to ask about on a code held elsewhere: the answer is refused.
    expect(
      (await errorOf(table, 'storeDb.answerElsewhere', { op_id: held.op_id, answer: 'no' })).code,
    ).toBe('bad-arguments');
    driver.answer = {
      state: 'clear',
      silent: [
        { terminal_id: 'CAJA02', terminal_name: 'Caja 2', since: '2026-03-10T17:27:00.000Z' },
      ],
    };
    const silent = await ok(table, 'v2.info', ask);
    if (silent.status !== 'succeeded') throw new Error('expected an Info');
    expect((await errorOf(table, 'v2.paidAndBilled', { info_op_id: silent.op_id })).code).toBe(
      'bad-arguments',
    );
    await ok(table, 'storeDb.answerElsewhere', { op_id: silent.op_id, answer: 'no' });
    expect((await ok(table, 'v2.paidAndBilled', { info_op_id: silent.op_id })).status).toBe(
      'succeeded',
    );
  });

  it('sells on with "not checked" when the database hangs past the bounded wait, once the cashier asked', async () => {
    const { table } = await open();
    await ok(table, 'storeDb.configure', { pin: PIN, url: URL_A });
    driver.hang = true;
    try {
      const verified = await ok(table, 'v3.verify', PLAIN_SALE);
      if (verified.status !== 'succeeded') throw new Error('expected a Verify');
      expect(verified.data.store_check).toEqual({ state: 'not-checked' });
      expect(verified.data.amounts.to_collect).toBe(30_000);
      // The customer may have paid at a counter the database could not tell about: asked first.
      expect(await call(table, 'v3.paidAndBilled', { verify_op_id: verified.op_id })).toMatchObject(
        { ok: false, error: { code: 'bad-arguments' } },
      );
      await ok(table, 'storeDb.answerElsewhere', { op_id: verified.op_id, answer: 'no' });
      const journaled = await ok(table, 'journal.operations', {});
      expect(journaled.operations.find((op) => op.op_id === verified.op_id)?.asked_elsewhere).toBe(
        'no',
      );
      expect((await ok(table, 'v3.paidAndBilled', { verify_op_id: verified.op_id })).status).toBe(
        'succeeded',
      );
    } finally {
      driver.hang = false;
    }
  });
});

describe('enrolling this counter in its store (issue 33)', () => {
  const driver = scriptedDriver();
  const bed = testBed();

  it('takes the code behind the PIN, answers a refusal as a value, restarts on success, and names the counter', async () => {
    const backend = await bed.openOnShift({ storeDb: { driver, waitMs: 150 } });
    const { table } = backend;
    await ok(table, 'supervisor.setPin', { pin: PIN });
    await ok(table, 'settings.update', { pin: PIN, change: { pos_client_id: 'tienda-centro' } });
    // Without a database in use there is nothing to enroll in, and nothing is sent.
    expect(await ok(table, 'storeDb.enroll', { pin: PIN, code: 'ABCD-EFGH-JKLM' })).toEqual({
      enrolled: false,
      category: 'bad-url',
    });
    expect(driver.codes).toEqual([]);
    const status = await ok(table, 'storeDb.configure', { pin: PIN, url: URL_A });
    // The terminal id the technician names in a re-enrollment code: the one the replication uses.
    expect(status.terminal_id).toMatch(/^[A-Z2-9]{4,}/);
    expect(status.terminal_id).toBe((await ok(table, 'settings.get', {})).terminal_id);
    expect(status.terminal_id).toBe(driver.counters.at(-1)?.terminalId);

    // A wrong PIN sends nothing.
    expect(
      (await errorOf(table, 'storeDb.enroll', { pin: '9999', code: 'ABCD-EFGH-JKLM' })).code,
    ).toBe('wrong-pin');
    expect(driver.codes).toEqual([]);
    // Not a code: refused before anything is sent.
    for (const code of ['', '-ABCD', 'ABCD_EFGH_JKLM', 'x'.repeat(33), "ABCD'; DROP"]) {
      expect((await errorOf(table, 'storeDb.enroll', { pin: PIN, code })).code).toBe(
        'bad-arguments',
      );
    }
    expect(driver.codes).toEqual([]);

    // Refused by the database: a value, and the replication goes on as it was.
    driver.enrollment = { enrolled: false, category: 'enrollment-code' };
    const started = driver.started.length;
    expect(await ok(table, 'storeDb.enroll', { pin: PIN, code: 'abcd efgh jklm' })).toEqual({
      enrolled: false,
      category: 'enrollment-code',
    });
    expect(driver.started.length).toBe(started);
    // Enrolled: the replication restarts on the bound key.
    driver.enrollment = { enrolled: true, store: 'tienda-centro' };
    expect(await ok(table, 'storeDb.enroll', { pin: PIN, code: 'ABCD-EFGH-JKLN' })).toEqual({
      enrolled: true,
      store: 'tienda-centro',
    });
    expect(driver.started.length).toBe(started + 1);
    expect(driver.codes).toEqual(['abcd efgh jklm', 'ABCD-EFGH-JKLN']);
  });
});

describe('a store database that hangs', () => {
  const driver = scriptedDriver();
  const bed = testBed();

  it('does not hold up saving the settings: the replication restarts behind', async () => {
    const backend = await bed.openOnShift({ storeDb: { driver, waitMs: 150 } });
    const { table } = backend;
    await ok(table, 'supervisor.setPin', { pin: PIN });
    await ok(table, 'settings.update', { pin: PIN, change: { pos_client_id: 'tienda-centro' } });
    await ok(table, 'storeDb.configure', { pin: PIN, url: URL_A });
    let release = () => {};
    driver.stopGate = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      // The replication's stop is stuck on the database; the name is saved all the same.
      const saved = await ok(table, 'settings.update', {
        pin: PIN,
        change: { terminal_name: 'Caja 9' },
      });
      expect(saved.terminal_name).toBe('Caja 9');
      expect((await ok(table, 'settings.get', {})).terminal_name).toBe('Caja 9');
      const stopped = driver.stopped;
      release();
      // Once the database lets go, the replication restarts under the new name.
      await expect.poll(() => driver.counters.at(-1)?.terminalName).toBe('Caja 9');
      expect(driver.stopped).toBe(stopped + 1);
    } finally {
      release();
      driver.stopGate = null;
    }
  });
});

describe('a counter whose key can be kept only with weak encryption (issue 34, item 8)', () => {
  const driver = scriptedDriver();
  const bed = testBed();

  it('sends nothing and says why until a supervisor accepts, as for the token', async () => {
    const keyFile = join(bed.dir, 'store-db-key.bin');
    // Linux with no keyring: Electron's fallback is a fixed key.
    const keyVault = createSafeStorageVault({
      file: keyFile,
      safeStorage: fakeSafeStorage('basic_text'),
    });
    const backend = await bed.openOnShift({ storeDb: { driver, keyVault, waitMs: 150 } });
    const { table } = backend;
    await ok(table, 'supervisor.setPin', { pin: PIN });
    await ok(table, 'settings.update', { pin: PIN, change: { pos_client_id: 'tienda-centro' } });
    const started = driver.started.length;
    expect(await ok(table, 'storeDb.configure', { pin: PIN, url: URL_A })).toMatchObject({
      source: 'settings',
      problem: 'key-needs-consent',
      replication: { state: 'off' },
    });
    expect(driver.started.length).toBe(started);
    await expect(readFile(keyFile)).rejects.toMatchObject({ code: 'ENOENT' });

    expect((await errorOf(table, 'storeDb.acceptWeakKey', { pin: '9999' })).code).toBe('wrong-pin');
    await expect(readFile(keyFile)).rejects.toMatchObject({ code: 'ENOENT' });
    const accepted = await ok(table, 'storeDb.acceptWeakKey', { pin: PIN });
    expect(accepted).toMatchObject({ problem: null });
    expect(driver.started.length).toBe(started + 1);
    expect(JSON.parse(await readFile(keyFile, 'utf8')).encryption).toBe('basic_text');
    const signingKey = driver.counters.at(-1)?.signingKey;
    expect(signingKey).toHaveLength(32);
  });
});
