// Two counters of one store on one real (throwaway) PostgreSQL and one service, through the
// bridge as the renderer calls it: a billing at counter 1 reaches counter 2's Verify with the
// counter's name; a hanging database lets the sale go on with "not checked"; "Probar conexión"
// names a wrong password, a database not migrated and a role with too much.
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
  store: { posClientId?: string; mock?: MockApp } = {},
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
  await ok(table, 'shift.start', { cashier_id: 'caja-01' });
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
      expect(verified.data.store_check).toEqual({ state: 'clear' });
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
      expect(seen.data.store_check).toEqual({ state: 'clear' });
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

  it('sells on with "not checked" when the database accepts and never answers', async () => {
    const silent = await startSilentServer();
    try {
      const caja = await counter('Caja 3', silent.url);
      const verified = await ok(caja.table, 'v3.verify', PLAIN_SALE);
      if (verified.status !== 'succeeded') throw new Error('expected a Verify');
      expect(verified.data.store_check).toEqual({ state: 'not-checked' });
      expect(
        (await ok(caja.table, 'v3.paidAndBilled', { verify_op_id: verified.op_id })).status,
      ).toBe('succeeded');
      await caja.close();
    } finally {
      await silent.close();
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
