// The app's reads of the store database (docs/store-database.md): another counter's billing of a
// funding code before an amount is shown, every counter's freshness, a store day's operations.
// Each answer is checked with the shared schemas (shared/store/), and the cross-counter check
// waits a bounded time: a database that cannot answer in time is an answer too.
import type pg from 'pg';
import type { OperationMode } from '../../shared/journal-entry';
import { CodeAcrossCounters, CounterCodeFinding } from '../../shared/store/code-across-counters';
import type { StoreDbErrorCategory } from '../../shared/store/replication-state';
import { CounterFreshness, StoreOperationRow } from '../../shared/store/store-operation';
import { categorize } from './connection';

export type Queryable = Pick<pg.Pool, 'query'>;

const iso = (value: unknown): string | null =>
  value instanceof Date ? value.toISOString() : value == null ? null : String(value);
const int = (value: unknown): number | null => (value == null ? null : Number(value));

/** How long Verify and Info wait for the other counters by default. */
export const DEFAULT_CROSS_COUNTER_WAIT_MS = 1_500;

// Whether the code is billed now, by what happened at the service, never by a clock: the service
// takes a paid-and-billed only of a code not billed and an undo only of a billed one, so a code's
// billings and undos that succeeded alternate (B, U, B, U…), and it is billed exactly when it has
// more of the first, counted at every counter of the store and mode, this one too. Arrival times
// do not order them: a counter cut off from the database sends its billing after the undo made
// elsewhere (docs/decisions.md "An undo counts wherever it arrives from (issue 35 item 2)").
// Which counter to name is only a label: the billing the database received last (a billing not
// yet matched by an undo); when it is this counter's own, its own journal says it and no other
// counter is named. A billing or undo in doubt is not counted; a paid-and-billed in doubt at
// another counter is its own finding.
const CODE_ACROSS_COUNTERS = `WITH ops AS (
  SELECT o.*, o.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled') AS billing
  FROM store_operations o
  WHERE o.store = $1 AND o.mode = $2 AND o.funding_code = $3
    AND o.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled', 'v3.undoBilling', 'v2.undoBilling')
), balance AS (
  SELECT count(*) FILTER (WHERE billing) - count(*) FILTER (WHERE NOT billing) AS billed
  FROM ops WHERE status = 'succeeded'
), last_billing AS (
  SELECT b.* FROM ops b
  WHERE b.billing AND b.status = 'succeeded'
  ORDER BY b.received_at DESC, b.terminal_id DESC, b.op_id DESC
  LIMIT 1
)
SELECT 'billed' AS kind, b.terminal_id, b.terminal_name, b.cashier_id, b.operation, b.op_id,
  b.resolved_at AS at, b.billed_cents, b.collected_cents
FROM last_billing b, balance
WHERE balance.billed > 0 AND b.terminal_id <> $4
UNION ALL
SELECT 'in-doubt', b.terminal_id, b.terminal_name, b.cashier_id, b.operation, b.op_id,
  b.started_at, b.billed_cents, b.collected_cents
FROM ops b
WHERE b.billing AND b.status IN ('pending', 'unknown') AND b.terminal_id <> $4
ORDER BY at`;

// The other counters of the store and mode the database has not heard from in time
// (store_counters, migration 0102): since when it lacks their word, by its own clock.
const SILENT_COUNTERS = `SELECT terminal_id, terminal_name,
  least(last_seen_at, coalesce(waiting_since, last_seen_at)) AS since
FROM store_counters
WHERE store = $1 AND mode = $2 AND terminal_id <> $3 AND standing = 'silent'
ORDER BY since, terminal_id`;

// Every line of the other counters' refused paid-and-billed operations of this code (with money
// to collect), and of their paid-and-billed operations of the same code (a later billing may use
// the held money: META_USES_HELD): the fold of HELD_LINES below, for one code.
const HELD_LINES_OF_CODE = `WITH refused AS (
  SELECT DISTINCT i.terminal_id, i.op_id
  FROM journal_lines i
  JOIN journal_lines o
    ON o.store = i.store AND o.terminal_id = i.terminal_id AND o.op_id = i.op_id
    AND o.type = 'outcome' AND o.status = 'refused'
  WHERE i.store = $1 AND i.funding_code = $3 AND i.type = 'intent' AND i.mode = $2
    AND i.terminal_id <> $4
    AND i.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled')
    AND coalesce(i.to_collect_cents, 0) > 0
), ops AS (
  SELECT terminal_id, op_id FROM refused
  UNION
  SELECT b.terminal_id, b.op_id
  FROM journal_lines b
  WHERE b.store = $1 AND b.funding_code = $3 AND b.type = 'intent' AND b.mode = $2
    AND b.terminal_id IN (SELECT terminal_id FROM refused)
    AND b.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled')
)
SELECT l.terminal_id, t.terminal_name, l.line
FROM ops
JOIN journal_lines l ON l.store = $1 AND l.terminal_id = ops.terminal_id AND l.op_id = ops.op_id
LEFT JOIN terminals t ON t.store = $1 AND t.mode = $2 AND t.terminal_id = ops.terminal_id
ORDER BY l.terminal_id, l.seq`;

export type CodeQuery = {
  store: string;
  mode: OperationMode;
  funding_code: string;
  /** This counter: its own operations are in its own journal. */
  exclude_terminal_id: string;
};

/**
 * Other counters' billing (succeeded, not undone) or paid-and-billed in doubt for this code, the
 * other counters the database has not heard from in time, and the lines the money other counters
 * hold for a refused sale of this code is folded from.
 * Never throws: `{ checked: false, category }` when the database did not answer within `waitMs`.
 */
export async function readCodeAcrossCounters(
  db: Queryable,
  query: CodeQuery,
  waitMs = DEFAULT_CROSS_COUNTER_WAIT_MS,
): Promise<CodeAcrossCounters> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CodeAcrossCounters>((resolve) => {
    timer = setTimeout(() => resolve({ checked: false, category: 'timeout' }), waitMs);
  });
  const asked = (async (): Promise<CodeAcrossCounters> => {
    try {
      const code = [query.store, query.mode, query.funding_code, query.exclude_terminal_id];
      // Three reads at once on the pool (two connections), all within the one bounded wait.
      const [result, silent, held] = await Promise.all([
        db.query(CODE_ACROSS_COUNTERS, code),
        db.query(SILENT_COUNTERS, [query.store, query.mode, query.exclude_terminal_id]),
        db.query(HELD_LINES_OF_CODE, code),
      ]);
      const findings = result.rows.map((row) =>
        CounterCodeFinding.parse({
          ...row,
          at: iso(row.at),
          billed_cents: int(row.billed_cents),
          collected_cents: int(row.collected_cents),
        }),
      );
      return CodeAcrossCounters.parse({
        checked: true,
        findings,
        silent: silent.rows.map((row) => ({
          terminal_id: row.terminal_id,
          terminal_name: row.terminal_name,
          since: iso(row.since),
        })),
        held_lines: held.rows.map((row) => ({
          terminal_id: String(row.terminal_id),
          terminal_name: row.terminal_name ?? null,
          line: String(row.line),
        })),
      });
    } catch (error) {
      return { checked: false, category: categorize(error) };
    }
  })();
  try {
    return await Promise.race([asked, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const FRESHNESS = `SELECT t.store, t.mode, t.terminal_id, t.terminal_name, t.app_version,
  coalesce(l.seq, 0) AS last_seq, l.at AS last_line_at, t.last_seen_at,
  (SELECT count(*) FROM open_operations o
    WHERE o.store = t.store AND o.terminal_id = t.terminal_id AND o.mode = t.mode) AS open_operations
FROM terminals t
LEFT JOIN LATERAL (
  SELECT j.seq, j.at FROM journal_lines j
  WHERE j.store = t.store AND j.terminal_id = t.terminal_id
  ORDER BY j.seq DESC LIMIT 1
) l ON true
WHERE t.store = $1 AND t.mode = $2
ORDER BY t.terminal_name NULLS LAST, t.terminal_id`;

/** An answer, or why there is none (errors are values: docs/store-database.md). */
export type StoreRead<T> = { ok: true; rows: T[] } | { ok: false; category: StoreDbErrorCategory };

async function read<T>(run: () => Promise<T[]>): Promise<StoreRead<T>> {
  try {
    return { ok: true, rows: await run() };
  } catch (error) {
    return { ok: false, category: categorize(error) };
  }
}

/** Every counter of the store in this mode: last line received, last seen, version, open operations. */
export async function readFreshness(
  db: Queryable,
  query: { store: string; mode: OperationMode },
): Promise<StoreRead<CounterFreshness>> {
  return read(async () => {
    const result = await db.query(FRESHNESS, [query.store, query.mode]);
    return result.rows.map((row) =>
      CounterFreshness.parse({
        ...row,
        last_seq: Number(row.last_seq),
        last_line_at: iso(row.last_line_at),
        last_seen_at: iso(row.last_seen_at),
        open_operations: Number(row.open_operations),
      }),
    );
  });
}

const STORE_DAY = `SELECT store, mode, terminal_id, terminal_name, op_id::text AS op_id, operation,
  status, identity_kind, identity_value, funding_code, cashier_id, billed_cents, collected_cents,
  store_day::text AS store_day, started_at, resolved_at, service_message
FROM store_operations
WHERE store = $1 AND mode = $2 AND store_day = $3::date
ORDER BY started_at, terminal_id, op_id`;

/** Every counter's operations of one store day (`YYYY-MM-DD`), in the order they started. */
export async function readStoreDay(
  db: Queryable,
  query: { store: string; mode: OperationMode; day: string },
): Promise<StoreRead<StoreOperationRow>> {
  return read(async () => {
    const result = await db.query(STORE_DAY, [query.store, query.mode, query.day]);
    return result.rows.map((row) =>
      StoreOperationRow.parse({
        ...row,
        billed_cents: int(row.billed_cents),
        collected_cents: int(row.collected_cents),
        started_at: iso(row.started_at),
        resolved_at: iso(row.resolved_at),
      }),
    );
  });
}

// The lines of every refused paid-and-billed of the store and mode up to the day (with money to
// collect), and of the paid-and-billed operations of the same code at the same counter (a later
// billing may use the held money: META_USES_HELD): all the journal needs to say what is held.
const HELD_LINES = `WITH refused AS (
  SELECT DISTINCT i.terminal_id, i.op_id, i.funding_code
  FROM journal_lines o
  JOIN journal_lines i
    ON i.store = o.store AND i.terminal_id = o.terminal_id AND i.op_id = o.op_id
    AND i.type = 'intent'
  WHERE o.store = $1 AND o.type = 'outcome' AND o.status = 'refused'
    AND i.mode = $2 AND i.store_day <= $3::date
    AND i.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled')
    AND coalesce(i.to_collect_cents, 0) > 0
), ops AS (
  SELECT terminal_id, op_id FROM refused
  UNION
  SELECT b.terminal_id, b.op_id
  FROM (SELECT DISTINCT terminal_id, funding_code FROM refused) r
  JOIN journal_lines b
    ON b.store = $1 AND b.terminal_id = r.terminal_id AND b.funding_code = r.funding_code
  WHERE b.type = 'intent' AND b.mode = $2
    AND b.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled')
)
SELECT l.terminal_id, l.line
FROM ops
JOIN journal_lines l ON l.store = $1 AND l.terminal_id = ops.terminal_id AND l.op_id = ops.op_id
ORDER BY l.terminal_id, l.seq`;

/**
 * The journal lines the money held for refused sales is folded from, per counter, in seq order
 * (electron/journal/journal-lines.ts folds them as the counter's own journal does).
 */
export async function readHeldLines(
  db: Queryable,
  query: { store: string; mode: OperationMode; day: string },
): Promise<StoreRead<{ terminal_id: string; line: string }>> {
  return read(async () => {
    const result = await db.query(HELD_LINES, [query.store, query.mode, query.day]);
    return result.rows.map((row) => ({
      terminal_id: String(row.terminal_id),
      line: String(row.line),
    }));
  });
}
