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

/** `checked: false` when the database could not answer in time: other counters were not checked. */
export const CodeAcrossCounters = z.discriminatedUnion('checked', [
  z.object({ checked: z.literal(true), findings: z.array(CounterCodeFinding) }),
  z.object({ checked: z.literal(false), category: StoreDbErrorCategory }),
]);
export type CodeAcrossCounters = z.infer<typeof CodeAcrossCounters>;
