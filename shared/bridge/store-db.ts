// Bridge methods and shapes of the store database (docs/store-database.md): the supervisor's
// connection (behind the PIN; the URL goes in and never comes back whole), the counter's own
// replication state for its top bar, every counter's freshness for the store's close, and what
// Verify and Info learnt from the other counters. Nothing here carries the password.
import { z } from 'zod';
import { ReplicationState, StoreDbErrorCategory } from '../store/replication-state';
import { StoreDbCheck } from '../store/store-db-check';
import { CounterFreshness } from '../store/store-operation';
import { SupervisorPin } from './settings';

const Empty = z.strictObject({});

/** Where the store database is, as a supervisor may see it: never the password. */
export const StoreDbTarget = z.object({
  host: z.string().max(255),
  port: z.int().min(1).max(65535),
  database: z.string().max(128),
  user: z.string().max(128),
  /** The URL's `sslmode`, or null when it names none (libpq's default, `prefer`). */
  sslmode: z.string().max(32).nullable(),
});
export type StoreDbTarget = z.infer<typeof StoreDbTarget>;

/** How this counter's lines are getting through (shared/store/replication-state.ts). */
export { ReplicationStateName } from '../store/replication-state';
export { ReplicationState, StoreDbCheck, StoreDbErrorCategory };

/** The URL as a supervisor typed it: `postgres://user:password@host:5432/db?sslmode=…`. */
export const StoreDbUrlInput = z.string().trim().min(1).max(2048);

/** Why a URL cannot be used; nothing was sent with it. */
export const StoreDbUrlProblem = z.enum([
  /** Not a `postgres://` or `postgresql://` URL with a host and a database. */
  'not-a-url',
  /** A host outside this machine and the private networks without `sslmode=require` or `verify-full`. */
  'needs-tls',
  /**
   * The URL reads two ways (a repeated parameter, a `host` or `port` in the query other than the
   * address, a unix socket, a parameter the counter does not follow, `sslmode=prefer` or `allow`
   * which fall back to clear text, a certificate the mode does not use as libpq would): the driver
   * would not use what the screen shows.
   */
  'ambiguous',
]);
export type StoreDbUrlProblem = z.infer<typeof StoreDbUrlProblem>;

export const StoreDbStatus = z.object({
  /** `env`: set by MOSTRADOR_STORE_DB_URL, not changeable from Settings. */
  source: z.enum(['env', 'settings', 'off']),
  target: StoreDbTarget.nullable(),
  /**
   * Why the counter runs as a one-counter store although a URL is set: the stored URL could not
   * be read or used, live mode has no store client id (`pos_client_id`) to file lines under, or
   * this counter's key could be kept only with weak encryption (no keyring) and no supervisor
   * accepted that yet (`storeDb.acceptWeakKey`).
   */
  problem: z
    .enum(['unreadable', 'not-a-url', 'needs-tls', 'ambiguous', 'no-store-id', 'key-needs-consent'])
    .nullable(),
  replication: ReplicationState,
  /**
   * This counter's terminal id, once made (its first replication or printed document), else
   * null: the technician names it in a re-enrollment code (`enroll --terminal <id>`).
   */
  terminal_id: z.string().max(64).nullable(),
});
export type StoreDbStatus = z.infer<typeof StoreDbStatus>;

/**
 * "Probar conexión": the URL's own problem (then nothing was sent), where it points (no
 * password), and each check the database side made (shared/store/store-db-check.ts).
 */
export const StoreDbTest = z.object({
  url_problem: StoreDbUrlProblem.nullable(),
  target: StoreDbTarget.nullable(),
  check: StoreDbCheck.nullable(),
});
export type StoreDbTest = z.infer<typeof StoreDbTest>;

/** Another counter as the store database names it. */
export const OtherCounter = z.object({
  terminal_id: z.string().max(64),
  terminal_name: z.string().max(32).nullable(),
  /** When its billing was accepted, or when its paid-and-billed in doubt started. */
  at: z.iso.datetime({ offset: true }),
});
export type OtherCounter = z.infer<typeof OtherCounter>;

/** Another counter the store database has not heard from in time (its `standing` is silent). */
export const SilentCounter = z.object({
  terminal_id: z.string().max(64),
  terminal_name: z.string().max(32).nullable(),
  /** Since when the database lacks its word, by the database's clock. */
  since: z.iso.datetime({ offset: true }),
});
export type SilentCounter = z.infer<typeof SilentCounter>;

/**
 * The other counters that are silent, while the amount may be shown: the cashier asks the
 * customer first. Absent from Verifies kept before it existed.
 */
const Silent = z.array(SilentCounter).max(64).optional();

/**
 * What Verify (v3) and Info (v2) learnt from the store database about this code at the other
 * counters, within their bounded wait:
 * - `off`: no store database is set;
 * - `clear`: asked, and no other counter has billed it, holds a billing of it in doubt or holds
 *   money for a refused sale of it; `silent` names the counters that could not say so;
 * - `not-checked`: the database did not answer in time (the cashier asks the customer first);
 * - `billed-elsewhere`: another counter billed it: no amount to collect;
 * - `in-doubt-elsewhere`: another counter's paid-and-billed of it has no answer: do not collect;
 * - `held-elsewhere`: another counter holds money the customer paid for a refused sale of it:
 *   use it or give it back there, collect nothing here (`counter.at`: since when it is held).
 */
export const StoreCheck = z.discriminatedUnion('state', [
  z.object({ state: z.literal('off') }),
  z.object({ state: z.literal('clear'), silent: Silent }),
  z.object({ state: z.literal('not-checked') }),
  z.object({ state: z.literal('billed-elsewhere'), counter: OtherCounter, silent: Silent }),
  z.object({ state: z.literal('in-doubt-elsewhere'), counter: OtherCounter, silent: Silent }),
  z.object({
    state: z.literal('held-elsewhere'),
    counter: OtherCounter,
    amount_cents: z.int().nonnegative(),
    silent: Silent,
  }),
]);
export type StoreCheck = z.infer<typeof StoreCheck>;

/**
 * Whether the cashier must ask the customer before an amount is shown: another counter is silent,
 * or the database did not answer in time (docs/decisions.md "A counter that has gone silent (issue 27, items 2 and 6)").
 */
export function mustAskElsewhere(check: StoreCheck | null | undefined): boolean {
  if (!check) return false;
  if (check.state === 'not-checked') return true;
  return check.state === 'clear' && (check.silent?.length ?? 0) > 0;
}

/** The cashier's answer to "did the customer pay at another counter?", journaled on the Verify. */
export const ElsewhereAnswer = z.enum(['no', 'yes']);
export type ElsewhereAnswer = z.infer<typeof ElsewhereAnswer>;

/**
 * A technician's one-time enrollment code (`npm run store-db -- enroll`): 12 letters and digits,
 * shown as XXXX-XXXX-XXXX; spaces and dashes as typed are fine.
 */
export const EnrollmentCode = z
  .string()
  .trim()
  .max(32)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/);

/**
 * Enrolling this counter in the store its code was made for (docs/store-database.md "Adding a
 * counter"): the store it joined, or why not (`enrollment-code`: unknown, used, expired or for
 * another counter; `other-store`: this counter's database login is not a login of that store;
 * `network`, `auth`… as "Probar conexión" says them).
 */
export const StoreEnrollment = z.discriminatedUnion('enrolled', [
  z.object({ enrolled: z.literal(true), store: z.string().max(128) }),
  z.object({ enrolled: z.literal(false), category: StoreDbErrorCategory }),
]);
export type StoreEnrollment = z.infer<typeof StoreEnrollment>;

export const StoreFreshness = z.object({
  /** False without a store database, or when it did not answer: then `counters` is empty. */
  available: z.boolean(),
  counters: z.array(CounterFreshness),
});
export type StoreFreshness = z.infer<typeof StoreFreshness>;

export const storeDbMethods = {
  /** The connection as the supervisor may see it, and this counter's replication state. */
  'storeDb.status': { args: Empty, result: StoreDbStatus },
  /** This counter's replication state alone, for the top bar (asked every few seconds). */
  'storeDb.replication': { args: Empty, result: ReplicationState },
  /** Saves (or, with null, removes) the store database's URL; the replication restarts on it. */
  'storeDb.configure': {
    args: z.strictObject({ pin: SupervisorPin, url: StoreDbUrlInput.nullable() }),
    result: StoreDbStatus,
  },
  /**
   * "Probar conexión": each check against `url` (typed, maybe not saved yet), or the saved one
   * when absent. PIN-checked: it sends the password to that address.
   */
  'storeDb.test': {
    args: z.strictObject({ pin: SupervisorPin, url: StoreDbUrlInput.optional() }),
    result: StoreDbTest,
  },
  /**
   * The cashier's answer, before an amount is shown, to "did the customer already pay at another
   * counter?" (asked while another counter is silent or the database did not answer): a note on
   * the Verify/Info `op_id`; a paid-and-billed of it needs `no` (docs/store-database.md).
   */
  'storeDb.answerElsewhere': {
    args: z.strictObject({ op_id: z.uuid(), answer: ElsewhereAnswer }),
    result: z.object({ recorded: z.literal(true) }),
  },
  /** Every counter of this store and mode as the store database knows them (the store's close). */
  'storeDb.freshness': { args: Empty, result: StoreFreshness },
  /**
   * Joins this counter to its store with the technician's one-time code, through the database in
   * use (PIN): its key is bound to that store for good; replication restarts on it.
   */
  'storeDb.enroll': {
    args: z.strictObject({ pin: SupervisorPin, code: EnrollmentCode }),
    result: StoreEnrollment,
  },
  /**
   * The supervisor accepts keeping this counter's store key with weak encryption on a machine
   * with no keyring (the token's checkbox, for the key): the replication starts with it.
   */
  'storeDb.acceptWeakKey': { args: z.strictObject({ pin: SupervisorPin }), result: StoreDbStatus },
} as const;
