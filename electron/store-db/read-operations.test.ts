// Which operations only read the service is one fact in two places that must agree: the app's
// `OPERATIONS` (shared/journal-entry.ts: `read`, used by the close's screen) and the database's
// `read_operations` (migration 0107, used by the close's figures and its check). A read added to
// one and not the other makes every close of a day with one left unanswered refused as "changed".
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../shared/journal-entry';
import { throwawayStoreDb } from './test-support/store-db-fixture';
import { withClient } from './test-support/with-client';

const db = throwawayStoreDb();

const appReads = Object.entries(OPERATIONS)
  .filter(([, traits]) => traits.read)
  .map(([name]) => name)
  .sort();

describe('the operations that only read the service', () => {
  it('are the same in the database as in the app (a new read: its line in OPERATIONS and an INSERT INTO read_operations in a new migration)', async () => {
    const { ownerUrl } = await db.migratedDatabase();
    const rows = await withClient(ownerUrl, (c) =>
      c.query<{ operation: string }>('SELECT operation FROM read_operations ORDER BY operation'),
    );
    expect(rows.rows.map((r) => r.operation).sort()).toEqual(appReads);
    // And the close's figures and its check read the table, no list of their own (0107).
    const lists = await withClient(ownerUrl, (c) =>
      c.query<{ proname: string; literal: boolean; lookup: boolean }>(
        `SELECT proname, prosrc LIKE '%NOT IN (''v3.verify''%' AS literal,
           prosrc LIKE '%NOT IN (SELECT r.operation FROM public.read_operations r)%' AS lookup
         FROM pg_proc WHERE proname IN ('store_db_day_figures', 'store_db_close_day')
           AND prosrc LIKE '%NOT IN%' ORDER BY proname`,
      ),
    );
    expect(lists.rows).toEqual([
      { proname: 'store_db_close_day', literal: false, lookup: true },
      { proname: 'store_db_day_figures', literal: false, lookup: true },
    ]);
  });

  it("are what the close's figures leave out of the day's open operations, also read by a counter's login", async () => {
    const { ownerUrl, database } = await db.migratedDatabase();
    // A login of the store (plain SQL reads its own store's rows only).
    const terminalUrl = db.storeLogin(database, 'store-1');
    // A read the app might add, left without an answer on a past day (as the owner: the
    // counters write only through the signed call).
    const line = JSON.stringify({
      operation: 'v9.madeUpRead',
      mode: 'live',
      cashier_id: 'caja-01',
      request: { day: '2026-03-10' },
      type: 'intent',
      op_id: randomUUID(),
      seq: 1,
      at: '2026-03-10T15:00:00.000Z',
    });
    await withClient(ownerUrl, (c) =>
      c.query(
        `INSERT INTO journal_lines (store, terminal_id, seq, time_zone, line)
         VALUES ('store-1', 'CAJA0001', 1, 'America/Lima', $1)`,
        [line],
      ),
    );
    // The figures as the counter that closes computes them with its own login (the table is
    // readable by the counters' role, 0107), and as the owner the close function runs as.
    const open = (url: string) =>
      withClient(url, async (c) => {
        const result = await c.query<{ open: number }>(
          `SELECT (store_db_day_figures('store-1', 'live', '2026-03-10') -> 'totals' ->> 'open')::int AS open`,
        );
        return result.rows[0]?.open;
      });
    expect([await open(terminalUrl), await open(ownerUrl)]).toEqual([1, 1]);
    // Only a migration tells the database of a new read: a counter cannot.
    await expect(
      withClient(terminalUrl, (c) =>
        c.query(`INSERT INTO read_operations VALUES ('v9.madeUpRead')`),
      ),
    ).rejects.toMatchObject({ code: '42501' });
    await withClient(ownerUrl, (c) =>
      c.query(`INSERT INTO read_operations VALUES ('v9.madeUpRead')`),
    );
    expect([await open(terminalUrl), await open(ownerUrl)]).toEqual([0, 0]);
  });
});
