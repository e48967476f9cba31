// Every answer the store database gives a counter is bounded in bytes and rows, as the financing
// service's answers are (docs/decisions.md "A store database answer is bounded (issue 26, item
// 4)"). A hostile or broken server answering a query with 400 rows of 12 MB drove the counter to
// "Reached heap limit": node-postgres keeps a whole answer in memory before it hands it over. So
// each client counts what arrives after it last spoke (one query's answer, or the startup's), and
// the DataRows of it, and past either bound destroys its connection with a StoreDbError
// `too-big`; from that moment node-postgres is told nothing more of what had arrived, so no
// answer that broke a bound is ever handed over. The deadline is the statement timeouts'.
import type { Duplex } from 'node:stream';
import type pg from 'pg';
import { StoreDbError } from './store-db-error';

export type AnswerBounds = {
  /** Bytes received for one query (TLS records included). */
  maxBytes: number;
  /** DataRows of one query. */
  maxRows: number;
};

const MiB = 1024 * 1024;

/**
 * The biggest real answer is a store day's operations: 10,000 operations read as 10,000 rows,
 * 3.3 MB on the wire (3,323,538 bytes, measured by answer-bounds-measure.test.ts against a real
 * PostgreSQL 15). The bounds leave ten times that: 32 MiB and 100,000 rows per query.
 */
export const DEFAULT_ANSWER_BOUNDS: AnswerBounds = { maxBytes: 32 * MiB, maxRows: 100_000 };

/** What node-postgres's Connection has that the bound uses (not in its published types). */
export type PgConnection = {
  stream: Duplex;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  emit(event: string | symbol, ...args: unknown[]): boolean;
  _send(buffer: Buffer): boolean;
};

/** What the last query's answer weighed (bytes and rows): for measurements and tests. */
export type MeteredClient = pg.Client & { lastAnswer(): { bytes: number; rows: number } };

/**
 * Bounds every answer on `connection` (store-db-client.ts calls it for each client); returns what
 * the last answer weighed.
 */
export function boundAnswers(connection: PgConnection, bounds: AnswerBounds) {
  let bytes = 0;
  let rows = 0;
  let last = { bytes: 0, rows: 0 };
  let broken = false;

  const fail = (what: string) => {
    if (broken) return;
    broken = true;
    connection.stream.destroy(
      new StoreDbError('too-big', `the store database sent more than ${what} for one query`),
    );
  };
  const count = (chunk: unknown) => {
    bytes += Buffer.isBuffer(chunk) ? chunk.length : 0;
    if (bytes > bounds.maxBytes) fail(`${bounds.maxBytes} bytes`);
  };

  // The plain socket from the start (this listener runs before the parser's); the TLS socket
  // once the link is upgraded (after the parser's: at most one TLS record more is parsed).
  connection.stream.on('data', count);
  connection.on('sslconnect', () => connection.stream.on('data', count));

  // Past a bound, node-postgres hears only of the error and the end: not the rest of a chunk
  // already read (more rows, a CommandComplete that would hand the answer over).
  const emit = connection.emit.bind(connection);
  connection.emit = (event, ...args) => {
    if (broken && event !== 'error' && event !== 'end') return false;
    if (event === 'dataRow') {
      rows += 1;
      if (rows > bounds.maxRows) {
        fail(`${bounds.maxRows} rows`);
        return false;
      }
    }
    if (event === 'readyForQuery') last = { bytes, rows };
    return emit(event, ...args);
  };

  // The counter speaks, a new answer starts: each query has the whole bound.
  const send = connection._send.bind(connection);
  connection._send = (buffer) => {
    bytes = 0;
    rows = 0;
    return send(buffer);
  };
  return () => last;
}
