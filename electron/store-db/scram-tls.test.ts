// The password rule against a real PostgreSQL 15 (issue 34, item 4): with scram-sha-256 (the
// docs' pg_hba.conf) a counter logs in as before, in clear text or in TLS, and under TLS with
// channel binding (SCRAM-SHA-256-PLUS); a server set to `password` or `md5` for the counter's
// login gets nothing unless TLS verified it (`verify-full`), and Probar conexión says which.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ANSWER_BOUNDS } from './answer-bounds';
import { checkStoreDb } from './check-connection';
import { parseStoreDbUrl } from './connection';
import { migrate } from './migrate';
import { storeDbClient } from './store-db-client';
import { type PgCluster, startPgCluster } from './test-support/pg-cluster';
import { makeThrowawayCerts, type ThrowawayCerts } from './test-support/throwaway-certs';

let certs: ThrowawayCerts;
let cluster: PgCluster;
let counterUrl: string;
const DATABASE = 'tienda_tls';

beforeAll(async () => {
  certs = makeThrowawayCerts();
  cluster = await startPgCluster({ tls: { key: certs.server.key, cert: certs.server.cert } });
  await migrate(await cluster.createDatabase(DATABASE));
  cluster.psql(`
    CREATE ROLE caja_scram LOGIN CONNECTION LIMIT 10 PASSWORD 'pw-scram' IN ROLE mostrador_terminal;
    SET password_encryption = 'md5';
    CREATE ROLE caja_md5 LOGIN PASSWORD 'pw-md5' IN ROLE mostrador_terminal;
    RESET password_encryption;
    CREATE ROLE caja_clear LOGIN PASSWORD 'pw-clear' IN ROLE mostrador_terminal;
  `);
  // A login of one store, as add-login --store binds it (migration 0110).
  cluster.psql(
    `INSERT INTO store_logins (login, store) VALUES ('caja_scram', 'tienda-1')`,
    DATABASE,
  );
  // A server set to ask these two logins for the password itself, or its MD5 hash (first match
  // wins: before initdb's scram-sha-256 lines).
  cluster.psql(`
    CREATE TEMP TABLE hba (line text);
    COPY hba FROM '${cluster.dataDir}/pg_hba.conf';
    COPY (
      SELECT 'host all caja_clear 127.0.0.1/32 password' UNION ALL
      SELECT 'host all caja_md5 127.0.0.1/32 md5' UNION ALL
      SELECT line FROM hba WHERE line IS NOT NULL
    ) TO '${cluster.dataDir}/pg_hba.conf';
    SELECT pg_reload_conf();
  `);
  counterUrl = cluster.url(DATABASE, 'caja_scram', 'pw-scram');
}, 60_000);
afterAll(() => {
  cluster?.stop();
  certs?.remove();
});

const at = (user: string, password: string, host: string, query = '') =>
  `postgres://${user}:${password}@${host}:${cluster.port}/${DATABASE}${query}`;
const verifyFull = () => `?sslmode=verify-full&sslrootcert=${encodeURIComponent(certs.caFile)}`;

/** Logs in with the app's client class and says which SASL mechanism it chose, and if TLS was on. */
async function login(url: string): Promise<{ mechanism: string | null; ssl: boolean }> {
  const parsed = parseStoreDbUrl(url);
  if (!parsed.ok) throw new Error(`not a usable URL: ${parsed.category}`);
  const Client = storeDbClient(DEFAULT_ANSWER_BOUNDS);
  const client = new Client({ ...parsed.driverTarget(), connectionTimeoutMillis: 5_000 });
  const connection = (client as unknown as { connection: Record<string, unknown> }).connection;
  const send = connection.sendSASLInitialResponseMessage as (m: string, r: string) => void;
  let mechanism: string | null = null;
  connection.sendSASLInitialResponseMessage = (m: string, r: string) => {
    mechanism = m;
    send.call(connection, m, r);
  };
  await client.connect();
  try {
    const { rows } = await client.query<{ ssl: boolean }>(
      'SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()',
    );
    return { mechanism, ssl: rows[0]?.ssl === true };
  } finally {
    await client.end();
  }
}

describe('a real PostgreSQL with scram-sha-256', () => {
  it('a counter logs in with SCRAM in clear text, and Probar conexión is right', async () => {
    expect(await login(counterUrl)).toEqual({ mechanism: 'SCRAM-SHA-256', ssl: false });
    expect((await checkStoreDb(counterUrl)).reachable).toMatchObject({ ok: true });
  });

  it('under TLS it binds SCRAM to the link (SCRAM-SHA-256-PLUS), verified or not', async () => {
    for (const [host, query] of [
      ['localhost', verifyFull()],
      ['127.0.0.1', '?sslmode=require'],
    ] as const) {
      const url = at('caja_scram', 'pw-scram', host, query);
      expect(await login(url), query).toEqual({ mechanism: 'SCRAM-SHA-256-PLUS', ssl: true });
      const check = await checkStoreDb(url);
      expect(check.reachable, query).toMatchObject({ ok: true });
      expect(check.privileges, query).toMatchObject({ ok: true });
    }
  });
});

describe('a real PostgreSQL set to `password` or `md5` for the login', () => {
  it.each([
    ['caja_clear', 'pw-clear', 'asks-cleartext-password'],
    ['caja_md5', 'pw-md5', 'asks-md5-password'],
  ])(
    '%s: refused in clear text and under `require`, taken under verify-full',
    async (user, password, category) => {
      for (const [host, query] of [
        ['127.0.0.1', ''],
        ['127.0.0.1', '?sslmode=require'],
      ] as const) {
        const check = await checkStoreDb(at(user, password, host, query));
        expect(check.reachable, query).toEqual({ ok: false, category, server_version: null });
      }
      const verified = await checkStoreDb(at(user, password, 'localhost', verifyFull()));
      expect(verified.reachable).toMatchObject({ ok: true });
    },
  );
});
