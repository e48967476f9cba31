// Where a counter's replication stands and what it shows (part of electron/store-db/replicator.ts):
// the cursor (the last line the database committed and the byte after it, moved only after
// COMMIT), the highest seq the journal is known to hold, and the state the app shows
// (shared/store/replication-state.ts). Every other part reads and moves these through here.
import type { OperationMode } from '../../shared/journal-entry';
import type {
  ReplicationState,
  ReplicationStateName,
  StoreDbErrorCategory,
} from '../../shared/store/replication-state';
import type { ReplicationCursor } from './replication-cursor';
import type { ReplicationSource } from './replicator-options';

export type ReplicationProgress = {
  /** Where the database's committed lines end in the journal (as last read or written). */
  cursor: ReplicationCursor;
  /** The highest seq the journal is known to hold (read, or told by a wake). */
  knownSeq: number;
  /** The state last set; `unreadable_lines` counts on from here. */
  current: ReplicationState;
  /** Lines known and not yet committed. */
  waiting(): number;
  setState(
    state: ReplicationStateName,
    category?: StoreDbErrorCategory | null,
    conflictSeq?: number | null,
  ): void;
  /** Moves the cursor (tagged with the stores it went under) and writes it. */
  commitCursor(next: ReplicationCursor): Promise<void>;
};

export function replicationProgress(deps: {
  clock: () => Date;
  stores: Record<OperationMode, string>;
  source: ReplicationSource;
  onState?: (state: ReplicationState) => void;
}): ReplicationProgress {
  const { clock, stores, source } = deps;
  const progress: ReplicationProgress = {
    cursor: { seq: 0, offset: 0 },
    knownSeq: 0,
    current: {
      state: 'behind',
      since: clock().toISOString(),
      replicated_seq: 0,
      waiting_lines: 0,
      last_error_category: null,
      conflict_seq: null,
      unreadable_lines: 0,
    },
    waiting: () => Math.max(0, progress.knownSeq - progress.cursor.seq),
    setState(state, category = null, conflictSeq = null) {
      const { current } = progress;
      const changed = state !== current.state;
      progress.current = {
        state,
        since: changed ? clock().toISOString() : current.since,
        replicated_seq: progress.cursor.seq,
        waiting_lines: progress.waiting(),
        last_error_category: category,
        conflict_seq: conflictSeq,
        unreadable_lines: current.unreadable_lines,
      };
      try {
        deps.onState?.({ ...progress.current });
      } catch {
        // A listener's bug must not stop replication.
      }
    },
    async commitCursor(next) {
      progress.cursor = { ...next, stores: { live: stores.live, training: stores.training } };
      await source.writeCursor(progress.cursor);
    },
  };
  return progress;
}
