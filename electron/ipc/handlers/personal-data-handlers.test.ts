// A supervisor erases a customer at a counter (docs/personal-data.md "Erasure on request"):
// behind the PIN, this counter's journal is masked now, what waits for an answer or holds money
// is said and kept, the store database is asked (a scripted one here; the real one in
// electron/store-db/personal-data.test.ts), and what the software cannot reach is said every
// time. Neither the DNI nor the RUC reaches the log.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replicationState, scriptedDriver } from '../../store-link/test-support';
import { errorOf, NOW, ok, PIN, PLAIN_SALE, testBed, verifiedSale } from '../compose/test-support';

const CUSTOMER = { kind: 'dni' as const, value: PLAIN_SALE.identity.value };

describe('erasing a customer at a counter with no store database', () => {
  const bed = testBed('on-shift');

  it('needs the PIN, masks this journal, and says what it cannot reach', async () => {
    const { table, journal } = bed.backend;
    await ok(table, 'supervisor.setPin', { pin: PIN });
    const verified = await ok(table, 'v3.verify', PLAIN_SALE);
    if (verified.status !== 'succeeded') throw new Error('expected a Verify');
    await ok(table, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
    const args = { pin: PIN, supervisor: 'Rosa', identity: CUSTOMER };

    expect((await errorOf(table, 'customer.erase', { ...args, pin: '9999' })).code).toBe(
      'wrong-pin',
    );
    // Not a DNI: refused before anything is looked at.
    expect(
      (await errorOf(table, 'customer.find', { ...args, identity: { kind: 'dni', value: '123' } }))
        .code,
    ).toBe('bad-arguments');

    const found = await ok(table, 'customer.find', args);
    expect(found).toEqual({
      mask: '*****001',
      counter: { maskable: 2, waiting: 0, masked: 0 },
      store: { state: 'off' },
    });
    expect(JSON.stringify(found)).not.toContain('41000001');

    const erased = await ok(table, 'customer.erase', args);
    expect(erased).toEqual({
      mask: '*****001',
      counter: { masked: 2, waiting: 0 },
      store: { state: 'off' },
      not_reached: ['paper', 'exports', 'service', 'backups'],
    });
    expect(await readFile(journal.path, 'utf8')).not.toContain('"41000001"');
    // The sale is still there, answered, with its amount: the journal kept everything else.
    const sale = (await journal.ofOperation('v3.paidAndBilled'))[0];
    expect(sale).toMatchObject({
      status: 'succeeded',
      intent: { identity: { value: '*****001' } },
    });
    expect(sale?.intent.to_collect_cents).toBeGreaterThan(0);
    // The log says it was done, never whose.
    const log = await readFile(join(bed.dir, 'mostrador.log'), 'utf8');
    expect(log).toContain('a supervisor erased a customer');
    expect(log).not.toContain('41000001');
    // Once erased, a look-up finds nothing left of them at this counter.
    expect((await ok(table, 'customer.find', args)).counter).toEqual({
      maskable: 0,
      waiting: 0,
      masked: 0,
    });
  });
});

describe('erasing a customer at a counter of a store', () => {
  const driver = scriptedDriver();
  const bed = testBed();

  it('asks the store database too, and says when it cannot answer', async () => {
    const backend = await bed.openOnShift({ storeDb: { driver, waitMs: 150 } });
    const { table } = backend;
    await ok(table, 'supervisor.setPin', { pin: PIN });
    await ok(table, 'settings.update', { pin: PIN, change: { pos_client_id: 'tienda-centro' } });
    await ok(table, 'storeDb.configure', {
      pin: PIN,
      url: 'postgres://caja:Secreto-de-prueba@127.0.0.1:5432/tienda',
    });
    const args = { pin: PIN, supervisor: 'Rosa', identity: CUSTOMER };
    driver.customer.look = {
      counters: [
        { terminal_id: 'CAJA0002', terminal_name: 'Caja 2', operations: 3, masked: 0, open: 0 },
      ],
      closes: 1,
    };
    expect((await ok(table, 'customer.find', args)).store).toEqual({
      state: 'answered',
      value: driver.customer.look,
    });
    driver.customer.forget = { erasure: '7', operations: 3, lines: 6, closes: 1, counters: 2 };
    expect((await ok(table, 'customer.erase', args)).store).toEqual({
      state: 'answered',
      value: driver.customer.forget,
    });
    expect(driver.customerCalls.map((c) => [c.action, c.query])).toEqual([
      ['look', { kind: 'dni', value: '41000001', supervisor: 'Rosa' }],
      ['forget', { kind: 'dni', value: '41000001', supervisor: 'Rosa' }],
    ]);
    // An operation of the customer without an answer in the store: the database says so.
    driver.customer.failure = Object.assign(new Error('open'), { code: 'MS015' });
    expect((await ok(table, 'customer.erase', args)).store).toEqual({
      state: 'not-answered',
      reason: 'open-operations',
    });
    driver.customer.failure = Object.assign(new Error('down'), { code: 'ECONNREFUSED' });
    expect((await ok(table, 'customer.erase', args)).store).toEqual({
      state: 'not-answered',
      reason: 'unreachable',
    });
  });
});

describe('the journal masks its customers by itself', () => {
  const at = { now: Date.parse(NOW) };
  const clock = () => new Date(at.now);
  const DAY = 86_400_000;

  describe('without a store database: after the retention', () => {
    const bed = testBed();
    it('keeps a sale’s DNI 90 days, then masks it', async () => {
      at.now = Date.parse(NOW);
      const { table, journal, identityRetention } = await bed.openOnShift({ clock });
      await verifiedSale(table);
      at.now += 89 * DAY;
      await identityRetention.runOnce();
      expect(await readFile(journal.path, 'utf8')).toContain('"41000001"');
      at.now += 2 * DAY;
      await identityRetention.runOnce();
      expect(await readFile(journal.path, 'utf8')).not.toContain('"41000001"');
    });
  });

  describe('with a store database: once the database has the lines and the day has ended', () => {
    const driver = scriptedDriver();
    const bed = testBed();
    it('keeps today’s, and what the database does not hold yet', async () => {
      at.now = Date.parse(NOW);
      const backend = await bed.openOnShift({ clock, storeDb: { driver, waitMs: 150 } });
      const { table, journal, identityRetention } = backend;
      await ok(table, 'supervisor.setPin', { pin: PIN });
      await ok(table, 'settings.update', { pin: PIN, change: { pos_client_id: 'tienda-centro' } });
      await ok(table, 'storeDb.configure', {
        pin: PIN,
        url: 'postgres://caja:Secreto-de-prueba@127.0.0.1:5432/tienda',
      });
      await verifiedSale(table);
      driver.replication = replicationState({ replicated_seq: 1 });
      const text = () => readFile(journal.path, 'utf8');
      await identityRetention.runOnce();
      expect(await text()).toContain('"41000001"');
      // Tomorrow: the day has ended, but the database holds only its first line.
      at.now += DAY;
      await identityRetention.runOnce();
      expect(await text()).toContain('"41000001"');
      // Every line in: masked.
      driver.replication = replicationState({ replicated_seq: 100 });
      await identityRetention.runOnce();
      expect(await text()).not.toContain('"41000001"');
    });
  });
});
