// The store database's connection URL as a supervisor (or MOSTRADOR_STORE_DB_URL) gives it:
// `postgres://user:password@host:5432/db?sslmode=…`. Checked before anything is sent with it, and
// described without its password for every screen and log line (docs/store-database.md,
// docs/decisions.md "The store database from the counter (issue 20, app side)").
import type { StoreDbTarget, StoreDbUrlProblem } from '../../shared/bridge/store-db';
import { parseStoreDbUrl } from '../store-db/connection';

export type StoreDbUrlCheck =
  | { ok: true; url: string; target: StoreDbTarget; password: string }
  | { ok: false; problem: StoreDbUrlProblem };

export function checkStoreDbUrl(input: string): StoreDbUrlCheck {
  const text = input.trim();
  // What the driver will use, read as it reads it: the screen shows no other host, port or
  // sslmode than the one the password is sent to (docs/decisions.md "The store database URL
  // means one thing (issue 26, item 5)").
  const parsed = parseStoreDbUrl(text);
  if (!parsed.ok) {
    if (parsed.category === 'ambiguous-url') return { ok: false, problem: 'ambiguous' };
    if (parsed.category === 'tls-required') return { ok: false, problem: 'needs-tls' };
    return { ok: false, problem: 'not-a-url' };
  }
  const { host, port, database, user, sslmode } = parsed;
  const { password } = parsed.driverTarget();
  if (database === '' || database.includes('/') || user === '' || password === '') {
    return { ok: false, problem: 'not-a-url' };
  }
  if (new URL(text).hash !== '') return { ok: false, problem: 'not-a-url' };
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    return { ok: false, problem: 'not-a-url' };
  // parseStoreDbUrl applied the TLS rule and gave sslmode its one meaning (the database side's
  // own, so a URL Settings takes is one the replication and `npm run store-db` take): an unknown
  // mode is not a URL, `prefer` and `allow` read two ways (electron/store-db/tls-mode.ts).
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
