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
};

export type StoreCalls = {
  /** A signed read of this counter's own store: the database's JSON answer. */
  read(read: ReadName, args: ReadArgs): Promise<unknown>;
  /** One signed write statement in a READ WRITE transaction of its own. */
  write<R extends pg.QueryResultRow>(sql: string, params: unknown[]): Promise<pg.QueryResult<R>>;
};

export type CallOptions = { clock?: () => Date; timeouts?: StoreDbTimeouts };

/** A signed read on one client, inside its own transaction. */
export async function signedRead(
  client: Pick<pg.ClientBase, 'query' | 'escapeLiteral'>,
  reader: { terminalId: string; signingKey: Buffer },
  read: ReadName,
  args: ReadArgs | Record<string, never>,
  options: CallOptions = {},
): Promise<unknown> {
  const at = (options.clock ?? (() => new Date()))().toISOString();
  const request = { terminalId: reader.terminalId, at, read, args: JSON.stringify(args) };
  const result = await callInTransaction<{ answer: unknown }>(
    client,
    'read only',
    options.timeouts ?? DEFAULT_TIMEOUTS,
    READ_SQL,
    readParams(request, reader.signingKey),
  );
  return result.rows[0]?.answer ?? null;
}

/** Whether an error leaves the connection unusable (the pool must not lend it again). */
function broken(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return !(typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code));
}

/** The calls on a pool: each takes a client for its transaction and gives it back. */
export function poolCalls(pool: pg.Pool, reader: Reader, options: CallOptions = {}): StoreCalls {
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
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
      return withClient((client) => signedRead(client, who, read, args, options));
    },
    write: (sql, params) =>
      withClient((client) => callInTransaction(client, 'read write', timeouts, sql, params)),
  };
}
