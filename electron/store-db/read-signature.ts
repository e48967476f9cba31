// A counter's reads of its store, signed like its writes (migration 0112, docs/store-database.md
// "Walls between stores"): through the pooler the chain's counters share one login, so the
// database cannot tell a reader's store from the login. Every read is one call,
// `store_db_read(terminal_id, at, read, args, mac)`, with an HMAC-SHA256 under the counter's key
// over all of it; the database answers for the key's store only, and only within 15 minutes of
// `at` (a request seen on the wire is not an answer for later). The answer is one JSON value.
import { fieldsMessage, hmacOf } from './signed-fields';

/**
 * - `hello`: at connect, the counter's last call number, its store, the last seq held of it;
 * - `code`: the other counters' word on a funding code (`funding_code`);
 * - `counters`: every counter's freshness; `standing`: each counter's standing, for the close;
 * - `day`: the store day's operations; `held`: the lines money held is folded from; `close`: the
 *   day's close record; `codes-before`: each code billed on the day with its balance before
 *   it (each with `day`).
 */
export type ReadName =
  | 'hello'
  | 'code'
  | 'counters'
  | 'standing'
  | 'day'
  | 'held'
  | 'close'
  | 'codes-before';

export type SignedRead = {
  terminalId: string;
  /** The counter's clock, ISO 8601. */
  at: string;
  read: ReadName;
  /** The arguments' JSON text, exactly as sent and signed. */
  args: string;
};

/** The exact bytes the read's HMAC is taken over; the same as `store_db_read_message`. */
export function readMessage(read: SignedRead): Buffer {
  return fieldsMessage(['mostrador-read/1', read.terminalId, read.at, read.read, read.args]);
}

export const READ_SQL = 'SELECT public.store_db_read($1, $2, $3, $4, $5) AS answer';

/** The parameters of READ_SQL for a read and its signature. */
export function readParams(read: SignedRead, key: Buffer): unknown[] {
  return [read.terminalId, read.at, read.read, read.args, hmacOf(readMessage(read), key)];
}
