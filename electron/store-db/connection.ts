// Opening a connection to the store database and naming what went wrong (docs/store-database.md).
// Every client gets connect and statement timeouts, so a server that accepts and never answers
// costs a bounded wait, and an error listener, so an idle connection's error never crashes the
// main process.
import type pg from 'pg';
import { parse as parseConnectionString } from 'pg-connection-string';
import type { StoreDbErrorCategory } from '../../shared/store/replication-state';
import { type AnswerBounds, DEFAULT_ANSWER_BOUNDS } from './answer-bounds';
import { isPrivateHost, readHost } from './host-address';
import { storeDbClient } from './store-db-client';
import { StoreDbError } from './store-db-error';
import { type TlsVerification, tlsMode } from './tls-mode';

export { isPrivateHost, StoreDbError };

export type StoreDbTimeouts = {
  connectTimeoutMs: number;
  /** Server-side statement timeout and the client's own query timeout (a little longer). */
  statementTimeoutMs: number;
};

export const DEFAULT_TIMEOUTS: StoreDbTimeouts = {
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 10_000,
};

/** What node-postgres is given: the URL's own parts, never the URL itself (see readStoreDbUrl). */
export type StoreDbDriverTarget = {
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
  ssl: pg.ClientConfig['ssl'];
};

export type ParsedStoreDbUrl =
  | {
      ok: true;
      host: string;
      port: number;
      database: string;
      user: string;
      /** The URL's `sslmode`, or null when it names none. */
      sslmode: string | null;
      tls: boolean;
      /** How far TLS vouches for the server (tls-mode.ts): `none` without TLS or with `require`. */
      verify: TlsVerification;
      /** A function, so the password never shows when the answer is logged or serialized. */
      driverTarget: () => StoreDbDriverTarget;
    }
  | {
      ok: false;
      category: Extract<StoreDbErrorCategory, 'bad-url' | 'tls-required' | 'ambiguous-url'>;
    };

/**
 * The URL parameters a counter follows. Any other one is refused: node-postgres would take it
 * over the counter's own settings (`statement_timeout=0` turns a deadline off, `user=` logs in
 * as another user than the one shown, `ssl=0` drops TLS).
 */
const URL_PARAMETERS = new Set(['sslmode', 'sslrootcert', 'sslcert', 'sslkey', 'host', 'port']);
const DEFAULT_PORT = 5432;

/**
 * Checks the URL's shape and the TLS rule without connecting, on what the driver will use: the
 * URL is read by pg-connection-string, the parser node-postgres itself uses, and a URL that
 * reads one way to a person (or `new URL`) and another to the driver is refused as ambiguous: a
 * repeated parameter (the driver takes the last), a `host`/`port` in the query that differs
 * from the address (the driver takes the query's), a unix socket (docs/decisions.md "The store
 * database URL means one thing (issue 26, item 5)"). A host made of numbers is read as the
 * address it is (host-address.ts), and `sslmode` has the one meaning tls-mode.ts gives it: the
 * driver gets the `ssl` option built there, never the parser's (issue 34, items 6 and 7).
 */
export function parseStoreDbUrl(url: string): ParsedStoreDbUrl {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, category: 'bad-url' };
  }
  if (!['postgres:', 'postgresql:'].includes(parsed.protocol) || !parsed.hostname) {
    return { ok: false, category: 'bad-url' };
  }
  const names = [...parsed.searchParams.keys()];
  if (new Set(names).size !== names.length || names.some((n) => !URL_PARAMETERS.has(n))) {
    return { ok: false, category: 'ambiguous-url' };
  }
  let driver: ReturnType<typeof parseConnectionString>;
  let shown: { host: string; user: string; password: string; database: string };
  try {
    driver = parseConnectionString(withoutTlsParameters(url, parsed));
    shown = {
      host: decodeURIComponent(parsed.hostname).replace(/^\[(.+)\]$/, '$1'),
      user: decodeURIComponent(parsed.username),
      password: decodeURIComponent(parsed.password),
      database: decodeURIComponent(parsed.pathname.slice(1)),
    };
  } catch {
    // An undecodable part.
    return { ok: false, category: 'bad-url' };
  }
  const driverHost = driver.host ?? '';
  if (driverHost.startsWith('/') || shown.host.startsWith('/')) {
    return { ok: false, category: 'ambiguous-url' };
  }
  const port = Number(driver.port || DEFAULT_PORT);
  const database = driver.database ?? '';
  const user = driver.user ?? '';
  const password = driver.password ?? '';
  if (
    driverHost !== shown.host ||
    port !== Number(parsed.port || DEFAULT_PORT) ||
    user !== shown.user ||
    password !== shown.password ||
    database !== shown.database
  ) {
    return { ok: false, category: 'ambiguous-url' };
  }
  const reading = readHost(driverHost);
  if (reading.kind === 'not-an-address') return { ok: false, category: 'bad-url' };
  // `134744072` is 8.8.8.8 to the resolver: the driver is given, and the screen shows, 8.8.8.8.
  const host = reading.host;
  const sslmode = parsed.searchParams.get('sslmode');
  const mode = tlsMode(sslmode, {
    sslrootcert: parsed.searchParams.get('sslrootcert'),
    sslcert: parsed.searchParams.get('sslcert'),
    sslkey: parsed.searchParams.get('sslkey'),
  });
  if (!mode.ok) return { ok: false, category: mode.category };
  if (!mode.tls && !isPrivateHost(host)) return { ok: false, category: 'tls-required' };
  // No sslmode: no TLS (not PGSSLMODE from the environment, which the driver would read).
  const { tls, verify, ssl } = mode;
  return {
    ok: true,
    host,
    port,
    database,
    user,
    sslmode,
    tls,
    verify,
    // A copy each time: node-postgres hides `ssl.key` on the object it is given (non-enumerable).
    driverTarget: () => ({ host, port, database, user, password, ssl: ssl && { ...ssl } }),
  };
}

/**
 * The URL as pg-connection-string is given it: with only `host` and `port` in its query. The TLS
 * parameters are ours to read (tls-mode.ts): it would read the certificate files from disk with
 * no bound of size (`sslrootcert=/dev/zero`) and make an `ssl` option of its own meaning. What it
 * reads of the rest (host, port, user, password, database) is compared above.
 */
function withoutTlsParameters(url: string, parsed: URL): string {
  const ends = [url.indexOf('?'), url.indexOf('#')].filter((i) => i >= 0);
  const base = ends.length > 0 ? url.slice(0, Math.min(...ends)) : url;
  const kept = new URLSearchParams(
    [...parsed.searchParams].filter(([name]) => name === 'host' || name === 'port'),
  );
  const query = kept.toString();
  return query ? `${base}?${query}` : base;
}

/**
 * Opens a client; rejects with a StoreDbError. The caller ends it. Every answer it gets is
 * bounded in bytes and rows (answer-bounds.ts): past them the connection is destroyed with
 * `too-big`; and it sends its password only as SCRAM unless TLS verified the server
 * (password-rule.ts).
 */
export async function connectStoreDb(
  url: string,
  timeouts: StoreDbTimeouts = DEFAULT_TIMEOUTS,
  applicationName = 'mostrador',
  bounds: AnswerBounds = DEFAULT_ANSWER_BOUNDS,
): Promise<pg.Client> {
  const checked = parseStoreDbUrl(url);
  if (!checked.ok)
    throw new StoreDbError(checked.category, `store database URL: ${checked.category}`);
  const Client = storeDbClient(bounds);
  const client = new Client({
    ...checked.driverTarget(),
    connectionTimeoutMillis: timeouts.connectTimeoutMs,
    // 0: no limit (a migrate waiting for another one's lock).
    statement_timeout: timeouts.statementTimeoutMs || undefined,
    query_timeout: timeouts.statementTimeoutMs ? timeouts.statementTimeoutMs + 1_000 : undefined,
    keepAlive: true,
    application_name: applicationName,
  });
  // Without a listener, an error on an idle connection (server restart, link cut) is thrown
  // from an event emitter and ends the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    client.end().catch(() => undefined);
    throw new StoreDbError(categorize(error), errorText(error), { cause: error });
  }
  return client;
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'ECONNABORTED',
]);

/** The category of any error a pg client or our own code threw. */
export function categorize(error: unknown): StoreDbErrorCategory {
  if (error instanceof StoreDbError) return error.category;
  const e = error as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : '';
  if (NETWORK_CODES.has(code)) return 'network';
  // The pg client's own connection errors carry no SQLSTATE and say what happened in words; a
  // server's error, or a value our code refused (a zod or JSON error naming a field "closed"),
  // is never read for those words.
  const clientWords =
    !/^[0-9A-Z]{5}$/.test(code) &&
    error instanceof Error &&
    error.name !== 'ZodError' &&
    !(error instanceof SyntaxError || error instanceof TypeError || error instanceof RangeError);
  if ((clientWords && /timeout|timed out/i.test(message)) || code === '57014') return 'timeout';
  if (clientWords && /terminated|ended|not queryable|closed|ECONNRESET/i.test(message))
    return 'network';
  if (/ssl|tls|certificate/i.test(message) && !/^[0-9A-Z]{5}$/.test(code)) return 'tls';
  if (code === '28P01' || code === '28000') return 'auth';
  if (code === '3D000') return 'no-database';
  if (code === '42P01' || code === '42883') return 'not-migrated';
  // The walls between stores (migrations 0110, 0112).
  if (code === 'MS010') return 'not-enrolled';
  if (code === 'MS011') return 'other-store';
  if (code === 'MS012') return 'enrollment-code';
  if (code === 'MS013') return 'clock';
  if (code === 'MS014') return 'key-mismatch';
  if (code === '42501') return 'permission';
  // Admin shutdown, crash recovery, too many connections: the server is there but not serving.
  if (code.startsWith('57P') || code === '53300' || code.startsWith('08')) return 'network';
  if (code.startsWith('22') || code.startsWith('23')) return 'bad-line';
  return 'server';
}

/** Errors that leave the lines waiting at the counter; the rest are the database refusing them. */
export function isUnreachable(category: StoreDbErrorCategory): boolean {
  return category === 'network' || category === 'timeout';
}
