// The store close's exceptions (store-close.ts), in the order the supervisor reads them: money a
// drawer holds for a customer, operations without a definite answer, silent counters that had
// work, records the database holds back, and the reconciliation's lines that do not match.
import type { ReconcileLine } from '../domain/reconcile';
import type { CloseException, CounterClose, CounterHold } from './close-record';
import type { CounterFreshness, StoreOperationRow } from './store-operation';

export type ExceptionSources = {
  held: readonly CounterHold[];
  /** The operations that hold the close, oldest first. */
  openRows: readonly StoreOperationRow[];
  /** The silent counters (or marked off) that had work on the day. */
  silent: readonly CounterClose[];
  counters: readonly CounterClose[];
  freshness: ReadonlyMap<string, CounterFreshness>;
  lines: readonly ReconcileLine[];
};

export function closeExceptions(from: ExceptionSources): CloseException[] {
  return [
    // Cash in a drawer that is a customer's: first, whatever else the close says.
    ...from.held.map(heldException),
    ...from.openRows.map(openException),
    ...from.silent.map((c) => silentException(c, from.freshness.get(c.terminal_id))),
    // A record the database holds back: the counter's later lines, or some of them, are not here.
    ...from.counters.flatMap((c) => recordHeldExceptions(c, from.freshness.get(c.terminal_id))),
    // Pending lines are the open operations above, listed once there with their counter.
    ...from.lines.flatMap(reconcileExceptions),
  ];
}

export function heldException({ terminal_id, hold }: CounterHold): CloseException {
  return {
    kind: 'held',
    terminal_id,
    hold_id: hold.hold_id,
    cashier_id: hold.cashier_id,
    identity: hold.identity?.value ?? null,
    funding_code: hold.funding_code,
    amount_cents: hold.amount_cents,
    held_at: hold.held_at,
    reason: (hold.reason.message ?? hold.reason.category).slice(0, 500),
  };
}

export function openException(row: StoreOperationRow): CloseException {
  return {
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
  };
}

export function silentException(
  c: CounterClose,
  fresh: CounterFreshness | undefined,
): CloseException {
  return {
    kind: 'silent',
    terminal_id: c.terminal_id,
    last_line_at: c.last_line_at,
    last_seen_at: c.last_seen_at,
    open_operations: fresh?.reported_open ?? null,
    waiting_lines: fresh?.waiting_lines ?? null,
    ...(c.marked_off ? { marked_off: c.marked_off } : {}),
  };
}

export function recordHeldExceptions(
  c: CounterClose,
  fresh: CounterFreshness | undefined,
): CloseException[] {
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
}

export function reconcileExceptions(line: ReconcileLine): CloseException[] {
  return line.status === 'missing' || line.status === 'extra' || line.status === 'amount-differs'
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
    : [];
}
