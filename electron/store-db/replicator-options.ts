// What a counter's replication is given (electron/store-db/replicator.ts starts it): where the
// journal and the cursor are, the store database's URL, who the counter is and in which stores,
// and the intervals and bounds of its work. A file of its own so each part of the replicator
// (replicator-*.ts) reads the same type without importing the file that composes them.
import type { OperationMode } from '../../shared/journal-entry';
import type { ReplicationState } from '../../shared/store/replication-state';
import type { RetryPolicy } from '../journal/backoff';
import type { LineReader } from '../journal/read-lines-after';
import type { StoreDbTimeouts } from './connection';
import type { ErasureNotice } from './personal-data';
import type { ReplicationCursor } from './replication-cursor';

/**
 * Where the lines and the cursor are kept. A counter's are files (`fileSource`); the chain's
 * bench runs a thousand simulated counters in memory (bench/store-db-lag-entry.ts), the same
 * replication over the same reads.
 */
export type ReplicationSource = {
  openReader(): Promise<LineReader>;
  readCursor(): Promise<ReplicationCursor>;
  writeCursor(cursor: ReplicationCursor): Promise<void>;
};

type Where = { journalPath: string; cursorPath: string } | { source: ReplicationSource };

export type ReplicatorOptions = Where & {
  /** The terminal's store database URL (a login user granted `mostrador_terminal`). */
  url: string;
  terminalId: string;
  terminalName?: string | null;
  appVersion?: string | null;
  /** The store of each mode's lines: the live client id, and training's own. */
  stores: Record<OperationMode, string>;
  /** The store's time zone (settings `time_zone`), carried on every line row for its store day. */
  timeZone: string;
  /**
   * This counter's secret key (32 bytes, made at its first start, kept like the token): every call
   * that writes is signed with it (electron/store-db/batch-signature.ts, migration 0102).
   */
  signingKey: Buffer;
  /** The counter's operations without a definite answer, told with every heartbeat. */
  openOperations?: () => Promise<number> | number;
  clock?: () => Date;
  random?: () => number;
  /** Lines per batch (default 500). */
  batchLines?: number;
  /**
   * How long a wake waits before the batch is read (default 20 ms): an operation's lines come in
   * bursts (intent, then its outcome a moment later), and one transaction for the burst halves
   * the database's work and keeps the replication's own work off the sale's busiest moment.
   */
  lingerMs?: number;
  /**
   * How often an idle counter tells the database it is alive and what it holds (default 5 s; a
   * counter not heard from for 30 s is silent: docs/store-database.md).
   */
  heartbeatMs?: number;
  retry?: Pick<RetryPolicy, 'baseMs' | 'maxMs'>;
  timeouts?: StoreDbTimeouts;
  onState?: (state: ReplicationState) => void;
  /** Fault points for tests: a rejection here acts as a crash at that point. */
  faults?: { afterCommit?: () => Promise<void> | void };
  /**
   * Erasures made in the store (docs/personal-data.md "Erasure on request"): the replication
   * asks for this counter's notices when it connects and every `everyMs` (default a minute), has
   * `apply` mask them in the journal, and tells the database which are done. Asked before a batch
   * is read, so no line read before the journal was masked goes after the database forgot whose.
   */
  erasures?: {
    apply(notices: ErasureNotice[]): Promise<{ id: string; done: boolean }[]>;
    everyMs?: number;
  };
};
