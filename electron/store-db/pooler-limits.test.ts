// Limits through the pooler (issue 34, item 3; docs/store-database.md "pgbouncer.ini"): the
// chain's counters share one login and one pool of 15 server connections, so a client holding
// them is cut by PgBouncer itself (CHAIN_POOLER_SETTINGS), whatever it sets in its session: a
// transaction left idle after 5 s (idle_transaction_timeout), a statement after 10 s
// (query_timeout). While they are held the owner still finds a server connection
// (max_db_connections above the pool's max_user_connections), and once they are cut the honest
// counters' calls go on.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPEND_SQL, appendParams } from './batch-signature';
import { callInTransaction } from './call-transaction';
import { connectStoreDb, DEFAULT_TIMEOUTS } from './connection';
import { makeChain, type StoreChain } from './test-support/chain';
import { batch, beats } from './test-support/hostile-calls';
import { type PgBouncer, startPgBouncer } from './test-support/pgbouncer';
import { type StoreCounter, storeCounter } from './test-support/store-app';
import { throwawayStoreDb } from './test-support/store-db-fixture';
import { withClient } from './test-support/with-client';

const db = throwawayStoreDb();
const POOL = 15;
let bouncer: PgBouncer;
let chain: StoreChain;
let url: string;
let counter: StoreCounter;

beforeAll(async () => {
  bouncer = await startPgBouncer(db.cluster(), { poolSize: POOL });
  chain = await makeChain(db, ['store-a']);
  await bouncer.reload();
  url = chain.chain.via(bouncer);
  counter = await storeCounter('CAJA0001', 'store-a');
  await counter.join(url);
}, 60_000);

afterAll(async () => {
  await counter?.close();
  bouncer?.stop();
});

/** `POOL` clients of the chain's login, each holding a server connection in a transaction. */
async function holdThePool(then: (c: pg.Client) => Promise<unknown>) {
  const clients = await Promise.all(
    Array.from({ length: POOL }, async () => {
      const c = new pg.Client({ connectionString: url });
      const ended = new Promise<unknown>((resolve) => c.on('error', resolve));
      await c.connect();
      await c.query('BEGIN; SELECT 1');
      return { c, ended };
    }),
  );
  const pools = await bouncer.admin('SHOW POOLS');
  const ours = pools.find((p) => p.user === chain.chain.login);
  expect(Number(ours?.sv_active)).toBe(POOL);
  return clients.map(({ c, ended }) => ({ c, ended, done: then(c) }));
}

/**
 * One heartbeat as replication sends it, on a connection as the app opens it (its statement
 * timeout, and its own query timeout a second longer): how long it took.
 */
async function heartbeat(next: () => number): Promise<number> {
  const c = await connectStoreDb(url, DEFAULT_TIMEOUTS, 'mostrador-replication');
  try {
    const started = performance.now();
    await callInTransaction(
      c,
      'read write',
      DEFAULT_TIMEOUTS,
      APPEND_SQL,
      appendParams(
        batch(counter.id, next(), [{ store: 'store-a', mode: 'live' }]),
        counter.signingKey,
      ),
    );
    return performance.now() - started;
  } finally {
    await c.end();
  }
}

describe('the chain’s pool held by one client', () => {
  it('15 transactions left idle are cut at idle_transaction_timeout; meanwhile the owner connects and works, and a counter’s heartbeat goes through once they are cut', async () => {
    const next = beats();
    const held = await holdThePool(async () => undefined);
    // The owner, through the same pooler, while the chain's pool is held.
    const ownerUrl = bouncer.url(chain.database, chain.owner.login, chain.owner.password);
    await withClient(ownerUrl, async (c) => {
      expect((await c.query('SELECT count(*)::int AS n FROM terminal_keys')).rows).toEqual([
        { n: 1 },
      ]);
    });
    // A counter's heartbeat waits for a server connection, and gets one once they are cut.
    const waited = await heartbeat(next);
    const cut = await Promise.all(held.map((h) => h.ended));
    for (const why of cut) {
      expect(why).toMatchObject({ message: expect.stringMatching(/idle transaction timeout/) });
    }
    // It went through within the app's own timeouts (a longer wait fails the call).
    console.log(`a heartbeat behind 15 idle transactions waited ${waited.toFixed(0)} ms`);
  }, 30_000);

  it('15 statements that turned their own timeout off are cut at query_timeout, and the counter’s replication goes on', async () => {
    const replicator = counter.startReplication(url, {
      stores: { live: 'store-a', training: 'training:store-a' },
      heartbeatMs: 200,
    });
    await replicator.drained(10_000);
    const held = await holdThePool((c) =>
      c.query('SET LOCAL statement_timeout = 0; SELECT pg_sleep(600)').then(
        () => 'slept',
        (e: Error) => e.message,
      ),
    );
    const ends = await Promise.all(held.map((h) => h.done));
    for (const end of ends) expect(end).toMatch(/query timeout/);
    await counter.sale('AFTER-1', '41001001');
    replicator.wake();
    await replicator.drained(20_000);
    await withClient(chain.ownerUrl, async (c) => {
      const rows = await c.query(
        'SELECT line FROM journal_lines WHERE terminal_id = $1 ORDER BY seq',
        [counter.id],
      );
      expect(rows.rows.map((r) => r.line)).toEqual(await counter.fileLines());
    });
    await counter.stopReplication();
  }, 40_000);
});
