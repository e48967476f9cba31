// An operation as the renderer and the resolver see it: its summary from the index plus its
// intent and deciding outcome read back from the file and checked against the schema again.
import { IntentEntry, type JournalOperation, OutcomeEntry } from '../../shared/journal-entry';
import type { LineRef } from './journal-file';
import type { OperationIndex } from './operation-index';

/** The text of the line at a position: from the file, or from the journal's recent lines. */
export type LineReader = (ref: LineRef) => Promise<string>;

async function readEntry<T>(
  read: LineReader,
  ref: LineRef,
  schema: { parse(value: unknown): T },
): Promise<T> {
  return schema.parse(JSON.parse(await read(ref)));
}

export async function readOperation(
  read: LineReader,
  index: OperationIndex,
  opId: string,
): Promise<JournalOperation> {
  const summary = index.get(opId);
  if (!summary) throw new RangeError(`no operation ${opId}`);
  const [intent, outcome] = await Promise.all([
    readEntry(read, summary.intentRef, IntentEntry),
    summary.outcomeRef ? readEntry(read, summary.outcomeRef, OutcomeEntry) : null,
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
  };
}
