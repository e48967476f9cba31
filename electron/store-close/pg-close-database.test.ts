// The store's day close against a real throwaway PostgreSQL: three counters replicate their
// journals, the close is refused while one has a paid-and-billed in doubt, then kept once,
// insert-only, with a hash psql can recompute; a sale of that day arriving later shows as such.
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DaySummary } from '../../shared/api/in-store';
import { arrivedAfter, buildStoreClose, sealClose } from '../../shared/store/store-close';
import { heldFor, heldMoney, settleHeld } from '../ipc/workflows/held-money';
import { META_USES_HELD } from '../journal/operation-index';
import { paidAndBilledIntent } from '../journal/test-support';
import { openStoreDbPool, type StoreDbPool } from '../store-db/store-db-pool';
import { openTestCounter, STORES, type TestCounter } from '../store-db/test-support/counter';
import { throwawayStoreDb } from '../store-db/test-support/store-db-fixture';
import { hashClose } from './close-hash';
import { pgCloseDatabase } from './pg-close-database';

const fixture = throwawayStoreDb();
let urls: { ownerUrl: string; terminalUrl: string };
let pool: StoreDbPool;
const counters: TestCounter[] = [];

beforeAll(async () => {
  urls = await fixture.migratedDatabase();
  pool = openStoreDbPool(urls.terminalUrl);
});
afterAll(async () => {
  await pool.end();
});
afterEach(async () => {
  await Promise.all(counters.splice(0).map((c) => c.close()));
});

// Every journal time is this moment: 10:00 in Lima on the store day.
const AT = new Date('2026-03-10T15:00:00.000Z');
const DAY = '2026-03-10';

async function counter(id: string) {
  const c = await openTestCounter(id, () => AT);
  counters.push(c);
  return c;
}

async function sell(
  c: TestCounter,
  dni: string,
  code: string,
  status: 'succeeded' | 'unknown' | null = 'succeeded',
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
  if (status === 'unknown')
    await c.journal.recordOutcome(opId, { status, error_category: 'timeout' });
  return opId;
}

const drained = (c: TestCounter) =>
  (c.replicator ?? c.startReplication(urls.terminalUrl)).drained(20_000);

function summaryOf(dnis: string[]): DaySummary {
  return {
    total_purchases: 1200 * dnis.length,
    total_paid_in_store: 300 * dnis.length,
    total_financed: 900 * dnis.length,
    order_detail: dnis.map((dni) => ({
      order_id: `ORD-${dni}`,
      dni,
      payment_origin: 'external' as const,
      amount: 300,
    })),
  };
}

async function asOwner<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: urls.ownerUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

describe('the store close in the store database', () => {
  it('is refused while a counter is in doubt, kept once, insert-only, and checkable with SQL', async () => {
    const db = pgCloseDatabase(pool);
    const [c1, c2, c3] = [
      await counter('CAJA0001'),
      await counter('CAJA0002'),
      await counter('CAJA0003'),
    ];
    await sell(c1, '41000001', 'AAA001');
    const doubt = await sell(c2, '41000002', 'BBB002', 'unknown');
    await sell(c3, '41000003', 'CCC003');
    await Promise.all([drained(c1), drained(c2), drained(c3)]);

    const query = { store: STORES.live, mode: 'live' as const, day: DAY };
    const input = async () => ({
      ...query,
      timeZone: 'America/Lima',
      now: new Date().toISOString(),
      summary: summaryOf(['41000001', '41000002', '41000003']),
      rows: await db.readStoreDay(query),
      freshness: await db.readFreshness(query),
    });
    const refused = buildStoreClose(await input());
    expect(refused.refusal).toEqual({ reason: 'open-operations', count: 1 });
    expect(refused.content.exceptions[0]).toMatchObject({ kind: 'open', terminal_id: 'CAJA0002' });

    // The service answers the retry: billed.
    await c2.journal.recordOutcome(doubt, { status: 'succeeded', http_status: 200 });
    await drained(c2);
    const close = buildStoreClose(await input());
    expect(close.refusal).toBeNull();
    expect(close.content.counts).toMatchObject({ matched: 3, extra: 0, missing: 0, pending: 0 });
    expect(close.content.counters.map((c) => [c.terminal_name, c.billed, c.freshness])).toEqual([
      ['Caja 1', 1, 'current'],
      ['Caja 2', 1, 'current'],
      ['Caja 3', 1, 'current'],
    ]);
    const content = sealClose(close, {
      supervisor: 'Rosa',
      cashier_id: 'caja-01',
      terminal_id: 'CAJA0001',
      terminal_name: 'Caja 1',
      note: null,
    });
    const { canonical, sha256 } = hashClose(content);
    const keep = (text: string, hash: string, by = 'Rosa') =>
      db.insertClose({
        ...query,
        canonical: text,
        sha256: hash,
        closed_by: by,
        terminal_id: 'CAJA0001',
      });
    const first = await keep(canonical, sha256);
    expect(first.inserted).toBe(true);
    expect(first.close.sha256).toBe(sha256);
    expect(first.close.content).toEqual(content);

    // A second close of the day keeps nothing and answers the first.
    if (!content.closed) throw new Error('sealed without a signature');
    const second = hashClose({ ...content, closed: { ...content.closed, supervisor: 'Otro' } });
    const again = await keep(second.canonical, second.sha256, 'Otro');
    expect(again.inserted).toBe(false);
    expect(again.close.sha256).toBe(sha256);

    // The counters' role cannot change or remove a close.
    await expect(pool.query(`UPDATE store_day_closes SET closed_by = 'x'`)).rejects.toThrow(
      /permission denied/,
    );
    await expect(pool.query('DELETE FROM store_day_closes')).rejects.toThrow(/permission denied/);
    // Nor keep one whose hash is not its content's, whatever the day.
    await expect(keep(canonical, 'f'.repeat(64))).rejects.toThrow(/store_day_closes_hash/);
    await expect(
      pool.query(
        `INSERT INTO store_day_closes (store, mode, store_day, content, sha256, closed_by, terminal_id)
         VALUES ($1, 'live', '2026-03-11', $2, $3, 'Rosa', 'CAJA0001')`,
        [STORES.live, canonical.replace(DAY, '2026-03-11'), sha256],
      ),
    ).rejects.toThrow(/store_day_closes_hash/);

    // What docs/store-close.md tells a newcomer to run with psql.
    const check = await asOwner((client) =>
      client.query(
        `SELECT sha256, encode(sha256(convert_to(content, 'UTF8')), 'hex') = sha256 AS matches
         FROM store_day_closes WHERE store = $1 AND mode = 'live' AND store_day = $2`,
        [STORES.live, DAY],
      ),
    );
    expect(check.rows).toEqual([{ sha256, matches: true }]);

    // A sale of that day reaching the database after the close shows as arrived after it.
    const c4 = await counter('CAJA0004');
    const late = await sell(c4, '41000004', 'DDD004');
    await drained(c4);
    const after = arrivedAfter(first.close.content, await db.readStoreDay(query));
    expect(after.map((r) => [r.op_id, r.terminal_id])).toEqual([[late, 'CAJA0004']]);
    expect(await db.readClose({ ...query, day: '2026-03-09' })).toBeNull();
  });

  it('lists the money each counter still holds for refused sales, as its own day close does', async () => {
    const db = pgCloseDatabase(pool);
    const [c1, c2] = [await counter('CAJA0011'), await counter('CAJA0012')];
    const settle = async (c: TestCounter, code: string, how: 'returned' | 'used') => {
      const hold = await heldFor(c.journal, 'live', code);
      if (!hold) throw new Error(`no hold for ${code}`);
      await settleHeld(c.journal, hold, how);
    };
    await c1.sell('HELD01', 'refused');
    await c1.sell('BACK01', 'refused');
    await settle(c1, 'BACK01', 'returned');
    await c1.sell('TRAIN1', 'refused', 'training');
    await c2.sell('USED02', 'refused');
    await settle(c2, 'USED02', 'used');
    // Refused, retried and refused again: one collection, one hold.
    await c2.sell('HELD02', 'refused');
    await c2.sell('HELD02', 'refused');
    await c2.sell('PAID02', 'succeeded');
    // Refused, then billed again using the held money: that billing's success ends the hold by
    // itself (its intent names the refusal), with no note at all.
    const usedBy = await c2.sell('META02', 'refused');
    const again = await c2.journal.recordIntent(
      paidAndBilledIntent({
        mode: 'live',
        funding_code: 'META02',
        meta: { [META_USES_HELD]: [usedBy] },
      }),
    );
    await c2.journal.recordOutcome(again, { status: 'succeeded', http_status: 200 });
    await Promise.all([drained(c1), drained(c2)]);

    const held = await db.readHeld({ store: STORES.live, mode: 'live', day: DAY });
    expect(held.map((h) => [h.terminal_id, h.hold.funding_code, h.hold.amount_cents])).toEqual([
      ['CAJA0011', 'HELD01', 37_500],
      ['CAJA0012', 'HELD02', 37_500],
    ]);
    // The very holds each counter's own day close (F6) lists: one derivation, two sources.
    for (const c of [c1, c2]) {
      const own = held.filter((h) => h.terminal_id === c.id).map((h) => h.hold);
      expect(own).toEqual(await heldMoney(c.journal, 'live'));
    }
    expect(held[1]?.hold.op_ids).toHaveLength(2);
    expect(held[0]?.hold.reason.message).toBe('Funding is not active');
    // Training keeps its own store; a day before the refusals holds nothing yet.
    expect(
      (await db.readHeld({ store: STORES.training, mode: 'training', day: DAY })).map(
        (h) => h.hold.funding_code,
      ),
    ).toEqual(['TRAIN1']);
    expect(await db.readHeld({ store: STORES.live, mode: 'live', day: '2026-03-09' })).toEqual([]);
  });
});
