// Balancing the drawer: what this terminal's journal says it billed on a day, against the
// service's day summary. The summary names customers by identity (its `dni` column carries the
// RUC for companies) and loans by order id, never by funding code, so the identity is the key;
// the funding code comes from the journal where it knows it.
import type { DaySummaryRow } from '../api/in-store';
import type { JournalOperation } from '../journal-entry';
import { centsFromWire } from './money';

export type ReconcileStatus = 'pending' | 'missing' | 'extra' | 'amount-differs' | 'matched';

export type ReconcileLine = {
  status: ReconcileStatus;
  identity: string;
  fundingCode: string | null;
  orderIds: string[];
  /** What this terminal recorded as collected in store, when its journal knows it. */
  journalCollected: number | null;
  /** Payments the summary lists as made in the store (`external`). */
  summaryInStore: number;
  opIds: string[];
  /**
   * Pending because of an undo billing without an answer (and no billing in doubt): the terminal
   * does not call an undo again by itself (docs/decisions.md "Undo billing is not retried"), so
   * the screen says what to do instead of "the terminal retries".
   */
  pendingUndo?: true;
};

/** Attention first: what may still move, then what does not balance, then what does. */
export const STATUS_ORDER: readonly ReconcileStatus[] = [
  'pending',
  'missing',
  'extra',
  'amount-differs',
  'matched',
];

const BILLING = new Set(['v3.paidAndBilled', 'v2.paidAndBilled']);
const UNDO = new Set(['v3.undoBilling', 'v2.undoBilling']);

type JournalState = {
  identity: string;
  fundingCode: string | null;
  billed: boolean;
  open: boolean;
  openBilling: boolean;
  openUndo: boolean;
  /** Billings that took effect, what they collected, and whether every amount is known. */
  billings: number;
  collected: number;
  amountsKnown: boolean;
  /** What an unresolved paid-and-billed is collecting, shown while it is pending. */
  openCollect: number | null;
  opIds: string[];
};

function collectedOf(op: JournalOperation): number | null {
  if (op.intent.to_collect_cents !== undefined) return op.intent.to_collect_cents;
  const result = op.outcome?.result;
  if (result && typeof result === 'object' && !Array.isArray(result)) {
    const value = (result as Record<string, unknown>).collected_cents;
    if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  }
  return null;
}

function foldJournal(operations: readonly JournalOperation[]): Map<string, JournalState> {
  const byIdentity = new Map<string, JournalState>();
  const relevant = operations
    .filter((op) => (BILLING.has(op.operation) || UNDO.has(op.operation)) && op.intent.identity)
    .sort((a, b) => Date.parse(a.started_at) - Date.parse(b.started_at));
  for (const op of relevant) {
    const identity = op.intent.identity?.value ?? '';
    const state = byIdentity.get(identity) ?? {
      identity,
      fundingCode: null,
      billed: false,
      open: false,
      openBilling: false,
      openUndo: false,
      billings: 0,
      collected: 0,
      amountsKnown: true,
      openCollect: null,
      opIds: [],
    };
    state.fundingCode = op.intent.funding_code ?? state.fundingCode;
    state.opIds.push(op.op_id);
    if (op.status === 'pending' || op.status === 'unknown') {
      state.open = true;
      if (BILLING.has(op.operation)) {
        state.openBilling = true;
        state.openCollect = collectedOf(op);
      } else {
        state.openUndo = true;
      }
    } else if (op.status === 'succeeded') {
      if (BILLING.has(op.operation)) {
        // Only the first paid-and-billed of a billing has effect; a repeat adds nothing.
        if (!state.billed) {
          const collected = collectedOf(op);
          state.billings += 1;
          if (collected === null) state.amountsKnown = false;
          else state.collected += collected;
        }
        state.billed = true;
      } else {
        state.billed = false;
      }
    }
    byIdentity.set(identity, state);
  }
  return byIdentity;
}

type SummaryState = { orderIds: Set<string>; inStore: number };

function foldSummary(rows: readonly DaySummaryRow[]): Map<string, SummaryState> {
  const byIdentity = new Map<string, SummaryState>();
  for (const row of rows) {
    const state = byIdentity.get(row.dni) ?? { orderIds: new Set<string>(), inStore: 0 };
    state.orderIds.add(row.order_id);
    if (row.payment_origin === 'external') state.inStore += centsFromWire(row.amount) ?? 0;
    byIdentity.set(row.dni, state);
  }
  return byIdentity;
}

/**
 * Lines for every customer either side knows about on that day, attention first. A customer
 * billed and then undone by this terminal, and absent from the summary, balances and is omitted.
 */
export function reconcile(
  rows: readonly DaySummaryRow[],
  operations: readonly JournalOperation[],
): ReconcileLine[] {
  const journal = foldJournal(operations);
  const summary = foldSummary(rows);
  const lines: ReconcileLine[] = [];
  for (const state of journal.values()) {
    const inSummary = summary.get(state.identity);
    const collected =
      state.billings > 0
        ? state.amountsKnown
          ? state.collected
          : null
        : state.open
          ? state.openCollect
          : null;
    let status: ReconcileStatus | null;
    if (state.open) status = 'pending';
    else if (state.billed && !inSummary) status = 'missing';
    else if (!state.billed && inSummary) status = 'extra';
    else if (state.billed && inSummary) {
      status = collected !== null && collected !== inSummary.inStore ? 'amount-differs' : 'matched';
    } else status = null;
    if (status === null) continue;
    lines.push({
      status,
      identity: state.identity,
      fundingCode: state.fundingCode,
      orderIds: inSummary ? [...inSummary.orderIds] : [],
      journalCollected: collected,
      summaryInStore: inSummary?.inStore ?? 0,
      opIds: state.opIds,
      ...(status === 'pending' && state.openUndo && !state.openBilling
        ? { pendingUndo: true as const }
        : {}),
    });
  }
  for (const [identity, state] of summary) {
    if (journal.has(identity)) continue;
    lines.push({
      status: 'extra',
      identity,
      fundingCode: null,
      orderIds: [...state.orderIds],
      journalCollected: null,
      summaryInStore: state.inStore,
      opIds: [],
    });
  }
  return lines.sort(
    (a, b) =>
      STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status) ||
      a.identity.localeCompare(b.identity),
  );
}

export function countByStatus(lines: readonly ReconcileLine[]): Record<ReconcileStatus, number> {
  const counts: Record<ReconcileStatus, number> = {
    pending: 0,
    missing: 0,
    extra: 0,
    'amount-differs': 0,
    matched: 0,
  };
  for (const line of lines) counts[line.status] += 1;
  return counts;
}
