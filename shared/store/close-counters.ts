// Each counter's line of the store close (store-close.ts): the day's operations by counter, the
// counters in the order people call them, which billings' codes were undone and where, and what
// each counter billed, undid, collected and holds, with its cashiers and how current its data is.
import { type AcrossCounters, fromStoreRow, undoneCollections } from '../domain/reconcile';
import { freshnessOf } from './close-freshness';
import { BILLING, holdsClose, isMoney, UNDO } from './close-operations';
import type { CounterClose, CounterHold } from './close-record';
import type { StoreCloseInput } from './store-close-input';
import type { CounterFreshness, StoreOperationRow } from './store-operation';

/** The store day the close reads: this store's, mode's and day's operations, by counter. */
export type CloseDay = {
  rows: StoreOperationRow[];
  byCounter: Map<string, StoreOperationRow[]>;
  freshness: Map<string, CounterFreshness>;
  /** The money held for refused sales in this mode, by counter as people call them, then oldest first. */
  held: CounterHold[];
  /** Every counter with operations, a freshness or money held, in the order people call them. */
  ids: string[];
};

/** A customer's code: their pseudonym (the same once masked), else their identity, and the code. */
const customerCode = (row: StoreOperationRow) =>
  `${row.identity_ref ?? row.identity_value ?? ''}\u0000${row.funding_code ?? ''}`;

export function closeDayOf(input: StoreCloseInput): CloseDay {
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
  const ids = [
    ...new Set([...byCounter.keys(), ...freshness.keys(), ...held.map((h) => h.terminal_id)]),
  ].sort((a, b) => nameOf(a).localeCompare(nameOf(b), 'es', { numeric: true }) || (a < b ? -1 : 1));
  return { rows, byCounter, freshness, held, ids };
}

export type UndoneCodes = {
  /** The billings whose code was undone by the end of the day (their op_id). */
  setApart: Set<string>;
  /** Where each customer's code was undone that day: the counters of its undos. */
  undoneWhere: Map<string, Set<string>>;
};

export function undoneCodesOf(
  rows: readonly StoreOperationRow[],
  across: AcrossCounters,
): UndoneCodes {
  // Billings undone by the end of the day, at whichever counter the undo was made: what they
  // collected stays in the drawer of the counter that collected it.
  // Across counters, by balance, never by two counters' clocks (shared/domain/reconcile.ts).
  const setApart = undoneCollections(rows.map(fromStoreRow), across);
  // Where each customer's code was undone that day: the counters of its undos.
  const undoneWhere = new Map<string, Set<string>>();
  for (const row of rows) {
    if (!UNDO.has(row.operation) || row.status !== 'succeeded') continue;
    const key = customerCode(row);
    undoneWhere.set(key, (undoneWhere.get(key) ?? new Set()).add(row.terminal_id));
  }
  return { setApart, undoneWhere };
}

/** Each cashier who sold or undid at a counter, with what they billed and collected there. */
function byCashier(
  money: readonly StoreOperationRow[],
  cashiers: readonly string[],
): NonNullable<CounterClose['by_cashier']> {
  return cashiers.map((cashier_id) => {
    const sold = money.filter(
      (row) =>
        row.cashier_id === cashier_id && BILLING.has(row.operation) && row.status === 'succeeded',
    );
    return {
      cashier_id,
      billed: sold.length,
      collected_cents: sold.reduce((n, row) => n + (row.collected_cents ?? 0), 0),
    };
  });
}

export function counterClose(
  terminal_id: string,
  day: CloseDay,
  { setApart, undoneWhere }: UndoneCodes,
  input: StoreCloseInput,
): CounterClose {
  const own = day.byCounter.get(terminal_id) ?? [];
  const fresh = day.freshness.get(terminal_id);
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
    held_cents: day.held
      .filter((h) => h.terminal_id === terminal_id)
      .reduce((n, h) => n + h.hold.amount_cents, 0),
    open,
    operations: own.length,
    cashiers,
    by_cashier: byCashier(money, cashiers),
    ...freshnessOf(fresh, input),
    app_version: fresh?.app_version ?? null,
  };
}
