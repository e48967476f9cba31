// Balancing the drawer: what this terminal's journal says it billed on a day, against the
// service's day summary. The summary names customers by identity (its `dni` column carries the
// RUC for companies) and loans by order id, never by funding code, so the identity is the key;
// the funding code comes from the journal where it knows it.
//
// One fold serves one terminal's journal (F6) and the whole store's operations from the store
// database (the store's day close, shared/store/store-close.ts): both are first turned into
// ReconcileOperation, and a store line also names the counters and cashiers behind it.
import type { DaySummaryRow } from '../api/in-store';
import type { JournalOperation } from '../journal-entry';
import { isMaskedIdentity, maskIdentity } from '../personal-data/mask';
import type { StoreOperationRow } from '../store/store-operation';
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
   * does not call an undo again by itself (docs/decisions.md "Undo billing is not retried (issue 18, item 6)"), so
   * the screen says what to do instead of "the terminal retries".
   */
  pendingUndo?: true;
  /** The counters (terminal ids) whose operations make this line; empty for this terminal's F6. */
  counters: string[];
  /** The cashiers of those operations. */
  cashiers: string[];
};

/** What the fold needs of an operation, from a journal or from the store database. */
export type ReconcileOperation = {
  op_id: string;
  operation: string;
  status: JournalOperation['status'];
  started_at: string;
  identity: string | null;
  funding_code: string | null;
  /** What a paid-and-billed collected (or is collecting), when known. */
  collected_cents: number | null;
  counter: string | null;
  cashier_id: string;
  /**
   * Who the customer is for a code's balance across counters: their pseudonym in the store
   * database (the same once their DNI is masked, docs/personal-data.md), else the identity.
   */
  customer?: string | null;
};

/** The key of an operation's customer for a code's balance. */
const customerOf = (op: ReconcileOperation): string | null => op.customer ?? op.identity;

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

/**
 * What the store database holds of one customer's code before the day: the billings that
 * succeeded minus the undos that succeeded, at every counter (1: billed when the day began).
 * `identity` is the customer as ReconcileOperation.customer names them (their pseudonym).
 */
export type CodeBalance = { identity: string; funding_code: string; balance: number };

/**
 * How a fold orders a code's billings and undos:
 * - one journal (F6; no argument): in its own order, one clock;
 * - several counters (the store close): not at all. Their clocks may differ by minutes and a
 *   counter cut off sends its lines late, so neither the operations' times nor their arrival
 *   order them. The service takes a billing only of a code not billed and an undo only of a
 *   billed one, so a code's successes alternate: it is billed at the end of the day exactly when
 *   its balance before the day plus the day's billings minus its undos is above 0
 *   (docs/decisions.md "An undo counts wherever it arrives from (issue 35 item 2)").
 */
export type AcrossCounters = { before: readonly CodeBalance[] };

const codeKey = (identity: string, code: string | null) => `${identity}\u0000${code ?? ''}`;

/**
 * Whether each code was billed when the day began, from the database's balance: 1 or 0. A
 * balance below 0 means an undo of a billing Mostrador never saw (one made through the
 * e-commerce), above 1 a repeated billing: the code was billed, or not, all the same.
 */
function balances(across: AcrossCounters): Map<string, number> {
  const map = new Map<string, number>();
  for (const b of across.before) {
    const key = codeKey(b.identity, b.funding_code);
    map.set(key, (map.get(key) ?? 0) + b.balance);
  }
  for (const [key, balance] of map) map.set(key, Math.min(1, Math.max(0, balance)));
  return map;
}

/**
 * The customers' codes whose balance before the day can change what the day's fold says: those
 * with a billing and an undo that succeeded that day. A code only billed that day is billed at
 * its end whatever came before (its balance before is 0 or 1); one only undone has nothing of
 * the day to set apart. The store database is asked for these only (`readCodesBefore`).
 */
export function codesToBalance(
  operations: readonly ReconcileOperation[],
): { identity: string; funding_code: string }[] {
  const seen = new Map<
    string,
    { identity: string; funding_code: string; b: boolean; u: boolean }
  >();
  for (const op of operations) {
    // The customer as the database matches them: their pseudonym, else the identity.
    const customer = customerOf(op);
    if (op.status !== 'succeeded' || !customer || !op.funding_code) continue;
    const billing = BILLING.has(op.operation);
    if (!billing && !UNDO.has(op.operation)) continue;
    const key = codeKey(customer, op.funding_code);
    const code = seen.get(key) ?? {
      identity: customer,
      funding_code: op.funding_code,
      b: false,
      u: false,
    };
    if (billing) code.b = true;
    else code.u = true;
    seen.set(key, code);
  }
  return [...seen.values()]
    .filter((c) => c.b && c.u)
    .map(({ identity, funding_code }) => ({ identity, funding_code }));
}

type CodeState = {
  billed: boolean;
  billings: number;
  collected: number;
  /** Across counters: every billing that succeeded, what they collected, undos subtracted. */
  balance: number;
  allBillings: number;
  allCollected: number;
  allKnown: boolean;
};

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
  /**
   * Each funding code of the customer: a customer may buy twice on one day with two codes, and
   * an undo ends one code's billing, not the other's. See
   * docs/decisions.md "Two codes of one customer on one day (review, issue 21)".
   */
  codes: Map<string, CodeState>;
  opIds: string[];
  counters: Set<string>;
  cashiers: Set<string>;
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

export function fromJournal(op: JournalOperation): ReconcileOperation {
  return {
    op_id: op.op_id,
    operation: op.operation,
    status: op.status,
    started_at: op.started_at,
    identity: op.intent.identity?.value ?? null,
    funding_code: op.intent.funding_code ?? null,
    collected_cents: collectedOf(op),
    counter: null,
    cashier_id: op.intent.cashier_id,
  };
}

export function fromStoreRow(row: StoreOperationRow): ReconcileOperation {
  return {
    op_id: row.op_id,
    operation: row.operation,
    status: row.status,
    started_at: row.started_at,
    identity: row.identity_value,
    funding_code: row.funding_code,
    collected_cents: row.collected_cents,
    counter: row.terminal_id,
    cashier_id: row.cashier_id,
    customer: row.identity_ref ?? row.identity_value,
  };
}

function foldOperations(
  operations: readonly ReconcileOperation[],
  across?: AcrossCounters,
): Map<string, JournalState> {
  const before = across ? balances(across) : null;
  const byIdentity = new Map<string, JournalState>();
  // Times parsed once: a store day has 10,000 operations, and a comparator would parse each
  // of them again at every comparison.
  const relevant = operations
    .filter((op) => (BILLING.has(op.operation) || UNDO.has(op.operation)) && op.identity)
    .map((op) => ({ op, at: Date.parse(op.started_at) }))
    .sort((a, b) => a.at - b.at)
    .map(({ op }) => op);
  for (const op of relevant) {
    const identity = op.identity ?? '';
    const state: JournalState = byIdentity.get(identity) ?? {
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
      codes: new Map(),
      opIds: [],
      counters: new Set<string>(),
      cashiers: new Set<string>(),
    };
    state.fundingCode = op.funding_code ?? state.fundingCode;
    state.opIds.push(op.op_id);
    if (op.counter !== null) state.counters.add(op.counter);
    state.cashiers.add(op.cashier_id);
    if (op.status === 'pending' || op.status === 'unknown') {
      state.open = true;
      if (BILLING.has(op.operation)) {
        state.openBilling = true;
        state.openCollect = op.collected_cents;
      } else {
        state.openUndo = true;
      }
    } else if (op.status === 'succeeded') {
      const key = op.funding_code ?? '';
      const code = state.codes.get(key) ?? {
        billed: false,
        billings: 0,
        collected: 0,
        balance: before?.get(codeKey(customerOf(op) ?? identity, op.funding_code)) ?? 0,
        allBillings: 0,
        allCollected: 0,
        allKnown: true,
      };
      if (BILLING.has(op.operation)) {
        code.balance += 1;
        code.allBillings += 1;
        if (op.collected_cents === null) code.allKnown = false;
        else code.allCollected += op.collected_cents;
        // In one journal's order: only the first paid-and-billed of a billing has effect; a
        // repeat adds nothing.
        if (!code.billed) {
          const collected = op.collected_cents;
          code.billings += 1;
          if (collected === null) state.amountsKnown = false;
          else code.collected += collected;
        }
        code.billed = true;
      } else {
        code.balance -= 1;
        code.billed = false;
      }
      state.codes.set(key, code);
    }
    byIdentity.set(identity, state);
  }
  for (const state of byIdentity.values()) {
    // Across counters, no order: each code's balance says whether it is billed, and every
    // billing that succeeded collected what it says.
    if (before) {
      state.amountsKnown = true;
      for (const code of state.codes.values()) {
        code.billed = code.balance > 0;
        code.billings = code.allBillings;
        code.collected = code.allCollected;
        if (!code.allKnown) state.amountsKnown = false;
      }
    }
    // The codes still billed are what the summary counts; with none, every billing of the day is
    // shown (billed then undone), as for one code.
    const codes = [...state.codes.values()];
    const standing = codes.filter((code) => code.billed);
    const counted = standing.length > 0 ? standing : codes;
    state.billed = standing.length > 0;
    state.billings = counted.reduce((sum, code) => sum + code.billings, 0);
    state.collected = counted.reduce((sum, code) => sum + code.collected, 0);
  }
  return byIdentity;
}

/**
 * The paid-and-billed operations whose billing was undone by the end of the day (and not billed
 * again): what they collected is still in the drawer (an undo does not give the down payment
 * back: it stays paid and the code's next billing deducts it), but the service's day summary no
 * longer counts it. docs/decisions.md "Money collected for an undone billing (issue 21)". A customer billed
 * again after the undo stands: the summary lists the first payment, so nothing is set apart.
 * Per customer and code: an undo is of one code, so the same customer's other code stands
 * (docs/decisions.md "Undone collections per code (issue 21, review 2)").
 */
export function undoneCollections(
  operations: readonly ReconcileOperation[],
  across?: AcrossCounters,
): Set<string> {
  if (across) return undoneAcrossCounters(operations, across);
  const byIdentity = new Map<string, { billed: boolean; collections: string[] }>();
  const relevant = operations
    .filter(
      (op) =>
        op.status === 'succeeded' &&
        (BILLING.has(op.operation) || UNDO.has(op.operation)) &&
        op.identity,
    )
    .map((op) => ({ op, at: Date.parse(op.started_at) }))
    .sort((a, b) => a.at - b.at)
    .map(({ op }) => op);
  for (const op of relevant) {
    // An undo is of one code: the same customer's billing of another code stands.
    const key = `${op.identity ?? ''}\u0000${op.funding_code ?? ''}`;
    const state = byIdentity.get(key) ?? { billed: false, collections: [] };
    if (BILLING.has(op.operation)) {
      state.billed = true;
      state.collections.push(op.op_id);
    } else state.billed = false;
    byIdentity.set(key, state);
  }
  const undone = new Set<string>();
  for (const state of byIdentity.values())
    if (!state.billed) for (const id of state.collections) undone.add(id);
  return undone;
}

/**
 * The same across counters, with no order: a code whose balance (before the day, plus the day's
 * billings, minus its undos) is not above 0 is not billed at the end of the day, and all the
 * day's billings of it collected money that stays in their drawers. A code with no code (no
 * billing names none) is never set apart. The database's `store_db_day_figures` computes the
 * same (migration 0109).
 */
function undoneAcrossCounters(
  operations: readonly ReconcileOperation[],
  across: AcrossCounters,
): Set<string> {
  const before = balances(across);
  const codes = new Map<string, { balance: number; collections: string[] }>();
  for (const op of operations) {
    const customer = customerOf(op);
    if (op.status !== 'succeeded' || !customer || !op.funding_code) continue;
    const billing = BILLING.has(op.operation);
    if (!billing && !UNDO.has(op.operation)) continue;
    const key = codeKey(customer, op.funding_code);
    const code = codes.get(key) ?? { balance: before.get(key) ?? 0, collections: [] };
    code.balance += billing ? 1 : -1;
    if (billing) code.collections.push(op.op_id);
    codes.set(key, code);
  }
  const undone = new Set<string>();
  for (const code of codes.values())
    if (code.balance <= 0) for (const id of code.collections) undone.add(id);
  return undone;
}

type SummaryState = { orderIds: Set<string>; inStore: number };

/**
 * The service's rows by customer. The service names a customer whole; an operation whose
 * customer was masked here (past the retention, or erased: docs/personal-data.md) names them by
 * their mask, so a row whose DNI no operation names whole is matched by its mask when an
 * operation names that mask. Two masked customers of one day with one mask (the same last three
 * digits and length) read as one: rare, and only for days kept past their retention.
 */
function foldSummary(
  rows: readonly DaySummaryRow[],
  journal: ReadonlyMap<string, unknown>,
): Map<string, SummaryState> {
  const byIdentity = new Map<string, SummaryState>();
  for (const row of rows) {
    const mask = maskIdentity(row.dni);
    const key =
      !journal.has(row.dni) && journal.has(mask) && isMaskedIdentity(mask) ? mask : row.dni;
    const state = byIdentity.get(key) ?? { orderIds: new Set<string>(), inStore: 0 };
    state.orderIds.add(row.order_id);
    if (row.payment_origin === 'external') state.inStore += centsFromWire(row.amount) ?? 0;
    byIdentity.set(key, state);
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
  return reconcileOperations(rows, operations.map(fromJournal));
}

/** The same lines for operations from any source (a journal, the store database). */
export function reconcileOperations(
  rows: readonly DaySummaryRow[],
  operations: readonly ReconcileOperation[],
  across?: AcrossCounters,
): ReconcileLine[] {
  const journal = foldOperations(operations, across);
  const summary = foldSummary(rows, journal);
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
      counters: [...state.counters].sort(),
      cashiers: [...state.cashiers].sort(),
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
      counters: [],
      cashiers: [],
    });
  }
  // Identities are digits (DNI, RUC): code-unit order is their order, without ICU's cost.
  const rank = (line: ReconcileLine) => STATUS_ORDER.indexOf(line.status);
  return lines.sort(
    (a, b) => rank(a) - rank(b) || (a.identity < b.identity ? -1 : a.identity > b.identity ? 1 : 0),
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
