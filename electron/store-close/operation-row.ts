// A journaled operation as the store database's view `store_operations` folds it
// (docs/store-database.md): the practice store builds its rows this way, and the tests their
// counters' rows, so neither holds a second copy of the fold.
import type { JournalOperation } from '../../shared/journal-entry';
import type { StoreOperationRow } from '../../shared/store/store-operation';

const BILLING = new Set(['v3.paidAndBilled', 'v2.paidAndBilled']);

/** A journaled operation as the store database's view `store_operations` folds it. */
export function rowOfOperation(
  op: JournalOperation,
  store: string,
  counter: { terminal_id: string; terminal_name: string | null },
  day: string,
): StoreOperationRow {
  const message = op.outcome?.service_message;
  return {
    store,
    mode: op.mode,
    ...counter,
    op_id: op.op_id,
    operation: op.operation,
    status: op.status,
    identity_kind: op.intent.identity?.kind ?? null,
    identity_value: op.intent.identity?.value ?? null,
    funding_code: op.intent.funding_code ?? null,
    cashier_id: op.intent.cashier_id,
    billed_cents: op.intent.billed_cents ?? null,
    collected_cents:
      op.status === 'succeeded' && BILLING.has(op.operation)
        ? (op.intent.to_collect_cents ?? null)
        : null,
    store_day: day,
    started_at: op.started_at,
    resolved_at:
      op.status === 'pending' || op.status === 'unknown' ? null : (op.outcome?.at ?? null),
    service_message:
      message === undefined
        ? null
        : (typeof message === 'string' ? message : JSON.stringify(message)).slice(0, 4096),
  };
}
