// Head office on the store database (docs/head-office.md "What it reads"): the head-office
// login's two functions, `store_db_head_office_grid` and `store_db_head_office_day` (migrations
// 0113, 0114), each in a READ ONLY transaction of its own on the project's bounded, timed
// connections (electron/store-db/connection.ts, call-transaction.ts): whatever a pooled
// connection carries, the call cannot write. Never a signed call, never the service's token.
import type pg from 'pg';
import {
  ChainGrid,
  CloseSummary,
  DayFigures,
  DayTotals,
  HeadOfficeCloseContent,
  HeadOfficeOperation,
  OPERATION_COLUMNS,
  StoreDay,
} from '../../shared/head-office/chain';
import { CounterFreshness } from '../../shared/store/store-operation';
import { callInTransaction } from '../store-db/call-transaction';
import {
  categorize,
  DEFAULT_TIMEOUTS,
  errorText,
  type StoreDbTimeouts,
} from '../store-db/connection';
import { isoOf } from '../store-db/store-queries';
import { type HeadOfficeSource, HeadOfficeUnavailable } from './head-office-source';

export const GRID_SQL = 'SELECT public.store_db_head_office_grid($1, $2) AS answer';
export const DAY_SQL = 'SELECT public.store_db_head_office_day($1, $2, $3::date) AS answer';

/**
 * What a login may do, asked of the database before head office reads with it: it must be a
 * member of `mostrador_head_office` (add-login --head-office), and write nothing at all (not a
 * superuser, not the owner, not a counter's login): a URL that could write is refused, not used
 * read-only, so no copy of an owner's URL lives in head office's tools.
 */
export const ACCESS_SQL = `SELECT
  to_regprocedure('public.store_db_head_office_grid(text,integer)') IS NOT NULL AS migrated,
  CASE WHEN EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'mostrador_head_office')
    THEN pg_catalog.pg_has_role(session_user, 'mostrador_head_office', 'MEMBER') ELSE false END
    AS head_office,
  (SELECT r.rolsuper OR r.rolcreaterole OR r.rolcreatedb FROM pg_catalog.pg_roles r
    WHERE r.rolname = session_user)
  OR pg_catalog.pg_get_userbyid((SELECT d.datdba FROM pg_catalog.pg_database d
    WHERE d.datname = current_database())) = session_user
  OR CASE WHEN to_regclass('public.journal_lines') IS NULL THEN false
    ELSE pg_catalog.has_table_privilege(session_user, 'public.journal_lines',
      'INSERT, UPDATE, DELETE, TRUNCATE') END
  OR CASE WHEN EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'mostrador_terminal')
    THEN pg_catalog.pg_has_role(session_user, 'mostrador_terminal', 'MEMBER') ELSE false END
    AS writes`;

/** Whether the login may read as head office, and if not, why not. */
export type HeadOfficeAccess = 'head-office' | 'not-head-office' | 'can-write' | 'not-migrated';

type Client = Pick<pg.ClientBase, 'query' | 'escapeLiteral'>;

export async function headOfficeAccess(
  client: Client,
  timeouts: StoreDbTimeouts = DEFAULT_TIMEOUTS,
): Promise<HeadOfficeAccess> {
  const result = await callInTransaction<{
    migrated: boolean;
    head_office: boolean;
    writes: boolean;
  }>(client, 'read only', timeouts, ACCESS_SQL);
  const row = result.rows[0];
  if (!row?.migrated) return 'not-migrated';
  if (!row.head_office) return 'not-head-office';
  if (row.writes) return 'can-write';
  return 'head-office';
}

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A summary as the grid reads it: the database's JSON numbers as they are. */
const summaryOf = (value: unknown) => (value == null ? null : CloseSummary.parse(value));

const totalsOf = (value: unknown) => {
  if (value == null) return null;
  const t = record(value);
  return DayTotals.parse({ ...t, last_received_at: isoOf(t.last_received_at) });
};

/** The grid's JSON, its times as the app writes them, checked against the shared schema. */
export function gridOf(answer: unknown): ChainGrid {
  const grid = record(answer);
  return ChainGrid.parse({
    ...grid,
    as_of: isoOf(grid.as_of),
    stores: list(grid.stores).map((value) => {
      const store = record(value);
      const counters = record(store.counters);
      return {
        ...store,
        counters: {
          ...counters,
          silent_since: isoOf(counters.silent_since),
          versions: list(counters.versions),
        },
        days: list(store.days).map((dayValue) => {
          const day = record(dayValue);
          const close = day.close == null ? null : record(day.close);
          return {
            ...day,
            close: close && {
              ...close,
              recorded_at: isoOf(close.recorded_at),
              summary: summaryOf(close.summary),
            },
            totals: totalsOf(day.totals),
          };
        }),
      };
    }),
  });
}

/** Each counter's standing row (`store_db_read_standing`), as the store close reads it. */
function freshnessOf(value: unknown) {
  const row = record(value);
  const int = (v: unknown) => (v == null ? null : Number(v));
  return CounterFreshness.parse({
    ...row,
    last_seq: Number(row.last_seq ?? 0),
    last_line_at: isoOf(row.last_line_at),
    last_seen_at: isoOf(row.last_seen_at),
    open_operations: Number(row.open_operations ?? 0),
    reported_open: int(row.reported_open),
    waiting_lines: int(row.waiting_lines),
    conflict_seq: int(row.conflict_seq),
    unreadable_lines: Number(row.unreadable_lines ?? 0),
  });
}

/** The day's JSON: its operations from arrays in the order the database names them. */
export function storeDayOf(answer: unknown): StoreDay {
  const day = record(answer);
  const columns = list(day.operation_columns);
  if (
    columns.length !== OPERATION_COLUMNS.length ||
    columns.some((name, i) => name !== OPERATION_COLUMNS[i])
  ) {
    throw new HeadOfficeUnavailable('server', 'the day’s operations are not in the known columns');
  }
  const close = day.close == null ? null : record(day.close);
  return StoreDay.parse({
    ...day,
    as_of: isoOf(day.as_of),
    close: close && {
      ...close,
      content: HeadOfficeCloseContent.parse(close.content),
      recorded_at: isoOf(close.recorded_at),
      summary: summaryOf(close.summary),
    },
    figures: DayFigures.parse(day.figures),
    totals: totalsOf(day.totals),
    counters: list(day.counters).map(freshnessOf),
    operations: list(day.operations).map((value) => {
      const cells = list(value);
      const row = Object.fromEntries(OPERATION_COLUMNS.map((name, i) => [name, cells[i] ?? null]));
      return HeadOfficeOperation.parse({
        ...row,
        started_at: isoOf(row.started_at),
        resolved_at: isoOf(row.resolved_at),
        received_at: isoOf(row.received_at),
      });
    }),
  });
}

/** Whether an error leaves the connection unusable (the pool must not lend it again). */
function broken(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return !(typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code));
}

/**
 * Head office's reads on `pool` (a pool of the head-office login's URL, openStoreDbPool): each
 * one statement in a READ ONLY transaction of its own, its answer bounded in bytes and rows by
 * the pool's clients, checked against the shared schemas.
 */
export function pgHeadOffice(
  pool: pg.Pool,
  timeouts: StoreDbTimeouts = DEFAULT_TIMEOUTS,
): HeadOfficeSource & { access(): Promise<HeadOfficeAccess> } {
  const withClient = async <T>(what: string, run: (client: pg.PoolClient) => Promise<T>) => {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw new HeadOfficeUnavailable(categorize(error), `${what}: ${errorText(error)}`);
    }
    let failure: unknown;
    try {
      return await run(client);
    } catch (error) {
      failure = error;
      if (error instanceof HeadOfficeUnavailable) throw error;
      throw new HeadOfficeUnavailable(categorize(error), `${what}: ${errorText(error)}`);
    } finally {
      client.release(failure !== undefined && broken(failure) ? (failure as Error) : undefined);
    }
  };
  const read = (what: string, sql: string, params: unknown[]) =>
    withClient(what, async (client) => {
      const result = await callInTransaction<{ answer: unknown }>(
        client,
        'read only',
        timeouts,
        sql,
        params,
      );
      return result.rows[0]?.answer ?? null;
    });
  return {
    access: () => withClient('asking what the login may do', (c) => headOfficeAccess(c, timeouts)),
    grid: async ({ mode, days }) => gridOf(await read('reading the chain', GRID_SQL, [mode, days])),
    day: async ({ mode, store, day }) => {
      const answer = await read('reading a store’s day', DAY_SQL, [store, mode, day]);
      const parsed = storeDayOf(answer);
      // The database answers any store it is asked for; a store it knows nothing of is none.
      const known =
        parsed.close !== null ||
        parsed.totals !== null ||
        parsed.counters.length > 0 ||
        parsed.operations.length > 0;
      return known ? parsed : null;
    },
  };
}
