// How a counter's lines are getting through to the store database (docs/store-database.md,
// "How the counters send their lines"): the main process keeps it, the top bar shows it, and "Probar conexión" names
// failures with the same categories. Written once here so both sides read one shape.
import { z } from 'zod';

/**
 * Why the store database did not take a batch or a check failed:
 * - `network`: no connection (refused, reset, DNS, the link cut);
 * - `timeout`: a connect or a statement took longer than allowed (a server that never answers);
 * - `auth`: wrong user or password, or the server refuses this client (pg_hba);
 * - `no-database`: the database named in the URL does not exist;
 * - `not-migrated`: the tables are missing (run `npm run store-db -- migrate`);
 * - `permission`: the user lacks a privilege it needs (not granted `mostrador_terminal`);
 * - `tls-required`: a host outside loopback and the private ranges without `sslmode=require`;
 * - `tls`: the TLS handshake failed;
 * - `asks-cleartext-password`, `asks-md5-password`: the server asked for the password in clear
 *   text, or for its MD5 hash, on a link TLS has not verified (no TLS, or `sslmode=require`): the
 *   counter sent nothing and ended the connection (a server set to `password` or `md5` in
 *   pg_hba.conf, or a machine in the middle posing as it);
 * - `bad-url`: the URL is not a `postgres://` URL;
 * - `ambiguous-url`: the URL reads two ways (a repeated parameter, a `host` or `port` in the query
 *   that differs from the address, a unix socket, a parameter the counter does not follow,
 *   `sslmode=prefer` or `allow`, a certificate the sslmode does not use as libpq would);
 * - `bad-line`: the database refused a line's content (held, never skipped);
 * - `too-big`: an answer broke the bounds on bytes or rows of one query (a hostile or broken
 *   server): the connection was ended before it could fill the counter's memory;
 * - `bad-time-zone`: the store's time zone (settings `time_zone`) is not an IANA name the counter
 *   and the database both know (an offset or an abbreviation is read otherwise by PostgreSQL):
 *   nothing is sent until a supervisor fixes it;
 * - `not-enrolled`: the database holds no key of this counter in a store: a technician's
 *   enrollment code, typed in Settings, joins it (docs/store-database.md "Adding a counter");
 * - `key-mismatch`: the database holds another key for this counter's id (a key lost with a
 *   reinstall, or a copy of another PC): a re-enrollment code that names the counter replaces it;
 * - `other-store`: the counter is enrolled in another store than the one it is set to, or its
 *   login is not a login of its store: it writes and reads only where it is enrolled;
 * - `enrollment-code`: an enrollment code that is unknown, used, expired or for another counter;
 * - `clock`: the counter's clock is more than 15 minutes from the database's: a signed read
 *   carries its time, and one that far off is refused;
 * - `server`: any other error the server reported.
 */
export const StoreDbErrorCategory = z.enum([
  'network',
  'timeout',
  'auth',
  'no-database',
  'not-migrated',
  'permission',
  'tls-required',
  'tls',
  'asks-cleartext-password',
  'asks-md5-password',
  'bad-url',
  'ambiguous-url',
  'bad-line',
  'too-big',
  'bad-time-zone',
  'not-enrolled',
  'key-mismatch',
  'other-store',
  'enrollment-code',
  'clock',
  'server',
]);
export type StoreDbErrorCategory = z.infer<typeof StoreDbErrorCategory>;

/**
 * - `off`: no store database configured (a one-counter store);
 * - `ok`: every line written so far is in the database;
 * - `behind`: the database takes lines, some are still waiting (catching up);
 * - `unreachable`: the database cannot be reached; lines wait at the counter;
 * - `refused`: the database answers but refuses the lines (see `last_error_category`);
 * - `conflict`: the database holds a different line under one of this counter's keys: an alarm,
 *   replication holds at that line until a technician looks (never an overwrite, never a skip).
 */
export const ReplicationStateName = z.enum([
  'off',
  'ok',
  'behind',
  'unreachable',
  'refused',
  'conflict',
]);
export type ReplicationStateName = z.infer<typeof ReplicationStateName>;

export const ReplicationState = z.object({
  state: ReplicationStateName,
  /** When this state began (the counter's clock). */
  since: z.iso.datetime({ offset: true }),
  /** The seq of the last journal line the database has committed (0: none yet). */
  replicated_seq: z.int().nonnegative(),
  /** Journal lines not yet in the database. */
  waiting_lines: z.int().nonnegative(),
  last_error_category: StoreDbErrorCategory.nullable(),
  /** The seq held by a conflict; null otherwise. */
  conflict_seq: z.int().positive().nullable(),
  /** Lines of the journal file that are not entries (torn or damaged), left out as the journal leaves them. */
  unreadable_lines: z.int().nonnegative(),
});
export type ReplicationState = z.infer<typeof ReplicationState>;
