// A plan a hostile client leaves in a pooled server connection (docs/store-database.md "A pooled
// server that no client can disturb", migration 0112's pinned planner settings): PL/pgSQL keeps
// each statement's plan for the connection's life, made under the settings in force when it first
// ran. A counter of the chain (its own valid key) calls once under `enable_indexscan = off`,
// resets, and leaves; the next caller on that connection must not scan the journal's lines.
// Counted, not timed: the table's sequential scans before and after the honest call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPEND_SQL, appendParams, newSigningKey } from './batch-signature';
import { callInTransaction } from './call-transaction';
import { connectStoreDb, DEFAULT_TIMEOUTS } from './connection';
import { makeChain, type StoreChain } from './test-support/chain';
import { enrollCounter } from './test-support/enroll';
import { batch, beats, intentLine } from './test-support/hostile-calls';
import { throwawayStoreDb } from './test-support/store-db-fixture';
import { withClient } from './test-support/with-client';

const db = throwawayStoreDb();
let chain: StoreChain;
const honest = { id: 'PLAN0001', key: newSigningKey() };
const hostile = { id: 'PLAN0002', key: newSigningKey() };
const next = beats();

beforeAll(async () => {
  chain = await makeChain(db, ['store-a']);
  for (const c of [honest, hostile]) {
    await enrollCounter(chain.ownerUrl, chain.chain.url, c.id, c.key, 'store-a');
  }
  // Enough lines that an index is the plan and a scan is not.
  await withClient(chain.ownerUrl, async (c) => {
    await c.query(
      `INSERT INTO journal_lines (store, terminal_id, seq, time_zone, line)
       SELECT 'store-a', 'OTHER' || (s % 20), s, 'America/Lima',
         json_build_object('seq', s, 'type', 'note', 'op_id', gen_random_uuid(),
           'at', '2026-03-10T15:00:00Z', 'text', 'x')::text
       FROM generate_series(1, 20000) s`,
    );
    await c.query('ANALYZE journal_lines');
  });
}, 120_000);
afterAll(async () => undefined);

describe('plans a hostile client leaves on a pooled connection', () => {
  it('are not kept: the next counter’s call reads the journal by its key, whatever ran first', async () => {
    const client = await connectStoreDb(chain.chain.url, DEFAULT_TIMEOUTS, 'mostrador-replication');
    const scans = async () => {
      await client.query('SELECT pg_stat_force_next_flush()');
      await client.query('SELECT pg_stat_clear_snapshot()');
      const r = await client.query<{ n: string }>(
        `SELECT seq_scan::text AS n FROM pg_stat_user_tables WHERE relname = 'journal_lines'`,
      );
      return Number(r.rows[0]?.n ?? 0);
    };
    const append = (who: { id: string; key: Buffer }, seq: number) =>
      callInTransaction(
        client,
        'read write',
        DEFAULT_TIMEOUTS,
        APPEND_SQL,
        appendParams(
          batch(
            who.id,
            next(),
            [{ store: 'store-a', mode: 'live' }],
            [{ store: 'store-a', seq, text: intentLine({ seq, code: `P${who.id}${seq}` }) }],
          ),
          who.key,
        ),
      );
    try {
      // The hostile counter, on this connection, under a planner told never to use an index.
      await client.query(
        'SET enable_indexscan = off; SET enable_bitmapscan = off; SET enable_indexonlyscan = off',
      );
      await append(hostile, 1);
      await client.query('RESET ALL');
      // The honest counter next, on the same connection: as PgBouncer hands it on.
      const before = await scans();
      await append(honest, 1);
      await append(honest, 2);
      expect(await scans()).toBe(before);
    } finally {
      await client.end();
    }
  });
});
