// The store close's database on PostgreSQL: the store day through the store database's reads
// (electron/store-db/store-queries.ts), each counter's standing from `store_counters` (0102), and
// the close made by the database itself (`store_db_close_day`, migration 0103): it checks the
// draft's figures against its own lines, fills in who closed and when, and hashes; a day already
// closed answers its close, so two supervisors closing at once both see the one close kept. The
// call is signed with the closing counter's key (0106), so no login closes in another's name.
import {
  CloseContent,
  type CounterHold,
  canonicalJson,
  StoredClose,
} from '../../shared/store/close-record';
import type { StoreDbErrorCategory } from '../../shared/store/replication-state';
import { CounterFreshness } from '../../shared/store/store-operation';
import { heldMoney } from '../ipc/workflows/held-money';
import { journalOfLines } from '../journal/journal-lines';
import {
  CLOSE_DAY_SQL,
  closeParams,
  MARK_OFF_SQL,
  markOffParams,
  type SignedClose,
  type SignedMarkOff,
} from '../store-db/close-signature';
import { categorize, errorText } from '../store-db/connection';
import { type Queryable, readHeldLines, readStoreDay } from '../store-db/store-queries';
import {
  type CloseRefusal,
  type StoreCloseDatabase,
  StoreCloseRefused,
  type StoreDayQuery,
} from './close-database';

/** The store database did not answer: the close screen says so, never a half-read close. */
export class StoreCloseUnavailable extends Error {
  override readonly name = 'StoreCloseUnavailable';
  constructor(
    readonly category: StoreDbErrorCategory,
    message: string,
  ) {
    super(message);
  }
}

/** A time as the database writes it in the close (`store_db_close_day`'s `recorded_at`). */
function utc(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

const READ_CLOSE = `SELECT content, sha256, recorded_at FROM store_day_closes
WHERE store = $1 AND mode = $2 AND store_day = $3::date`;

// Each counter as the database stands it (its clock): the close's freshness (docs/store-close.md).
// Times are written by the database as the close keeps them (UTC, to the millisecond): for a
// counter marked off, `store_db_close_day` compares them with the draft's (migration 0109).
const COUNTERS = `SELECT s.store, s.mode, s.terminal_id, s.terminal_name, s.app_version,
  coalesce(l.seq, 0) AS last_seq, ${utc('l.at')} AS last_line_at,
  ${utc('s.last_seen_at')} AS last_seen_at, s.standing,
  s.open_operations AS reported_open, s.waiting_lines, s.off_day::text AS off_day, s.conflict_seq,
  s.off_by, ${utc('s.off_at')} AS off_at, t.off_marked_by, m.terminal_name AS off_marked_by_name,
  (SELECT count(*) FROM journal_lines u WHERE u.store = s.store AND u.terminal_id = s.terminal_id
    AND u.type = 'unreadable') AS unreadable_lines,
  (SELECT count(*) FROM open_operations o
    WHERE o.store = s.store AND o.terminal_id = s.terminal_id AND o.mode = s.mode) AS open_operations
FROM store_counters s
JOIN terminals t ON t.store = s.store AND t.mode = s.mode AND t.terminal_id = s.terminal_id
LEFT JOIN terminals m ON m.store = t.store AND m.mode = t.mode AND m.terminal_id = t.off_marked_by
LEFT JOIN LATERAL (
  SELECT j.seq, j.at FROM journal_lines j
  WHERE j.store = s.store AND j.terminal_id = s.terminal_id
  ORDER BY j.seq DESC LIMIT 1
) l ON true
WHERE s.store = $1 AND s.mode = $2
ORDER BY s.terminal_name NULLS LAST, s.terminal_id`;

// What an operation still without an answer already put in the drawer (its intent's down
// payment): the close's in-doubt line says it beside what was billed.
const TO_COLLECT = `SELECT j.op_id::text AS op_id, j.to_collect_cents
FROM open_operations o
JOIN journal_lines j ON j.store = o.store AND j.terminal_id = o.terminal_id AND j.seq = o.seq
WHERE o.store = $1 AND o.mode = $2 AND j.store_day = $3::date AND j.to_collect_cents IS NOT NULL`;

// These customers' codes (billed and undone that day), with their balance before the day
// (billings minus undos that succeeded, at every counter), read by the code's index from the
// lines: store_db_day_figures counts the same (migration 0109).
const CODES_BEFORE = `SELECT k.identity_value, k.funding_code,
  count(*) FILTER (WHERE i.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled'))
    - count(*) FILTER (WHERE i.operation IN ('v3.undoBilling', 'v2.undoBilling')) AS balance
FROM unnest($4::text[], $5::text[]) AS k(identity_value, funding_code)
JOIN journal_lines i
  ON i.store = $1 AND i.type = 'intent' AND i.funding_code = k.funding_code
  AND i.mode = $2 AND i.identity_value = k.identity_value AND i.store_day < $3::date
  AND i.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled', 'v3.undoBilling', 'v2.undoBilling')
WHERE EXISTS (SELECT FROM journal_lines o
  WHERE o.store = i.store AND o.terminal_id = i.terminal_id AND o.op_id = i.op_id
    AND o.type = 'outcome' AND o.status = 'succeeded')
GROUP BY k.identity_value, k.funding_code`;

const iso = (value: Date | string | null) =>
  value === null ? null : value instanceof Date ? value.toISOString() : String(value);

/** The database's refusal (SQLSTATE MS001…MS006, migration 0103) as the screen says it. */
function refusalOf(error: unknown): CloseRefusal | null {
  const e = error as { code?: unknown; message?: unknown } | null;
  const message = typeof e?.message === 'string' ? e.message : '';
  switch (e?.code) {
    case 'MS001':
      return {
        reason: 'day-not-ended',
        today: /today is (\d{4}-\d{2}-\d{2})/.exec(message)?.[1] ?? '',
      };
    case 'MS002':
      return { reason: 'open-operations', count: Number(/^(\d+)/.exec(message)?.[1] ?? 1) || 1 };
    case 'MS004':
      return {
        reason: 'silent-not-named',
        counters: (/: (.*)$/.exec(message)?.[1] ?? '').split(', ').filter(Boolean),
      };
    case 'MS006':
      return { reason: 'note-required', exceptions: Number(/^(\d+)/.exec(message)?.[1] ?? 1) || 1 };
    case 'MS003':
    case 'MS005':
      return { reason: 'changed', message: message.slice(0, 500) };
    default:
      return null;
  }
}

function storedOf(row: { content: string; sha256: string; recorded_at: Date | string }) {
  return StoredClose.parse({
    content: CloseContent.parse(JSON.parse(row.content)),
    canonical: row.content,
    sha256: row.sha256,
    recorded_at:
      row.recorded_at instanceof Date ? row.recorded_at.toISOString() : String(row.recorded_at),
  });
}

async function attempt<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof StoreCloseUnavailable) throw error;
    throw new StoreCloseUnavailable(categorize(error), `${what}: ${errorText(error)}`);
  }
}

/**
 * The store close on `db`. `signingKey` gives the key of the counter that asks for the close
 * (this counter's own in the app): the database takes a close only signed by its terminal
 * (migration 0106, electron/store-db/close-signature.ts).
 */
export function pgCloseDatabase(
  db: Queryable,
  signingKey: (terminalId: string) => Promise<Buffer>,
): StoreCloseDatabase {
  const readClose = (q: StoreDayQuery) =>
    attempt('reading the close', async () => {
      const result = await db.query(READ_CLOSE, [q.store, q.mode, q.day]);
      const row = result.rows[0];
      return row ? storedOf(row) : null;
    });
  return {
    async readStoreDay(query) {
      const read = await readStoreDay(db, query);
      if (!read.ok) throw new StoreCloseUnavailable(read.category, 'reading the store day');
      const open = read.rows.filter((row) => row.status === 'pending' || row.status === 'unknown');
      if (open.length === 0) return read.rows;
      const drawer = await attempt('reading the operations in doubt', async () => {
        const result = await db.query(TO_COLLECT, [query.store, query.mode, query.day]);
        return new Map<string, number>(
          result.rows.map((r: { op_id: string; to_collect_cents: string | number }) => [
            r.op_id,
            Number(r.to_collect_cents),
          ]),
        );
      });
      return read.rows.map((row) =>
        drawer.has(row.op_id) ? { ...row, to_collect_cents: drawer.get(row.op_id) ?? null } : row,
      );
    },
    readFreshness: (query) =>
      attempt('reading the counters', async () => {
        const result = await db.query(COUNTERS, [query.store, query.mode]);
        return result.rows.map((row) =>
          CounterFreshness.parse({
            ...row,
            last_seq: Number(row.last_seq),
            last_line_at: iso(row.last_line_at),
            last_seen_at: iso(row.last_seen_at),
            open_operations: Number(row.open_operations),
            reported_open: row.reported_open === null ? null : Number(row.reported_open),
            waiting_lines: row.waiting_lines === null ? null : Number(row.waiting_lines),
            conflict_seq: row.conflict_seq === null ? null : Number(row.conflict_seq),
            unreadable_lines: Number(row.unreadable_lines),
          }),
        );
      }),
    async readHeld(query) {
      const read = await readHeldLines(db, query);
      if (!read.ok) throw new StoreCloseUnavailable(read.category, 'reading the money held');
      const byCounter = new Map<string, string[]>();
      for (const { terminal_id, line } of read.rows) {
        const lines = byCounter.get(terminal_id);
        if (lines) lines.push(line);
        else byCounter.set(terminal_id, [line]);
      }
      const held: CounterHold[] = [];
      for (const [terminal_id, lines] of byCounter) {
        for (const hold of await heldMoney(journalOfLines(lines), query.mode))
          held.push({ terminal_id, hold });
      }
      return held;
    },
    readCodesBefore: (query, codes) =>
      attempt('reading the codes before the day', async () => {
        if (codes.length === 0) return [];
        const result = await db.query(CODES_BEFORE, [
          query.store,
          query.mode,
          query.day,
          codes.map((c) => c.identity),
          codes.map((c) => c.funding_code),
        ]);
        return result.rows.map(
          (row: { identity_value: string; funding_code: string; balance: string | number }) => ({
            identity: row.identity_value,
            funding_code: row.funding_code,
            balance: Number(row.balance),
          }),
        );
      }),
    readClose,
    async markOff(query) {
      try {
        const markOff: SignedMarkOff = {
          store: query.store,
          mode: query.mode,
          terminalId: query.terminal_id,
          day: query.day,
          supervisor: query.supervisor,
          byTerminalId: query.by_terminal_id,
        };
        await db.query(
          MARK_OFF_SQL,
          markOffParams(markOff, await signingKey(query.by_terminal_id)),
        );
      } catch (error) {
        const refusal = refusalOf(error);
        if (refusal) throw new StoreCloseRefused(refusal);
        throw new StoreCloseUnavailable(categorize(error), `marking off: ${errorText(error)}`);
      }
    },
    async closeDay(request) {
      let result: {
        rows: { inserted: boolean; content: string; sha256: string; recorded_at: Date | string }[];
      };
      try {
        const close: SignedClose = {
          store: request.store,
          mode: request.mode,
          day: request.day,
          content: canonicalJson(request.draft),
          supervisor: request.supervisor,
          cashierId: request.cashier_id,
          terminalId: request.terminal_id,
          note: request.note,
        };
        result = await db.query(
          CLOSE_DAY_SQL,
          closeParams(close, await signingKey(request.terminal_id)),
        );
      } catch (error) {
        const refusal = refusalOf(error);
        if (refusal) throw new StoreCloseRefused(refusal);
        throw new StoreCloseUnavailable(
          categorize(error),
          `keeping the close: ${errorText(error)}`,
        );
      }
      const row = result.rows[0];
      if (!row) throw new StoreCloseUnavailable('server', 'the close was neither kept nor found');
      return {
        inserted: row.inserted,
        close: await attempt('reading the close kept', async () => storedOf(row)),
      };
    },
  };
}
