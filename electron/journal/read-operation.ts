// An operation as the renderer and the resolver see it: its summary from the index plus its
// intent and deciding outcome, read back from the file and checked against the schema again
// (or, for the lines just written, taken from the journal's memory of them).
import { IntentEntry, type JournalOperation, OutcomeEntry } from '../../shared/journal-entry';
import type { LineRef } from './journal-file';
import type { OperationIndex } from './operation-index';

/**
 * The entry at a position, checked with `schema`: read from the file and checked, or taken from
 * the journal's recent lines, which were checked when written (docs/decisions.md "Journal speed").
 */
export type EntryReader = <T>(ref: LineRef, schema: { parse(value: unknown): T }) => Promise<T>;

export async function readOperation(
  read: EntryReader,
  index: OperationIndex,
  opId: string,
): Promise<JournalOperation> {
  const summary = index.get(opId);
  if (!summary) throw new RangeError(`no operation ${opId}`);
  const [intent, outcome] = await Promise.all([
    read(summary.intentRef, IntentEntry),
    summary.outcomeRef ? read(summary.outcomeRef, OutcomeEntry) : null,
  ]);
  return {
    op_id: summary.opId,
    operation: summary.operation,
    mode: summary.mode,
    status: summary.status,
    started_at: intent.at,
    updated_at: summary.updatedAt,
    calls: summary.calls,
    intent,
    outcome,
    was_unknown: summary.wasUnknown,
    acknowledged: summary.acknowledged,
    closed: summary.closed,
    ...(summary.askedElsewhere ? { asked_elsewhere: summary.askedElsewhere } : {}),
  };
}
