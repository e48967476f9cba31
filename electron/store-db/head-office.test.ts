// Head office reads the chain (migration 0113, docs/head-office.md) as the login `add-login
// --head-office` makes: every store's day totals and closes, never a DNI, never a write; the day
// totals kept as lines arrive equal the day's figures the close is checked against.
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paidAndBilledIntent } from '../journal/test-support';
import { addLogin } from './logins-admin';
import { openTestCounter, type TestCounter } from './test-support/counter';
import { throwawayStoreDb } from './test-support/store-db-fixture';
import { withClient } from './test-support/with-client';

const db = throwawayStoreDb();
let owner: { ownerUrl: string; terminalUrl: string; database: string };
let headOffice: string;
const counters: TestCounter[] = [];

beforeAll(async () => {
  owner = await db.ownedDatabase();
  headOffice = await withClient(owner.ownerUrl, async (c) => {
    const made = await addLogin(c as pg.Client, 'oficina_central', { kind: 'head-office' });
    const url = new URL(owner.ownerUrl);
    url.username = made.login;
    url.password = made.password;
    return url.toString();
  });
});
afterEach(async () => {
  await Promise.all(counters.splice(0).map((c) => c.close()));
});
afterAll(async () => undefined);

// Every journal time: 10:00 in Lima on a past store day.
const AT = new Date('2026-03-10T15:00:00.000Z');
const DAY = '2026-03-10';

async function sell(
  c: TestCounter,
  dni: string,
  code: string,
  status: 'succeeded' | 'refused' | 'unknown',
) {
  const opId = await c.journal.recordIntent(
    paidAndBilledIntent({
      mode: 'live',
      identity: { kind: 'dni', value: dni },
      funding_code: code,
      to_collect_cents: 30_000,
      request: { dni, funding_code: code, billed_amount: 1200, cashier_id: 'caja-01' },
    }),
  );
  if (status === 'succeeded') await c.journal.recordOutcome(opId, { status, http_status: 200 });
  if (status === 'refused') {
    await c.journal.recordOutcome(opId, { status, http_status: 400, service_message: 'No' });
  }
  if (status === 'unknown')
    await c.journal.recordOutcome(opId, { status, error_category: 'timeout' });
}

async function counterOf(id: string, store: string): Promise<TestCounter> {
  const c = await openTestCounter(id, () => AT);
  counters.push(c);
  await c.enroll(owner.terminalUrl, store);
  return c;
}

describe('head office', () => {
  it('reads every store day’s totals, equal to the figures the close checks, and no DNI', async () => {
    const a1 = await counterOf('HOA001', 'tienda-a');
    const a2 = await counterOf('HOA002', 'tienda-a');
    const b1 = await counterOf('HOB001', 'tienda-b');
    await sell(a1, '41000001', 'HOA1', 'succeeded');
    await sell(a1, '41000002', 'HOA2', 'refused');
    await sell(a2, '41000003', 'HOA3', 'unknown');
    await sell(a2, '41000003', 'HOA3', 'succeeded');
    await sell(b1, '41000009', 'HOB1', 'succeeded');
    for (const [c, store] of [
      [a1, 'tienda-a'],
      [a2, 'tienda-a'],
      [b1, 'tienda-b'],
    ] as const) {
      await c
        .startReplication(owner.terminalUrl, {
          stores: { live: store, training: `training:${store}` },
        })
        .drained(20_000);
    }
    await withClient(owner.ownerUrl, (c) =>
      c.query(`INSERT INTO stores (store, name, region) VALUES ('tienda-a', 'Centro', 'Lima')`),
    );

    const { grid, dayA } = await withClient(headOffice, async (c) => {
      const g = await c.query<{ g: Record<string, unknown> }>(
        `SELECT store_db_head_office_grid('live', 14) AS g`,
      );
      const d = await c.query<{ d: Record<string, unknown> }>(
        `SELECT store_db_head_office_day('tienda-a', 'live', $1::date) AS d`,
        [DAY],
      );
      return { grid: g.rows[0]?.g, dayA: d.rows[0]?.d };
    });
    // Both stores, each with its own day; the one named shows its name and region.
    const stores = (grid?.stores ?? []) as {
      store: string;
      name: string | null;
      region: string | null;
      counters: { total: number };
    }[];
    expect(stores.map((s) => [s.store, s.name, s.region, s.counters.total])).toEqual([
      ['tienda-a', 'Centro', 'Lima', 2],
      ['tienda-b', null, null, 1],
    ]);
    // The totals kept line by line are the figures store_db_day_figures computes from the day.
    const figures = await withClient(owner.ownerUrl, async (c) => {
      const r = await c.query(
        `SELECT store_db_day_figures('tienda-a', 'live', $1::date) -> 'totals' AS t,
           (SELECT row_to_json(x) FROM store_day_totals x
             WHERE store = 'tienda-a' AND mode = 'live' AND store_day = $1::date) AS kept`,
        [DAY],
      );
      return r.rows[0];
    });
    expect(figures.kept).toMatchObject({
      operations: figures.t.operations,
      billed: figures.t.billed,
      refused: figures.t.refused,
      undone: figures.t.undone,
      collected_cents: figures.t.collected_cents,
      open: figures.t.open,
    });
    expect(figures.t).toMatchObject({ billed: 2, refused: 1, open: 1, operations: 4 });
    // The drill-down: figures and operations with codes and amounts, never a DNI.
    const text = JSON.stringify(dayA);
    for (const dni of ['41000001', '41000002', '41000003', '41000009']) {
      expect(text).not.toContain(dni);
    }
    expect(text).toContain('HOA1');
  });

  it('is refused any write, any table, any counter’s call; a counter login is refused its reads', async () => {
    await withClient(headOffice, async (c) => {
      for (const sql of [
        'SELECT * FROM journal_lines',
        'SELECT * FROM store_operations',
        'SELECT * FROM store_day_closes',
        'SELECT * FROM terminals',
        'SELECT * FROM stores',
        `INSERT INTO stores (store) VALUES ('x')`,
        `SELECT store_db_enroll('X1', '\\x00', 'AAAA-AAAA-AAAA')`,
        `SELECT store_db_read('X1', now()::text, 'hello', '{}', '\\x00')`,
        `SELECT store_db_rebuild_day_totals(current_date)`,
      ]) {
        await expect(c.query(sql), sql).rejects.toMatchObject({ code: '42501' });
      }
    });
    const storeLogin = db.storeLogin(owner.database, 'tienda-a');
    await withClient(storeLogin, async (c) => {
      await expect(c.query(`SELECT store_db_head_office_grid('live', 14)`)).rejects.toMatchObject({
        code: '42501',
      });
      await expect(
        c.query(`SELECT store_db_head_office_day('tienda-a', 'live', current_date)`),
      ).rejects.toMatchObject({ code: '42501' });
    });
  });
});
