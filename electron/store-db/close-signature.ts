// The store close's calls, signed with the calling counter's key (docs/store-database.md "What
// one counter's login can and cannot do: the day close"): the close (migration 0106) and the
// mark-off of a silent counter (0108). The database checks the close's figures itself; the
// signature proves which counter asked, so a login can neither close a day nor mark a counter
// off in another counter's name. The message is built as the batches' is (batch-signature.ts):
// every field `<byte length>:<text>;`, `-;` for null; the database builds the same bytes
// (`store_db_close_message`, `store_db_mark_off_message`).
import { fieldsMessage, hmacOf } from './signed-fields';

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

export type SignedMarkOff = {
  store: string;
  mode: 'live' | 'training';
  /** The silent counter marked off. */
  terminalId: string;
  /** The store day, `YYYY-MM-DD`. */
  day: string;
  supervisor: string;
  /** The counter whose supervisor marks it off, and whose key signs. */
  byTerminalId: string;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function message(fields: (string | null)[], day: string): Buffer {
  // The database writes the day back as YYYY-MM-DD: any other spelling would sign other bytes.
  if (!DAY.test(day)) throw new RangeError(`a store day is YYYY-MM-DD, not ${day}`);
  return fieldsMessage(fields);
}

const mac = hmacOf;

/** The exact bytes the close's HMAC is taken over; the same as `store_db_close_message`. */
export function closeMessage(close: SignedClose): Buffer {
  return message(
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
    ],
    close.day,
  );
}

export const CLOSE_DAY_SQL = `SELECT inserted, content, sha256, recorded_at
FROM public.store_db_close_day($1, $2, $3::date, $4, $5, $6, $7, $8, $9)`;

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
    mac(closeMessage(close), key),
  ];
}

/** The exact bytes a mark-off's HMAC is taken over; the same as `store_db_mark_off_message`. */
export function markOffMessage(markOff: SignedMarkOff): Buffer {
  return message(
    [
      'mostrador-mark-off/1',
      markOff.store,
      markOff.mode,
      markOff.terminalId,
      markOff.day,
      markOff.supervisor,
      markOff.byTerminalId,
    ],
    markOff.day,
  );
}

export const MARK_OFF_SQL = 'SELECT public.store_db_mark_off($1, $2, $3, $4::date, $5, $6, $7)';

/** The parameters of MARK_OFF_SQL for a mark-off and its signature. */
export function markOffParams(markOff: SignedMarkOff, key: Buffer): unknown[] {
  return [
    markOff.store,
    markOff.mode,
    markOff.terminalId,
    markOff.day,
    markOff.supervisor,
    markOff.byTerminalId,
    mac(markOffMessage(markOff), key),
  ];
}
