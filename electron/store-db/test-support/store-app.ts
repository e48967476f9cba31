// A store's counter as the app runs it, for the walls-between-stores tests: a real journal whose
// clock a test sets (a past store day can be closed, today cannot), the replicator set to the
// counter's own store, and the app's own reads and store close (store-calls.ts,
// store-queries.ts, electron/store-close/pg-close-database.ts) on a pool of its login. The
// honest side of every attack runs this code, never hand-written SQL.
import type { CloseContent } from '../../../shared/store/close-record';
import { buildStoreClose } from '../../../shared/store/store-close';
import { paidAndBilledIntent } from '../../journal/test-support';
import type { StoreCloseDatabase } from '../../store-close/close-database';
import { pgCloseDatabase } from '../../store-close/pg-close-database';
import { poolCalls, type StoreCalls } from '../store-calls';
import { openStoreDbPool, type StoreDbPool } from '../store-db-pool';
import { openTestCounter, type TestCounter } from './counter';
import { enrollCounter } from './enroll';

/** A store day that has ended (Lima), and 10:00 of it there: the lines a close can close. */
export const PAST_DAY = '2026-03-10';
export const PAST_AT = new Date('2026-03-10T15:00:00.000Z');
export const LIMA = 'America/Lima';

export const trainingOf = (store: string) => `training:${store}`;

export type StoreCounter = TestCounter & {
  store: string;
  /** The journal's clock from now on (the replicator keeps the real one: reads are signed). */
  setClock(at: Date): void;
  /** Enrolls it in its store with a code the owner makes, through `url` (its login). */
  join(url: string): Promise<void>;
  /** A paid-and-billed of `code` for `dni`, S/ 300 to collect, with its outcome (or none). */
  sale(
    code: string,
    dni: string,
    status?: 'succeeded' | 'refused' | 'unknown' | null,
    mode?: 'live' | 'training',
  ): Promise<string>;
  /** Starts its replication through `url` (once) and waits until every line is in. */
  replicate(url: string): Promise<void>;
};

export async function storeCounter(id: string, store: string): Promise<StoreCounter> {
  let now = PAST_AT;
  const counter = await openTestCounter(id, () => now);
  return Object.assign(counter, {
    store,
    setClock(at: Date) {
      now = at;
    },
    join: (url: string) => enrollCounter(null, url, id, counter.signingKey, store),
    async sale(
      code: string,
      dni: string,
      status: 'succeeded' | 'refused' | 'unknown' | null = 'succeeded',
      mode: 'live' | 'training' = 'live',
    ) {
      const opId = await counter.journal.recordIntent(
        paidAndBilledIntent({
          mode,
          identity: { kind: 'dni', value: dni },
          funding_code: code,
          to_collect_cents: 30_000,
          request: { dni, funding_code: code, billed_amount: 1200, cashier_id: 'caja-01' },
        }),
      );
      if (status === 'succeeded')
        await counter.journal.recordOutcome(opId, { status, http_status: 200 });
      if (status === 'refused') {
        await counter.journal.recordOutcome(opId, {
          status,
          http_status: 400,
          service_message: 'Funding is not active',
        });
      }
      if (status === 'unknown')
        await counter.journal.recordOutcome(opId, { status, error_category: 'timeout' });
      return opId;
    },
    async replicate(url: string) {
      const replicator =
        counter.replicator ??
        counter.startReplication(url, {
          stores: { live: store, training: trainingOf(store) },
          terminalName: `Caja ${id.slice(3, 4)}${id.slice(-1)}`,
          heartbeatMs: 200,
          lingerMs: 5,
        });
      replicator.wake();
      await replicator.drained(20_000);
    },
  });
}

export type CounterApp = {
  calls: StoreCalls;
  close: StoreCloseDatabase;
  pool: StoreDbPool;
  end(): Promise<void>;
};

/** The app's reads and store close for `counter`, on a pool of `url` (the counter's login). */
export function counterApp(url: string, counter: TestCounter): CounterApp {
  const pool = openStoreDbPool(url);
  const calls = poolCalls(pool, async () => ({
    terminalId: counter.id,
    signingKey: counter.signingKey,
  }));
  return {
    calls,
    close: pgCloseDatabase(calls, async () => counter.signingKey),
    pool,
    end: () => pool.end(),
  };
}

/**
 * The draft a store's supervisor closes the day with: its figures as the database holds them,
 * against a service day summary that matches `dnis` (one S/ 300 down payment each).
 */
export async function draftOf(
  close: StoreCloseDatabase,
  query: { store: string; mode: 'live' | 'training'; day: string },
  dnis: string[],
): Promise<CloseContent> {
  const draft = buildStoreClose({
    ...query,
    timeZone: LIMA,
    now: new Date().toISOString(),
    summary: {
      total_purchases: 1200 * dnis.length,
      total_paid_in_store: 300 * dnis.length,
      total_financed: 900 * dnis.length,
      order_detail: dnis.map((dni) => ({
        order_id: `ORD-${dni}`,
        dni,
        payment_origin: 'external' as const,
        amount: 300,
      })),
    },
    rows: await close.readStoreDay(query),
    freshness: await close.readFreshness(query),
    held: await close.readHeld(query),
  });
  if (draft.refusal) throw new Error(`no close of ${query.day}: ${draft.refusal.reason}`);
  return draft.content;
}

/** What a store's supervisor sends to close the day (the app's CloseRequest). */
export function closeRequest(
  query: { store: string; mode: 'live' | 'training'; day: string },
  draft: CloseContent,
  terminalId: string,
  supervisor = 'Supervisora',
) {
  return {
    ...query,
    draft,
    supervisor,
    cashier_id: 'caja-01',
    terminal_id: terminalId,
    note: 'Cierre revisado',
  };
}
