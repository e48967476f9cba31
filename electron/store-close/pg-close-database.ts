// The store close's database on PostgreSQL: the store day and freshness through the store
// database's reads (electron/store-db/store-queries.ts), the close record in `store_day_closes`
// (migration 0100): INSERT … ON CONFLICT DO NOTHING, then the day's record, so two supervisors
// closing at once both see the one close that was kept.
import { CloseContent, type CounterHold, StoredClose } from '../../shared/store/close-record';
import type { StoreDbErrorCategory } from '../../shared/store/replication-state';
import { heldMoney } from '../ipc/workflows/held-money';
import { journalOfLines } from '../journal/journal-lines';
import { categorize, errorText } from '../store-db/connection';
import {
  type Queryable,
  readFreshness,
  readHeldLines,
  readStoreDay,
} from '../store-db/store-queries';
import type { StoreCloseDatabase, StoreDayQuery } from './close-database';

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

const READ_CLOSE = `SELECT content, sha256, recorded_at FROM store_day_closes
WHERE store = $1 AND mode = $2 AND store_day = $3::date`;

const INSERT_CLOSE = `INSERT INTO store_day_closes
  (store, mode, store_day, content, sha256, closed_by, terminal_id)
VALUES ($1, $2, $3::date, $4, $5, $6, $7)
ON CONFLICT (store, mode, store_day) DO NOTHING
RETURNING recorded_at`;

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

export function pgCloseDatabase(db: Queryable): StoreCloseDatabase {
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
      return read.rows;
    },
    async readFreshness(query) {
      const read = await readFreshness(db, query);
      if (!read.ok) throw new StoreCloseUnavailable(read.category, 'reading freshness');
      return read.rows;
    },
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
    readClose,
    insertClose: (close) =>
      attempt('keeping the close', async () => {
        const result = await db.query(INSERT_CLOSE, [
          close.store,
          close.mode,
          close.day,
          close.canonical,
          close.sha256,
          close.closed_by,
          close.terminal_id,
        ]);
        const first = await readClose(close);
        if (!first) throw new Error('the close was neither kept nor found');
        return { inserted: result.rowCount === 1, close: first };
      }),
  };
}
