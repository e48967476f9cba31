// Replication of one counter's journal to the store database (docs/store-database.md,
// "How the counters send their lines"; the transactional-outbox shape with the journal as the outbox). It runs beside
// the journal and never in a sale's path: the journal's append only wakes it. Every line goes, in
// file order, in batches, keyed (store, terminal_id, seq); a repeat is a no-op and a DIFFERENT
// line under a known key is an alarm that holds replication there (never an overwrite, never a
// skip). The cursor moves only after COMMIT. Failures back off with full jitter; an idle
// connection's error never reaches the process. No Electron import: it runs under plain Node.
//
// This file composes the parts, each in a file of its own: what it is given
// (replicator-options.ts), where it stands and what it shows (replicator-progress.ts), when it
// waits and what wakes it (replicator-waker.ts), what it reads of a line and its store
// (replicator-lines.ts), the reader of the journal and its batches (replicator-batches.ts), the
// connection and the database's hello (replicator-connection.ts), the sender and its heartbeat
// (replicator-sender.ts), erasure notices (replicator-erasures.ts) and the loop that turns them
// (replicator-loop.ts).
import type { OperationMode } from '../../shared/journal-entry';
import type { ReplicationState } from '../../shared/store/replication-state';
import type { RetryPolicy } from '../journal/backoff';
import type { LineReader } from '../journal/read-lines-after';
import { openLineReader } from '../journal/read-lines-after';
import { DEFAULT_TIMEOUTS } from './connection';
import { readCursor, writeCursor } from './replication-cursor';
import { journalBatches } from './replicator-batches';
import { replicationConnection } from './replicator-connection';
import { erasureNoticeTaker } from './replicator-erasures';
import { lineStores } from './replicator-lines';
import { runReplication } from './replicator-loop';
import type { ReplicationSource, ReplicatorOptions } from './replicator-options';
import { replicationProgress } from './replicator-progress';
import { callNumbers, replicationSender } from './replicator-sender';
import { replicationWaker } from './replicator-waker';

export { storeDbKnowsTimeZone } from './replicator-connection';
export type { ReplicationSource, ReplicatorOptions } from './replicator-options';

/**
 * The journal file (Journal.path) and a small file in the data dir for the cursor (e.g.
 * `<dataDir>/store-db-cursor.json`).
 */
export function fileSource(journalPath: string, cursorPath: string): ReplicationSource {
  return {
    openReader: () => openLineReader(journalPath),
    readCursor: () => readCursor(cursorPath),
    writeCursor: (cursor) => writeCursor(cursorPath, cursor),
  };
}

export type Replicator = {
  state(): ReplicationState;
  /** Called after each journal append: `journal.subscribe((entry) => replicator.wake(entry.seq))`. */
  wake(seq?: number): void;
  /** Resolves once every line seen so far is committed, rejects after `timeoutMs`. */
  drained(timeoutMs: number): Promise<void>;
  /**
   * Stops; with `signOff`, first tells the database the counter is closing for the day when
   * nothing is open and nothing waits (then it is "signed off", not silent).
   */
  stop(options?: { signOff?: boolean }): Promise<void>;
};

export const DEFAULT_REPLICATION_RETRY = { baseMs: 500, maxMs: 30_000 };

/** The state to show when no store database is configured (a one-counter store). */
export function replicationOff(now: Date): ReplicationState {
  return {
    state: 'off',
    since: now.toISOString(),
    replicated_seq: 0,
    waiting_lines: 0,
    last_error_category: null,
    conflict_seq: null,
    unreadable_lines: 0,
  };
}

export function startReplicator(options: ReplicatorOptions): Replicator {
  const clock = options.clock ?? (() => new Date());
  const policy: RetryPolicy = {
    ...(options.retry ?? DEFAULT_REPLICATION_RETRY),
    maxAttempts: Number.POSITIVE_INFINITY,
  };
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  const source =
    'source' in options ? options.source : fileSource(options.journalPath, options.cursorPath);
  const pairs = (Object.entries(options.stores) as [OperationMode, string][]).map(
    ([mode, store]) => ({ mode, store }),
  );
  const { stores, onState } = options;
  const progress = replicationProgress({ clock, stores, source, onState });
  const waker = replicationWaker({
    lingerMs: options.lingerMs ?? 20,
    policy,
    random: options.random ?? Math.random,
  });
  const journal = journalBatches({
    source,
    progress,
    lineStores: lineStores(stores),
    waker,
    batchLines: options.batchLines ?? 500,
  });
  const beats = callNumbers(clock);
  const connection = replicationConnection({ options, clock, timeouts, progress, beats });
  const sender = replicationSender({ options, pairs, progress, beats, timeouts });
  /** The journal's reader, once the loop has opened it, so a stop closes it. */
  const journalOpen: { reader: LineReader | null } = { reader: null };

  const running = runReplication({
    options,
    clock,
    heartbeatMs: options.heartbeatMs ?? 5_000,
    source,
    progress,
    waker,
    journal,
    connection,
    sender,
    takeNotices: erasureNoticeTaker({ options, clock, timeouts }),
    opened: (reader) => {
      journalOpen.reader = reader;
    },
  }).catch(() => undefined);

  return {
    state: () => ({
      ...progress.current,
      replicated_seq: progress.cursor.seq,
      waiting_lines: progress.waiting(),
    }),
    wake(seq) {
      if (typeof seq === 'number' && seq > progress.knownSeq) progress.knownSeq = seq;
      waker.wake();
    },
    async drained(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (!(progress.current.state === 'ok' && progress.waiting() === 0)) {
        if (Date.now() > deadline) {
          throw new Error(
            `replication not drained after ${timeoutMs} ms: ${JSON.stringify({ ...progress.current, waiting_lines: progress.waiting() })}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async stop(stopOptions) {
      waker.stop();
      await running;
      if (
        stopOptions?.signOff &&
        connection.client &&
        progress.waiting() === 0 &&
        (await sender.openNow()) === 0
      ) {
        // Said once, bounded by the statement timeout: a counter that cannot say it is silent.
        await sender.heartbeat(connection.client, true).catch(() => undefined);
      }
      connection.drop();
      await journalOpen.reader?.close().catch(() => undefined);
    },
  };
}
