// The last checks before an entry is written: it is JSON, it matches the shared schema, and an
// intent carries nothing shaped like a credential. Nothing reaches the file without passing them.
import { JournalEntry } from '../../shared/journal-entry';
import { JournalError } from './journal-error';
import { findSecretField } from './secret-fields';

/** JSON round trip (drops undefined, refuses cycles), then the schema: what is written is valid. */
export function toEntry(raw: Record<string, unknown>): JournalEntry {
  let json: unknown;
  try {
    json = JSON.parse(JSON.stringify(raw));
  } catch (cause) {
    throw new JournalError('invalid-entry', 'journal entry is not JSON-serializable', { cause });
  }
  const parsed = JournalEntry.safeParse(json);
  if (!parsed.success) {
    // Paths and codes only: issue messages could echo a refused value.
    const where = parsed.error.issues.map((i) => `${i.path.join('.') || '$'} (${i.code})`);
    throw new JournalError('invalid-entry', `invalid journal entry: ${where.join(', ')}`);
  }
  return parsed.data;
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
