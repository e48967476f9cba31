// The store database's connection URL as a supervisor (or MOSTRADOR_STORE_DB_URL) gives it:
// `postgres://user:password@host:5432/db?sslmode=…`. Checked before anything is sent with it, and
// described without its password for every screen and log line (docs/store-database.md,
// docs/decisions.md "The store database's URL").
import type { StoreDbTarget, StoreDbUrlProblem } from '../../shared/bridge/store-db';

export type StoreDbUrlCheck =
  | { ok: true; url: string; target: StoreDbTarget; password: string }
  | { ok: false; problem: StoreDbUrlProblem };

/** The modes that encrypt the link; `prefer` and `allow` may fall back to clear text. */
const TLS_MODES = new Set(['require', 'verify-ca', 'verify-full']);
const KNOWN_MODES = new Set(['disable', 'allow', 'prefer', ...TLS_MODES]);
const DEFAULT_PORT = 5432;

export function checkStoreDbUrl(input: string): StoreDbUrlCheck {
  const text = input.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, problem: 'not-a-url' };
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    return { ok: false, problem: 'not-a-url' };
  }
  const host = url.hostname;
  const database = safeDecode(url.pathname.replace(/^\//, ''));
  const user = safeDecode(url.username);
  const password = safeDecode(url.password);
  if (host === '' || database === null || database === '' || database.includes('/')) {
    return { ok: false, problem: 'not-a-url' };
  }
  if (user === null || user === '' || password === null || url.hash !== '') {
    return { ok: false, problem: 'not-a-url' };
  }
  const port = url.port === '' ? DEFAULT_PORT : Number(url.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    return { ok: false, problem: 'not-a-url' };
  const sslmode = url.searchParams.get('sslmode');
  if (sslmode !== null && !KNOWN_MODES.has(sslmode)) return { ok: false, problem: 'not-a-url' };
  // The password crosses the link: outside this machine and the store's own network it must
  // be encrypted (docs/decisions.md "The store database's URL").
  if (!isLocalNetworkHost(host) && (sslmode === null || !TLS_MODES.has(sslmode))) {
    return { ok: false, problem: 'needs-tls' };
  }
  return {
    ok: true,
    url: text,
    target: {
      host: host.slice(0, 255),
      port,
      database: database.slice(0, 128),
      user: user.slice(0, 128),
      sslmode,
    },
    password,
  };
}

/** `user@host:port/db` for a log line or a screen: never the password. */
export function describeTarget(target: StoreDbTarget): string {
  return `${target.user}@${target.host}:${target.port}/${target.database}`;
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * This machine or the private networks a store's back office sits on (RFC 1918, link-local, IPv6
 * unique-local and link-local), judged on the WHATWG-normalized host. A name other than
 * `localhost` may resolve anywhere, so it counts as outside.
 */
export function isLocalNetworkHost(hostname: string): boolean {
  if (hostname === 'localhost') return true;
  if (hostname.startsWith('[') && hostname.endsWith(']')) {
    const v6 = hostname.slice(1, -1).toLowerCase();
    return v6 === '::1' || /^f[cd][0-9a-f]{2}:/.test(v6) || /^fe[89ab][0-9a-f]:/.test(v6);
  }
  const octets = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(hostname);
  if (!octets) return false;
  const [a, b] = [Number(octets[1]), Number(octets[2])];
  if (octets.slice(1).some((o) => Number(o) > 255)) return false;
  return (
    a === 127 ||
    a === 10 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254)
  );
}
