// An operation as the renderer and the resolver see it: its summary from the index plus its
// intent and deciding outcome read back from the file and checked against the schema again.
import type { FileHandle } from 'node:fs/promises';
import { IntentEntry, type JournalOperation, OutcomeEntry } from '../../shared/journal-entry';
import { type LineRef, readLine } from './journal-file';
import type { OperationIndex } from './operation-index';

async function readEntry<T>(
  handle: FileHandle,
  ref: LineRef,
  schema: { parse(value: unknown): T },
): Promise<T> {
  return schema.parse(JSON.parse(await readLine(handle, ref)));
}

export async function readOperation(
  handle: FileHandle,
  index: OperationIndex,
  opId: string,
): Promise<JournalOperation> {
  const summary = index.get(opId);
  if (!summary) throw new RangeError(`no operation ${opId}`);
  const [intent, outcome] = await Promise.all([
    readEntry(handle, summary.intentRef, IntentEntry),
    summary.outcomeRef ? readEntry(handle, summary.outcomeRef, OutcomeEntry) : null,
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
