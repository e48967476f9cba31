// store_close_open_ms: the store's day close of a store with 10 counters × 1,000 operations
// opened as storeClose.load opens it, minus the service's summary call (the day summary bench
// measures that): every counter's operations, freshness, money held and the close record read from a real
// throwaway PostgreSQL (the app's reads, through the counters' role), the close built
// (reconciliation, per-counter figures, exceptions) and laid out for the 80 mm receipt.
// Baseline: the bare SELECT of the same day's rows from `store_operations`, as a login of the
// store reads them with plain SQL (row-level security by its binding); the close reads them as a
// counter does, one signed read each (migration 0112).
import pg from 'pg';
import { pgCloseDatabase } from '../electron/store-close/pg-close-database';
import { newSigningKey } from '../electron/store-db/batch-signature';
import { migrate } from '../electron/store-db/migrate';
import { poolCalls } from '../electron/store-db/store-calls';
import { openStoreDbPool } from '../electron/store-db/store-db-pool';
import { enrollCounter } from '../electron/store-db/test-support/enroll';
import { startPgCluster } from '../electron/store-db/test-support/pg-cluster';
import { storeClose } from '../shared/receipt/store-close';
import { layoutText } from '../shared/receipt/text-layout';
import { buildStoreClose } from '../shared/store/store-close';
import { sampleStoreDay } from '../shared/store/store-close-samples';
import { median, now, round } from './stats';

export type StoreClosePlan = { counters: number; perCounter: number; runs: number };

export async function measureStoreClose(plan: StoreClosePlan) {
  const cluster = await startPgCluster();
  try {
    const ownerUrl = await cluster.createDatabase('bench_store_close');
    await migrate(ownerUrl);
    cluster.psql(
      "CREATE ROLE bench_caja LOGIN PASSWORD 'bench' IN ROLE mostrador_terminal, mostrador_shared_login",
      'bench_store_close',
    );
    const sample = sampleStoreDay(plan.counters, plan.perCounter);
    const owner = new pg.Client({ connectionString: ownerUrl });
    await owner.connect();
    const seqs = new Map<string, number>();
    const lines: [string, string, number, string][] = [];
    for (const row of sample.rows) {
      const seq = (seqs.get(row.terminal_id) ?? 0) + 1;
      seqs.set(row.terminal_id, seq + 1);
      const intent = {
        seq,
        op_id: row.op_id,
        at: row.started_at,
        type: 'intent',
        operation: row.operation,
        mode: row.mode,
        cashier_id: row.cashier_id,
        identity: { kind: 'dni', value: row.identity_value },
        funding_code: row.funding_code,
        ...(row.billed_cents === null ? {} : { billed_cents: row.billed_cents }),
        ...(row.collected_cents === null ? {} : { to_collect_cents: row.collected_cents }),
        request: {},
      };
      const outcome = {
        seq: seq + 1,
        op_id: row.op_id,
        at: row.started_at,
        type: 'outcome',
        status: 'succeeded',
      };
      lines.push([row.store, row.terminal_id, seq, JSON.stringify(intent)]);
      lines.push([row.store, row.terminal_id, seq + 1, JSON.stringify(outcome)]);
    }
    for (let i = 0; i < lines.length; i += 1000) {
      const chunk = lines.slice(i, i + 1000);
      const values = chunk.map(
        (_, j) => `($${j * 4 + 1}, $${j * 4 + 2}, $${j * 4 + 3}, $${j * 4 + 4}, 'America/Lima')`,
      );
      await owner.query(
        `INSERT INTO journal_lines (store, terminal_id, seq, line, time_zone) VALUES ${values.join(',')}`,
        chunk.flat(),
      );
    }
    for (const f of sample.freshness) {
      // As the owner, what a counter's signed heartbeat records (migration 0102).
      await owner.query(
        `INSERT INTO terminals (store, mode, terminal_id, terminal_name, app_version, last_seen_at)
         VALUES ($1, $2, $3, $4, $5, now())`,
        [f.store, f.mode, f.terminal_id, f.terminal_name, f.app_version],
      );
    }
    await owner.query('ANALYZE');
    await owner.end();

    cluster.psql(
      `CREATE ROLE bench_store LOGIN PASSWORD 'bench' IN ROLE mostrador_terminal;
       INSERT INTO store_logins (login, store) VALUES ('bench_store', '${sample.store}')`,
      'bench_store_close',
    );
    const counterUrl = cluster.url('bench_store_close', 'bench_caja', 'bench');
    const reader = { terminalId: 'LECTOR01', signingKey: newSigningKey() };
    await enrollCounter(ownerUrl, counterUrl, reader.terminalId, reader.signingKey, sample.store);
    const pool = openStoreDbPool(cluster.url('bench_store_close', 'bench_store', 'bench'));
    const readsPool = openStoreDbPool(counterUrl);
    const db = pgCloseDatabase(
      poolCalls(readsPool, async () => reader),
      async () => {
        throw new Error('the bench only reads: it closes nothing');
      },
    );
    const query = { store: sample.store, mode: sample.mode, day: sample.day };
    const open: number[] = [];
    const reads: number[] = [];
    const build: number[] = [];
    const bare: number[] = [];
    let rows = 0;
    let exceptions = 0;
    try {
      for (let run = 0; run < plan.runs + 1; run += 1) {
        const t0 = now();
        await pool.query(
          'SELECT * FROM store_operations WHERE store = $1 AND mode = $2 AND store_day = $3::date',
          [query.store, query.mode, query.day],
        );
        const t1 = now();
        const [dayRows, freshness, , held] = await Promise.all([
          db.readStoreDay(query),
          db.readFreshness(query),
          db.readClose(query),
          db.readHeld(query),
        ]);
        const t2 = now();
        const close = buildStoreClose({
          ...sample,
          now: new Date().toISOString(),
          rows: dayRows,
          freshness,
          held,
        });
        const doc = storeClose(
          { content: close.content, record: null, arrivedAfter: [] },
          {
            store_name: 'Bench',
            terminal_id: 'CAJA01',
            language: 'es-PE',
            time_zone: 'America/Lima',
            training: false,
            printed_at: new Date().toISOString(),
          },
        );
        layoutText(doc.blocks, 48);
        const t3 = now();
        rows = dayRows.length;
        exceptions = close.content.exceptions.length;
        if (run === 0) continue; // the first run warms the pool and the plans
        bare.push(t1 - t0);
        reads.push(t2 - t1);
        build.push(t3 - t2);
        open.push(t3 - t1);
      }
    } finally {
      await pool.end();
      await readsPool.end();
    }
    return {
      store_close_open_ms: round(median(open), 1),
      store_close_bare_select_ms: round(median(bare), 1),
      details: {
        counters: plan.counters,
        operations: rows,
        exceptions,
        runs: plan.runs,
        reads_median_ms: round(median(reads), 1),
        build_and_layout_median_ms: round(median(build), 1),
        open_runs_ms: open.map((v) => round(v, 1)),
      },
    };
  } finally {
    cluster.stop();
  }
}
