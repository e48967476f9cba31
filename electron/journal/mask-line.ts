// A journal line with its customer's identities masked in place, byte for byte the same length
// (docs/personal-data.md "A counter keeps less", docs/decisions.md "Masking the journal in
// place"). Every identity string in a line (shared/personal-data/mask.ts identityStrings) is
// written by JSON.stringify, so its bytes in the line are exactly JSON.stringify(value); each is
// replaced by a mask whose JSON is as many bytes. Nothing else in the line changes: its seq,
// outcome, amounts and codes, its length and so every byte offset after it (the replication
// cursor is one). A line torn half way by a power cut still parses: only characters inside
// those strings differ.
import { identityStrings, isMaskedIdentity } from '../../shared/personal-data/mask';

const KEPT = 3;
const MIN_KEEP_LENGTH = 6;

/**
 * The mask of `value` whose JSON text has as many UTF-8 bytes as `value`'s: `*` for every byte
 * but the last three digits (kept as shared/personal-data/mask.ts keeps them). For a DNI or a RUC
 * (ASCII digits) it is exactly maskIdentity's.
 */
export function sameBytesMask(value: string): string {
  const bytes = Buffer.byteLength(JSON.stringify(value), 'utf8') - 2;
  const chars = [...value];
  const tail = chars.slice(-KEPT).join('');
  const keep = chars.length >= MIN_KEEP_LENGTH && /^[0-9]{3}$/.test(tail);
  return '*'.repeat(bytes - (keep ? KEPT : 0)) + (keep ? tail : '');
}

export type MaskedLine =
  /** The masked bytes (the same length), and the identity strings it masked. */
  | { kind: 'masked'; opId: string | null; bytes: Buffer; values: number }
  /** Nothing of a customer's left to mask in it. */
  | { kind: 'clean'; opId: string | null }
  /** Not a line that can be masked safely (not JSON, invalid UTF-8, an odd encoding): left. */
  | { kind: 'left'; why: string };

/** The line (its bytes, without the newline) with every identity string masked. */
export function maskLine(line: Buffer): MaskedLine {
  const text = line.toString('utf8');
  if (text.includes('\uFFFD')) return { kind: 'left', why: 'not valid UTF-8' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'left', why: 'not JSON' };
  }
  const id = (json as Record<string, unknown> | null)?.op_id;
  const opId = typeof id === 'string' ? id.toLowerCase() : null;
  const values = identityStrings(json).filter((v) => !isMaskedIdentity(v));
  if (values.length === 0) return { kind: 'clean', opId };
  const out = Buffer.from(line);
  let replaced = 0;
  for (const value of values) {
    const needle = Buffer.from(JSON.stringify(value), 'utf8');
    const mask = Buffer.from(JSON.stringify(sameBytesMask(value)), 'utf8');
    if (mask.length !== needle.length) return { kind: 'left', why: 'no mask of the same length' };
    for (let at = out.indexOf(needle); at !== -1; at = out.indexOf(needle, at + needle.length)) {
      mask.copy(out, at);
      replaced += 1;
    }
  }
  // The line must still be the same entry with nothing of the customer's left in it.
  let after: unknown;
  try {
    after = JSON.parse(out.toString('utf8'));
  } catch {
    return { kind: 'left', why: 'masking broke it' };
  }
  const same = (key: string) =>
    (after as Record<string, unknown>)?.[key] === (json as Record<string, unknown>)?.[key];
  if (!same('seq') || !same('op_id') || !same('type') || !same('status')) {
    return { kind: 'left', why: 'masking changed its fields' };
  }
  if (identityStrings(after).some((v) => !isMaskedIdentity(v))) {
    return { kind: 'left', why: 'an identity is written otherwise than JSON.stringify writes it' };
  }
  return replaced === 0
    ? { kind: 'left', why: 'identity not found' }
    : { kind: 'masked', opId, bytes: out, values: replaced };
}
