// The store's day close (docs/store-close.md, docs/decisions.md "The store's day close"): the
// service's day summary for the store day against every counter's operations from the store
// database, with each counter's figures and freshness, the exceptions first. Pure: the main
// process reads the summary and the database, this decides what they say.
import { centsFromWire } from '../domain/money';
import {
  countByStatus,
  fromStoreRow,
  type ReconcileLine,
  reconcileOperations,
} from '../domain/reconcile';
import { closeDayOf, counterClose, undoneCodesOf } from './close-counters';
import { closeExceptions } from './close-exceptions';
import { silentWithWork } from './close-freshness';
import { BILLING, holdsClose, isMoney, isOpen, storeDayOf } from './close-operations';
import { CLOSE_FORMAT, type CloseContent, type CounterClose } from './close-record';
import type { StoreCloseInput } from './store-close-input';
import type { StoreOperationRow } from './store-operation';

// Its steps, each in a file of its own: what an operation is to the close (close-operations.ts),
// how current each counter is (close-freshness.ts), each counter's line (close-counters.ts) and
// the exceptions (close-exceptions.ts). What other modules read of them is exported here too.
export { STALE_AFTER_MS } from './close-freshness';
export { holdsClose, isMoney, isOpen, storeDayOf } from './close-operations';
export type { StoreCloseInput } from './store-close-input';

export type StoreCloseRefusal =
  | { reason: 'open-operations'; count: number }
  /** The store day has not ended in the store's time zone (`today` is the store's day now). */
  | { reason: 'day-not-ended'; today: string };

export type StoreClose = {
  content: CloseContent;
  /** Why "Cerrar el día de la tienda" is refused now; null when it may be closed. */
  refusal: StoreCloseRefusal | null;
};

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

export function buildStoreClose(input: StoreCloseInput): StoreClose {
  const day = closeDayOf(input);
  const { rows, freshness, held } = day;
  // Across counters, by balance, never by two counters' clocks (shared/domain/reconcile.ts).
  const across = { before: input.codesBefore ?? [] };
  const undone = undoneCodesOf(rows, across);
  const counters = day.ids.map((terminal_id) => counterClose(terminal_id, day, undone, input));
  const silent = counters.filter((c) => silentWithWork(c, freshness.get(c.terminal_id), input));

  const lines = reconcileOperations(
    input.summary.order_detail ?? [],
    rows.map(fromStoreRow),
    across,
  );
  const openRows = rows
    .filter(holdsClose)
    .sort((a, b) => a.started_at.localeCompare(b.started_at) || a.op_id.localeCompare(b.op_id));
  const exceptions = closeExceptions({ held, openRows, silent, counters, freshness, lines });
  const content = closeContent(input, { rows, counters, openRows, lines, exceptions });
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

/** The close's content: the service's summary, the totals of every counter, the counts, the lines. */
function closeContent(
  input: StoreCloseInput,
  {
    rows,
    counters,
    openRows,
    lines,
    exceptions,
  }: {
    rows: readonly StoreOperationRow[];
    counters: CounterClose[];
    openRows: readonly StoreOperationRow[];
    lines: readonly ReconcileLine[];
    exceptions: CloseContent['exceptions'];
  },
): CloseContent {
  const counts = countByStatus(lines);
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
  return content;
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
