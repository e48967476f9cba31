// The store's day close as it is kept (docs/store-close.md "Checking a printed close"): what
// the screen, the A4 PDF, the 80 mm receipt and the CSV show, and what the close record holds in
// the database, is this one content. A close not yet made is the same content with no record.
// Money in integer cents; times ISO 8601 with their offset.
import { z } from 'zod';
import { HeldMoney } from '../bridge/held-money';
import { Cents } from '../domain/money';
import { OperationMode, OperationName, OperationStatus } from '../journal-entry';
import { StoreTerminalId } from './store-operation';

/**
 * The content's format, written by the database's `store_db_close_day`. `/3` (migration 0109): a
 * counter marked off for the day still owes its story — with work that day and its day not
 * complete it is a `silent` exception the note names — and the record keeps who marked it off,
 * when and from which counter (`marked_off`, checked by the database). `/2` (migration 0103):
 * freshness from the database's standing of each counter, silent counters as exceptions, only
 * the cashiers of sales and undos with their split, the service's rows as the closing counter
 * read them, and the moment the database recorded it. `/1` and `/2` closes are still read.
 */
export const CLOSE_FORMAT = 'mostrador-store-close/3';
export const CLOSE_FORMAT_V2 = 'mostrador-store-close/2';
export const CLOSE_FORMAT_V1 = 'mostrador-store-close/1';

const Count = z.int().nonnegative();
const Iso = z.iso.datetime({ offset: true });
const Name = z.string().max(32).nullable();

/**
 * How current the database is about a counter for the day closed (the database's `standing` of
 * it, view `store_counters`, by the database's clock):
 * - `complete`: it holds a line of this counter from after the day: nothing of the day is missing;
 * - `current`: its last signed call is at most 30 s old and nothing it reported is missing; its
 *   data go up to `last_line_at`;
 * - `signed-off`: it signed off (nothing open, nothing waiting) and has not called since;
 * - `off`: a supervisor marked it off for the day; like `silent` it is an exception when it had
 *   work that day (`/3`: marking off ends the question at the other counters, not the close's);
 * - `retired`: its key was retired by the technician;
 * - `silent`: none of the above: silent since `last_seen_at`; an exception when it had work that
 *   day, which the supervisor's note must name;
 * - `stopped`: (format `/1` only) not heard from for 5 minutes;
 * - `never`: the database has no line of it at all.
 */
export const FreshnessKind = z.enum([
  'complete',
  'current',
  'signed-off',
  'off',
  'retired',
  'silent',
  'stopped',
  'never',
]);
export type FreshnessKind = z.infer<typeof FreshnessKind>;

/**
 * A supervisor marked a silent counter off for the day (`store_db_mark_off`, `terminals.off_*`):
 * who (the name typed at the PIN screen), when by the database's clock, and at which counter. It
 * ends the question at the other counters ("pregunte si el cliente ya pagó en otra caja"), not
 * what the close owes on it (format `/3`).
 */
export const MarkedOff = z.object({
  supervisor: z.string().max(64),
  at: Iso,
  /** The counter whose supervisor marked it (its key signed the call); null before 0108. */
  by_terminal_id: StoreTerminalId.nullable(),
  by_terminal_name: Name,
});
export type MarkedOff = z.infer<typeof MarkedOff>;

/** What one cashier billed and collected at one counter: what a supervisor balances a drawer with. */
export const CashierSplit = z.object({
  cashier_id: z.string().max(64),
  billed: Count,
  collected_cents: Cents,
});
export type CashierSplit = z.infer<typeof CashierSplit>;

export const CounterClose = z.object({
  terminal_id: StoreTerminalId,
  terminal_name: Name,
  billed: Count,
  undone: Count,
  refused: Count,
  /** Every down payment this counter collected for a billing of the day: what its drawer took. */
  collected_cents: Cents,
  /**
   * The part of `collected_cents` collected for billings undone by the end of the day (at any
   * counter): still in this drawer (an undo does not give the down payment back), but no longer
   * in the service's summary. Absent in closes made before it was kept.
   */
  undone_collected_cents: Cents.optional(),
  /**
   * Its sales of the day undone by the end of the day, at whichever counter (`/3`): the billings
   * whose collections are `undone_collected_cents`. `undone` counts the undos made here.
   */
  sales_undone: Count.optional(),
  /** The counters whose undos undid them (`/3`; this one too when it undid its own). */
  undone_at: z.array(StoreTerminalId).optional(),
  /** Money this counter still holds for refused sales (absent in older closes). */
  held_cents: Cents.optional(),
  /** Operations of the day without a definite answer. */
  open: Count,
  operations: Count,
  /** Cashiers of the counter's sales and undos of the day (`/1`: of any operation). */
  cashiers: z.array(z.string().max(64)),
  /** Per cashier of this counter: the sales billed and the money collected (`/2`). */
  by_cashier: z.array(CashierSplit).optional(),
  freshness: FreshnessKind,
  /** Its last line's journal time: what the database holds of it goes up to it. */
  last_line_at: Iso.nullable(),
  /** Its last signed call, by the database's clock. */
  last_seen_at: Iso.nullable(),
  app_version: z.string().max(32).nullable(),
  /** Marked off for this day by a supervisor, as the database holds it (`/3`). */
  marked_off: MarkedOff.optional(),
});
export type CounterClose = z.infer<typeof CounterClose>;

/** Money a counter holds for a refused sale (electron/ipc/workflows/held-money.ts), by counter. */
export const CounterHold = z.object({ terminal_id: StoreTerminalId, hold: HeldMoney });
export type CounterHold = z.infer<typeof CounterHold>;

export const ReconcileStatusSchema = z.enum([
  'pending',
  'missing',
  'extra',
  'amount-differs',
  'matched',
]);

/**
 * What needs the supervisor's eye, listed before everything else:
 * - `held`: money a counter holds for a refused sale: cash in its drawer that is a customer's
 *   (first: it must be given back or used, whatever else the close says);
 * - `open`: an operation of the day with no definite answer (the day cannot be closed);
 * - `reconcile`: a customer whose billing does not balance with the service's summary;
 * - `silent`: a counter silent (by the database's standing) that had work that day: the close
 *   needs the supervisor's note to name it (`stopped` in format `/1`).
 */
export const CloseException = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('held'),
    terminal_id: StoreTerminalId,
    /** The hold's latest refused paid-and-billed. */
    hold_id: z.uuid(),
    cashier_id: z.string().max(64),
    identity: z.string().max(32).nullable(),
    funding_code: z.string().max(32),
    amount_cents: Cents,
    /** When the cashier confirmed the money was received (the first refusal). */
    held_at: Iso,
    /** Why: the service's exact refusal, else its category. */
    reason: z.string().max(500),
  }),
  z.object({
    kind: z.literal('open'),
    op_id: z.uuid(),
    operation: OperationName,
    status: OperationStatus,
    terminal_id: StoreTerminalId,
    cashier_id: z.string().max(64),
    identity: z.string().max(32).nullable(),
    funding_code: z.string().max(32).nullable(),
    /** The billed amount it carries. */
    amount_cents: Cents.nullable(),
    /** The down payment it collected in the drawer before the answer was lost (`/2`). */
    to_collect_cents: Cents.nullable().optional(),
    started_at: Iso,
  }),
  z.object({
    kind: z.literal('reconcile'),
    status: z.enum(['missing', 'extra', 'amount-differs']),
    identity: z.string().max(32),
    funding_code: z.string().max(32).nullable(),
    order_ids: z.array(z.string().max(128)),
    counters: z.array(StoreTerminalId),
    cashiers: z.array(z.string().max(64)),
    /** What the counters recorded as collected in store, when known. */
    counters_cents: Cents.nullable(),
    /** What the service's summary lists as paid in store. */
    service_cents: Cents,
  }),
  z.object({
    kind: z.literal('stopped'),
    terminal_id: StoreTerminalId,
    last_line_at: Iso.nullable(),
    last_seen_at: Iso.nullable(),
  }),
  z.object({
    kind: z.literal('silent'),
    terminal_id: StoreTerminalId,
    /** Its last line's journal time: what the database holds goes up to it. */
    last_line_at: Iso.nullable(),
    /** Its last signed call, by the database's clock: silent since then. */
    last_seen_at: Iso.nullable(),
    /** What it reported at that call: operations without an answer, lines not yet sent. */
    open_operations: Count.nullable(),
    waiting_lines: Count.nullable(),
    /**
     * A supervisor marked it off for the day (`/3`): it is not asked about at the other counters,
     * but what it did after its last data is still not in the close.
     */
    marked_off: MarkedOff.optional(),
  }),
  /**
   * A counter's record the database holds back (docs/store-database.md "No line stops the
   * record"): a different line under one of its keys stops it there (`conflict_seq`), and lines
   * it kept but could not read count in nothing (`unreadable_lines`). The technician's way
   * forward: `npm run store-db -- terminals`.
   */
  z.object({
    kind: z.literal('record-held'),
    terminal_id: StoreTerminalId,
    conflict_seq: z.int().positive().nullable(),
    unreadable_lines: Count,
  }),
]);
export type CloseException = z.infer<typeof CloseException>;

/** The record's content: everything the close says, and nothing about how it is kept. */
/** One row of the service's day summary as the closing counter read it (cents). */
export const ServiceRow = z.object({
  order_id: z.string().max(128),
  dni: z.string().max(32),
  payment_origin: z.string().max(32),
  amount_cents: z.int().nullable(),
});

export const CloseContent = z.object({
  format: z.enum([CLOSE_FORMAT_V1, CLOSE_FORMAT_V2, CLOSE_FORMAT]),
  store: z.string().min(1).max(128),
  mode: OperationMode,
  store_day: z.iso.date(),
  time_zone: z.string().max(64),
  /** When the figures were read (the close's moment once it is made). */
  as_of: Iso,
  service: z.object({
    purchases_cents: Cents.nullable(),
    in_store_cents: Cents.nullable(),
    financed_cents: Cents.nullable(),
    rows: Count,
    /**
     * The summary's rows as the closing counter read them (`/2`): the closing counter's report of
     * the service's answer, which the database cannot ask for itself.
     */
    order_detail: z.array(ServiceRow).optional(),
  }),
  totals: z.object({
    billed: Count,
    undone: Count,
    refused: Count,
    collected_cents: Cents,
    /** The counters' `undone_collected_cents`, summed (absent in older closes). */
    undone_collected_cents: Cents.optional(),
    /** The counters' `held_cents`, summed (absent in older closes). */
    held_cents: Cents.optional(),
    open: Count,
    operations: Count,
  }),
  counts: z.object({
    matched: Count,
    missing: Count,
    extra: Count,
    amount_differs: Count,
    pending: Count,
  }),
  counters: z.array(CounterClose),
  exceptions: z.array(CloseException),
  /** Every sale and undo of the day the close covers (sorted): what arrives later is not in it. */
  op_ids: z.array(z.uuid()),
  /** Who closed, from where, and the note acknowledging the exceptions; null on a draft. */
  closed: z
    .object({
      supervisor: z.string().min(1).max(64),
      cashier_id: z.string().max(64).nullable(),
      terminal_id: StoreTerminalId,
      terminal_name: Name,
      note: z.string().max(1000).nullable(),
      exceptions_acknowledged: Count,
      /** When the database recorded the close, by its clock (`/2`: set by the database). */
      recorded_at: Iso.optional(),
    })
    .nullable(),
});
export type CloseContent = z.infer<typeof CloseContent>;

/** A close as the database keeps it: its content, exactly as hashed, and the hash. */
export const StoredClose = z.object({
  content: CloseContent,
  /** The canonical text of the content (canonicalJson), as stored and hashed. */
  canonical: z.string(),
  /** Lower-case hex SHA-256 of the canonical text's UTF-8 bytes. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** When the database stored it (its clock). */
  recorded_at: Iso,
});
export type StoredClose = z.infer<typeof StoredClose>;

/**
 * The canonical serialisation the hash is taken over, so anyone can recompute it
 * (docs/store-close.md "Checking a printed close"): JSON with no whitespace; object keys
 * sorted by UTF-16 code units (plain `sort()`, which for the ASCII keys used here is byte order);
 * arrays in their order; strings as JSON.stringify writes them; numbers only as integers (money
 * is in cents), never floats or exponents; `null`, `true`, `false`. For these values it is the
 * JSON Canonicalization Scheme (RFC 8785).
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new TypeError(`not an integer: ${value}`);
    return String(value);
  }
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  throw new TypeError(`not serialisable: ${typeof value}`);
}
