// The store close's database on PostgreSQL: the store day, each counter's standing and the money
// held through signed reads of this counter's own store (electron/store-db/store-calls.ts,
// migration 0112), and the close made by the database itself (`store_db_close_day`, migration
// 0103): it checks the draft's figures against its own lines, fills in who closed and when, and
// hashes; a day already closed answers its close, so two supervisors closing at once both see
// the one close kept. The close and the mark-off are signed with the calling counter's key (0106,
// 0108) and taken only in that key's store (0110), so no login closes in another's name or store.
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
import type { StoreCalls } from '../store-db/store-calls';
import { isoOf, readHeldLines, readStoreDay } from '../store-db/store-queries';
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
    recorded_at: isoOf(row.recorded_at),
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
 * The store close on `calls` (this counter's signed reads and calls). `signingKey` gives the key
 * of the counter that asks for the close or the mark-off (this counter's own in the app): the
 * database takes one only signed by its terminal (migrations 0106, 0108), in its store (0110).
 */
export function pgCloseDatabase(
  calls: StoreCalls,
  signingKey: (terminalId: string) => Promise<Buffer>,
): StoreCloseDatabase {
  const readClose = (q: StoreDayQuery) =>
    attempt('reading the close', async () => {
      const row = (await calls.read('close', q)) as {
        content: string;
        sha256: string;
        recorded_at: string;
      } | null;
      return row ? storedOf(row) : null;
    });
  return {
    async readStoreDay(query) {
      const read = await readStoreDay(calls, query);
      if (!read.ok) throw new StoreCloseUnavailable(read.category, 'reading the store day');
      return read.rows;
    },
    readFreshness: (query) =>
      attempt('reading the counters', async () => {
        const rows = (await calls.read('standing', query)) as Record<string, unknown>[];
        return rows.map((row) =>
          CounterFreshness.parse({
            ...row,
            last_seq: Number(row.last_seq),
            last_line_at: isoOf(row.last_line_at),
            last_seen_at: isoOf(row.last_seen_at),
            open_operations: Number(row.open_operations),
            reported_open: row.reported_open == null ? null : Number(row.reported_open),
            waiting_lines: row.waiting_lines == null ? null : Number(row.waiting_lines),
            conflict_seq: row.conflict_seq == null ? null : Number(row.conflict_seq),
            unreadable_lines: Number(row.unreadable_lines),
          }),
        );
      }),
    async readHeld(query) {
      const read = await readHeldLines(calls, query);
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
        const rows = (await calls.read('codes-before', {
          ...query,
          codes: codes.map((c) => ({ identity: c.identity, funding_code: c.funding_code })),
        })) as {
          identity: string;
          funding_code: string;
          balance: string | number;
        }[];
        return rows.map((row) => ({
          identity: row.identity,
          funding_code: row.funding_code,
          balance: Number(row.balance),
        }));
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
        await calls.write(
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
        result = await calls.write(
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
