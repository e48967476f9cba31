// The app's reads of the store database (docs/store-database.md): another counter's billing of a
// funding code before an amount is shown, every counter's freshness, a store day's operations,
// the lines money held is folded from. Each is a signed read answered for this counter's own
// store only (store-calls.ts, migration 0112), checked with the shared schemas (shared/store/);
// the cross-counter check waits a bounded time: a database that cannot answer in time is an
// answer too.
import type { OperationMode } from '../../shared/journal-entry';
import { CodeAcrossCounters, CounterCodeFinding } from '../../shared/store/code-across-counters';
import type { StoreDbErrorCategory } from '../../shared/store/replication-state';
import { CounterFreshness, StoreOperationRow } from '../../shared/store/store-operation';
import { categorize } from './connection';
import type { StoreCalls } from './store-calls';

/** An ISO time from the database's JSON (any offset, any precision) as the app writes them. */
export const isoOf = (value: unknown): string | null =>
  value == null ? null : new Date(String(value)).toISOString();
const int = (value: unknown): number | null => (value == null ? null : Number(value));
const rowsOf = (answer: unknown): Record<string, unknown>[] =>
  Array.isArray(answer) ? (answer as Record<string, unknown>[]) : [];

/** How long Verify and Info wait for the other counters by default. */
export const DEFAULT_CROSS_COUNTER_WAIT_MS = 1_500;

export type CodeQuery = {
  store: string;
  mode: OperationMode;
  funding_code: string;
};

/**
 * Other counters' billing (billings outnumber undos, and the one standing is another counter's)
 * or paid-and-billed in doubt for this code, the other counters the database has not heard from
 * in time, and the lines the money other counters hold for a refused sale of this code is folded
 * from (migration 0112 `store_db_read_code`). This counter is the key's: its own operations are
 * in its own journal. Never throws: `{ checked: false, category }` when the database did not
 * answer within `waitMs`.
 */
export async function readCodeAcrossCounters(
  calls: StoreCalls,
  query: CodeQuery,
  waitMs = DEFAULT_CROSS_COUNTER_WAIT_MS,
): Promise<CodeAcrossCounters> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CodeAcrossCounters>((resolve) => {
    timer = setTimeout(() => resolve({ checked: false, category: 'timeout' }), waitMs);
  });
  const asked = (async (): Promise<CodeAcrossCounters> => {
    try {
      const answer = (await calls.read('code', {
        store: query.store,
        mode: query.mode,
        funding_code: query.funding_code,
      })) as { findings?: unknown; silent?: unknown; held_lines?: unknown } | null;
      return CodeAcrossCounters.parse({
        checked: true,
        findings: rowsOf(answer?.findings).map((row) =>
          CounterCodeFinding.parse({
            ...row,
            at: isoOf(row.at),
            billed_cents: int(row.billed_cents),
            collected_cents: int(row.collected_cents),
          }),
        ),
        silent: rowsOf(answer?.silent).map((row) => ({
          terminal_id: row.terminal_id,
          terminal_name: row.terminal_name ?? null,
          since: isoOf(row.since),
        })),
        held_lines: rowsOf(answer?.held_lines).map((row) => ({
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
  calls: StoreCalls,
  query: { store: string; mode: OperationMode },
): Promise<StoreRead<CounterFreshness>> {
  return read(async () =>
    rowsOf(await calls.read('counters', query)).map((row) =>
      CounterFreshness.parse({
        ...row,
        last_seq: Number(row.last_seq),
        last_line_at: isoOf(row.last_line_at),
        last_seen_at: isoOf(row.last_seen_at),
        open_operations: Number(row.open_operations),
      }),
    ),
  );
}

/**
 * Every counter's operations of one store day (`YYYY-MM-DD`), in the order they started; one
 * still without an answer carries the down payment its intent put in the drawer.
 */
export async function readStoreDay(
  calls: StoreCalls,
  query: { store: string; mode: OperationMode; day: string },
): Promise<StoreRead<StoreOperationRow>> {
  return read(async () => {
    // Rows as arrays in the order `columns` names (the biggest answer a counter reads).
    const answer = (await calls.read('day', query)) as { columns?: unknown; rows?: unknown };
    const columns = Array.isArray(answer?.columns) ? (answer.columns as string[]) : [];
    const rows = Array.isArray(answer?.rows) ? (answer.rows as unknown[][]) : [];
    return rows.map((values) => {
      const row = Object.fromEntries(columns.map((name, i) => [name, values[i] ?? null]));
      const { to_collect_cents, ...rest } = row;
      return StoreOperationRow.parse({
        ...rest,
        store: query.store,
        mode: query.mode,
        store_day: query.day,
        billed_cents: int(row.billed_cents),
        collected_cents: int(row.collected_cents),
        started_at: isoOf(row.started_at),
        resolved_at: isoOf(row.resolved_at),
        ...(to_collect_cents == null ? {} : { to_collect_cents: int(to_collect_cents) }),
      });
    });
  });
}

/**
 * The journal lines the money held for refused sales is folded from, per counter, in seq order
 * (electron/journal/journal-lines.ts folds them as the counter's own journal does).
 */
export async function readHeldLines(
  calls: StoreCalls,
  query: { store: string; mode: OperationMode; day: string },
): Promise<StoreRead<{ terminal_id: string; line: string }>> {
  return read(async () =>
    rowsOf(await calls.read('held', query)).map((row) => ({
      terminal_id: String(row.terminal_id),
      line: String(row.line),
    })),
  );
}
