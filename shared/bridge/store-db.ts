// Bridge methods and shapes of the store database (docs/store-database.md): the supervisor's
// connection (behind the PIN; the URL goes in and never comes back whole), the counter's own
// replication state for its top bar, every counter's freshness for the store's close, and what
// Verify and Info learnt from the other counters. Nothing here carries the password.
import { z } from 'zod';
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

/**
 * How this counter's journal lines are reaching the store database:
 * - `off`: no store database is set (a one-counter store);
 * - `ok`: every line is there (or on its way in the current batch);
 * - `behind`: lines wait, but the database answers (catching up);
 * - `unreachable`: the database does not answer (network, server down, wrong address);
 * - `refused`: the database answered no (password, privileges, not migrated): held, never skipped;
 * - `conflict`: the database holds a different line under one of this counter's keys: an alarm.
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
  /** Since when the state is what it is (for a problem: since when lines stopped getting through). */
  since: z.iso.datetime({ offset: true }).nullable(),
  /** Journal lines written here that the database does not hold yet. */
  waiting_lines: z.int().nonnegative(),
});
export type ReplicationState = z.infer<typeof ReplicationState>;

/** The URL as a supervisor typed it: `postgres://user:password@host:5432/db?sslmode=…`. */
export const StoreDbUrlInput = z.string().trim().min(1).max(2048);

/** Why a URL cannot be used; nothing was sent with it. */
export const StoreDbUrlProblem = z.enum([
  /** Not a `postgres://` or `postgresql://` URL with a host and a database. */
  'not-a-url',
  /** A host outside this machine and the private networks without `sslmode=require` or `verify-full`. */
  'needs-tls',
]);
export type StoreDbUrlProblem = z.infer<typeof StoreDbUrlProblem>;

export const StoreDbStatus = z.object({
  /** `env`: set by MOSTRADOR_STORE_DB_URL, not changeable from Settings. */
  source: z.enum(['env', 'settings', 'off']),
  target: StoreDbTarget.nullable(),
  /** The stored URL could not be read or used (then the counter runs as if none were set). */
  problem: z.enum(['unreadable', 'not-a-url', 'needs-tls']).nullable(),
  replication: ReplicationState,
});
export type StoreDbStatus = z.infer<typeof StoreDbStatus>;

/** One of "Probar conexión"'s checks: passed, failed with a reason, or not reached. */
export const StoreDbCheckItem = z.object({
  status: z.enum(['ok', 'failed', 'not-checked']),
  reason: z.enum([
    'ok',
    /** The host did not answer, or refused the connection. */
    'unreachable',
    /** The server accepted the connection but never answered in time. */
    'timeout',
    'wrong-password',
    'no-database',
    /** The server asks for TLS, or refused it. */
    'tls',
    /** No Mostrador schema: run `npm run store-db -- migrate`. */
    'not-migrated',
    /** The schema is older than this app expects: migrate again. */
    'schema-older',
    /** The schema is newer than this app knows: update the app. */
    'schema-newer',
    /** The role cannot insert or read journal lines. */
    'too-few',
    /** The role may UPDATE or DELETE journal lines (or owns them): use the terminal role. */
    'too-many',
    /** This machine's clock and the database's differ by more than allowed. */
    'clock-off',
    'other',
  ]),
});
export type StoreDbCheckItem = z.infer<typeof StoreDbCheckItem>;

export const StoreDbCheck = z.object({
  /** Set when the URL itself cannot be used: then no check ran. */
  url_problem: StoreDbUrlProblem.nullable(),
  target: StoreDbTarget.nullable(),
  reachable: StoreDbCheckItem,
  migrated: StoreDbCheckItem,
  privileges: StoreDbCheckItem,
  clock: StoreDbCheckItem,
  /** Database clock minus this machine's, in ms, when it was read. */
  clock_skew_ms: z.int().nullable(),
});
export type StoreDbCheck = z.infer<typeof StoreDbCheck>;

/** Another counter as the store database names it. */
export const OtherCounter = z.object({
  terminal_id: z.string().max(64),
  terminal_name: z.string().max(32).nullable(),
  /** When its billing was accepted, or when its paid-and-billed in doubt started. */
  at: z.iso.datetime({ offset: true }),
});
export type OtherCounter = z.infer<typeof OtherCounter>;

/**
 * What Verify (v3) and Info (v2) learnt from the store database about this code at the other
 * counters, within their bounded wait:
 * - `off`: no store database is set;
 * - `clear`: asked, and no other counter has billed it or holds a billing of it in doubt;
 * - `not-checked`: the database did not answer in time (the sale goes on, with a note);
 * - `billed-elsewhere`: another counter billed it: no amount to collect;
 * - `in-doubt-elsewhere`: another counter's paid-and-billed of it has no answer: do not collect.
 */
export const StoreCheck = z.discriminatedUnion('state', [
  z.object({ state: z.literal('off') }),
  z.object({ state: z.literal('clear') }),
  z.object({ state: z.literal('not-checked') }),
  z.object({ state: z.literal('billed-elsewhere'), counter: OtherCounter }),
  z.object({ state: z.literal('in-doubt-elsewhere'), counter: OtherCounter }),
]);
export type StoreCheck = z.infer<typeof StoreCheck>;

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
    result: StoreDbCheck,
  },
  /** Every counter of this store and mode as the store database knows them (the store's close). */
  'storeDb.freshness': { args: Empty, result: StoreFreshness },
} as const;
