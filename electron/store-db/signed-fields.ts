// The bytes every signed call's HMAC is taken over (docs/store-database.md "Signed batches"):
// each field `<byte length>:<text>;`, `-;` for null, so no two calls share one message. The
// database builds the same bytes in its `store_db_*_message` functions (migrations 0102, 0106,
// 0108, 0112).
import { createHmac } from 'node:crypto';

export const field = (value: string | null): string =>
  value === null ? '-;' : `${Buffer.byteLength(value, 'utf8')}:${value};`;

/** The fields, length-prefixed one after the other, as UTF-8. */
export function fieldsMessage(fields: readonly (string | null)[]): Buffer {
  return Buffer.from(fields.map(field).join(''), 'utf8');
}

export const hmacOf = (bytes: Buffer, key: Buffer): Buffer =>
  createHmac('sha256', key).update(bytes).digest();
