import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openStoreDbPool, type StoreDbPool } from './store-db-pool';
import { readCodeAcrossCounters, readFreshness, readStoreDay } from './store-queries';
import { openTestCounter, STORES, type TestCounter } from './test-support/counter';
import { startSilentServer } from './test-support/silent-server';
import { throwawayStoreDb } from './test-support/store-db-fixture';

const db = throwawayStoreDb();
let urls: { ownerUrl: string; terminalUrl: string };
let pool: StoreDbPool;
const counters: TestCounter[] = [];

beforeAll(async () => {
  urls = await db.migratedDatabase();
  pool = openStoreDbPool(urls.terminalUrl);
});
afterAll(async () => {
  await pool.end();
});
afterEach(async () => {
  await Promise.all(counters.splice(0).map((c) => c.close()));
});

async function replicated(id: string, sales: (c: TestCounter) => Promise<void>) {
  const c = await openTestCounter(id);
  counters.push(c);
  await sales(c);
  await c.startReplication(urls.terminalUrl).drained(20_000);
  return c;
}

const ask = (code: string, exclude = 'CAJA0002') =>
  readCodeAcrossCounters(pool, {
    store: STORES.live,
    mode: 'live',
    funding_code: code,
    exclude_terminal_id: exclude,
  });

describe('another counter and this funding code', () => {
  it('finds a billing at another counter with its name, cashier and time, not at this one', async () => {
    await replicated('CAJA0001', async (c) => {
      await c.sell('BIL001');
    });
    const answer = await ask('BIL001');
    expect(answer).toMatchObject({
      checked: true,
      findings: [
        {
          kind: 'billed',
          terminal_id: 'CAJA0001',
          terminal_name: 'Caja 1',
          cashier_id: 'caja-01',
          operation: 'v3.paidAndBilled',
          billed_cents: 150_000,
          collected_cents: 37_500,
        },
      ],
    });
    expect(await ask('BIL001', 'CAJA0001')).toEqual({ checked: true, findings: [] });
  });

  it('a paid-and-billed without a definite answer is in doubt; a refused one is nothing', async () => {
    await replicated('CAJA0003', async (c) => {
      await c.sell('DOU001', 'unknown');
      await c.sell('DOU002', null);
      await c.sell('REF001', 'refused');
    });
    expect(await ask('DOU001')).toMatchObject({ checked: true, findings: [{ kind: 'in-doubt' }] });
    expect(await ask('DOU002')).toMatchObject({ checked: true, findings: [{ kind: 'in-doubt' }] });
    expect(await ask('REF001')).toEqual({ checked: true, findings: [] });
  });

  it('a billing undone afterwards no longer counts', async () => {
    await replicated('CAJA0004', async (c) => {
      await c.sell('UND001');
      const undo = await c.journal.recordIntent({
        operation: 'v3.undoBilling',
        mode: 'live',
        cashier_id: 'caja-01',
        funding_code: 'UND001',
        request: { funding_code: 'UND001' },
      });
      await c.journal.recordOutcome(undo, { status: 'succeeded', http_status: 200 });
    });
    expect(await ask('UND001')).toEqual({ checked: true, findings: [] });
  });

  it('a database that accepts and never answers is "not checked" within the bounded wait', async () => {
    const silent = await startSilentServer();
    const hanging = openStoreDbPool(silent.url, {
      connectTimeoutMs: 10_000,
      statementTimeoutMs: 10_000,
    });
    try {
      const answer = await readCodeAcrossCounters(
        hanging,
        { store: STORES.live, mode: 'live', funding_code: 'BIL001', exclude_terminal_id: 'X' },
        200,
      );
      expect(answer).toEqual({ checked: false, category: 'timeout' });
    } finally {
      await silent.close();
      await hanging.end().catch(() => undefined);
    }
  });
});

describe('the store from the database', () => {
  it('lists every counter freshness and a store day as the documented rows', async () => {
    await replicated('CAJA0005', async (c) => {
      await c.sell('DAY001');
      await c.sell('DAY002', 'unknown');
    });
    const freshness = await readFreshness(pool, { store: STORES.live, mode: 'live' });
    expect(freshness.ok).toBe(true);
    const five = freshness.ok ? freshness.rows.find((r) => r.terminal_id === 'CAJA0005') : null;
    expect(five).toMatchObject({
      terminal_name: 'Caja 5',
      app_version: '0.1.0',
      last_seq: 4,
      open_operations: 1,
    });
    expect(five?.last_seen_at).not.toBeNull();

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());
    const day = await readStoreDay(pool, { store: STORES.live, mode: 'live', day: today });
    expect(day.ok).toBe(true);
    const rows = day.ok ? day.rows.filter((r) => r.terminal_id === 'CAJA0005') : [];
    expect(rows.map((r) => [r.funding_code, r.status, r.collected_cents, r.store_day])).toEqual([
      ['DAY001', 'succeeded', 37_500, today],
      ['DAY002', 'unknown', null, today],
    ]);
    expect(await readStoreDay(pool, { store: STORES.training, mode: 'live', day: today })).toEqual({
      ok: true,
      rows: [],
    });
  });

  it('a read of an unreachable database is a value with its category', async () => {
    const gone = openStoreDbPool('postgres://x:y@127.0.0.1:1/none');
    try {
      expect(await readFreshness(gone, { store: 's', mode: 'live' })).toEqual({
        ok: false,
        category: 'network',
      });
    } finally {
      await gone.end().catch(() => undefined);
    }
  });
});
