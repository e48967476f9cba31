// No password in clear (issue 34, item 4): a fake PostgreSQL (or a machine in the middle on the
// store's LAN) that asked for AuthenticationCleartextPassword received the counter's password from
// `npm run store-db -- check`, and the check then said only `not-migrated`. Now every connection
// the app and `npm run store-db` make (check, replication, the reads' pool, migrate, the admin
// commands) refuses a cleartext or MD5 request unless TLS verified the server: what the rogue
// received holds no password and no answer to its request, and the check names the request.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkStoreDb } from './check-connection';
import { connectStoreDb } from './connection';
import { migrate } from './migrate';
import { openStoreDbPool } from './store-db-pool';
import { openTestCounter, type TestCounter } from './test-support/counter';
import { type RogueServer, startRogueServer } from './test-support/rogue-server';
import { makeThrowawayCerts, type ThrowawayCerts } from './test-support/throwaway-certs';

const PASSWORD = 'Caja1-secreto-del-mostrador';
const TIMEOUTS = { connectTimeoutMs: 3_000, statementTimeoutMs: 3_000 };

let certs: ThrowawayCerts;
beforeAll(() => {
  certs = makeThrowawayCerts();
});
afterAll(() => certs?.remove());

let rogue: RogueServer | null = null;
const counters: TestCounter[] = [];
afterEach(async () => {
  await Promise.all(counters.splice(0).map((c) => c.close()));
  await rogue?.close();
  rogue = null;
});

/** A rogue asking for `auth`, answering every query as a database without Mostrador's tables. */
async function rogueAsking(
  auth: 'cleartext' | 'md5',
  tls = false,
): Promise<RogueServer & { at(host: string, query?: string): string }> {
  const server = await startRogueServer({
    auth,
    answer: 'undefined-table',
    password: PASSWORD,
    ...(tls ? { tls: certs.server } : {}),
  });
  rogue = server;
  return Object.assign(server, {
    at: (host: string, query = '') =>
      `postgres://caja:${PASSWORD}@${host}:${server.port}/store${query}`,
  });
}

/** Nothing of the password reached the rogue: not its text, not its MD5 answer, no answer at all. */
function expectNothingOfThePassword(server: RogueServer): void {
  const received = server.received();
  expect(received.includes(Buffer.from(PASSWORD))).toBe(false);
  const inner = createHash('md5').update(`${PASSWORD}caja`).digest('hex');
  expect(received.includes(Buffer.from(inner))).toBe(false);
  // 'p' is every answer to an authentication request (password, MD5, SASL).
  expect(server.messages()).not.toContain('p');
}

const REQUESTS = [
  ['cleartext', 'asks-cleartext-password'],
  ['md5', 'asks-md5-password'],
] as const;

describe('a server that asks for the password in clear or as MD5 gets nothing', () => {
  it.each(REQUESTS)('Probar conexión: %s is named, not `not-migrated`', async (auth, category) => {
    const server = await rogueAsking(auth);
    const result = await checkStoreDb(server.at('127.0.0.1'), { timeouts: TIMEOUTS });
    expect(result.reachable).toEqual({ ok: false, category, server_version: null });
    expect(result.ok).toBe(false);
    expectNothingOfThePassword(server);
  });

  it.each(REQUESTS)('the reads’ pool: %s refused', async (auth, category) => {
    const server = await rogueAsking(auth);
    const pool = openStoreDbPool(server.at('127.0.0.1'), TIMEOUTS);
    try {
      await expect(pool.query('SELECT 1')).rejects.toMatchObject({ category });
    } finally {
      await pool.end();
    }
    expectNothingOfThePassword(server);
  });

  it.each(REQUESTS)('migrate: %s refused', async (auth, category) => {
    const server = await rogueAsking(auth);
    await expect(migrate(server.at('127.0.0.1'))).rejects.toMatchObject({ category });
    expectNothingOfThePassword(server);
  });

  it.each(REQUESTS)(
    'the replication: %s, refused and shown, never sent',
    async (auth, category) => {
      const server = await rogueAsking(auth);
      const counter = await openTestCounter('CAJA0001');
      counters.push(counter);
      await counter.sell('ROGUE1');
      const replicator = counter.startReplication(server.at('127.0.0.1'), { timeouts: TIMEOUTS });
      const deadline = Date.now() + 10_000;
      while (replicator.state().state !== 'refused' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(replicator.state()).toMatchObject({ state: 'refused', last_error_category: category });
      // It tries again with backoff: each try gets nothing either.
      const before = server.sslRequests() + server.received().length;
      while (server.sslRequests() + server.received().length === before && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
      }
      await counter.stopReplication();
      expectNothingOfThePassword(server);
    },
  );

  it.each(REQUESTS)(
    'TLS that verifies nothing (`require`): %s refused too',
    async (auth, category) => {
      const server = await rogueAsking(auth, true);
      const result = await checkStoreDb(server.at('127.0.0.1', '?sslmode=require'), {
        timeouts: TIMEOUTS,
      });
      expect(server.tlsLinks()).toBe(1);
      expect(result.reachable.category).toBe(category);
      expectNothingOfThePassword(server);
    },
  );

  it('`npm run store-db -- check` and `terminals` say which, and send nothing', async () => {
    const server = await rogueAsking('cleartext');
    const check = await runCli(['check', '--url', server.at('127.0.0.1')]);
    expect(check.code).toBe(1);
    expect(JSON.parse(check.stdout)).toMatchObject({
      reachable: { ok: false, category: 'asks-cleartext-password' },
    });
    const terminals = await runCli(['terminals', '--url', server.at('127.0.0.1')]);
    expect(terminals.code).toBe(1);
    expect(terminals.stderr).toContain('asked for the password in clear text');
    expect(`${check.stdout}${check.stderr}${terminals.stdout}${terminals.stderr}`).not.toContain(
      PASSWORD,
    );
    expectNothingOfThePassword(server);
  }, 30_000);
});

describe('TLS that verified the server may answer a password request', () => {
  it('`verify-full`: the password goes to the server the certificate names', async () => {
    const server = await rogueAsking('cleartext', true);
    const root = encodeURIComponent(certs.caFile);
    const client = await connectStoreDb(
      server.at('localhost', `?sslmode=verify-full&sslrootcert=${root}`),
      TIMEOUTS,
    );
    await client.end();
    expect(server.received().includes(Buffer.from(PASSWORD))).toBe(true);
  });

  it('`verify-ca`: MD5 to the server the store’s authority vouches for', async () => {
    const server = await rogueAsking('md5', true);
    const root = encodeURIComponent(certs.caFile);
    const client = await connectStoreDb(
      server.at('127.0.0.1', `?sslmode=verify-ca&sslrootcert=${root}`),
      TIMEOUTS,
    );
    await client.end();
    expect(server.messages()).toContain('p');
    expect(server.received().includes(Buffer.from(PASSWORD))).toBe(false);
  });
});

function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'electron/store-db/cli.ts', ...args],
      {
        env: { ...process.env, MOSTRADOR_STORE_DB_URL: '' },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
