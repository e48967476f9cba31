// Masking a day of the chain (issue 37, docs/personal-data.md "The store database's
// retention"): in the bench chain's database (100 stores × a year), the oldest days' intents are
// given a customer as a sale's intent names one (its identity, the request's dni), then the owner
// masks one day of every store (`store_db_forget_before`, what `store-db forget --before` and
// each close run). Beside it, the counters' lag in the same database: 50 counters journaling a
// line every 100 ms, once alone and once while the next days are masked one after another, taken
// in the same run.
import type pg from 'pg';
import { now, quantile, round } from './stats';

export type MaskPlan = { chainStores: number; chainDays: number; chainOpsPerDay: number };

/** A run of counters on the chain's database; `during` runs while they journal. */
export type LagRun = (during?: () => Promise<void>) => Promise<number[]>;

/** The days masked while the counters journal (after the first, measured alone). */
const DAYS_DURING = 6;

function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export async function measureMaskDay(
  owner: pg.Client,
  plan: MaskPlan,
  chainEnd: string,
  lagRun: LagRun,
) {
  const first = addDays(chainEnd, -(plan.chainDays - 1));
  const last = addDays(first, DAYS_DURING);
  // The chain's lines were loaded as bare lines ({"seq":N}): its first days get the customer a
  // real intent carries, its pseudonym computed as the fill trigger computes it on arrival.
  await owner.query('ALTER TABLE journal_lines DISABLE TRIGGER USER');
  try {
    await owner.query(
      `WITH c AS (
         SELECT store, terminal_id, seq,
           lpad((abs(hashtext(store || op_id::text)) % 100000000)::text, 8, '0') AS dni
         FROM journal_lines
         WHERE type = 'intent' AND store_day BETWEEN $1::date AND $2::date
       ), l AS (
         SELECT c.store, c.terminal_id, c.seq, c.dni, json_build_object(
           'operation', j.operation, 'mode', j.mode, 'cashier_id', j.cashier_id,
           'identity', json_build_object('kind', 'dni', 'value', c.dni),
           'funding_code', j.funding_code, 'billed_cents', j.billed_cents,
           'to_collect_cents', j.to_collect_cents,
           'request', json_build_object('dni', c.dni, 'funding_code', j.funding_code,
             'billed_amount', 1500, 'cashier_id', j.cashier_id),
           'type', 'intent', 'op_id', j.op_id, 'seq', j.seq, 'at', j.at)::text AS line
         FROM c JOIN journal_lines j USING (store, terminal_id, seq)
       )
       UPDATE journal_lines j
       SET line = l.line, identity_kind = 'dni', identity_value = l.dni,
         identity_ref = store_db_line_identity_ref(l.line, 'dni', l.dni)
       FROM l
       WHERE j.store = l.store AND j.terminal_id = l.terminal_id AND j.seq = l.seq`,
      [first, last],
    );
  } finally {
    await owner.query('ALTER TABLE journal_lines ENABLE TRIGGER USER');
  }
  await owner.query('ANALYZE journal_lines');

  // One day of every store, alone.
  let started = now();
  const one = await owner.query<{ lines: number; done: boolean }>(
    'SELECT lines, done FROM store_db_forget_before($1::date + 1)',
    [first],
  );
  const maskDayMs = now() - started;
  const lines = one.rows.reduce((n, r) => n + Number(r.lines), 0);
  // Every intent names its customer; the outcomes here name none, and are left as they are.
  const expected = plan.chainStores * plan.chainOpsPerDay;
  if (one.rows.length < plan.chainStores || lines < expected) {
    throw new Error(
      `masking a day masked ${lines} lines of ${one.rows.length} stores, not ${expected}`,
    );
  }
  const left = await owner.query<{ n: string }>(
    `SELECT count(*) AS n FROM journal_lines
     WHERE store_day = $1::date AND type = 'intent' AND identity_value ~ '^[0-9]{8}$'`,
    [first],
  );
  if (Number(left.rows[0]?.n) !== 0) throw new Error(`${left.rows[0]?.n} DNIs left whole`);

  // The counters' lag alone, then while the next days are masked one after another.
  const alone = await lagRun();
  const during: number[] = [];
  const beside = await lagRun(async () => {
    await new Promise((r) => setTimeout(r, 1_000));
    for (let d = 1; d <= DAYS_DURING; d += 1) {
      started = now();
      await owner.query('SELECT * FROM store_db_forget_before($1::date + 1)', [addDays(first, d)]);
      during.push(now() - started);
    }
  });
  return {
    mask_day_ms: round(maskDayMs, 0),
    mask_day_lines: lines,
    mask_day_stores: one.rows.length,
    mask_days_during_ms: during.map((ms) => round(ms, 0)),
    lag_alone_p99_ms: round(quantile(alone, 0.99), 1),
    lag_masking_p99_ms: round(quantile(beside, 0.99), 1),
    lag_lines: [alone.length, beside.length],
  };
}
