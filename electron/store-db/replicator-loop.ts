// The loop of a counter's replication (part of electron/store-db/replicator.ts): read the cursor
// and the journal once, then turn until stopped: erasure notices first, the next batch, and either
// a pause (nothing to send, no heartbeat due), a heartbeat, or the batch sent and the cursor moved
// after COMMIT. A conflict holds replication at the line that differs; any other failure drops the
// connection and backs off with full jitter.

import { isIanaTimeZone } from '../../shared/domain/store-time';
import type { LineReader } from '../journal/read-lines-after';
import { categorize, isUnreachable } from './connection';
import type { Batch, JournalBatches } from './replicator-batches';
import type { ReplicationConnection } from './replicator-connection';
import type { ErasureNoticeTaker } from './replicator-erasures';
import type { ReplicationSource, ReplicatorOptions } from './replicator-options';
import type { ReplicationProgress } from './replicator-progress';
import type { ReplicationSender } from './replicator-sender';
import type { ReplicationWaker } from './replicator-waker';

export type ReplicationParts = {
  options: Pick<ReplicatorOptions, 'timeZone' | 'faults'>;
  clock: () => Date;
  heartbeatMs: number;
  source: Pick<ReplicationSource, 'readCursor'>;
  progress: ReplicationProgress;
  waker: ReplicationWaker;
  journal: JournalBatches;
  connection: ReplicationConnection;
  sender: ReplicationSender;
  takeNotices: ErasureNoticeTaker;
  /** Told the journal's reader once it is open, so a stop can close it. */
  opened(reader: LineReader): void;
};

/** Runs until the waker stops (rejects only if stopped before the journal could be opened). */
export async function runReplication(parts: ReplicationParts): Promise<void> {
  const { options, clock, heartbeatMs, progress, waker, journal, connection, sender } = parts;
  const { setState, waiting, commitCursor } = progress;
  progress.cursor = await parts.source.readCursor();
  progress.current.replicated_seq = progress.cursor.seq;
  const reader = await journal.open();
  parts.opened(reader);
  await journal.scanAtStart(reader);
  if (!isIanaTimeZone(options.timeZone)) {
    // An offset or an abbreviation (a settings file from before zones had to be IANA names):
    // PostgreSQL reads it otherwise than the counter. Nothing is sent; the lines wait, and
    // saving a zone restarts the replication (store-link.ts).
    setState('refused', 'bad-time-zone');
    await waker.untilStopped();
    return;
  }
  let lastHeartbeat = Number.NEGATIVE_INFINITY;
  let failures = 0;
  while (!waker.stopped) {
    // Erasures first: whatever the next batch reads of an erased customer is masked already.
    if (connection.client) {
      try {
        await parts.takeNotices(connection.client);
      } catch (error) {
        // Asked again at the next interval; replication goes on meanwhile.
        if (isUnreachable(categorize(error))) connection.drop();
      }
    }
    let batch: Batch;
    try {
      batch = await journal.readBatch(reader);
    } catch {
      await waker.backoff(failures++);
      continue;
    }
    const heartbeatDue = clock().getTime() - lastHeartbeat >= heartbeatMs;
    if (batch.lines.length === 0 && !heartbeatDue) {
      if (batch.next > progress.cursor.offset) {
        // Only lines that are not entries: the journal leaves them out, and so do we.
        progress.current.unreadable_lines += batch.unreadable;
        await commitCursor({ seq: progress.cursor.seq, offset: batch.next }).catch(() => undefined);
        continue;
      }
      if (progress.current.state === 'behind' || progress.current.state === 'ok') {
        setState(waiting() > 0 ? 'behind' : 'ok');
      }
      await waker.pause(heartbeatMs - (clock().getTime() - lastHeartbeat), true);
      continue;
    }
    try {
      const c = await connection.connect();
      if (connection.rewound) {
        connection.rewound = false;
        continue;
      }
      if (batch.lines.length === 0) {
        await sender.heartbeat(c);
        lastHeartbeat = clock().getTime();
        failures = 0;
        if (progress.current.state !== 'conflict') setState(waiting() > 0 ? 'behind' : 'ok');
        continue;
      }
      const sent = await sender.send(c, batch.lines);
      await options.faults?.afterCommit?.();
      if (sent.conflictSeq !== null) {
        if (sent.committedThrough > 0) {
          const partial = await journal.offsetAfter(reader, sent.committedThrough);
          await commitCursor({ seq: partial.seq, offset: partial.next });
        }
        setState('conflict', null, sent.conflictSeq);
        await waker.backoff(failures++);
        continue;
      }
      progress.current.unreadable_lines += batch.unreadable;
      await commitCursor({ seq: batch.lastSeq, offset: batch.next });
      lastHeartbeat = clock().getTime();
      failures = 0;
      setState(waiting() > 0 ? 'behind' : 'ok');
    } catch (error) {
      const category = categorize(error);
      connection.drop();
      setState(isUnreachable(category) ? 'unreachable' : 'refused', category);
      await waker.backoff(failures++);
    }
  }
}
