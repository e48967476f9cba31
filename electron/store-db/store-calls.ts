// How the app calls its store database (docs/store-database.md "Walls between stores", "A pooled
// server that no client can disturb"): every read is signed by this counter's key and answered
// for its own store only (read-signature.ts, migration 0112), and every call, read or signed
// write, runs in a transaction of its own (call-transaction.ts). The pool is the reads' (and the
// store close's); replication keeps a client of its own and uses the same two pieces.
import type pg from 'pg';
import { callInTransaction } from './call-transaction';
import { DEFAULT_TIMEOUTS, type StoreDbTimeouts } from './connection';
import { READ_SQL, type ReadName, readParams } from './read-signature';

/** The counter that reads: its terminal id and its key (kept like the token). */
export type Reader = () => Promise<{ terminalId: string; signingKey: Buffer }>;

export type ReadArgs = {
  mode: 'live' | 'training';
  /** The store the counter believes it is in: refused (MS011) when it is not its key's. */
  store?: string;
  funding_code?: string;
  day?: string;
  /** `codes-before`: the customers' codes billed and undone on the day (at most 1,000). */
  codes?: { identity: string; funding_code: string }[];
};

export type StoreCalls = {
  /** A signed read of this counter's own store: the database's JSON answer. */
  read(read: ReadName, args: ReadArgs): Promise<unknown>;
  /** One signed write statement in a READ WRITE transaction of its own. */
  write<R extends pg.QueryResultRow>(sql: string, params: unknown[]): Promise<pg.QueryResult<R>>;
};

export type CallOptions = { clock?: () => Date; timeouts?: StoreDbTimeouts };

/** How long a measured offset to the database's clock is trusted before it is measured again. */
const CLOCK_SYNC_MS = 10 * 60_000;

/**
 * The time a signed read carries, by the database's clock: the counter's clock moved by the
 * offset measured against the server (`clock_timestamp()`, a plain read any login may make). A
 * read is answered only within 15 minutes of its time (migration 0112), which stops a read seen
 * on the wire from being replayed later; a counter whose own clock is off (Probar conexión says
 * so) still reads. Measured at the first read, again every 10 minutes and after a read refused as
 * out of its window.
 */
export type DatabaseClock = {
  at(client: Pick<pg.ClientBase, 'query'>): Promise<string>;
  /** Measure again at the next read. */
  forget(): void;
};

export function databaseClock(clock: () => Date = () => new Date()): DatabaseClock {
  let offset: number | null = null;
  let measured = 0;
  return {
    async at(client) {
      if (offset === null || Date.now() - measured > CLOCK_SYNC_MS) {
        const before = clock().getTime();
        const result = await client.query<{ now: Date }>(
          'SELECT pg_catalog.clock_timestamp() AS now',
        );
        const after = clock().getTime();
        const now = result.rows[0]?.now;
        offset = now instanceof Date ? now.getTime() - (before + after) / 2 : 0;
        measured = Date.now();
      }
      return new Date(clock().getTime() + offset).toISOString();
    },
    forget() {
      offset = null;
    },
  };
}

/** A signed read on one client, inside its own transaction, at `at` (the database's clock). */
export async function signedRead(
  client: Pick<pg.ClientBase, 'query' | 'escapeLiteral'>,
  reader: { terminalId: string; signingKey: Buffer },
  read: ReadName,
  args: ReadArgs | Record<string, never>,
  options: { at: string; timeouts?: StoreDbTimeouts },
): Promise<unknown> {
  const request = {
    terminalId: reader.terminalId,
    at: options.at,
    read,
    args: JSON.stringify(args),
  };
  const result = await callInTransaction<{ answer: unknown }>(
    client,
    'read only',
    options.timeouts ?? DEFAULT_TIMEOUTS,
    READ_SQL,
    readParams(request, reader.signingKey),
  );
  return result.rows[0]?.answer ?? null;
}

/**
 * A signed read at the database's time, measured again and tried once more when the database
 * says the read was out of its window (the counter's clock moved since it was measured).
 */
export async function syncedRead(
  client: Pick<pg.ClientBase, 'query' | 'escapeLiteral'>,
  dbClock: DatabaseClock,
  reader: { terminalId: string; signingKey: Buffer },
  read: ReadName,
  args: ReadArgs | Record<string, never>,
  timeouts?: StoreDbTimeouts,
): Promise<unknown> {
  const once = async () =>
    signedRead(client, reader, read, args, {
      at: await dbClock.at(client),
      ...(timeouts ? { timeouts } : {}),
    });
  try {
    return await once();
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code !== 'MS013') throw error;
    dbClock.forget();
    return once();
  }
}

/** Whether an error leaves the connection unusable (the pool must not lend it again). */
function broken(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return !(typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code));
}

/** The calls on a pool: each takes a client for its transaction and gives it back. */
export function poolCalls(pool: pg.Pool, reader: Reader, options: CallOptions = {}): StoreCalls {
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  const dbClock = databaseClock(options.clock);
  const withClient = async <T>(run: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    let failure: unknown;
    try {
      return await run(client);
    } catch (error) {
      failure = error;
      throw error;
    } finally {
      client.release(failure !== undefined && broken(failure) ? (failure as Error) : undefined);
    }
  };
  return {
    read: async (read, args) => {
      const who = await reader();
      return withClient((client) => syncedRead(client, dbClock, who, read, args, timeouts));
    },
    write: (sql, params) =>
      withClient((client) => callInTransaction(client, 'read write', timeouts, sql, params)),
  };
}
