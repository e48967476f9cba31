// Head office over the chain bench's 100 stores and a year of their lines (docs/head-office.md
// "What it reads", issue 36): storedb_head_office_grid_ms (the grid of every store × 14 days) and
// storedb_head_office_day_ms (a store's closed day of 200 operations), each through the app's own
// reads (electron/head-office/pg-head-office.ts: a READ ONLY transaction, the answer parsed with
// the shared schemas) as the head-office login, in the same database the store close is measured
// beside. The chain gets what a chain has: its counters, its stores' names and regions, a close
// for each of the last 31 days (but yesterday's at one store in ten, and one close in nine with
// exceptions), and its day totals rebuilt as after a bulk load (the lines were loaded with the
// triggers off).
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { pgHeadOffice } from '../electron/head-office/pg-head-office';
import { hashClose } from '../electron/store-close/close-hash';
import { addLogin } from '../electron/store-db/logins-admin';
import { openStoreDbPool } from '../electron/store-db/store-db-pool';
import type { PgCluster } from '../electron/store-db/test-support/pg-cluster';
import { dayInZone } from '../shared/domain/store-time';
import { CLOSE_FORMAT, type CloseContent } from '../shared/store/close-record';
import { now } from './stats';

export const CHAIN_ZONE = 'America/Lima';
/** Days of closes and of rebuilt totals: as migration 0113 fills them. */
const CLOSED_DAYS = 31;
const COUNTERS = 10;

/** The chain's last day: today in its stores' zone, so the grid's 14 days hold its lines. */
export function chainEndDay(): string {
  return dayInZone(new Date(), CHAIN_ZONE);
}

/** The same version-4 shaped uuid as the bench's SQL `bench_uuid` (store-db.ts). */
export function benchUuid(text: string): string {
  const h = createHash('md5').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const dayBack = (end: string, d: number) =>
  new Date(Date.parse(`${end}T12:00:00.000Z`) - d * 86_400_000).toISOString().slice(0, 10);

/** A close of chain store `st` on its day `d` back from `end`, as `store_db_close_day` writes one. */
function closeOf(st: number, d: number, end: string, opsPerDay: number, exceptions: boolean) {
  const day = dayBack(end, d);
  const store = `chain-${st}`;
  const toCollect = 37_500;
  const perCounter = (t: number) => {
    const n = Array.from({ length: opsPerDay }, (_, i) => i + 1).filter((i) => i % COUNTERS === t);
    return n.length;
  };
  const counters = Array.from({ length: COUNTERS }, (_, t) => {
    const billed = perCounter(t);
    return {
      terminal_id: `CAJA${String(t).padStart(4, '0')}`,
      terminal_name: `Caja ${t}`,
      billed,
      undone: 0,
      refused: 0,
      collected_cents: billed * toCollect,
      undone_collected_cents: 0,
      held_cents: exceptions && t === 1 ? 25_000 : 0,
      open: 0,
      operations: billed,
      cashiers: billed > 0 ? ['caja-1'] : [],
      by_cashier:
        billed > 0 ? [{ cashier_id: 'caja-1', billed, collected_cents: billed * toCollect }] : [],
      freshness: 'current' as const,
      last_line_at: `${day}T15:00:00.000Z`,
      last_seen_at: `${dayBack(end, d - 1)}T13:30:00.000Z`,
      app_version: 'bench',
    };
  });
  const collected = opsPerDay * toCollect;
  const content: CloseContent = {
    format: CLOSE_FORMAT,
    store,
    mode: 'live',
    store_day: day,
    time_zone: CHAIN_ZONE,
    as_of: `${dayBack(end, d - 1)}T13:30:00.000Z`,
    service: {
      purchases_cents: opsPerDay * 150_000,
      in_store_cents: collected + (exceptions ? 5_000 : 0),
      financed_cents: opsPerDay * 150_000 - collected,
      rows: opsPerDay,
      order_detail: [],
    },
    totals: {
      billed: opsPerDay,
      undone: 0,
      refused: 0,
      collected_cents: collected,
      undone_collected_cents: 0,
      held_cents: exceptions ? 25_000 : 0,
      open: 0,
      operations: opsPerDay,
    },
    counts: {
      matched: opsPerDay - (exceptions ? 1 : 0),
      missing: 0,
      extra: 0,
      amount_differs: exceptions ? 1 : 0,
      pending: 0,
    },
    counters,
    exceptions: exceptions
      ? [
          {
            kind: 'held',
            terminal_id: 'CAJA0001',
            hold_id: benchUuid(`${st}-${d}-held`),
            cashier_id: 'caja-1',
            identity: '12345678',
            funding_code: 'HELD01',
            amount_cents: 25_000,
            held_at: `${day}T20:00:00.000Z`,
            reason: 'Funding code does not exist or not active',
          },
          {
            kind: 'reconcile',
            status: 'amount-differs',
            identity: '12345678',
            funding_code: 'Y00007',
            order_ids: [`ORD-${st}-${d}`],
            counters: ['CAJA0007'],
            cashiers: ['caja-1'],
            counters_cents: toCollect,
            service_cents: toCollect + 5_000,
          },
        ]
      : [],
    op_ids: Array.from({ length: opsPerDay }, (_, i) => benchUuid(`${st}-${d}-${i + 1}`)).sort(),
    closed: {
      supervisor: 'Supervisora',
      cashier_id: 'caja-1',
      terminal_id: 'CAJA0000',
      terminal_name: 'Caja 0',
      note: exceptions ? 'Revisado con el servicio.' : null,
      exceptions_acknowledged: exceptions ? 2 : 0,
      recorded_at: `${dayBack(end, d - 1)}T13:30:00.000Z`,
    },
  };
  return { store, day, ...hashClose(content) };
}

export type HeadOfficeChain = {
  url: string;
  end: string;
  /** A store day with a close, and one not closed (yesterday, at a store that did not close). */
  closedDay: { store: string; day: string };
  openDay: { store: string; day: string };
  setup: { closes: number; closes_ms: number; rebuild_ms: number; rebuilt_rows: number };
};

/** Gives the chain its counters, names, closes and day totals, and a head-office login. */
export async function prepareHeadOffice(
  owner: pg.Client,
  cluster: PgCluster,
  database: string,
  plan: { chainStores: number; chainOpsPerDay: number },
  end: string,
): Promise<HeadOfficeChain> {
  // As a counter's signed heartbeat records them (migration 0102), every counter current.
  await owner.query(
    `INSERT INTO terminals (store, mode, terminal_id, terminal_name, app_version, last_seen_at)
     SELECT 'chain-' || st, 'live', 'CAJA' || lpad(t::text, 4, '0'), 'Caja ' || t, 'bench', now()
     FROM generate_series(1, $1::int) st, generate_series(0, ${COUNTERS - 1}) t`,
    [plan.chainStores],
  );
  await owner.query(
    `INSERT INTO stores (store, name, region)
     SELECT 'chain-' || st, 'Tienda ' || st, 'Región ' || (st % 8 + 1)
     FROM generate_series(1, $1::int) st`,
    [plan.chainStores],
  );
  let started = now();
  let closes = 0;
  const rows: { store: string; day: string; canonical: string; sha256: string }[] = [];
  const flush = async () => {
    if (rows.length === 0) return;
    const values = rows
      .map(
        (_, i) =>
          `($${i * 4 + 1}, 'live', $${i * 4 + 2}::date, $${i * 4 + 3}, $${i * 4 + 4}, 'Supervisora', 'CAJA0000')`,
      )
      .join(', ');
    await owner.query(
      `INSERT INTO store_day_closes (store, mode, store_day, content, sha256, closed_by, terminal_id)
       VALUES ${values}`,
      rows.flatMap((r) => [r.store, r.day, r.canonical, r.sha256]),
    );
    closes += rows.length;
    rows.length = 0;
  };
  for (let st = 1; st <= plan.chainStores; st += 1) {
    // Today has not ended; yesterday one store in ten has not closed.
    for (let d = CLOSED_DAYS; d >= 1; d -= 1) {
      if (d === 1 && st % 10 === 3) continue;
      rows.push(closeOf(st, d, end, plan.chainOpsPerDay, (st * 31 + d) % 9 === 0));
      if (rows.length >= 100) await flush();
    }
  }
  await flush();
  const closesMs = now() - started;
  // The lines were loaded with the triggers off: the day totals, rebuilt as a technician would.
  started = now();
  const rebuilt = await owner.query<{ n: number }>(
    'SELECT store_db_rebuild_day_totals($1::date - $2::int) AS n',
    [end, CLOSED_DAYS],
  );
  const rebuildMs = now() - started;
  await owner.query('ANALYZE store_day_closes, store_day_totals, terminals, stores');
  const login = await addLogin(owner, 'bench_oficina', { kind: 'head-office' });
  return {
    url: cluster.url(database, login.login, login.password),
    end,
    closedDay: { store: 'chain-7', day: dayBack(end, 1) },
    openDay: { store: 'chain-3', day: dayBack(end, 1) },
    setup: {
      closes,
      closes_ms: Math.round(closesMs),
      rebuild_ms: Math.round(rebuildMs),
      rebuilt_rows: Number(rebuilt.rows[0]?.n ?? 0),
    },
  };
}

/** Head office's two reads, timed, through the app's own code as the head-office login. */
export function headOfficeTimer(chain: HeadOfficeChain) {
  const pool = openStoreDbPool(chain.url);
  const office = pgHeadOffice(pool);
  const timed = async <T>(run: () => Promise<T>) => {
    const started = now();
    const value = await run();
    return { ms: now() - started, value };
  };
  return {
    grid: () => timed(() => office.grid({ mode: 'live', days: 14 })),
    day: (which: { store: string; day: string }) =>
      timed(() => office.day({ mode: 'live', store: which.store, day: which.day })),
    close: () => pool.end(),
  };
}
