// Opening a connection to the store database and naming what went wrong (docs/store-database.md).
// Every client gets connect and statement timeouts, so a server that accepts and never answers
// costs a bounded wait, and an error listener, so an idle connection's error never crashes the
// main process.
import { isIP } from 'node:net';
import pg from 'pg';
import type { StoreDbErrorCategory } from '../../shared/store/replication-state';

export type StoreDbTimeouts = {
  connectTimeoutMs: number;
  /** Server-side statement timeout and the client's own query timeout (a little longer). */
  statementTimeoutMs: number;
};

export const DEFAULT_TIMEOUTS: StoreDbTimeouts = {
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 10_000,
};

export type ParsedStoreDbUrl =
  | { ok: true; host: string; database: string; user: string; tls: boolean }
  | { ok: false; category: Extract<StoreDbErrorCategory, 'bad-url' | 'tls-required'> };

/** Loopback, RFC 1918, link-local, unique-local IPv6 and a bare name (a LAN's machine name). */
export function isPrivateHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.local') || h.endsWith('.lan')) return true;
  const kind = isIP(h);
  if (kind === 4) {
    const [a = 0, b = 0] = h.split('.').map(Number);
    return (
      a === 127 ||
      a === 10 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254)
    );
  }
  if (kind === 6)
    return h === '::1' || h.startsWith('fc') || h.startsWith('fd') || h.startsWith('fe80');
  // A single-label name ("backoffice") is resolved on the store's own network.
  return !h.includes('.');
}

/** Checks the URL's shape and the TLS rule without connecting. */
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
  const sslmode = parsed.searchParams.get('sslmode');
  const tls = sslmode !== null && ['require', 'verify-ca', 'verify-full'].includes(sslmode);
  if (!tls && !isPrivateHost(parsed.hostname)) return { ok: false, category: 'tls-required' };
  return {
    ok: true,
    host: parsed.hostname,
    database: decodeURIComponent(parsed.pathname.slice(1)),
    user: decodeURIComponent(parsed.username),
    tls,
  };
}

export class StoreDbError extends Error {
  constructor(
    readonly category: StoreDbErrorCategory,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StoreDbError';
  }
}

/** Opens a client; rejects with a StoreDbError. The caller ends it. */
export async function connectStoreDb(
  url: string,
  timeouts: StoreDbTimeouts = DEFAULT_TIMEOUTS,
  applicationName = 'mostrador',
): Promise<pg.Client> {
  const checked = parseStoreDbUrl(url);
  if (!checked.ok)
    throw new StoreDbError(checked.category, `store database URL: ${checked.category}`);
  const client = new pg.Client({
    connectionString: url,
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
