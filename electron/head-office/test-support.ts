// A small chain in a throwaway store database, for head office's tests (pg-head-office.test.ts)
// and its e2e (e2e/head-office.spec.ts), made as a chain makes it: three stores, two counters
// each enrolled with a one-time code and replicating their own journals, the owner naming the
// stores, supervisors closing days through the database's own close (signed by the closing
// counter's key). Centro closed yesterday with exceptions (the service lists a sale no counter
// has, a customer paid another amount, the note names a customer's DNI); Arequipa did not close
// yesterday; Trujillo closed yesterday balanced, a sale of yesterday reached the database after
// its close, and its Caja 2 goes silent (its link stopped without signing off).
import pg from 'pg';
import type { DaySummary } from '../../shared/api/in-store';
import { dayInZone } from '../../shared/domain/store-time';
import type { CloseContent } from '../../shared/store/close-record';
import { buildStoreClose } from '../../shared/store/store-close';
import { paidAndBilledIntent } from '../journal/test-support';
import { pgCloseDatabase } from '../store-close/pg-close-database';
import { addLogin, nameStore } from '../store-db/logins-admin';
import { poolCalls } from '../store-db/store-calls';
import { openStoreDbPool } from '../store-db/store-db-pool';
import { openTestCounter, type TestCounter } from '../store-db/test-support/counter';

export const ZONE = 'America/Lima';

export const CHAIN = {
  centro: { store: 'tienda-centro', name: 'Centro', region: 'Lima', ids: ['CEN001', 'CEN002'] },
  arequipa: {
    store: 'tienda-arequipa',
    name: 'Arequipa Cayma',
    region: 'Arequipa',
    ids: ['ARE001', 'ARE002'],
  },
  trujillo: {
    store: 'tienda-trujillo',
    name: 'Trujillo Plaza',
    region: 'La Libertad',
    ids: ['TRU001', 'TRU002'],
  },
} as const;
type StoreKey = keyof typeof CHAIN;

/** Every DNI the chain's sales carry: none may reach head office. */
export const CHAIN_DNIS: string[] = [];

/** The note Centro's supervisor wrote, naming a customer by DNI (head office reads it masked). */
export const CENTRO_NOTE =
  'Revisado con el servicio: la cliente 41000002 pagó S/ 350 en efectivo; se llamó al servicio.';

export type TestChain = {
  /** The head-office login's URL (add-login --head-office). */
  headOfficeUrl: string;
  days: { today: string; yesterday: string; before: string };
  counters: Record<StoreKey, [TestCounter, TestCounter]>;
  /** Until Trujillo's Caja 2, stopped without signing off, is silent by the database's clock. */
  untilSilent(): Promise<void>;
  close(): Promise<void>;
};

/** 10:00 (plus `minute`) in Lima on a store day. */
const at = (day: string, minute = 0) =>
  new Date(Date.parse(`${day}T15:00:00.000Z`) + minute * 60_000);

export async function buildTestChain(ownerUrl: string, terminalUrl: string): Promise<TestChain> {
  const now = Date.now();
  const dayBack = (n: number) => dayInZone(new Date(now - n * 86_400_000), ZONE);
  const days = { today: dayBack(0), yesterday: dayBack(1), before: dayBack(2) };
  let clock = at(days.before);
  const pool = openStoreDbPool(terminalUrl);
  const counters = {} as Record<StoreKey, [TestCounter, TestCounter]>;
  let dni = 41_000_000;

  const owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
  let headOfficeUrl: string;
  try {
    for (const key of Object.keys(CHAIN) as StoreKey[]) {
      const { store, name, region, ids } = CHAIN[key];
      await nameStore(owner, store, name, region);
      const pair = [] as unknown as [TestCounter, TestCounter];
      for (const [i, id] of ids.entries()) {
        const counter = await openTestCounter(id, () => clock);
        await counter.enroll(terminalUrl, store);
        counter.startReplication(terminalUrl, {
          stores: { live: store, training: `training:${store}` },
          terminalName: `Caja ${i + 1}`,
        });
        pair.push(counter);
      }
      counters[key] = pair;
    }
    const made = await addLogin(owner, `oficina_${process.pid}_${now % 100_000}`, {
      kind: 'head-office',
    });
    const url = new URL(ownerUrl);
    url.username = made.login;
    url.password = made.password;
    headOfficeUrl = url.toString();
  } finally {
    await owner.end();
  }

  /**
   * A paid-and-billed of S/ 1,200 with S/ 300 collected, at `minute` past 10:00 that day; today,
   * a minute ago if 10:00 has not come yet (a line from the future would read as one).
   */
  const sell = async (counter: TestCounter, day: string, minute: number, code: string) => {
    clock = at(day, minute);
    if (day === days.today && clock.getTime() > Date.now() - 60_000) {
      const before = new Date(Date.now() - 60_000);
      clock = dayInZone(before, ZONE) === day ? before : new Date();
    }
    dni += 1;
    const value = String(dni);
    CHAIN_DNIS.push(value);
    const opId = await counter.journal.recordIntent(
      paidAndBilledIntent({
        mode: 'live',
        identity: { kind: 'dni', value },
        funding_code: code,
        billed_cents: 120_000,
        to_collect_cents: 30_000,
        cashier_id: `cajero-${counter.id.slice(-1)}`,
        request: { dni: value, funding_code: code, billed_amount: 1200, cashier_id: 'cajero' },
      }),
    );
    await counter.journal.recordOutcome(opId, { status: 'succeeded', http_status: 200 });
    return value;
  };
  const drained = (key: StoreKey) =>
    Promise.all(counters[key].map((c) => c.replicator?.drained(30_000)));

  /** The day's close as its supervisor makes it at Caja 1, against the service's rows. */
  const closeDay = async (
    key: StoreKey,
    day: string,
    service: { dni: string; amount: number }[],
    note: string | null,
  ): Promise<CloseContent> => {
    const [first] = counters[key];
    const calls = poolCalls(pool, async () => ({
      terminalId: first.id,
      signingKey: first.signingKey,
    }));
    const db = pgCloseDatabase(calls, async () => first.signingKey);
    const query = { store: CHAIN[key].store, mode: 'live' as const, day };
    const summary: DaySummary = {
      total_purchases: 1200 * service.length,
      total_paid_in_store: service.reduce((n, r) => n + r.amount, 0),
      total_financed: 900 * service.length,
      order_detail: service.map((r) => ({
        order_id: `ORD-${r.dni}`,
        dni: r.dni,
        payment_origin: 'external' as const,
        amount: r.amount,
      })),
    };
    const draft = buildStoreClose({
      ...query,
      timeZone: ZONE,
      now: new Date().toISOString(),
      summary,
      rows: await db.readStoreDay(query),
      freshness: await db.readFreshness(query),
      held: await db.readHeld(query),
    });
    const made = await db.closeDay({
      ...query,
      draft: draft.content,
      supervisor: 'Rosa Quispe',
      cashier_id: 'cajero-1',
      terminal_id: first.id,
      note,
    });
    return made.close.content;
  };

  // The day before yesterday: every store sells and closes balanced.
  for (const key of Object.keys(CHAIN) as StoreKey[]) {
    const [one, two] = counters[key];
    const sold = [
      await sell(one, days.before, 0, `${key.slice(0, 2).toUpperCase()}B001`),
      await sell(two, days.before, 5, `${key.slice(0, 2).toUpperCase()}B002`),
    ];
    await drained(key);
    await closeDay(
      key,
      days.before,
      sold.map((d) => ({ dni: d, amount: 300 })),
      null,
    );
  }

  // Yesterday.
  const [c1, c2] = counters.centro;
  const centro = [
    await sell(c1, days.yesterday, 0, 'CEY001'),
    await sell(c2, days.yesterday, 7, 'CEY002'),
  ];
  await drained('centro');
  dni += 1;
  const extra = String(dni);
  CHAIN_DNIS.push(extra);
  await closeDay(
    'centro',
    days.yesterday,
    [
      { dni: centro[0] ?? '', amount: 300 },
      // The service says this customer paid S/ 350 in store; the counter collected S/ 300.
      { dni: centro[1] ?? '', amount: 350 },
      // A sale the service lists and no counter of Centro has.
      { dni: extra, amount: 300 },
    ],
    CENTRO_NOTE,
  );
  const [a1, a2] = counters.arequipa;
  await sell(a1, days.yesterday, 0, 'ARY001');
  await sell(a2, days.yesterday, 3, 'ARY002');
  await sell(a2, days.yesterday, 9, 'ARY003');
  await drained('arequipa');
  const [t1, t2] = counters.trujillo;
  const trujillo = [
    await sell(t1, days.yesterday, 0, 'TRY001'),
    await sell(t2, days.yesterday, 4, 'TRY002'),
  ];
  await drained('trujillo');
  await closeDay(
    'trujillo',
    days.yesterday,
    trujillo.map((d) => ({ dni: d, amount: 300 })),
    null,
  );
  // A sale of yesterday that reached the database after Trujillo's close.
  await sell(t1, days.yesterday, 30, 'TRY003');
  await drained('trujillo');

  // Today: each store sells; then Trujillo's Caja 2 loses its link without signing off.
  await sell(c1, days.today, 0, 'CET001');
  await sell(a1, days.today, 0, 'ART001');
  await sell(t1, days.today, 0, 'TRT001');
  await Promise.all((Object.keys(CHAIN) as StoreKey[]).map(drained));
  clock = new Date();
  await t2.stopReplication();

  return {
    headOfficeUrl,
    days,
    counters,
    async untilSilent() {
      const deadline = Date.now() + 60_000;
      const headOffice = new pg.Client({ connectionString: headOfficeUrl });
      await headOffice.connect();
      try {
        for (;;) {
          const answer = await headOffice.query<{
            g: { stores: { store: string; counters: { silent: number } }[] };
          }>(`SELECT public.store_db_head_office_grid('live', 1) AS g`);
          const store = answer.rows[0]?.g.stores.find((s) => s.store === CHAIN.trujillo.store);
          if ((store?.counters.silent ?? 0) > 0) return;
          if (Date.now() > deadline) throw new Error('Trujillo’s Caja 2 never went silent');
          await new Promise((resolve) => setTimeout(resolve, 1_000));
        }
      } finally {
        await headOffice.end();
      }
    },
    async close() {
      for (const pair of Object.values(counters)) for (const c of pair) await c.close();
      await pool.end();
    },
  };
}
