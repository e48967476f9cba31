// The store close's call, signed with the closing counter's key (migration 0106,
// docs/store-database.md "What one counter's login can and cannot do: the day close"): the
// database checks the figures itself, and the signature proves which counter asked, so a login
// cannot write a close in another counter's name. The message is built as the batches' is
// (batch-signature.ts): every field `<byte length>:<text>;`, `-;` for null.
import { createHmac } from 'node:crypto';

export type SignedClose = {
  store: string;
  mode: 'live' | 'training';
  /** The store day, `YYYY-MM-DD`. */
  day: string;
  /** The draft's canonical JSON, exactly as sent. */
  content: string;
  supervisor: string;
  cashierId: string | null;
  terminalId: string;
  note: string | null;
};

const field = (value: string | null): string =>
  value === null ? '-;' : `${Buffer.byteLength(value, 'utf8')}:${value};`;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The exact bytes the HMAC is taken over; the same as `store_db_close_message` builds. */
export function closeMessage(close: SignedClose): Buffer {
  // The database writes the day back as YYYY-MM-DD: any other spelling would sign other bytes.
  if (!DAY.test(close.day)) throw new RangeError(`a close's day is YYYY-MM-DD, not ${close.day}`);
  return Buffer.from(
    [
      'mostrador-close/1',
      close.store,
      close.mode,
      close.day,
      close.content,
      close.supervisor,
      close.cashierId,
      close.terminalId,
      close.note,
    ]
      .map(field)
      .join(''),
    'utf8',
  );
}

export const CLOSE_DAY_SQL = `SELECT inserted, content, sha256, recorded_at
FROM store_db_close_day($1, $2, $3::date, $4, $5, $6, $7, $8, $9)`;

/** The parameters of CLOSE_DAY_SQL for a close and its signature. */
export function closeParams(close: SignedClose, key: Buffer): unknown[] {
  return [
    close.store,
    close.mode,
    close.day,
    close.content,
    close.supervisor,
    close.cashierId,
    close.terminalId,
    close.note,
    createHmac('sha256', key).update(closeMessage(close)).digest(),
  ];
}
