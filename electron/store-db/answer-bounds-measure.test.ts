// What the biggest real answer weighs, against a real PostgreSQL: a store day of 10,000
// operations (10 counters × 1,000 paid-and-billed, each an intent and its outcome, through the
// trigger as any counter's lines), read as the store close reads it: one signed read of the
// store day (migration 0112), its answer one JSON value. The bounds of answer-bounds.ts must
// leave it ten times room (docs/decisions.md "A store database answer is bounded (issue 26,
// item 4)").
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_ANSWER_BOUNDS, type MeteredClient } from './answer-bounds';
import { newSigningKey } from './batch-signature';
import { signedRead } from './store-calls';
import { openStoreDbPool, type StoreDbPool } from './store-db-pool';
import { enrollCounter } from './test-support/enroll';
import { throwawayStoreDb } from './test-support/store-db-fixture';

const STORE = 'a-store-client-id-of-a-real-length-0001';
const DAY = '2026-03-10';
const COUNTERS = 10;
const OPS = 1_000;

const db = throwawayStoreDb();
let pool: StoreDbPool;
/** The counter that reads, enrolled in the store. */
const reader = { terminalId: 'LECTOR01', signingKey: newSigningKey() };

beforeAll(async () => {
  const { ownerUrl, terminalUrl } = await db.migratedDatabase();
  await enrollCounter(ownerUrl, terminalUrl, reader.terminalId, reader.signingKey, STORE);
  const owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
  try {
    await owner.query(`CREATE FUNCTION t_uuid(text) RETURNS uuid IMMUTABLE LANGUAGE sql AS $$
      SELECT (substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-4' || substr(h, 14, 3) || '-8' ||
        substr(h, 18, 3) || '-' || substr(h, 21, 12))::uuid FROM md5($1) AS h $$`);
    // One refusal in ten, with a service message as long as the service's longest ones.
    await owner.query(
      `INSERT INTO journal_lines (store, terminal_id, seq, time_zone, line)
       SELECT $1, 'CAJA' || lpad(t::text, 4, '0'), s, 'America/Lima',
         CASE WHEN s % 2 = 1 THEN json_build_object(
           'operation', 'v3.paidAndBilled', 'mode', 'live', 'cashier_id', 'cajero-de-turno-' || t,
           'identity', json_build_object('kind', 'ruc', 'value', '20512333797'),
           'funding_code', 'D' || lpad(((s + 1) / 2)::text, 5, '0'),
           'billed_cents', 1234567, 'to_collect_cents', 308642, 'request', json_build_object('n', s),
           'type', 'intent', 'op_id', t_uuid(t || '-' || ((s + 1) / 2)), 'seq', s,
           'at', to_char((($2::date + time '09:00' + ((s + 1) / 2) * interval '30 seconds')
             AT TIME ZONE 'America/Lima') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
         WHEN s % 20 = 0 THEN json_build_object('status', 'refused', 'http_status', 400,
           'service_message', 'This lend don''t have downpayment, lend :' || lpad(s::text, 40, '0'),
           'type', 'outcome', 'op_id', t_uuid(t || '-' || (s / 2)), 'seq', s,
           'at', to_char((($2::date + time '09:00' + (s / 2) * interval '30 seconds' + interval '1 second')
             AT TIME ZONE 'America/Lima') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
         ELSE json_build_object('status', 'succeeded', 'http_status', 200, 'type', 'outcome',
           'op_id', t_uuid(t || '-' || (s / 2)), 'seq', s,
           'at', to_char((($2::date + time '09:00' + (s / 2) * interval '30 seconds' + interval '1 second')
             AT TIME ZONE 'America/Lima') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
         END
       FROM generate_series(1, $3::int) t, generate_series(1, $4::int * 2) s`,
      [STORE, DAY, COUNTERS, OPS],
    );
    for (let t = 1; t <= COUNTERS; t += 1) {
      const id = `CAJA${String(t).padStart(4, '0')}`;
      // A name of the longest kind a supervisor may give (32 characters).
      // As the owner, what a counter's signed heartbeat records (migration 0102).
      await owner.query(
        `INSERT INTO terminals (store, mode, terminal_id, terminal_name, app_version, last_seen_at)
         VALUES ($1, 'live', $2, $3, 'bench', now())`,
        [STORE, id, `Caja ${t} — mostrador de la entrada`.slice(0, 32)],
      );
    }
  } finally {
    await owner.end();
  }
  pool = openStoreDbPool(terminalUrl);
}, 120_000);
afterAll(async () => {
  await pool?.end();
});

it('a store day of 10,000 operations weighs a tenth of the bounds or less', async () => {
  const client = (await pool.connect()) as unknown as MeteredClient & pg.PoolClient;
  try {
    const read = await signedRead(
      client,
      reader,
      'day',
      { store: STORE, mode: 'live', day: DAY },
      { at: new Date().toISOString() },
    );
    expect((read as { rows: unknown[] }).rows).toHaveLength(COUNTERS * OPS);
    const weight = client.lastAnswer();
    // The figure the bounds are set from (docs/decisions.md), printed for the record: the last
    // query of the read's transaction is its COMMIT, so the read itself is weighed again alone.
    const alone = await client.query(
      'SELECT public.store_db_read($1, $2, $3, $4, $5) AS answer',
      (await import('./read-signature')).readParams(
        {
          terminalId: reader.terminalId,
          at: new Date().toISOString(),
          read: 'day',
          args: JSON.stringify({ store: STORE, mode: 'live', day: DAY }),
        },
        reader.signingKey,
      ),
    );
    expect(alone.rows).toHaveLength(1);
    const answer = client.lastAnswer();
    console.info(
      `store day of ${COUNTERS * OPS} operations: ${answer.bytes} bytes in ${answer.rows} row (before: COMMIT ${weight.bytes} bytes)`,
    );
    expect(answer.rows).toBe(1);
    const weightOf = answer;
    expect(weightOf.bytes).toBeGreaterThan(1_000_000);
    expect(weightOf.bytes * 10).toBeLessThanOrEqual(DEFAULT_ANSWER_BOUNDS.maxBytes);
    expect(weightOf.rows * 10).toBeLessThanOrEqual(DEFAULT_ANSWER_BOUNDS.maxRows);
  } finally {
    client.release();
  }
}, 60_000);
