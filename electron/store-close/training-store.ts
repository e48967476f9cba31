// The practice store database (docs/decisions.md "A practice store database for the training
// store close"): what the store close reads in training mode when a store case of the training
// catalogue is on and no store database is set. A store of three counters: this terminal, whose
// rows are its own training journal since the last practice reset (so what the trainee does at the
// counter shows under its name), and two simulated counters, Caja 2 and Caja 3, whose operations
// are the catalogue's seeded billings of the day (the mock bills them at its seed, so the close
// balances against the mock's day summary). Caja 3 is cut off: it lost the database while its
// sale of the case's code (which the service billed) waited for the service's answer, so the
// database holds that sale without an answer and Caja 3 went silent (it said so at its last
// call). As in a store, only Caja 3's return brings the answer: the class reconnects it
// (`reconnect`, issue 35 item 3) and the day can then close. Rows in the very shape the store
// database's view gives (StoreOperationRow), so the same close code and screen show them.
import { randomUUID } from 'node:crypto';
import type { PracticeStoreCase } from '../../shared/api/trainer';
import type { Identity } from '../../shared/domain/identity';
import type { JournalOperation } from '../../shared/journal-entry';
import type { CounterHold } from '../../shared/store/close-record';
import { STALE_AFTER_MS, storeDayOf } from '../../shared/store/store-close';
import type { CounterFreshness, StoreOperationRow } from '../../shared/store/store-operation';
import type { HeadOfficeSource } from '../head-office/head-office-source';
import { heldMoney } from '../ipc/workflows/held-money';
import type { Journal } from '../journal/journal';
import type { StoreCloseDatabase } from './close-database';
import { memoryCloses } from './memory-closes';
import { rowOfOperation } from './operation-row';
import { practiceChain } from './practice-chain';

/** A billing the catalogue's seed makes, as a counter would have recorded it. */
export type PracticeBilling = {
  code: string;
  identity: Identity;
  billed_cents: number;
  /** Every in-store payment of the loan: what the day summary counts as paid in store. */
  collected_cents: number;
  /** The cut-off counter's sale that waited for the service's answer when it lost the database. */
  after_cut_off: boolean;
};

export type TrainingStoreOptions = {
  /**
   * The training store as of now (electron/store-link/training-store-id.ts): it follows the
   * store's client id, so the close asks for the store it reads here.
   */
  store: () => Promise<string>;
  clock: () => Date;
  settings: {
    get(): { time_zone: string; terminal_name: string | null; store_name?: string };
    terminalId(): Promise<string>;
  };
  journal: Pick<Journal, 'operations' | 'latestOfOperation' | 'refusedWithMoneyHeld'>;
  seeded: (now: Date) => PracticeBilling[];
};

export type TrainingStore = {
  /** The practice store database while a store case is on; null otherwise. */
  database(): StoreCloseDatabase | null;
  /** The store case that is on (so a reloaded screen can say what to look for); null if none. */
  storeCase(): PracticeStoreCase | null;
  /** Turns a store case on, its simulated counters as of now (a new story), or off (null). */
  use(storeCase: PracticeStoreCase | null): Promise<void>;
  /**
   * The cut-off counter comes back on the database: the answer its sale waited for arrives with
   * its lines, and it is current again. False when no store case is on.
   */
  reconnect(): boolean;
  /** The practice reset: the case off and its close forgotten. */
  reset(): void;
  /**
   * Head office's practice chain while a store case is on (practice-chain.ts): this practice
   * store and two more; null otherwise.
   */
  chain(): HeadOfficeSource | null;
};

const MODE = 'training';
/** The simulated counters: ids no real terminal has (theirs are CAJA0001…), the names a class uses. */
const CAJA_2 = { terminal_id: 'PRACTICA-2', terminal_name: 'Caja 2', cashier_id: 'CAJERO-2' };
const CAJA_3 = { terminal_id: 'PRACTICA-3', terminal_name: 'Caja 3', cashier_id: 'CAJERO-3' };
/** How long before the practice began the simulated counters' morning starts. */
const MORNING_MS = 60 * 60_000;

type Story = {
  rows: StoreOperationRow[];
  /** When Caja 3 came back (the class reconnected it); null while it is cut off. */
  reconnectedAt: string | null;
  /** Caja 2's last line; Caja 3's last line and last contact (the cut-off). */
  caja2LastLine: string | null;
  cutOffAt: string;
  cutOffSeenAt: string;
  /** The lines Caja 3 said were waiting at its last call: its later sales and its doubt. */
  waitingLines: number;
};

/** The store day's operations of this terminal since the last practice reset. */
async function practiceOperations(
  journal: TrainingStoreOptions['journal'],
  day: string,
  timeZone: string,
): Promise<JournalOperation[]> {
  const [reset] = await journal.latestOfOperation('training.reset', 1);
  // By journal order, as F6 does (journal-handlers): a clock set back cannot mix the classes.
  const since = reset?.intent.seq ?? null;
  const operations = await journal.operations({ day, timeZone, mode: MODE });
  return operations.filter(
    (op) => op.operation !== 'training.reset' && (since === null || op.intent.seq > since),
  );
}

/**
 * The simulated counters' day, told in the hour before the practice at this counter began (or
 * less, from the store day's start): the seeded billings shared by Caja 2 and Caja 3, then Caja
 * 3's cut-off, then its later sales. Before anything this terminal did since the reset, so an
 * undo here of a seeded sale comes after its billing, as it would in a store.
 */
function tellStory(
  options: TrainingStoreOptions,
  store: string,
  now: Date,
  began: Date,
  timeZone: string,
): Story {
  const day = storeDayOf(began.toISOString(), timeZone);
  let span = MORNING_MS;
  while (
    span > 60_000 &&
    storeDayOf(new Date(began.getTime() - span).toISOString(), timeZone) !== day
  )
    span /= 2;
  const billings = options.seeded(now);
  const before = billings.filter((b) => !b.after_cut_off);
  const after = billings.filter((b) => b.after_cut_off);
  const slots = before.length + after.length + 2;
  const at = (slot: number) => new Date(began.getTime() - span + (span * (slot + 1)) / slots);
  const rows = before.map((billing, i): StoreOperationRow => {
    const counter = i % 2 === 0 ? CAJA_2 : CAJA_3;
    const started = at(i);
    return {
      store,
      mode: MODE,
      terminal_id: counter.terminal_id,
      terminal_name: counter.terminal_name,
      op_id: randomUUID(),
      operation: 'v3.paidAndBilled',
      status: 'succeeded',
      identity_kind: billing.identity.kind,
      identity_value: billing.identity.value,
      funding_code: billing.code,
      cashier_id: counter.cashier_id,
      billed_cents: billing.billed_cents,
      collected_cents: billing.collected_cents,
      store_day: storeDayOf(started.toISOString(), timeZone),
      started_at: started.toISOString(),
      resolved_at: new Date(started.getTime() + 1_000).toISOString(),
      service_message: null,
    };
  });
  const cutOff = at(before.length);
  // Caja 3's sales waiting for the service's answer when it lost the database (`after`): the
  // service billed them, the database holds their intent and no answer.
  const waiting = after.map((billing): StoreOperationRow => {
    const started = new Date(cutOff.getTime() - 1_000);
    return {
      store,
      mode: MODE,
      terminal_id: CAJA_3.terminal_id,
      terminal_name: CAJA_3.terminal_name,
      op_id: randomUUID(),
      operation: 'v3.paidAndBilled',
      status: 'pending',
      identity_kind: billing.identity.kind,
      identity_value: billing.identity.value,
      funding_code: billing.code,
      cashier_id: CAJA_3.cashier_id,
      billed_cents: billing.billed_cents,
      collected_cents: null,
      to_collect_cents: billing.collected_cents,
      store_day: storeDayOf(started.toISOString(), timeZone),
      started_at: started.toISOString(),
      resolved_at: null,
      service_message: null,
    };
  });
  const lastOf = (id: string) =>
    rows.filter((r) => r.terminal_id === id).at(-1)?.resolved_at ?? null;
  return {
    rows: [...rows, ...waiting],
    reconnectedAt: null,
    caja2LastLine: lastOf(CAJA_2.terminal_id),
    cutOffAt: cutOff.toISOString(),
    // Not seen since: longer than the database's 30 s before any moment it is read.
    cutOffSeenAt: new Date(
      Math.min(cutOff.getTime(), now.getTime() - STALE_AFTER_MS - 60_000),
    ).toISOString(),
    // Each waiting sale's outcome, written when the answer comes.
    waitingLines: after.length,
  };
}

export function openTrainingStore(options: TrainingStoreOptions): TrainingStore {
  const { clock, settings, journal } = options;
  let story: Story | null = null;
  let onCase: PracticeStoreCase | null = null;
  const closes = memoryCloses(clock);
  /** The store asked for when it is the training store now, else null (nothing of ours). */
  const ours = async (q: { store: string; mode: string }) => {
    const store = await options.store();
    return q.store === store && q.mode === MODE ? store : null;
  };
  // This terminal beside the simulated Caja 2 and Caja 3: Caja 1 until a supervisor names it, so
  // the class reads three counters by name, never an id such as 8ADB9U (issue 35 item 15).
  const thisCounter = async () => ({
    terminal_id: await settings.terminalId(),
    terminal_name: settings.get().terminal_name ?? 'Caja 1',
  });

  const db: StoreCloseDatabase = {
    readStoreDay: async (q) => {
      const store = story ? await ours(q) : null;
      if (!story || store === null) return [];
      const counter = await thisCounter();
      const mine = await practiceOperations(journal, q.day, settings.get().time_zone);
      return [
        ...story.rows.filter((r) => r.store_day === q.day).map((r) => ({ ...r, store })),
        ...mine.map((op) => rowOfOperation(op, store, counter, q.day)),
      ];
    },
    readFreshness: async (q) => {
      const store = story ? await ours(q) : null;
      if (!story || store === null) return [];
      const now = clock().toISOString();
      const counter = await thisCounter();
      const base = { store, mode: MODE, app_version: null, open_operations: 0 } as const;
      const caja3Rows = story.rows.filter((r) => r.terminal_id === CAJA_3.terminal_id);
      const freshness: CounterFreshness[] = [
        // This terminal is in process: every line of it is in, as of now.
        { ...base, ...counter, last_seq: 1, last_line_at: now, last_seen_at: now },
        {
          ...base,
          terminal_id: CAJA_2.terminal_id,
          terminal_name: CAJA_2.terminal_name,
          last_seq: story.caja2LastLine ? 1 : 0,
          last_line_at: story.caja2LastLine,
          last_seen_at: now,
        },
        story.reconnectedAt
          ? {
              ...base,
              terminal_id: CAJA_3.terminal_id,
              terminal_name: CAJA_3.terminal_name,
              last_seq: caja3Rows.length * 2,
              last_line_at: story.reconnectedAt,
              last_seen_at: now,
              standing: 'current',
              reported_open: 0,
              waiting_lines: 0,
            }
          : {
              ...base,
              terminal_id: CAJA_3.terminal_id,
              terminal_name: CAJA_3.terminal_name,
              last_seq: caja3Rows.length * 2,
              last_line_at: story.cutOffAt,
              last_seen_at: story.cutOffSeenAt,
              open_operations: caja3Rows.filter((r) => r.status === 'pending').length,
              // Silent by the database's standing, and at its last call it said it held a
              // paid-and-billed without an answer and a line not yet sent: the close waits for
              // its return (issue 35 item 3).
              standing: 'silent',
              reported_open: caja3Rows.filter((r) => r.status === 'pending').length,
              waiting_lines: story.waitingLines,
            },
      ];
      return freshness;
    },
    readHeld: async (q) => {
      if (!story || (await ours(q)) === null) return [];
      const { terminal_id } = await thisCounter();
      const { time_zone } = settings.get();
      // Refused on or before the day and still held now, as the database's fold reads them.
      return (await heldMoney(journal, MODE))
        .filter((hold) => storeDayOf(hold.held_at, time_zone) <= q.day)
        .map((hold): CounterHold => ({ terminal_id, hold }));
    },
    readClose: async (q) => (story ? closes.readClose(q) : null),
    closeDay: closes.closeDay,
  };

  const chain = practiceChain({
    clock,
    own: async () =>
      story
        ? {
            store: await options.store(),
            name: settings.get().store_name?.trim() || 'Tienda de práctica',
            region: 'Lima',
            timeZone: settings.get().time_zone,
            db,
          }
        : null,
  });

  return {
    database: () => (story ? db : null),
    chain: () => (story ? chain : null),
    storeCase: () => (story ? onCase : null),
    use: async (storeCase) => {
      closes.clear();
      onCase = storeCase;
      if (storeCase === null) {
        story = null;
        return;
      }
      const now = clock();
      const timeZone = settings.get().time_zone;
      const day = storeDayOf(now.toISOString(), timeZone);
      const [first] = await practiceOperations(journal, day, timeZone);
      const began =
        first && Date.parse(first.started_at) < now.getTime() ? new Date(first.started_at) : now;
      story = tellStory(options, await options.store(), now, began, timeZone);
    },
    reconnect: () => {
      if (!story) return false;
      if (story.reconnectedAt) return true;
      const now = clock().toISOString();
      story.reconnectedAt = now;
      // Its retry got the service's answer: billed, as the service's summary says.
      story.rows = story.rows.map((row) =>
        row.status === 'pending'
          ? {
              ...row,
              status: 'succeeded',
              resolved_at: now,
              collected_cents: row.to_collect_cents ?? null,
              to_collect_cents: undefined,
            }
          : row,
      );
      return true;
    },
    reset: () => {
      story = null;
      onCase = null;
      closes.clear();
    },
  };
}
