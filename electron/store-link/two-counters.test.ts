// Two counters of one store on one real (throwaway) PostgreSQL and one service, through the
// bridge as the renderer calls it: a billing at counter 1 reaches counter 2's Verify with the
// counter's name; a hanging database lets the sale go on with "not checked"; "Probar conexión"
// names a wrong password, a database not migrated and a role with too much.
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../ipc/compose/open-backend';
import {
  call,
  freshMock,
  makeTempDir,
  ok,
  PIN,
  PLAIN_SALE,
  testBed,
} from '../ipc/compose/test-support';
import type { MockApp } from '../mock/app';
import { makeEnrollmentCode, ownerOf } from '../store-db/test-support/enroll';
import { startSilentServer } from '../store-db/test-support/silent-server';
import { throwawayStoreDb } from '../store-db/test-support/store-db-fixture';

const db = throwawayStoreDb();
let urls: { ownerUrl: string; terminalUrl: string; database: string };
beforeAll(async () => {
  urls = await db.migratedDatabase();
}, 60_000);

const bed = testBed();

/**
 * A counter on `url` with the real clock (the database compares clocks). The same cashier on
 * both: the service refuses a Verify of a code another cashier verified ("cashier_id changed").
 */
async function counter(
  name: string,
  url: string,
  dir?: string,
  clock: () => Date = () => new Date(),
  store: { posClientId?: string; mock?: MockApp; cashier?: string; enroll?: boolean } = {},
): Promise<Backend> {
  const backend = await bed.open({
    storeDb: { envUrl: url },
    clock,
    ...(dir ? { dataDir: dir } : {}),
    ...(store.mock ? { mock: store.mock } : {}),
  });
  const { table } = backend;
  await ok(table, 'supervisor.setPin', { pin: PIN });
  await ok(table, 'settings.update', {
    pin: PIN,
    change: { pos_client_id: store.posClientId ?? 'tienda-centro', terminal_name: name },
  });
  await ok(table, 'shift.start', { cashier_id: store.cashier ?? 'caja-01' });
  if (store.enroll === false) return backend;
  // The technician's code for the store, typed in Settings with the PIN (migration 0110).
  const code = await makeEnrollmentCode(ownerOf(url), store.posClientId ?? 'tienda-centro');
  expect(await ok(table, 'storeDb.enroll', { pin: PIN, code })).toEqual({
    enrolled: true,
    store: store.posClientId ?? 'tienda-centro',
  });
  return backend;
}

async function drained(backend: Backend): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    const state = await ok(backend.table, 'storeDb.replication', {});
    if (state.state === 'ok' && state.waiting_lines === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('replication did not drain');
}

describe('two counters, one store database', () => {
  it('shows counter 2 the code counter 1 billed, named, and refuses to bill it again there', async () => {
    const other = await makeTempDir();
    try {
      const caja1 = await counter('Caja 1', urls.terminalUrl);
      const caja2 = await counter('Caja 2', urls.terminalUrl, other.dir);
      const verified = await ok(caja1.table, 'v3.verify', PLAIN_SALE);
      if (verified.status !== 'succeeded') throw new Error('expected a Verify');
      expect(verified.data.store_check).toEqual({ state: 'clear', silent: [] });
      const billed = await ok(caja1.table, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
      expect(billed.status).toBe('succeeded');
      await drained(caja1);

      const seen = await ok(caja2.table, 'v3.verify', PLAIN_SALE);
      if (seen.status !== 'succeeded')
        throw new Error(`expected a Verify: ${JSON.stringify(seen)}`);
      expect(seen.data.store_check).toMatchObject({
        state: 'billed-elsewhere',
        counter: { terminal_name: 'Caja 1' },
      });
      const again = await call(caja2.table, 'v3.paidAndBilled', { verify_op_id: seen.op_id });
      expect(again).toMatchObject({ ok: false, error: { code: 'bad-arguments' } });
      expect((await ok(caja2.table, 'storeDb.freshness', {})).counters).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ terminal_name: 'Caja 1', open_operations: 0 }),
        ]),
      );
      await caja1.close();
      await caja2.close();
    } finally {
      await other.remove();
    }
  }, 60_000);

  it("keeps each store's training to itself: another store's trainee is not told billed at its counter", async () => {
    // Two stores on one store database, both in training (the default mode), each with its own
    // app and so its own training service. Store norte bills the catalogue's code at its Caja 6;
    // store sur's trainee verifies the same code: nothing of store norte's is billed there.
    const other = await makeTempDir();
    const surMock = await freshMock();
    try {
      const norte = await counter('Caja 6', urls.terminalUrl, undefined, undefined, {
        posClientId: 'tienda-norte',
      });
      const sur = await counter('Caja 7', urls.terminalUrl, other.dir, undefined, {
        posClientId: 'tienda-sur',
        mock: surMock,
      });
      expect((await ok(norte.table, 'settings.get', {})).mode).toBe('training');
      const verified = await ok(norte.table, 'v3.verify', PLAIN_SALE);
      if (verified.status !== 'succeeded') throw new Error('expected a Verify');
      const billed = await ok(norte.table, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
      expect(billed.status).toBe('succeeded');
      await drained(norte);
      await drained(sur);

      const seen = await ok(sur.table, 'v3.verify', PLAIN_SALE);
      if (seen.status !== 'succeeded')
        throw new Error(`expected a Verify: ${JSON.stringify(seen)}`);
      expect(seen.data.store_check).toEqual({ state: 'clear', silent: [] });
      // Store sur's counters are its own: store norte's Caja 6 is not among them.
      const counters = (await ok(sur.table, 'storeDb.freshness', {})).counters;
      expect(counters.map((c) => c.terminal_name)).toEqual(['Caja 7']);
      await norte.close();
      await sur.close();
    } finally {
      await surMock.close();
      await other.remove();
    }
  }, 60_000);

  it('sells on with "not checked" when the database never answers, once the cashier asked', async () => {
    const silent = await startSilentServer();
    try {
      const caja = await counter('Caja 3', silent.url, undefined, undefined, { enroll: false });
      const verified = await ok(caja.table, 'v3.verify', PLAIN_SALE);
      if (verified.status !== 'succeeded') throw new Error('expected a Verify');
      expect(verified.data.store_check).toEqual({ state: 'not-checked' });
      // Not before the cashier asked the customer whether they already paid at another counter.
      expect(
        await call(caja.table, 'v3.paidAndBilled', { verify_op_id: verified.op_id }),
      ).toMatchObject({ ok: false, error: { code: 'bad-arguments' } });
      await ok(caja.table, 'storeDb.answerElsewhere', { op_id: verified.op_id, answer: 'no' });
      expect(
        (await ok(caja.table, 'v3.paidAndBilled', { verify_op_id: verified.op_id })).status,
      ).toBe('succeeded');
      await caja.close();
    } finally {
      await silent.close();
    }
  }, 60_000);

  it('shows Caja 3 the money Caja 1 holds for a refused sale of the code, and bills nothing there', async () => {
    const other = await makeTempDir();
    try {
      const caja1 = await counter('Caja 1', urls.terminalUrl);
      const caja3 = await counter('Caja 3', urls.terminalUrl, other.dir);
      const crono = {
        identity: { kind: 'dni' as const, value: '41000007' },
        funding_code: 'CRONO1',
        billed_cents: 100_000,
      };
      const verified = await ok(caja1.table, 'v3.verify', crono);
      if (verified.status !== 'succeeded') throw new Error('expected a Verify');
      const refused = await ok(caja1.table, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
      expect(refused.status).toBe('refused');
      await drained(caja1);

      const seen = await ok(caja3.table, 'v3.verify', crono);
      if (seen.status !== 'succeeded')
        throw new Error(`expected a Verify: ${JSON.stringify(seen)}`);
      expect(seen.data.store_check).toMatchObject({
        state: 'held-elsewhere',
        counter: { terminal_name: 'Caja 1' },
        amount_cents: 25_000,
      });
      const again = await call(caja3.table, 'v3.paidAndBilled', { verify_op_id: seen.op_id });
      expect(again).toMatchObject({ ok: false, error: { code: 'bad-arguments' } });
      await caja1.close();
      await caja3.close();
    } finally {
      await other.remove();
    }
  }, 60_000);

  it("tells a refused Verify what the database knows: billed at Caja 1 before the service's refusal", async () => {
    const other = await makeTempDir();
    try {
      const caja1 = await counter('Caja 1', urls.terminalUrl);
      const sale = {
        identity: { kind: 'dni' as const, value: '41000002' },
        funding_code: 'MENOS1',
        billed_cents: 150_000,
      };
      const verified = await ok(caja1.table, 'v3.verify', sale);
      if (verified.status !== 'succeeded') throw new Error('expected a Verify');
      const billed = await ok(caja1.table, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
      expect(billed.status).toBe('succeeded');
      await drained(caja1);
      // Another cashier at Caja 2: the service refuses ("another till started this sale").
      const caja2 = await counter('Caja 2', urls.terminalUrl, other.dir, undefined, {
        cashier: 'caja-02',
      });
      const seen = await ok(caja2.table, 'v3.verify', sale);
      expect(seen).toMatchObject({
        status: 'refused',
        store_check: { state: 'billed-elsewhere', counter: { terminal_name: 'Caja 1' } },
      });
      await caja1.close();
      await caja2.close();
    } finally {
      await other.remove();
    }
  }, 60_000);

  it('asks before the amount while another counter is silent, and journals the answer', async () => {
    const one = await makeTempDir();
    const two = await makeTempDir();
    const owner = new pg.Client({ connectionString: urls.ownerUrl });
    await owner.connect();
    try {
      // Caja 7 goes silent: nothing from it for two minutes, and it never signed off.
      const caja7 = await counter('Caja 7', urls.terminalUrl, one.dir);
      await drained(caja7);
      await caja7.close();
      await owner.query(
        `UPDATE terminals SET last_seen_at = now() - interval '2 minutes', signed_off_at = NULL
         WHERE terminal_name = 'Caja 7'`,
      );
      const caja8 = await counter('Caja 8', urls.terminalUrl, two.dir);
      const sale = {
        identity: { kind: 'dni' as const, value: '41000003' },
        funding_code: 'EXCED1',
        billed_cents: 120_000,
      };
      const seen = await ok(caja8.table, 'v3.verify', sale);
      if (seen.status !== 'succeeded')
        throw new Error(`expected a Verify: ${JSON.stringify(seen)}`);
      expect(seen.data.store_check).toMatchObject({
        state: 'clear',
        silent: [{ terminal_name: 'Caja 7', since: expect.any(String) }],
      });
      // No billing before the answer; "yes" (paid elsewhere) bills nothing; "no" bills.
      const before = await call(caja8.table, 'v3.paidAndBilled', { verify_op_id: seen.op_id });
      expect(before).toMatchObject({ ok: false, error: { code: 'bad-arguments' } });
      await ok(caja8.table, 'storeDb.answerElsewhere', { op_id: seen.op_id, answer: 'yes' });
      const yes = await call(caja8.table, 'v3.paidAndBilled', { verify_op_id: seen.op_id });
      expect(yes).toMatchObject({ ok: false, error: { code: 'bad-arguments' } });
      await ok(caja8.table, 'storeDb.answerElsewhere', { op_id: seen.op_id, answer: 'no' });
      const billed = await ok(caja8.table, 'v3.paidAndBilled', { verify_op_id: seen.op_id });
      expect(billed.status).toBe('succeeded');
      const notes = (await readFile(caja8.journal.path, 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { type: string; op_id: string; data?: unknown })
        .filter((entry) => entry.type === 'note' && entry.op_id === seen.op_id);
      expect(notes.map((note) => note.data)).toEqual([
        expect.objectContaining({
          kind: 'asked-paid-elsewhere',
          answer: 'yes',
          silent: [expect.objectContaining({ counter: 'Caja 7' })],
        }),
        expect.objectContaining({ kind: 'asked-paid-elsewhere', answer: 'no' }),
      ]);
      // A signed-off counter is not asked about.
      await owner.query(
        `UPDATE terminals SET signed_off_at = now() WHERE terminal_name = 'Caja 7'`,
      );
      const later = await ok(caja8.table, 'v3.verify', {
        identity: { kind: 'dni' as const, value: '41000016' },
        funding_code: 'CENTS1',
        billed_cents: 100_001,
      });
      if (later.status !== 'succeeded')
        throw new Error(`expected a Verify: ${JSON.stringify(later)}`);
      expect(later.data.store_check).toEqual({ state: 'clear', silent: [] });
      await caja8.close();
    } finally {
      await owner.end();
      await one.remove();
      await two.remove();
    }
  }, 60_000);

  it('names each problem in "Probar conexión": password, not migrated, too much, clock off', async () => {
    const caja = await counter('Caja 4', urls.terminalUrl);
    const test = (url: string) => ok(caja.table, 'storeDb.test', { pin: PIN, url });
    const wrong = urls.terminalUrl.replace(/:[^:@/]+@/, ':not-the-password@');
    expect((await test(wrong)).check?.reachable).toMatchObject({ ok: false, category: 'auth' });
    const empty = await db.emptyDatabase();
    expect((await test(empty)).check).toMatchObject({
      reachable: { ok: true },
      migrated: { ok: false, version: null },
    });
    expect((await test(urls.ownerUrl)).check?.privileges).toMatchObject({
      ok: false,
      excess: expect.arrayContaining(['superuser']),
    });
    const good = await test(urls.terminalUrl);
    expect(good.check).toMatchObject({ ok: true, clock: { ok: true } });
    expect(JSON.stringify(good)).not.toMatch(/pw-caja/);
    await caja.close();
    // A counter whose clock is hours off.
    const other = await makeTempDir();
    try {
      const behind = await counter(
        'Caja 5',
        urls.terminalUrl,
        other.dir,
        () => new Date(Date.now() - 3 * 3_600_000),
      );
      const skewed = await ok(behind.table, 'storeDb.test', { pin: PIN });
      expect(skewed.check?.clock.ok).toBe(false);
      expect(Math.abs(skewed.check?.clock.skew_ms ?? 0)).toBeGreaterThan(2 * 3_600_000);
      await behind.close();
    } finally {
      await other.remove();
    }
  }, 60_000);
});
