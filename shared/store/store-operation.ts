// What the store database says about a store's counters (docs/store-database.md): one row of the
// read view `store_operations` per operation of any counter, and each counter's freshness. The
// replication writes what these rows are read from; the cross-counter check, the store's day
// close and head office's own tools read them. Written once here so the view, the main process
// and the screens agree on one shape.
import { z } from 'zod';
import { OperationMode, OperationName, OperationStatus } from '../journal-entry';

/** A terminal's stable id (settings `terminal_id`, e.g. `CAJA0026`). */
export const StoreTerminalId = z.string().min(1).max(64);

/** The name a supervisor gives a counter ("Caja 2"); null until one is given. */
export const TerminalName = z.string().trim().min(1).max(32);

/**
 * One operation of one counter, folded from that counter's journal lines in the database. Money in
 * integer cents. `status` is the journal's (`pending` and `unknown` have no definite answer).
 */
export const StoreOperationRow = z.object({
  /** The store: the service's client id (`pos_client_id`); training rows have a store of their own. */
  store: z.string().min(1).max(128),
  mode: OperationMode,
  terminal_id: StoreTerminalId,
  terminal_name: z.string().max(32).nullable(),
  op_id: z.uuid(),
  operation: OperationName,
  status: OperationStatus,
  identity_kind: z.enum(['dni', 'ruc']).nullable(),
  identity_value: z.string().max(32).nullable(),
  funding_code: z.string().max(32).nullable(),
  cashier_id: z.string().max(64),
  billed_cents: z.int().nonnegative().nullable(),
  collected_cents: z.int().nonnegative().nullable(),
  /**
   * The down payment the intent says the drawer takes, read for an operation still without a
   * definite answer (the close's in-doubt line); absent elsewhere.
   */
  to_collect_cents: z.int().nonnegative().nullable().optional(),
  /** The store's calendar day of `started_at` (`YYYY-MM-DD`, the store's time zone). */
  store_day: z.iso.date(),
  started_at: z.iso.datetime({ offset: true }),
  /** When the deciding outcome was written; null while there is none. */
  resolved_at: z.iso.datetime({ offset: true }).nullable(),
  /** The service's exact message for a refusal, bounded. */
  service_message: z.string().max(4096).nullable(),
  /**
   * The customer's pseudonym in the store database (`r1:` and 32 hex digits, migration 0115): the
   * same customer whether their DNI is whole or masked (docs/personal-data.md). Absent in
   * answers of databases before 0115.
   */
  identity_ref: z.string().max(64).nullable().optional(),
});
export type StoreOperationRow = z.infer<typeof StoreOperationRow>;

/** How current the store database is about one counter. */
export const CounterFreshness = z.object({
  store: z.string().min(1).max(128),
  mode: OperationMode,
  terminal_id: StoreTerminalId,
  terminal_name: z.string().max(32).nullable(),
  app_version: z.string().max(32).nullable(),
  /** The seq of the last journal line the database holds for this counter (0: none yet). */
  last_seq: z.int().nonnegative(),
  /** The journal time (`at`) of that line. */
  last_line_at: z.iso.datetime({ offset: true }).nullable(),
  /** When the counter last reached the database (a batch or a heartbeat), by the database's clock. */
  last_seen_at: z.iso.datetime({ offset: true }).nullable(),
  /** Operations of this counter in the database that have no definite answer. */
  open_operations: z.int().nonnegative(),
  /**
   * The database's standing of the counter (view `store_counters`, its clock; migration 0102).
   * Absent where it was not read: the close then takes "seen in the last 30 s" as current.
   */
  standing: z.enum(['current', 'signed-off', 'off', 'retired', 'silent']).optional(),
  /** What the counter reported at its last signed call: operations without an answer there. */
  reported_open: z.int().nonnegative().nullable().optional(),
  /** …and lines of its journal not yet sent. */
  waiting_lines: z.int().nonnegative().nullable().optional(),
  /** The store day a supervisor marked it off for (`off` holds for that day only). */
  off_day: z.iso.date().nullable().optional(),
  /** Who marked it off (the supervisor's name), when by the database's clock, and at which
   * counter (its id and name): `terminals.off_by`, `off_at`, `off_marked_by` (migration 0108). */
  off_by: z.string().max(64).nullable().optional(),
  off_at: z.iso.datetime({ offset: true }).nullable().optional(),
  off_marked_by: StoreTerminalId.nullable().optional(),
  off_marked_by_name: z.string().max(32).nullable().optional(),
  /**
   * Its record is held at this seq: the database holds a different line under that key (two
   * installations with one id, a restored journal), so nothing after it arrives (migration 0102).
   */
  conflict_seq: z.int().positive().nullable().optional(),
  /** Its lines the database kept but could not read (type 'unreadable'): they count in nothing. */
  unreadable_lines: z.int().nonnegative().optional(),
});
export type CounterFreshness = z.infer<typeof CounterFreshness>;
