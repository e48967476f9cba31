// The signed call through which a counter writes the store database (docs/store-database.md
// "Signed batches", migration 0102): its lines and its heartbeat, with an HMAC-SHA256 under the
// counter's own key. The database rebuilds the same bytes (`store_db_batch_message`) and takes
// the call only if the HMAC verifies, so a login that does not hold this counter's key cannot
// write as it, also through a pooler where many counters share one login.
import { randomBytes } from 'node:crypto';
import { field, hmacOf } from './signed-fields';

/** A counter's secret: 32 random bytes, made once at its first start. */
export function newSigningKey(): Buffer {
  return randomBytes(32);
}

export type SignedBatch = {
  terminalId: string;
  /** Larger than every earlier call's: an old call replayed is refused. */
  beat: number;
  /** The store of each mode this counter writes (live, and training's own). */
  stores: { store: string; mode: 'live' | 'training' }[];
  terminalName: string | null;
  appVersion: string | null;
  timeZone: string;
  /** The last seq of the counter's journal. */
  journalSeq: number;
  /** Lines still to send after this call. */
  waiting: number;
  /** The counter's operations without a definite answer. */
  open: number;
  /** The app is closing for the day with nothing open and nothing waiting. */
  signOff: boolean;
  lines: { store: string; seq: number; text: string; bytes: Buffer | null }[];
};

/** The exact bytes the HMAC is taken over; the same as the SQL function builds. */
export function batchMessage(batch: SignedBatch): Buffer {
  const parts: string[] = [
    field('mostrador-batch/1'),
    field(batch.terminalId),
    field(String(batch.beat)),
    field(batch.terminalName),
    field(batch.appVersion),
    field(batch.timeZone),
    field(String(batch.journalSeq)),
    field(String(batch.waiting)),
    field(String(batch.open)),
    field(batch.signOff ? 'true' : 'false'),
    field(String(batch.stores.length)),
  ];
  for (const { store, mode } of batch.stores) parts.push(field(store), field(mode));
  parts.push(`${batch.lines.length};`);
  for (const line of batch.lines) {
    parts.push(field(line.store), field(String(line.seq)), field(line.text));
    parts.push(line.bytes === null ? '-;' : `${line.bytes.length}:${line.bytes.toString('hex')};`);
  }
  return Buffer.from(parts.join(''), 'utf8');
}

export function signBatch(batch: SignedBatch, key: Buffer): Buffer {
  return hmacOf(batchMessage(batch), key);
}

export const APPEND_SQL = `SELECT public.store_db_append($1, $2, $3::text[], $4::text[], $5, $6, $7, $8,
  $9, $10, $11, $12::text[], $13::bigint[], $14::text[], $15::bytea[], $16)::text AS conflict`;

/** The parameters of APPEND_SQL for a batch and its signature. */
export function appendParams(batch: SignedBatch, key: Buffer): unknown[] {
  return [
    batch.terminalId,
    String(batch.beat),
    batch.stores.map((s) => s.store),
    batch.stores.map((s) => s.mode),
    batch.terminalName,
    batch.appVersion,
    batch.timeZone,
    String(batch.journalSeq),
    batch.waiting,
    batch.open,
    batch.signOff,
    batch.lines.map((l) => l.store),
    batch.lines.map((l) => String(l.seq)),
    batch.lines.map((l) => l.text),
    batch.lines.map((l) => l.bytes),
    signBatch(batch, key),
  ];
}

/**
 * A line's text as PostgreSQL can hold it, and its exact bytes when that text is not them: a
 * file damaged into invalid UTF-8 (read as U+FFFD) or holding a raw NUL (which no text column
 * takes). The line is stored either way; its exact bytes are kept beside it.
 */
export function lineForDatabase(
  text: string,
  raw?: Buffer,
): { text: string; bytes: Buffer | null } {
  const hasNul = text.includes('\0');
  const clean = hasNul ? text.replaceAll('\0', '\uFFFD') : text;
  if (!raw) return { text: clean, bytes: null };
  if (!hasNul && raw.equals(Buffer.from(text, 'utf8'))) return { text, bytes: null };
  return { text: clean, bytes: Buffer.from(raw) };
}
