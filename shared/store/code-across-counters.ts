// What the store database says about one funding code at the OTHER counters, asked before an
// amount to collect is shown (docs/store-database.md, "Setting a counter").
import { z } from 'zod';
import { OperationName } from '../journal-entry';
import { StoreDbErrorCategory } from './replication-state';
import { StoreTerminalId } from './store-operation';

/**
 * - `billed`: another counter's paid-and-billed of this code succeeded and no undo followed;
 * - `in-doubt`: another counter's paid-and-billed of this code has no definite answer yet.
 */
export const CounterCodeFinding = z.object({
  kind: z.enum(['billed', 'in-doubt']),
  terminal_id: StoreTerminalId,
  terminal_name: z.string().max(32).nullable(),
  cashier_id: z.string().max(64),
  operation: OperationName,
  op_id: z.uuid(),
  /** When it was billed (`billed`) or started (`in-doubt`). */
  at: z.iso.datetime({ offset: true }),
  billed_cents: z.int().nonnegative().nullable(),
  collected_cents: z.int().nonnegative().nullable(),
});
export type CounterCodeFinding = z.infer<typeof CounterCodeFinding>;

/** Another counter of the store and mode that the database has not heard from in time. */
export const SilentCounterRow = z.object({
  terminal_id: StoreTerminalId,
  terminal_name: z.string().max(32).nullable(),
  /** Since when the database lacks its word (its last call, or its lines missing since). */
  since: z.iso.datetime({ offset: true }),
});
export type SilentCounterRow = z.infer<typeof SilentCounterRow>;

/** One journal line of another counter, for the money it holds for a refused sale of the code. */
export const HeldLineRow = z.object({
  terminal_id: StoreTerminalId,
  terminal_name: z.string().max(32).nullable(),
  line: z.string(),
});
export type HeldLineRow = z.infer<typeof HeldLineRow>;

/** `checked: false` when the database could not answer in time: other counters were not checked. */
export const CodeAcrossCounters = z.discriminatedUnion('checked', [
  z.object({
    checked: z.literal(true),
    findings: z.array(CounterCodeFinding),
    silent: z.array(SilentCounterRow),
    held_lines: z.array(HeldLineRow),
  }),
  z.object({ checked: z.literal(false), category: StoreDbErrorCategory }),
]);
export type CodeAcrossCounters = z.infer<typeof CodeAcrossCounters>;
