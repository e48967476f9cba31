// The technician's logins and enrollment codes (docs/store-database.md "Logins", "Adding a
// counter"), as the owner: `add-login` makes a login with a generated password shown once, the
// limits every counter login has, and its store (or the chain's pooler role, or head office's
// read-only role); `bind-login` binds a login made earlier (an upgrade lists them); `enroll`
// makes a one-time code a supervisor types at a counter. The password is never sent to the
// server: the login is created with its SCRAM-SHA-256 secret, computed here, which is also the
// line PgBouncer's userlist.txt needs.
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import type pg from 'pg';

/** What a login is for (docs/store-database.md "Logins"). */
export type LoginKind =
  /** Counters of one store (or of the stores named): plain reads see only those stores. */
  | { kind: 'store'; stores: string[] }
  /** The chain's login through the pooler: any store's enrolled key; reads only signed. */
  | { kind: 'chain' }
  /** Head office: reads every store's figures and closes, never a DNI; writes nothing. */
  | { kind: 'head-office' };

/** The limits of every login add-login makes (docs/store-database.md "Limits per login"). */
export const LOGIN_LIMITS = {
  statementTimeout: '10s',
  idleInTransactionTimeout: '15s',
  lockTimeout: '5s',
} as const;

/** Connections a login may hold at once, by kind, unless `--connections` says otherwise. */
export const DEFAULT_CONNECTIONS: Record<LoginKind['kind'], number> = {
  // A counter keeps up to 3 (replication and two for reads): a store of three counters.
  store: 10,
  // PgBouncer's server connections for the login (its pool size), with room.
  chain: 20,
  'head-office': 4,
};

const LOGIN_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function checkLoginName(login: string): string | null {
  return LOGIN_NAME.test(login)
    ? null
    : 'a login is 1 to 63 of a-z, 0-9 and _, not starting with a digit';
}

/** 24 characters of base64url: 144 bits, typed once into a counter's URL. */
export function newPassword(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * The SCRAM-SHA-256 secret PostgreSQL keeps for `password` (RFC 5802, RFC 7677; the format of
 * `pg_authid.rolpassword`): given as the password, the server stores it as it is and the
 * password itself never travels. The password is ASCII (newPassword), so SASLprep leaves it.
 */
export function scramSecret(password: string, salt = randomBytes(16), iterations = 4096): string {
  const salted = pbkdf2Sync(Buffer.from(password, 'utf8'), salt, iterations, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

const ident = (client: Pick<pg.Client, 'escapeIdentifier'>, name: string) =>
  client.escapeIdentifier(name);
const literal = (client: Pick<pg.Client, 'escapeLiteral'>, text: string) =>
  client.escapeLiteral(text);

export type MadeLogin = {
  login: string;
  password: string;
  /** The line for PgBouncer's userlist.txt: the login and its SCRAM secret, never the password. */
  userlist: string;
  connections: number;
};

/** Makes `login` as the owner: password, limits, role and binding, in one transaction. */
export async function addLogin(
  client: pg.Client,
  login: string,
  what: LoginKind,
  connections = DEFAULT_CONNECTIONS[what.kind],
): Promise<MadeLogin> {
  const problem = checkLoginName(login);
  if (problem) throw new Error(problem);
  if (!Number.isInteger(connections) || connections < 1 || connections > 1000) {
    throw new Error('--connections is 1 to 1000');
  }
  if (what.kind === 'store' && what.stores.length === 0)
    throw new Error('a store login needs --store');
  const password = newPassword();
  const secret = scramSecret(password);
  const role = what.kind === 'head-office' ? 'mostrador_head_office' : 'mostrador_terminal';
  const name = ident(client, login);
  await client.query('BEGIN');
  try {
    // The secret, not the password: the server keeps it as it is (it starts with SCRAM-SHA-256$).
    await client.query(
      `CREATE ROLE ${name} LOGIN CONNECTION LIMIT ${connections} PASSWORD ${literal(client, secret)} IN ROLE ${role}`,
    );
    await client.query(
      `ALTER ROLE ${name} SET statement_timeout = ${literal(client, LOGIN_LIMITS.statementTimeout)}`,
    );
    await client.query(
      `ALTER ROLE ${name} SET idle_in_transaction_session_timeout = ${literal(client, LOGIN_LIMITS.idleInTransactionTimeout)}`,
    );
    await client.query(
      `ALTER ROLE ${name} SET lock_timeout = ${literal(client, LOGIN_LIMITS.lockTimeout)}`,
    );
    if (what.kind === 'chain') await client.query(`GRANT mostrador_shared_login TO ${name}`);
    if (what.kind === 'store') {
      for (const store of what.stores) await bindStore(client, login, store);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  return { login, password, userlist: `"${login}" "${secret}"`, connections };
}

async function bindStore(client: pg.Client, login: string, store: string): Promise<void> {
  if (store.length < 1 || store.length > 128 || store.startsWith('training:')) {
    throw new Error('a store is its live client id (1 to 128 characters)');
  }
  await client.query(
    'INSERT INTO public.store_logins (login, store) VALUES ($1, $2) ON CONFLICT DO NOTHING',
    [login, store],
  );
}

/** Binds a login made before (an upgrade lists those it could not bind) to a store. */
export async function bindLogin(client: pg.Client, login: string, store: string): Promise<void> {
  const found = await client.query(
    `SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = $1 AND rolcanlogin`,
    [login],
  );
  if (found.rowCount !== 1) throw new Error(`no login ${login}`);
  await bindStore(client, login, store);
}

/** A one-time enrollment code for `store` (a re-enrollment of `terminalId` when given). */
export async function makeEnrollment(
  client: pg.Client,
  store: string,
  options: { terminalId?: string | undefined; hours?: number; note?: string | undefined } = {},
): Promise<{ code: string; expires_at: string }> {
  const made = await client.query<{ code: string; expires_at: Date }>(
    'SELECT code, expires_at FROM public.store_db_make_enrollment_code($1, $2, $3, $4)',
    [store, options.terminalId ?? null, options.hours ?? 8, options.note ?? null],
  );
  const row = made.rows[0];
  if (!row) throw new Error('no code was made');
  return { code: row.code, expires_at: row.expires_at.toISOString() };
}

/** Names a store and its region for head office (`store-db store`); null leaves a field as it was. */
export async function nameStore(
  client: pg.Client,
  store: string,
  name: string | null,
  region: string | null,
): Promise<void> {
  if (store.length < 1 || store.length > 128 || store.startsWith('training:')) {
    throw new Error('a store is its live client id (1 to 128 characters)');
  }
  for (const [what, text] of [
    ['--name', name],
    ['--region', region],
  ] as const) {
    if (text !== null && (text.trim().length < 1 || text.length > 80)) {
      throw new Error(`${what} is 1 to 80 characters`);
    }
  }
  await client.query(
    `INSERT INTO public.stores AS s (store, name, region) VALUES ($1, $2, $3)
     ON CONFLICT (store) DO UPDATE SET name = coalesce(excluded.name, s.name),
       region = coalesce(excluded.region, s.region), updated_at = now(), updated_by = session_user`,
    [store, name?.trim() ?? null, region?.trim() ?? null],
  );
}
