// The practice chain (docs/head-office.md "Training"): what the head-office page reads in
// training, without a database, while a store case of the catalogue is on. Three stores: the
// practice store of the store close (training-store.ts: this terminal, Caja 2 and Caja 3 cut
// off), whose day now is read from it as the store close reads it, and two more a trainer can
// show head office with, each told over the last days in the same shapes the database answers
// (shared/head-office/chain.ts), closes made by the same close code (buildStoreClose) and hashed
// as the database hashes them:
// - Arequipa: every day closed and balanced but yesterday, closed with money held for a refused
//   sale and a customer the service says paid S/ 50.00 more; five days ago a sale reached the
//   database after the close;
// - Trujillo: yesterday not closed, its Caja 2 silent since yesterday afternoon; a week ago a
//   counter marked off by a supervisor.
// Their customers are practice ones (the 49…… DNIs of no person): head office never shows them.
import { createHash } from 'node:crypto';
import type { DaySummary } from '../../shared/api/in-store';
import { dayInZone } from '../../shared/domain/store-time';
import {
  type DayFigures,
  type DayTotals,
  type GridDay,
  type GridStore,
  HeadOfficeCloseContent,
  type HeadOfficeOperation,
  type StoreDay,
} from '../../shared/head-office/chain';
import { closeSummary, withoutIdentities } from '../../shared/head-office/close-summary';
import type { CloseContent, CounterHold, StoredClose } from '../../shared/store/close-record';
import { buildStoreClose } from '../../shared/store/store-close';
import type { CounterFreshness, StoreOperationRow } from '../../shared/store/store-operation';
import type { HeadOfficeSource } from '../head-office/head-office-source';
import type { StoreCloseDatabase } from './close-database';
import { hashClose } from './close-hash';

const MODE = 'training';
const HOUR = 3_600_000;
const DAY_MS = 24 * HOUR;

type SimCounter = { terminal_id: string; terminal_name: string; cashier_id: string };

/** What happens on a store's day, counted back from its day now (0: today). */
type DayPlan = {
  closed: boolean;
  /** Closed with money held at Caja 1 and a customer the service says paid more. */
  exceptions?: boolean;
  /** A sale of the day reached the database after its close. */
  lateSale?: boolean;
  /** Caja 2 marked off for the day by a supervisor (it sold nothing that day). */
  offCounter?: boolean;
};

type SimStore = {
  store: string;
  /** The first two letters of its funding codes (P + these + a number: six characters). */
  code: string;
  name: string;
  region: string;
  counters: [SimCounter, SimCounter];
  /** Its counters now: Caja 2 silent since this many hours before now, or never. */
  silentForHours: number | null;
  plan: (back: number) => DayPlan;
};

const counter = (prefix: string, n: number): SimCounter => ({
  terminal_id: `${prefix}-${n}`,
  terminal_name: `Caja ${n}`,
  cashier_id: `${prefix}-CAJERO-${n}`,
});

const SIMULATED: SimStore[] = [
  {
    store: 'training:practica-arequipa',
    code: 'AQ',
    name: 'Práctica Arequipa',
    region: 'Arequipa',
    counters: [counter('AQP', 1), counter('AQP', 2)],
    silentForHours: null,
    plan: (back) => ({
      closed: back > 0,
      exceptions: back === 1,
      lateSale: back === 5,
    }),
  },
  {
    store: 'training:practica-trujillo',
    code: 'TR',
    name: 'Práctica Trujillo',
    region: 'La Libertad',
    counters: [counter('TRU', 1), counter('TRU', 2)],
    silentForHours: 20,
    plan: (back) => ({ closed: back > 1, offCounter: back === 7 }),
  },
];

/** The practice store of the store close, as the chain reads it. */
export type PracticeOwnStore = {
  store: string;
  name: string;
  region: string;
  timeZone: string;
  db: StoreCloseDatabase;
};

/** A seeded pseudo-random sequence (mulberry32) from a text: the same story for the same day. */
function randomOf(text: string): () => number {
  let state = createHash('sha256').update(text).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A version-4 shaped uuid from a text (the shared schemas take only RFC 4122 ones). */
function uuidOf(text: string): string {
  const h = createHash('md5').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The instant a store day's local clock shows `hour` (whole hours from its midnight). */
function atLocal(day: string, hour: number, timeZone: string): Date {
  // Noon UTC falls on the same calendar day in every zone from -11 to +11; from there, the hours.
  const noon = Date.parse(`${day}T12:00:00.000Z`);
  const local = new Date(noon).toLocaleString('en-US', { timeZone, hour12: false });
  const shown = Number(/, (\d+):/.exec(local)?.[1] ?? 12) % 24;
  return new Date(noon + (hour - shown) * HOUR);
}

const dayBack = (today: string, back: number) =>
  new Date(Date.parse(`${today}T12:00:00.000Z`) - back * DAY_MS).toISOString().slice(0, 10);

/** A day's sales at a simulated store, between 10:00 and 19:00, none after `now`. */
function salesOf(store: SimStore, day: string, timeZone: string, now: Date, plan: DayPlan) {
  const random = randomOf(`${store.store}|${day}`);
  const rows: StoreOperationRow[] = [];
  const count = 6 + Math.floor(random() * 7);
  for (let i = 0; i < count; i += 1) {
    const at = new Date(atLocal(day, 10, timeZone).getTime() + (i * 9 * HOUR) / count);
    if (at.getTime() > now.getTime()) break;
    const who = plan.offCounter || i % 2 === 0 ? store.counters[0] : store.counters[1];
    const billed = (800 + Math.floor(random() * 12) * 100) * 100;
    const dni = `49${String(Math.floor(random() * 1_000_000)).padStart(6, '0')}`;
    rows.push({
      store: store.store,
      mode: MODE,
      terminal_id: who.terminal_id,
      terminal_name: who.terminal_name,
      op_id: uuidOf(`${store.store}|${day}|${i}`),
      operation: 'v3.paidAndBilled',
      status: 'succeeded',
      identity_kind: 'dni',
      identity_value: dni,
      funding_code: `P${store.code}${String(i + 1).padStart(3, '0')}`,
      cashier_id: who.cashier_id,
      billed_cents: billed,
      collected_cents: billed / 4,
      store_day: day,
      started_at: at.toISOString(),
      resolved_at: new Date(at.getTime() + 2_000).toISOString(),
      service_message: null,
    });
  }
  return rows;
}

/** The service's rows for the counters' sales: they balance, unless the plan says otherwise. */
function summaryOf(rows: readonly StoreOperationRow[], plan: DayPlan): DaySummary {
  const detail = rows
    .filter((r) => r.operation.endsWith('.paidAndBilled') && r.status === 'succeeded')
    .map((r, i) => ({
      order_id: `ORD-${r.op_id.slice(0, 8)}`,
      dni: r.identity_value ?? '',
      payment_origin: 'external' as const,
      // The service says the second customer of an exceptions day paid S/ 50.00 more.
      amount: ((r.collected_cents ?? 0) + (plan.exceptions && i === 1 ? 5_000 : 0)) / 100,
    }));
  const inStore = detail.reduce((n, r) => n + r.amount, 0);
  const purchases = rows.reduce((n, r) => n + (r.billed_cents ?? 0), 0) / 100;
  return {
    total_purchases: purchases,
    total_paid_in_store: Math.round(inStore * 100) / 100,
    total_financed: Math.round((purchases - inStore) * 100) / 100,
    order_detail: detail,
  };
}

type SimDay = {
  rows: StoreOperationRow[];
  /** Per op_id: when the database took it (a late sale, after the close). */
  received: Map<string, string>;
  close: StoredClose | null;
  freshness: CounterFreshness[];
};

/** Each counter as the database would stand it (now, or at a close). */
function freshnessOf(
  store: SimStore,
  rows: readonly StoreOperationRow[],
  seenAt: Date,
  silentSince: Date | null,
  offDay: string | null,
  /** Its last line when it sold nothing in `rows`: the evening before. */
  earlierLine: string,
): CounterFreshness[] {
  return store.counters.map((c, i) => {
    const own = rows.filter((r) => r.terminal_id === c.terminal_id);
    const last = own.at(-1)?.resolved_at ?? earlierLine;
    const silent = i === 1 && silentSince !== null;
    const off = i === 1 && offDay !== null;
    return {
      store: store.store,
      mode: MODE,
      terminal_id: c.terminal_id,
      terminal_name: c.terminal_name,
      app_version: '0.1.0',
      last_seq: own.length * 2 + 10,
      last_line_at: last,
      last_seen_at: (silent && silentSince ? silentSince : seenAt).toISOString(),
      open_operations: 0,
      standing: silent ? 'silent' : off ? 'off' : 'current',
      reported_open: 0,
      waiting_lines: 0,
      off_day: off ? offDay : null,
      conflict_seq: null,
      unreadable_lines: 0,
    };
  });
}

/** A simulated store's day: its sales, and its close as its supervisor made it. */
function simulateDay(
  store: SimStore,
  day: string,
  back: number,
  timeZone: string,
  now: Date,
): SimDay {
  const plan = store.plan(back);
  const all = salesOf(store, day, timeZone, now, plan);
  const late = plan.lateSale ? all.slice(-1) : [];
  const covered = plan.lateSale ? all.slice(0, -1) : all;
  const received = new Map(all.map((r) => [r.op_id, r.resolved_at ?? r.started_at]));
  // Closed the next morning at 08:30, once the day has ended (and never after now).
  const closeAt = atLocal(dayBack(day, -1), 8.5, timeZone);
  const dayEnd = atLocal(dayBack(day, -1), 0, timeZone);
  const canClose = plan.closed && now.getTime() - dayEnd.getTime() > 10 * 60_000;
  if (!canClose) return { rows: all, received, close: null, freshness: [] };
  const recordedAt = new Date(Math.min(closeAt.getTime(), now.getTime() - 5 * 60_000));
  const [first] = store.counters;
  const held: CounterHold[] = plan.exceptions
    ? [
        {
          terminal_id: first.terminal_id,
          hold: {
            hold_id: uuidOf(`${store.store}|${day}|held`),
            op_ids: [uuidOf(`${store.store}|${day}|held`)],
            mode: MODE,
            generation: 'v3',
            funding_code: 'PRECH1',
            identity: { kind: 'dni', value: '49000250' },
            cashier_id: first.cashier_id,
            amount_cents: 25_000,
            held_at: atLocal(day, 16, timeZone).toISOString(),
            reason: {
              category: 'state-conflict',
              httpStatus: 400,
              message: 'Funding code does not exist or not active',
            },
          },
        },
      ]
    : [];
  const evening = atLocal(dayBack(day, 1), 19, timeZone).toISOString();
  const freshness = freshnessOf(
    store,
    covered,
    recordedAt,
    null,
    plan.offCounter ? day : null,
    evening,
  );
  const built = buildStoreClose({
    store: store.store,
    mode: MODE,
    day,
    timeZone,
    now: recordedAt.toISOString(),
    summary: summaryOf(covered, plan),
    rows: covered,
    freshness,
    held,
    practice: true,
  });
  const content: CloseContent = {
    ...built.content,
    closed: {
      supervisor: 'Lucía Paredes',
      cashier_id: first.cashier_id,
      terminal_id: first.terminal_id,
      terminal_name: first.terminal_name,
      note: plan.exceptions
        ? 'Dinero retenido en Caja 1: la clienta vuelve el lunes. Diferencia de S/ 50.00 consultada con el servicio.'
        : null,
      exceptions_acknowledged: built.content.exceptions.length,
      recorded_at: recordedAt.toISOString(),
    },
  };
  const { canonical, sha256 } = hashClose(content);
  for (const row of late) {
    received.set(row.op_id, new Date(recordedAt.getTime() + 2 * HOUR).toISOString());
  }
  return {
    rows: all,
    received,
    close: { content, canonical, sha256, recorded_at: recordedAt.toISOString() },
    freshness,
  };
}

/** The day's figures as the database computes them from its lines (`store_db_day_figures`). */
function figuresOf(
  store: string,
  day: string,
  timeZone: string,
  rows: StoreOperationRow[],
): DayFigures {
  const built = buildStoreClose({
    store,
    mode: MODE,
    day,
    timeZone,
    now: new Date().toISOString(),
    summary: { total_purchases: 0, total_paid_in_store: 0, total_financed: 0, order_detail: [] },
    rows,
    freshness: [],
    practice: true,
  }).content;
  return {
    counters: Object.fromEntries(
      built.counters
        .filter((c) => c.operations > 0)
        .map((c) => [
          c.terminal_id,
          {
            billed: c.billed,
            undone: c.undone,
            refused: c.refused,
            collected_cents: c.collected_cents,
            undone_collected_cents: c.undone_collected_cents ?? 0,
            open: c.open,
            operations: c.operations,
            cashiers: c.cashiers,
            by_cashier: c.by_cashier ?? [],
          },
        ]),
    ),
    totals: {
      billed: built.totals.billed,
      undone: built.totals.undone,
      refused: built.totals.refused,
      collected_cents: built.totals.collected_cents,
      undone_collected_cents: built.totals.undone_collected_cents ?? 0,
      open: built.totals.open,
      operations: built.totals.operations,
    },
    op_ids: built.op_ids,
  };
}

/** The day's totals kept as lines arrive (`store_day_totals`); null without a line. */
function totalsOf(
  rows: readonly StoreOperationRow[],
  received: Map<string, string>,
): DayTotals | null {
  if (rows.length === 0) return null;
  const figures = figuresOf(rows[0]?.store ?? '', rows[0]?.store_day ?? '', 'UTC', [...rows]);
  const last = rows
    .map((r) => received.get(r.op_id) ?? r.resolved_at ?? r.started_at)
    .sort()
    .at(-1);
  return {
    operations: figures.totals.operations,
    billed: figures.totals.billed,
    undone: figures.totals.undone,
    refused: figures.totals.refused,
    collected_cents: figures.totals.collected_cents,
    open: figures.totals.open,
    last_received_at: last ?? new Date(0).toISOString(),
  };
}

function gridDayOf(
  day: string,
  today: string,
  rows: StoreOperationRow[],
  received: Map<string, string>,
  close: StoredClose | null,
): GridDay {
  const totals = totalsOf(rows, received);
  return {
    day,
    ended: day < today,
    close: close && {
      recorded_at: close.recorded_at,
      sha256: close.sha256,
      summary: closeSummary(close.content),
    },
    totals,
    after_close: close !== null && totals !== null && totals.last_received_at > close.recorded_at,
  };
}

function operationsOf(
  rows: readonly StoreOperationRow[],
  received: Map<string, string>,
): HeadOfficeOperation[] {
  return [...rows]
    .sort((a, b) => a.started_at.localeCompare(b.started_at) || a.op_id.localeCompare(b.op_id))
    .map((r) => ({
      terminal_id: r.terminal_id,
      terminal_name: r.terminal_name,
      op_id: r.op_id,
      operation: r.operation,
      status: r.status,
      funding_code: r.funding_code,
      cashier_id: r.cashier_id,
      billed_cents: r.billed_cents,
      collected_cents: r.collected_cents,
      started_at: r.started_at,
      resolved_at: r.resolved_at,
      received_at: received.get(r.op_id) ?? r.started_at,
    }));
}

function storeDayOf(
  meta: { store: string; name: string; region: string; timeZone: string },
  day: string,
  now: Date,
  rows: StoreOperationRow[],
  received: Map<string, string>,
  close: StoredClose | null,
  counters: CounterFreshness[],
): StoreDay {
  return {
    store: meta.store,
    name: meta.name,
    region: meta.region,
    time_zone: meta.timeZone,
    mode: MODE,
    day,
    as_of: now.toISOString(),
    close: close && {
      content: HeadOfficeCloseContent.parse(withoutIdentities(close.content)),
      sha256: close.sha256,
      hash_ok: hashClose(close.content).sha256 === close.sha256,
      recorded_at: close.recorded_at,
      summary: closeSummary(close.content),
    },
    figures: figuresOf(meta.store, day, meta.timeZone, rows),
    totals: totalsOf(rows, received),
    counters,
    operations: operationsOf(rows, received),
  };
}

/** Counters' standing now, as the grid counts them. */
function countersOf(freshness: readonly CounterFreshness[]): GridStore['counters'] {
  const silent = freshness.filter((f) => f.standing === 'silent');
  return {
    total: freshness.length,
    current: freshness.filter((f) => f.standing === 'current').length,
    silent: silent.length,
    off: freshness.filter((f) => f.standing === 'off').length,
    silent_since:
      silent
        .map((f) => f.last_seen_at)
        .filter((t): t is string => t !== null)
        .sort()[0] ?? null,
    versions: [...new Set(freshness.flatMap((f) => (f.app_version ? [f.app_version] : [])))],
  };
}

/**
 * The practice chain as of `clock()`: `own()` the practice store of the store close (null while
 * no store case is on: then there is no chain to show either).
 */
export function practiceChain(options: {
  clock: () => Date;
  own: () => Promise<PracticeOwnStore | null>;
}): HeadOfficeSource & { available(): Promise<boolean> } {
  const simulatedNow = (store: SimStore, now: Date, timeZone: string) => {
    const silentSince =
      store.silentForHours === null ? null : new Date(now.getTime() - store.silentForHours * HOUR);
    const today = dayInZone(now, timeZone);
    const rows = salesOf(store, today, timeZone, now, store.plan(0));
    const evening = atLocal(dayBack(today, 1), 19, timeZone).toISOString();
    return freshnessOf(store, rows, now, silentSince, null, evening);
  };
  /** A simulated store over its last `days`: each day's story, and its counters now. */
  const simulatedDays = (store: SimStore, now: Date, timeZone: string, days: number) => {
    const today = dayInZone(now, timeZone);
    return Array.from({ length: days }, (_, back) => {
      const day = dayBack(today, back);
      return { day, ...simulateDay(store, day, back, timeZone, now) };
    });
  };
  /** The practice store's own day: its rows and close as the store close reads them. */
  const ownDay = async (own: PracticeOwnStore, day: string, now: Date, back: number) => {
    if (back > 0) {
      // Its earlier days are told like the others', by its simulated counters.
      const sim: SimStore = {
        store: own.store,
        code: 'PR',
        name: own.name,
        region: own.region,
        counters: [counter('PRACTICA', 2), counter('PRACTICA', 3)],
        silentForHours: null,
        plan: () => ({ closed: true }),
      };
      return simulateDay(sim, day, back, own.timeZone, now);
    }
    const query = { store: own.store, mode: MODE, day } as const;
    const [rows, close, freshness] = await Promise.all([
      own.db.readStoreDay(query),
      own.db.readClose(query),
      own.db.readFreshness({ store: own.store, mode: MODE }),
    ]);
    const received = new Map(rows.map((r) => [r.op_id, r.resolved_at ?? r.started_at]));
    return { rows, received, close, freshness };
  };

  return {
    available: async () => (await options.own()) !== null,
    async grid({ days }) {
      const now = options.clock();
      const own = await options.own();
      if (!own) return { as_of: now.toISOString(), mode: MODE, days, stores: [] };
      const today = dayInZone(now, own.timeZone);
      const ownDays = await Promise.all(
        Array.from({ length: days }, async (_, back) => {
          const day = dayBack(today, back);
          return { day, ...(await ownDay(own, day, now, back)) };
        }),
      );
      const ownNow = ownDays[0]?.freshness ?? [];
      const stores: GridStore[] = [
        {
          store: own.store,
          name: own.name,
          region: own.region,
          time_zone: own.timeZone,
          today,
          counters: countersOf(ownNow),
          days: ownDays.map((d) => gridDayOf(d.day, today, d.rows, d.received, d.close)),
        },
        ...SIMULATED.map((sim): GridStore => {
          const history = simulatedDays(sim, now, own.timeZone, days);
          return {
            store: sim.store,
            name: sim.name,
            region: sim.region,
            time_zone: own.timeZone,
            today,
            counters: countersOf(simulatedNow(sim, now, own.timeZone)),
            days: history.map((d) => gridDayOf(d.day, today, d.rows, d.received, d.close)),
          };
        }),
      ];
      return { as_of: now.toISOString(), mode: MODE, days, stores };
    },
    async day({ store, day }) {
      const now = options.clock();
      const own = await options.own();
      if (!own) return null;
      const today = dayInZone(now, own.timeZone);
      const back = Math.round(
        (Date.parse(`${today}T12:00:00.000Z`) - Date.parse(`${day}T12:00:00.000Z`)) / DAY_MS,
      );
      if (back < 0) return null;
      if (store === own.store) {
        const d = await ownDay(own, day, now, back);
        const counters =
          back === 0 ? d.freshness : await own.db.readFreshness({ store: own.store, mode: MODE });
        return storeDayOf(own, day, now, d.rows, d.received, d.close, counters);
      }
      const sim = SIMULATED.find((s) => s.store === store);
      if (!sim) return null;
      const d = simulateDay(sim, day, back, own.timeZone, now);
      const meta = { store: sim.store, name: sim.name, region: sim.region, timeZone: own.timeZone };
      return storeDayOf(
        meta,
        day,
        now,
        d.rows,
        d.received,
        d.close,
        simulatedNow(sim, now, own.timeZone),
      );
    },
  };
}
