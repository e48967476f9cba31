// The last checks before an entry is written: it is JSON, it matches the shared schema, and an
// intent carries nothing shaped like a credential. Nothing reaches the file without passing them.
import { z } from 'zod';
import {
  AttemptEntry,
  IntentEntry,
  IntentMeta,
  type JournalEntry,
  NoteEntry,
  OutcomeEntry,
} from '../../shared/journal-entry';
import { JournalError } from './journal-error';
import { findSecretField } from './secret-fields';

/**
 * The shared schema with its free-form JSON fields (`request`, `result`, `data`, meta's extra
 * keys) taken as they are: `toEntry` checks only what a JSON round trip has just produced, and
 * anything JSON.parse returns is JSON, which is all `z.json()` proves. Walking those trees with
 * `z.json()` was most of an append's own CPU on the bridge's path (about 70 µs an entry, in a
 * process where zod serves many schemas; docs/decisions.md "Journal speed"). Every other field is
 * checked exactly as the shared schema says, and lines are read back with the full schema.
 */
const anyJson = z.custom<unknown>((value) => value !== undefined);
const WrittenEntry = z.discriminatedUnion('type', [
  IntentEntry.extend({ request: anyJson, meta: IntentMeta.catchall(anyJson).optional() }),
  OutcomeEntry.extend({ result: anyJson.optional() }),
  AttemptEntry,
  NoteEntry.extend({ data: anyJson.optional() }),
]);

/** JSON round trip (drops undefined, refuses cycles), then the schema: what is written is valid. */
export function toEntry(raw: Record<string, unknown>): JournalEntry {
  let json: unknown;
  try {
    json = JSON.parse(JSON.stringify(raw));
  } catch (cause) {
    throw new JournalError('invalid-entry', 'journal entry is not JSON-serializable', { cause });
  }
  const parsed = WrittenEntry.safeParse(json);
  if (!parsed.success) {
    // Paths and codes only: issue messages could echo a refused value.
    const where = parsed.error.issues.map((i) => `${i.path.join('.') || '$'} (${i.code})`);
    throw new JournalError('invalid-entry', `invalid journal entry: ${where.join(', ')}`);
  }
  return parsed.data as JournalEntry;
}

/** Throws unless the intent is free of credential-like fields (the refund's unique_token aside). */
export function refuseSecrets(input: { meta?: unknown }): void {
  const { meta, ...rest } = input;
  const found =
    findSecretField(rest) ?? (meta ? findSecretField(meta, ['unique_token'], '$.meta') : null);
  if (found) {
    throw new JournalError(
      'secret-in-entry',
      `refused to journal a credential-like field at ${found}`,
    );
  }
}
