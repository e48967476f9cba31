// The store's day close (docs/store-close.md, docs/decisions.md "The store's day close"): the
// service's day summary for the store day against every counter's operations from the store
// database, with each counter's figures and freshness, the exceptions first. Pure: the main
// process reads the summary and the database, this decides what they say.
import type { DaySummary } from '../api/in-store';
import { centsFromWire } from '../domain/money';
import {
  type CodeBalance,
  countByStatus,
  fromStoreRow,
  reconcileOperations,
  undoneCollections,
} from '../domain/reconcile';
import { dayInZone } from '../domain/store-time';
import { traitsOf } from '../journal-entry';
import {
  CLOSE_FORMAT,
  type CloseContent,
  type CloseException,
  type CounterClose,
  type CounterHold,
  type FreshnessKind,
  type MarkedOff,
} from './close-record';
import type { CounterFreshness, StoreOperationRow } from './store-operation';

/**
 * How long a counter may go without a signed call before it is silent, where the database's
 * standing was not read (the view `store_counters` uses the same 30 s, by its clock).
 */
export const STALE_AFTER_MS = 30_000;

export type StoreCloseInput = {
  store: string;
  mode: StoreOperationRow['mode'];
  day: string;
  timeZone: string;
  /** Now, by the clock the figures are read with. */
  now: string;
  summary: DaySummary;
  /** Every counter's operations of the store day (`store_operations`, this store and mode). */
  rows: readonly StoreOperationRow[];
  /** Every counter of this store and mode the database knows. */
  freshness: readonly CounterFreshness[];
  /** The money each counter still holds for refused sales (electron/ipc/workflows/held-money.ts). */
  held?: readonly CounterHold[];
  /**
   * Each customer's code of the day as the database held it before the day: billings minus
   * undos that succeeded at every counter (none where there is no earlier day to read).
   */
  codesBefore?: readonly CodeBalance[];
  staleAfterMs?: number;
  /**
   * The practice store of the training catalogue (no database): the class closes the day it
   * practised, so its day counts as ended. A store database's day never does before it ends.
   */
  practice?: boolean;
};

export type StoreCloseRefusal =
  | { reason: 'open-operations'; count: number }
  /** The store day has not ended in the store's time zone (`today` is the store's day now). */
  | { reason: 'day-not-ended'; today: string };

export type StoreClose = {
  content: CloseContent;
  /** Why "Cerrar el día de la tienda" is refused now; null when it may be closed. */
  refusal: StoreCloseRefusal | null;
};

const BILLING = new Set(['v3.paidAndBilled', 'v2.paidAndBilled']);
const UNDO = new Set(['v3.undoBilling', 'v2.undoBilling']);

/** A sale or an undo: what the close's figures count (a Verify or a day summary moves no money). */
export function isMoney(row: Pick<StoreOperationRow, 'operation'>): boolean {
  return BILLING.has(row.operation) || UNDO.has(row.operation);
}

export function isOpen(row: Pick<StoreOperationRow, 'status'>): boolean {
  return row.status === 'pending' || row.status === 'unknown';
}

/**
 * An operation of the day that holds the close: no definite answer, and it may have changed
 * something at the service (a sale, an undo, a refund, an order). A Verify, an Info or a day
 * summary still without its answer changes nothing, and the close's own day summary call is one
 * of them until its outcome reaches the database (docs/decisions.md "Store close: pools and
 * waits").
 */
export function holdsClose(row: Pick<StoreOperationRow, 'status' | 'operation'>): boolean {
  return isOpen(row) && !traitsOf(row.operation).read;
}

/** The store's calendar day of an instant (`YYYY-MM-DD`). */
export function storeDayOf(iso: string, timeZone: string): string {
  return dayInZone(new Date(iso), timeZone);
}

function standingOf(
  fresh: CounterFreshness,
  input: StoreCloseInput,
): NonNullable<CounterFreshness['standing']> {
  // Marked off for another day: for this one it is silent still.
  if (fresh.standing === 'off' && fresh.off_day && fresh.off_day !== input.day) return 'silent';
  if (fresh.standing) return fresh.standing;
  const seen = fresh.last_seen_at === null ? Number.NaN : Date.parse(fresh.last_seen_at);
  return Date.parse(input.now) - seen <= (input.staleAfterMs ?? STALE_AFTER_MS)
    ? 'current'
    : 'silent';
}

/**
 * Who marked the counter off for this day, as the database holds it: only while the mark stands
 * (standing `off`, no call since) and is of this day. The database checks the record says the
 * same (migration 0109).
 */
function markedOffOf(
  fresh: CounterFreshness | undefined,
  input: StoreCloseInput,
): MarkedOff | undefined {
  if (fresh?.standing !== 'off' || fresh.off_day !== input.day) return undefined;
  if (!fresh.off_by || !fresh.off_at) return undefined;
  return {
    supervisor: fresh.off_by,
    at: fresh.off_at,
    by_terminal_id: fresh.off_marked_by ?? null,
    by_terminal_name: fresh.off_marked_by_name ?? null,
  };
}

function freshnessOf(
  fresh: CounterFreshness | undefined,
  input: StoreCloseInput,
): {
  freshness: FreshnessKind;
  last_line_at: string | null;
  last_seen_at: string | null;
  marked_off?: MarkedOff;
} {
  if (!fresh || fresh.last_seq === 0 || fresh.last_line_at === null) {
    return { freshness: 'never', last_line_at: null, last_seen_at: fresh?.last_seen_at ?? null };
  }
  const { last_line_at, last_seen_at } = fresh;
  const marked_off = markedOffOf(fresh, input);
  const mark = marked_off ? { marked_off } : {};
  // Lines reach the database in journal order: one from a later day means the whole day is in.
  if (storeDayOf(last_line_at, input.timeZone) > input.day) {
    return { freshness: 'complete', last_line_at, last_seen_at, ...mark };
  }
  return { freshness: standingOf(fresh, input), last_line_at, last_seen_at, ...mark };
}

/**
 * A silent counter, or one marked off for the day, that had work on the day: lines of that day,
 * operations it reported open at its last call, or that last call during the day. Marking a
 * counter off ends the question at the other counters; what it did after its last data is still
 * missing from the close, so it stays an exception the note must name (docs/store-close.md). The
 * database's `store_db_close_day` asks the same (migrations 0103, 0109).
 */
function silentWithWork(
  counter: Pick<CounterClose, 'freshness' | 'operations'>,
  fresh: CounterFreshness | undefined,
  input: StoreCloseInput,
): boolean {
  if (counter.freshness !== 'silent' && counter.freshness !== 'off') return false;
  if (counter.operations > 0) return true;
  if ((fresh?.reported_open ?? 0) > 0) return true;
  return fresh?.last_seen_at ? storeDayOf(fresh.last_seen_at, input.timeZone) === input.day : false;
}

/** Whether the note names a counter, by its name or its id, as a whole word (any case). */
export function noteNames(
  note: string | null,
  counter: Pick<CounterClose, 'terminal_id' | 'terminal_name'>,
): boolean {
  if (!note) return false;
  const word = (name: string) =>
    new RegExp(
      `(^|[^\\p{L}\\p{N}])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}])`,
      'iu',
    ).test(note);
  return word(counter.terminal_id) || (counter.terminal_name ? word(counter.terminal_name) : false);
}

/** The silent counters with work that the note does not name (their labels): the close waits. */
export function silentNotNamed(content: CloseContent, note: string | null): string[] {
  return content.exceptions.flatMap((e) => {
    if (e.kind !== 'silent') return [];
    const counter = content.counters.find((c) => c.terminal_id === e.terminal_id) ?? {
      terminal_id: e.terminal_id,
      terminal_name: null,
    };
    return noteNames(note?.trim() || null, counter)
      ? []
      : [counter.terminal_name ?? counter.terminal_id];
  });
}

function wireCents(value: number): number | null {
  return centsFromWire(value);
}

/** A customer's code: their pseudonym (the same once masked), else their identity, and the code. */
const customerCode = (row: StoreOperationRow) =>
  `${row.identity_ref ?? row.identity_value ?? ''}\u0000${row.funding_code ?? ''}`;

export function buildStoreClose(input: StoreCloseInput): StoreClose {
  const rows = input.rows.filter(
    (row) => row.store === input.store && row.mode === input.mode && row.store_day === input.day,
  );
  const byCounter = new Map<string, StoreOperationRow[]>();
  for (const row of rows) {
    const list = byCounter.get(row.terminal_id) ?? [];
    list.push(row);
    byCounter.set(row.terminal_id, list);
  }
  const freshness = new Map(
    input.freshness
      .filter((f) => f.store === input.store && f.mode === input.mode)
      .map((f) => [f.terminal_id, f]),
  );
  // Counters in the order people call them (Caja 1, Caja 2, … Caja 10), then by id.
  const nameOf = (id: string) =>
    freshness.get(id)?.terminal_name ?? byCounter.get(id)?.[0]?.terminal_name ?? id;
  const held = (input.held ?? [])
    .filter((h) => h.hold.mode === input.mode)
    .slice()
    .sort(
      (a, b) =>
        nameOf(a.terminal_id).localeCompare(nameOf(b.terminal_id), 'es', { numeric: true }) ||
        a.hold.held_at.localeCompare(b.hold.held_at),
    );
  const heldAt = (id: string) =>
    held.filter((h) => h.terminal_id === id).reduce((n, h) => n + h.hold.amount_cents, 0);
  const ids = [
    ...new Set([...byCounter.keys(), ...freshness.keys(), ...held.map((h) => h.terminal_id)]),
  ].sort((a, b) => nameOf(a).localeCompare(nameOf(b), 'es', { numeric: true }) || (a < b ? -1 : 1));

  // Billings undone by the end of the day, at whichever counter the undo was made: what they
  // collected stays in the drawer of the counter that collected it.
  // Across counters, by balance, never by two counters' clocks (shared/domain/reconcile.ts).
  const across = { before: input.codesBefore ?? [] };
  const setApart = undoneCollections(rows.map(fromStoreRow), across);
  // Where each customer's code was undone that day: the counters of its undos.
  const undoneWhere = new Map<string, Set<string>>();
  for (const row of rows) {
    if (!UNDO.has(row.operation) || row.status !== 'succeeded') continue;
    const key = customerCode(row);
    undoneWhere.set(key, (undoneWhere.get(key) ?? new Set()).add(row.terminal_id));
  }
  const counters: CounterClose[] = ids.map((terminal_id) => {
    const own = byCounter.get(terminal_id) ?? [];
    const fresh = freshness.get(terminal_id);
    let billed = 0;
    let undone = 0;
    let refused = 0;
    let collected = 0;
    let undoneCollected = 0;
    let salesUndone = 0;
    const undoneAt = new Set<string>();
    let open = 0;
    for (const row of own) {
      if (holdsClose(row)) open += 1;
      if (BILLING.has(row.operation) && row.status === 'succeeded') {
        billed += 1;
        collected += row.collected_cents ?? 0;
        if (setApart.has(row.op_id)) {
          undoneCollected += row.collected_cents ?? 0;
          salesUndone += 1;
          const key = customerCode(row);
          for (const id of undoneWhere.get(key) ?? []) undoneAt.add(id);
        }
      } else if (UNDO.has(row.operation) && row.status === 'succeeded') undone += 1;
      else if ((BILLING.has(row.operation) || UNDO.has(row.operation)) && row.status === 'refused')
        refused += 1;
    }
    const name =
      fresh?.terminal_name ?? own.find((row) => row.terminal_name !== null)?.terminal_name ?? null;
    // Only who sold or undid at this counter: a cashier who only ran a Verify there holds no
    // money of its drawer.
    const money = own.filter(isMoney);
    const cashiers = [...new Set(money.map((row) => row.cashier_id))].sort();
    return {
      terminal_id,
      terminal_name: name,
      billed,
      undone,
      refused,
      collected_cents: collected,
      undone_collected_cents: undoneCollected,
      sales_undone: salesUndone,
      undone_at: [...undoneAt].sort(),
      held_cents: heldAt(terminal_id),
      open,
      operations: own.length,
      cashiers,
      by_cashier: cashiers.map((cashier_id) => {
        const sold = money.filter(
          (row) =>
            row.cashier_id === cashier_id &&
            BILLING.has(row.operation) &&
            row.status === 'succeeded',
        );
        return {
          cashier_id,
          billed: sold.length,
          collected_cents: sold.reduce((n, row) => n + (row.collected_cents ?? 0), 0),
        };
      }),
      ...freshnessOf(fresh, input),
      app_version: fresh?.app_version ?? null,
    };
  });
  const silent = counters.filter((c) => silentWithWork(c, freshness.get(c.terminal_id), input));

  const lines = reconcileOperations(
    input.summary.order_detail ?? [],
    rows.map(fromStoreRow),
    across,
  );
  const counts = countByStatus(lines);
  const openRows = rows
    .filter(holdsClose)
    .sort((a, b) => a.started_at.localeCompare(b.started_at) || a.op_id.localeCompare(b.op_id));

  const exceptions: CloseException[] = [
    // Cash in a drawer that is a customer's: first, whatever else the close says.
    ...held.map(
      ({ terminal_id, hold }): CloseException => ({
        kind: 'held',
        terminal_id,
        hold_id: hold.hold_id,
        cashier_id: hold.cashier_id,
        identity: hold.identity?.value ?? null,
        funding_code: hold.funding_code,
        amount_cents: hold.amount_cents,
        held_at: hold.held_at,
        reason: (hold.reason.message ?? hold.reason.category).slice(0, 500),
      }),
    ),
    ...openRows.map(
      (row): CloseException => ({
        kind: 'open',
        op_id: row.op_id,
        operation: row.operation,
        status: row.status,
        terminal_id: row.terminal_id,
        cashier_id: row.cashier_id,
        identity: row.identity_value,
        funding_code: row.funding_code,
        // What was billed: an operation without an answer has billed nothing for certain.
        amount_cents: row.billed_cents,
        // The down payment the cashier took before the answer was lost: in the drawer already.
        to_collect_cents: row.to_collect_cents ?? null,
        started_at: row.started_at,
      }),
    ),
    ...silent.map((c): CloseException => {
      const fresh = freshness.get(c.terminal_id);
      return {
        kind: 'silent',
        terminal_id: c.terminal_id,
        last_line_at: c.last_line_at,
        last_seen_at: c.last_seen_at,
        open_operations: fresh?.reported_open ?? null,
        waiting_lines: fresh?.waiting_lines ?? null,
        ...(c.marked_off ? { marked_off: c.marked_off } : {}),
      };
    }),
    // A record the database holds back: the counter's later lines, or some of them, are not here.
    ...counters.flatMap((c): CloseException[] => {
      const fresh = freshness.get(c.terminal_id);
      const conflict = fresh?.conflict_seq ?? null;
      const unreadable = fresh?.unreadable_lines ?? 0;
      return conflict !== null || unreadable > 0
        ? [
            {
              kind: 'record-held',
              terminal_id: c.terminal_id,
              conflict_seq: conflict,
              unreadable_lines: unreadable,
            },
          ]
        : [];
    }),
    // Pending lines are the open operations above, listed once there with their counter.
    ...lines.flatMap((line): CloseException[] =>
      line.status === 'missing' || line.status === 'extra' || line.status === 'amount-differs'
        ? [
            {
              kind: 'reconcile',
              status: line.status,
              identity: line.identity,
              funding_code: line.fundingCode,
              order_ids: line.orderIds,
              counters: line.counters,
              cashiers: line.cashiers,
              counters_cents: line.journalCollected,
              service_cents: line.summaryInStore,
            },
          ]
        : [],
    ),
  ];

  const sum = (pick: (c: CounterClose) => number) => counters.reduce((n, c) => n + pick(c), 0);
  const content: CloseContent = {
    format: CLOSE_FORMAT,
    store: input.store,
    mode: input.mode,
    store_day: input.day,
    time_zone: input.timeZone,
    as_of: input.now,
    service: {
      purchases_cents: wireCents(input.summary.total_purchases),
      in_store_cents: wireCents(input.summary.total_paid_in_store),
      financed_cents: wireCents(input.summary.total_financed),
      rows: input.summary.order_detail?.length ?? 0,
      order_detail: (input.summary.order_detail ?? []).map((r) => ({
        order_id: r.order_id,
        dni: r.dni,
        payment_origin: r.payment_origin,
        amount_cents: wireCents(r.amount),
      })),
    },
    totals: {
      billed: sum((c) => c.billed),
      undone: sum((c) => c.undone),
      refused: sum((c) => c.refused),
      collected_cents: sum((c) => c.collected_cents),
      undone_collected_cents: sum((c) => c.undone_collected_cents ?? 0),
      held_cents: sum((c) => c.held_cents ?? 0),
      open: openRows.length,
      operations: rows.length,
    },
    counts: {
      matched: counts.matched,
      missing: counts.missing,
      extra: counts.extra,
      amount_differs: counts['amount-differs'],
      pending: counts.pending,
    },
    counters,
    exceptions,
    op_ids: rows
      .filter(isMoney)
      .map((row) => row.op_id)
      .sort(),
    closed: null,
  };
  const today = storeDayOf(input.now, input.timeZone);
  return {
    content,
    refusal:
      input.day >= today && !input.practice
        ? { reason: 'day-not-ended', today }
        : openRows.length > 0
          ? { reason: 'open-operations', count: openRows.length }
          : null,
  };
}

export type CloseSignature = {
  supervisor: string;
  cashier_id: string | null;
  terminal_id: string;
  terminal_name: string | null;
  note: string | null;
};

/**
 * The content the close record keeps. Refused (an Error) while something is open; a close with
 * exceptions needs the supervisor's note acknowledging them.
 */
export function sealClose(close: StoreClose, who: CloseSignature): CloseContent {
  if (close.refusal?.reason === 'day-not-ended') throw new Error('the day has not ended');
  if (close.refusal) throw new Error(`${close.refusal.count} operations have no definite answer`);
  const note = who.note?.trim() || null;
  const exceptions = close.content.exceptions.length;
  if (exceptions > 0 && note === null) throw new Error('exceptions need a note');
  const unnamed = silentNotNamed(close.content, note);
  if (unnamed.length > 0) throw new Error(`the note must name ${unnamed.join(', ')}`);
  return {
    ...close.content,
    closed: {
      supervisor: who.supervisor.trim(),
      cashier_id: who.cashier_id,
      terminal_id: who.terminal_id,
      terminal_name: who.terminal_name,
      note,
      exceptions_acknowledged: exceptions,
    },
  };
}

/** Sales and undos of the closed day that reached the database after the close, with their counter. */
export function arrivedAfter(
  closed: CloseContent,
  rows: readonly StoreOperationRow[],
): StoreOperationRow[] {
  const covered = new Set(closed.op_ids);
  return rows
    .filter(
      (row) =>
        row.store === closed.store &&
        row.mode === closed.mode &&
        row.store_day === closed.store_day &&
        isMoney(row) &&
        !covered.has(row.op_id),
    )
    .sort((a, b) => a.started_at.localeCompare(b.started_at));
}

/**
 * What an operation that arrived after the close says, the same on screen and on paper (issue 35
 * item 4): its state (answered by the service, refused, or still without a definite answer) and
 * one amount with what it is: what a billing collected, or the down payment a billing in doubt
 * already put in the drawer. Never the billed amount as if it were paid.
 */
export type ArrivedFacts = {
  state: 'succeeded' | 'refused' | 'open';
  amount: { label: 'collected' | 'in-drawer'; cents: number } | null;
};

export function arrivedFacts(row: StoreOperationRow): ArrivedFacts {
  const state = isOpen(row) ? 'open' : row.status === 'refused' ? 'refused' : 'succeeded';
  if (!BILLING.has(row.operation)) return { state, amount: null };
  if (state === 'succeeded' && row.collected_cents !== null)
    return { state, amount: { label: 'collected', cents: row.collected_cents } };
  if (state === 'open' && row.to_collect_cents != null)
    return { state, amount: { label: 'in-drawer', cents: row.to_collect_cents } };
  return { state, amount: null };
}

/** What a counter is called on the close: its name, else its id. */
export function counterLabel(
  terminalId: string,
  counters: readonly Pick<CounterClose, 'terminal_id' | 'terminal_name'>[],
): string {
  return counters.find((c) => c.terminal_id === terminalId)?.terminal_name ?? terminalId;
}
