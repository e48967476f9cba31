// The store database's connection URL as a supervisor (or MOSTRADOR_STORE_DB_URL) gives it:
// `postgres://user:password@host:5432/db?sslmode=…`. Checked before anything is sent with it, and
// described without its password for every screen and log line (docs/store-database.md,
// docs/decisions.md "The store database from the counter (issue 20, app side)").
import type { StoreDbTarget, StoreDbUrlProblem } from '../../shared/bridge/store-db';
import { isPrivateHost } from '../store-db/connection';

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
  // be encrypted. The same rule as the database side's (electron/store-db/connection.ts), so a
  // URL Settings takes is one the replication and `npm run store-db` take.
  if (!isPrivateHost(host) && (sslmode === null || !TLS_MODES.has(sslmode))) {
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
