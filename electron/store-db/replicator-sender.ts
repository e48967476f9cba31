// The sender of a counter's replication (part of electron/store-db/replicator.ts): one signed
// call (batch-signature.ts, migration 0102) carries a batch of lines, or none for a heartbeat,
// with what the counter holds (its last seq, lines waiting, operations open). The database takes
// the lines before the first one that differs from a line it holds and names that one, so the
// lines before a conflict are committed and the rest wait behind it.
import type pg from 'pg';
import type { OperationMode } from '../../shared/journal-entry';
import { APPEND_SQL, appendParams, type SignedBatch } from './batch-signature';
import { callInTransaction } from './call-transaction';
import type { StoreDbTimeouts } from './connection';
import type { Prepared } from './replicator-batches';
import type { ReplicatorOptions } from './replicator-options';
import type { ReplicationProgress } from './replicator-progress';

/** What the database committed of a batch: all, or the lines before the conflicting seq. */
export type Sent = { conflictSeq: number | null; committedThrough: number };

/**
 * The last call number used: each signed call carries a larger one (replays are refused), at
 * least the clock's milliseconds and above the last the database holds (`atLeast`, on hello).
 */
export type CallNumbers = { next(): number; atLeast(beat: number): void };

export function callNumbers(clock: () => Date): CallNumbers {
  let beat = 0;
  return {
    next() {
      beat = Math.max(beat + 1, clock().getTime());
      return beat;
    },
    atLeast(last) {
      beat = Math.max(beat, last);
    },
  };
}

export type ReplicationSender = {
  /** One signed call with `lines` (none: a heartbeat; `signOff`: closing for the day). */
  send(c: pg.Client, lines: Prepared[], signOff?: boolean): Promise<Sent>;
  heartbeat(c: pg.Client, signOff?: boolean): Promise<Sent>;
  /** The counter's operations without a definite answer (0 when they cannot be counted). */
  openNow(): Promise<number>;
};

export function replicationSender(deps: {
  options: Pick<
    ReplicatorOptions,
    'terminalId' | 'terminalName' | 'appVersion' | 'timeZone' | 'signingKey' | 'openOperations'
  >;
  pairs: { mode: OperationMode; store: string }[];
  progress: ReplicationProgress;
  beats: CallNumbers;
  timeouts: StoreDbTimeouts;
}): ReplicationSender {
  const { options, progress, timeouts } = deps;

  const openNow = async () => {
    try {
      return Math.max(0, Math.trunc((await options.openOperations?.()) ?? 0));
    } catch {
      return 0;
    }
  };

  const send = async (c: pg.Client, lines: Prepared[], signOff = false): Promise<Sent> => {
    const lastSeq = lines.reduce((n, l) => Math.max(n, l.seq), progress.cursor.seq);
    const batch: SignedBatch = {
      terminalId: options.terminalId,
      beat: deps.beats.next(),
      stores: deps.pairs,
      terminalName: options.terminalName ?? null,
      appVersion: options.appVersion ?? null,
      timeZone: options.timeZone,
      journalSeq: Math.max(progress.knownSeq, lastSeq),
      waiting: Math.max(0, progress.knownSeq - lastSeq),
      open: await openNow(),
      signOff,
      lines: lines.map((l) => ({ store: l.store, seq: l.seq, text: l.text, bytes: l.bytes })),
    };
    // The cursor moves on COMMIT's word, and the transaction asks for a durable commit whatever
    // the server's `synchronous_commit` (a crash must not lose lines the cursor has passed), set
    // LOCAL with everything else the call needs, so nothing of it outlives the call and nothing a
    // pooled connection kept from another client changes it (call-transaction.ts).
    const result = await callInTransaction<{ conflict: string | null }>(
      c,
      'read write',
      timeouts,
      APPEND_SQL,
      appendParams(batch, options.signingKey),
    );
    const conflict = result.rows[0]?.conflict ?? null;
    if (conflict === null) return { conflictSeq: null, committedThrough: lines.length };
    const conflictSeq = Number(conflict);
    const at = lines.findIndex((l) => l.seq === conflictSeq);
    return { conflictSeq, committedThrough: Math.max(0, at) };
  };

  const heartbeat = async (c: pg.Client, signOff = false) => {
    const sent = await send(c, [], signOff);
    return sent;
  };

  return { send, heartbeat, openNow };
}
