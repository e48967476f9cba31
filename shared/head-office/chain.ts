// What head office reads of the chain (docs/head-office.md): the grid of every store × its last
// store days, and one store's day, in the very shapes the store database's functions answer
// (`store_db_head_office_grid` and `store_db_head_office_day`, migrations 0113 and 0114), times
// as ISO 8601 with their offset. The practice chain of the training catalogue answers the same
// shapes (electron/store-close/practice-chain.ts). No field here can hold a customer's identity:
// the close's exceptions and the service's rows are read without one (zod leaves out any key a
// schema does not name), and head office shows codes and amounts only.
import { z } from 'zod';
import { IsoDate } from '../api/common';
import { Cents } from '../domain/money';
import { OperationMode, OperationName, OperationStatus } from '../journal-entry';
import { CloseContent, CounterClose } from '../store/close-record';
import { CounterFreshness, StoreTerminalId } from '../store/store-operation';

const Count = z.int().nonnegative();
const Iso = z.iso.datetime({ offset: true });
const StoreId = z.string().min(1).max(128);
/** A store's name and region, as the owner sets them (`store-db store`); null until set. */
const Label = z.string().max(80).nullable();

/**
 * What the grid needs of a close, kept beside it when it is written (`store_db_close_summary`,
 * migration 0113; closeSummary in close-summary.ts computes the same): its totals and counts, how
 * many exceptions of each kind, the money at stake, who closed.
 */
export const CloseSummary = z.object({
  totals: CloseContent.shape.totals.nullable(),
  counts: CloseContent.shape.counts.nullable(),
  service_in_store_cents: Cents.nullable(),
  exceptions: Count,
  by_kind: z.record(z.string().max(32), Count),
  /** Held for refused sales, plus each customer's difference with the service. */
  at_stake_cents: Cents,
  /** Exceptions of a silent counter (`silent`, or `stopped` in format /1). */
  silent: Count,
  /** Counters marked off for the day by a supervisor. */
  off: Count,
  supervisor: z.string().max(64).nullable(),
  terminal_name: z.string().max(32).nullable(),
});
export type CloseSummary = z.infer<typeof CloseSummary>;

/** A store day's figures as the lines arrived (`store_day_totals`, kept by the database). */
export const DayTotals = z.object({
  operations: Count,
  billed: Count,
  undone: Count,
  refused: Count,
  collected_cents: Cents,
  /** Operations without a definite answer that may have moved money. */
  open: Count,
  /** When the database took the day's last line: after its close's record, lines came late. */
  last_received_at: Iso,
});
export type DayTotals = z.infer<typeof DayTotals>;

export const GridDay = z.object({
  day: IsoDate,
  /** The day has ended in the store's own time zone. */
  ended: z.boolean(),
  close: z
    .object({
      recorded_at: Iso,
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      summary: CloseSummary.nullable(),
    })
    .nullable(),
  totals: DayTotals.nullable(),
  /** Lines of the day reached the database after its close was recorded. */
  after_close: z.boolean(),
});
export type GridDay = z.infer<typeof GridDay>;

/** The store's counters as the database stands them now (its clock). */
export const GridCounters = z.object({
  total: Count,
  current: Count,
  silent: Count,
  off: Count,
  /** The earliest last call of its silent counters. */
  silent_since: Iso.nullable(),
  versions: z.array(z.string().max(32)).max(64),
});
export type GridCounters = z.infer<typeof GridCounters>;

export const GridStore = z.object({
  store: StoreId,
  name: Label,
  region: Label,
  time_zone: z.string().max(64),
  /** The store's day now, in its own zone. */
  today: IsoDate,
  counters: GridCounters,
  /** Its last store days, newest first. */
  days: z.array(GridDay).max(62),
});
export type GridStore = z.infer<typeof GridStore>;

export const ChainGrid = z.object({
  as_of: Iso,
  mode: OperationMode,
  days: z.int().min(1).max(62),
  stores: z.array(GridStore).max(5_000),
});
export type ChainGrid = z.infer<typeof ChainGrid>;

// ——— One store's day ———

/** A close's exception as head office reads it: the close's own, without the customer. */
export const HeadOfficeException = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('held'),
    terminal_id: StoreTerminalId,
    hold_id: z.uuid(),
    cashier_id: z.string().max(64),
    funding_code: z.string().max(32),
    amount_cents: Cents,
    held_at: Iso,
    reason: z.string().max(500),
  }),
  z.object({
    kind: z.literal('open'),
    op_id: z.uuid(),
    operation: OperationName,
    status: OperationStatus,
    terminal_id: StoreTerminalId,
    cashier_id: z.string().max(64),
    funding_code: z.string().max(32).nullable(),
    amount_cents: Cents.nullable(),
    to_collect_cents: Cents.nullable().optional(),
    started_at: Iso,
  }),
  z.object({
    kind: z.literal('reconcile'),
    status: z.enum(['missing', 'extra', 'amount-differs']),
    funding_code: z.string().max(32).nullable(),
    order_ids: z.array(z.string().max(128)),
    counters: z.array(StoreTerminalId),
    cashiers: z.array(z.string().max(64)),
    counters_cents: Cents.nullable(),
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
    last_line_at: Iso.nullable(),
    last_seen_at: Iso.nullable(),
    open_operations: Count.nullable(),
    waiting_lines: Count.nullable(),
  }),
  z.object({
    kind: z.literal('record-held'),
    terminal_id: StoreTerminalId,
    conflict_seq: z.int().positive().nullable(),
    unreadable_lines: Count,
  }),
]);
export type HeadOfficeException = z.infer<typeof HeadOfficeException>;

/** A close's content as head office reads it: every figure, no customer's identity. */
export const HeadOfficeCloseContent = CloseContent.omit({ exceptions: true, service: true }).extend(
  {
    service: z.object({
      purchases_cents: Cents.nullable(),
      in_store_cents: Cents.nullable(),
      financed_cents: Cents.nullable(),
      rows: Count,
      order_detail: z
        .array(
          z.object({
            order_id: z.string().max(128),
            payment_origin: z.string().max(32),
            amount_cents: z.int().nullable(),
          }),
        )
        .optional(),
    }),
    exceptions: z.array(HeadOfficeException),
  },
);
export type HeadOfficeCloseContent = z.infer<typeof HeadOfficeCloseContent>;

/** One counter's figures of the day as the database computes them (`store_db_day_figures`). */
export const CounterFigures = CounterClose.pick({
  billed: true,
  undone: true,
  refused: true,
  collected_cents: true,
  undone_collected_cents: true,
  open: true,
  operations: true,
  cashiers: true,
  by_cashier: true,
});
export type CounterFigures = z.infer<typeof CounterFigures>;

export const DayFigures = z.object({
  counters: z.record(StoreTerminalId, CounterFigures),
  totals: CloseContent.shape.totals.omit({ held_cents: true }),
  op_ids: z.array(z.uuid()),
});
export type DayFigures = z.infer<typeof DayFigures>;

/** One operation of the day: its counter, cashier, code and amounts, never its customer. */
export const HeadOfficeOperation = z.object({
  terminal_id: StoreTerminalId,
  terminal_name: z.string().max(32).nullable(),
  op_id: z.uuid(),
  operation: OperationName,
  status: OperationStatus,
  funding_code: z.string().max(32).nullable(),
  cashier_id: z.string().max(64),
  billed_cents: Cents.nullable(),
  collected_cents: Cents.nullable(),
  started_at: Iso,
  resolved_at: Iso.nullable(),
  /** When the database took its intent, by its clock. */
  received_at: Iso,
});
export type HeadOfficeOperation = z.infer<typeof HeadOfficeOperation>;

/** The order of `store_db_head_office_day`'s operation arrays (`operation_columns`). */
export const OPERATION_COLUMNS = [
  'terminal_id',
  'terminal_name',
  'op_id',
  'operation',
  'status',
  'funding_code',
  'cashier_id',
  'billed_cents',
  'collected_cents',
  'started_at',
  'resolved_at',
  'received_at',
] as const;

export const StoreDay = z.object({
  store: StoreId,
  name: Label,
  region: Label,
  time_zone: z.string().max(64),
  mode: OperationMode,
  day: IsoDate,
  as_of: Iso,
  /** The day's close as the supervisor closed it, and whether its hash is still its content's. */
  close: z
    .object({
      content: HeadOfficeCloseContent,
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      /** The database hashed the record's content again just now and found this hash. */
      hash_ok: z.boolean(),
      recorded_at: Iso,
      summary: CloseSummary.nullable(),
    })
    .nullable(),
  /** The day's figures as the database computes them now (what a close made now would hold). */
  figures: DayFigures,
  /** The day's figures kept as lines arrived; null when no line of the day arrived. */
  totals: DayTotals.nullable(),
  /** Every counter of the store as the database stands it now: freshness and version. */
  counters: z.array(CounterFreshness).max(1_000),
  operations: z.array(HeadOfficeOperation).max(100_000),
});
export type StoreDay = z.infer<typeof StoreDay>;
