// The durable journal of cashier operations (docs/decisions.md "Journal durability"): an intent is
// on disk before the call is made and its outcome right after, so neither a crash nor a lost
// answer can make an operation disappear or look successful when it was not.
import { randomUUID } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type {
  AttemptEntry,
  IntentEntry,
  JournalEntry,
  JournalOperation,
  NoteEntry,
  OperationMode,
  OperationName,
  OutcomeEntry,
} from '../../shared/journal-entry';
import { refuseSecrets, toEntry } from './check-entry';
import { JournalError } from './journal-error';
import {
  appendAndSync,
  type LineRef,
  openJournalFile,
  probeWritable,
  readLine,
} from './journal-file';
import { type JournalRecovery, loadJournal } from './load-journal';
import { type MaskPoint, type MaskReport, maskInPlace } from './mask-in-place';
import { opIdsNaming } from './naming-lines';
import { isFinal, type OperationSummary } from './operation-index';
import { type EntryReader, readOperation } from './read-operation';
import { redactSecrets } from './secret-fields';
import { openSeqMark } from './seq-mark';
import { DEFAULT_TIME_ZONE, dayBounds, storeDay } from './store-day';

type Written = 'seq' | 'op_id' | 'type' | 'at';

/**
 * The lines last written, kept by file offset so the call that follows an operation (a
 * paid-and-billed reading its Verify, the renderer polling an outcome) is answered without two
 * positioned reads, each a trip through libuv's thread pool (docs/decisions.md "Journal speed").
 * Bounded in count and line size; only lines already synced enter it, so a truncation after a
 * failed write never leaves a cached line the file lacks.
 */
const RECENT_LINES = 128;
const RECENT_LINE_MAX_BYTES = 16 * 1024;

/** The seq and at an entry is checked with before it is queued; `append` writes the real ones. */
const UNWRITTEN = { seq: 1, at: new Date(0).toISOString() } as const;
const checked = (fields: Record<string, unknown>): JournalEntry =>
  toEntry({ ...fields, ...UNWRITTEN });

/** What the caller supplies for an intent. `request` is the body sent, never its headers. */
export type IntentInput = Omit<IntentEntry, Written | 'request' | 'meta'> & {
  request: unknown;
  meta?: Record<string, unknown>;
};
export type OutcomeInput = Omit<OutcomeEntry, Written | 'result'> & { result?: unknown };
export type AttemptInput = Omit<AttemptEntry, Written>;

export type OperationsQuery = {
  /** `YYYY-MM-DD` in `timeZone`; today by the journal's clock when absent. */
  day?: string;
  timeZone?: string;
  mode?: OperationMode;
  /**
   * Only this kind of operation. Filtered on the in-memory index before anything is read from
   * disk: each operation read costs two positioned reads and two schema checks, so a caller
   * that wants one kind must not pay for every other kind of the day too.
   */
  operation?: OperationName;
};

export type LinkQuery = {
  /** Only this kind of operation, filtered on the index before anything is read. */
  operation?: OperationName;
  /** Only links made through this meta key (e.g. `verify_op_id`). */
  key?: string;
};

/** What a caller choosing operations to mask sees of each (only operations the journal may mask). */
export type MaskCandidate = Pick<
  OperationSummary,
  'opId' | 'operation' | 'mode' | 'startedAtMs' | 'updatedAt' | 'lastSeq'
>;

/** A customer's operations in this journal, by whether the journal may mask them now. */
export type CustomerOperations = {
  /** Final, nothing held, nothing to announce: masked on request. */
  maskable: string[];
  /** Without a definite answer, with money held, or with an answer still to tell the cashier. */
  held: string[];
  /** Already masked. */
  masked: string[];
};

export type Journal = {
  readonly path: string;
  /** What was skipped or inconsistent when the file was read at open. */
  readonly recovered: JournalRecovery;
  /** Writes and syncs the intent; the call may be made once this resolves. Returns the op_id. */
  recordIntent(input: IntentInput): Promise<string>;
  recordOutcome(opId: string, outcome: OutcomeInput): Promise<void>;
  /** Written before a retry's call, so the journal shows every call that may have reached the service. */
  recordAttempt(opId: string, info: AttemptInput): Promise<void>;
  recordNote(opId: string, text: string, data?: unknown): Promise<void>;
  operation(opId: string): Promise<JournalOperation | null>;
  /** The day's operations folded to their current state, in the order they started. */
  operations(query?: OperationsQuery): Promise<JournalOperation[]>;
  /** Pending and unknown operations, oldest first: each must be retried or resolved. */
  unresolved(): Promise<JournalOperation[]>;
  /**
   * How many operations have no definite answer, from the index alone (no file read): what the
   * store database's heartbeat reports with every call (electron/store-db/replicator.ts).
   */
  unresolvedCount(): number;
  /** Final answers that came after an unknown one, not yet acknowledged, oldest first. */
  announcements(): Promise<JournalOperation[]>;
  /**
   * Refused paid-and-billed operations, any mode and day, whose money was neither given back
   * nor used (no `money-returned`/`money-used` note), oldest first (electron/ipc/workflows/held-money.ts).
   */
  refusedWithMoneyHeld(): Promise<JournalOperation[]>;
  /**
   * The operations that continue `sourceOpId` (their intent meta names it under a key ending in
   * `_op_id`), on any day, oldest first. Found in the index: only those operations are read from
   * disk, so a paid-and-billed's look for an earlier one of its Verify costs the same all day.
   */
  linkedTo(sourceOpId: string, query?: LinkQuery): Promise<JournalOperation[]>;
  /** True when appends are possible; after a failed write, tries to recover first. */
  writable(): Promise<boolean>;
  /** Every operation of one kind, on any day, oldest first (read back at start by the few that need it). */
  ofOperation(operation: OperationName): Promise<JournalOperation[]>;
  /** The latest `limit` operations of one kind, oldest first: a look-up bounded all year. */
  latestOfOperation(operation: OperationName, limit: number): Promise<JournalOperation[]>;
  /**
   * Calls `listener` after each entry is on disk, so a reader that waits for a change (the
   * integration API's long wait) learns of outcomes written by any part of the app, the retry
   * loops included. The listener must not write to the journal synchronously.
   */
  subscribe(listener: (entry: JournalEntry) => void): () => void;
  /**
   * Masks, in the file, the customers of the operations `choose` picks among those the journal
   * may mask now (final, no money held, nothing to announce, identity still whole): see
   * mask-in-place.ts. One run at a time; appends go on meanwhile. `at`: the tests' kill points.
   */
  maskIdentities(
    choose: (op: MaskCandidate) => boolean,
    options?: { at?: (point: MaskPoint) => Promise<void> | void },
  ): Promise<MaskReport>;
  /**
   * The operations whose lines name this identity (a DNI or RUC as typed), found by one read of
   * the file: what an erasure at this counter masks, or must wait for.
   */
  customerOperations(value: string): Promise<CustomerOperations>;
  /** Where each of these operations stands for masking, from the index (no file read). */
  maskStates(opIds: Iterable<string>): CustomerOperations;
  close(): Promise<void>;
};

export type JournalOptions = {
  dir: string;
  clock: () => Date;
  fileName?: string;
  newId?: () => string;
};

export async function openJournal(options: JournalOptions): Promise<Journal> {
  const path = join(options.dir, options.fileName ?? 'journal.jsonl');
  const newId = options.newId ?? randomUUID;
  const handle: FileHandle = await openJournalFile(path, options.dir);
  let loaded: Awaited<ReturnType<typeof loadJournal>>;
  try {
    loaded = await loadJournal(handle);
  } catch (error) {
    await handle.close();
    throw error;
  }
  const { index } = loaded;
  let { lastSeq, size, endsMidLine } = loaded;
  const mark = await openSeqMark(`${path}.seq`).catch(async (error: unknown) => {
    await handle.close();
    throw error;
  });
  const markSeq = await mark.read();
  const shortened = markSeq > lastSeq ? { expected_seq: markSeq, found_seq: lastSeq } : null;
  // New entries continue past what was lost, so the gap stays visible in the file itself.
  if (shortened) lastSeq = markSeq;
  const recovered: JournalRecovery = { ...loaded.recovered, shortened };
  let failure: JournalError | null = null;
  let closed = false;
  let queue: Promise<unknown> = Promise.resolve();
  const listeners = new Set<(entry: JournalEntry) => void>();

  /**
   * After a failed write (disk full, device gone), whether the last line reached the disk is
   * unknown. Once a probe file can be written and synced beside the journal, the file is cut
   * back to its last known whole line: that entry counts as never written, which the recovery
   * rules allow (an intent never written was never called; an outcome never written leaves the
   * operation unknown, to be asked again).
   */
  const recover = async (): Promise<boolean> => {
    if (!failure) return true;
    try {
      await probeWritable(options.dir);
      await handle.truncate(size);
      await handle.sync();
      failure = null;
      return true;
    } catch {
      return false;
    }
  };

  // One append at a time: seq follows file order and two lines never share bytes.
  const serialized = <T>(task: () => Promise<T>): Promise<T> => {
    // Checked when asked, not when run: appends queued before close() still complete.
    if (closed) return Promise.reject(new JournalError('closed', 'the journal is closed'));
    const run = queue.then(async () => {
      if (failure && !(await recover())) throw failure;
      return task();
    });
    queue = run.catch(() => undefined);
    return run;
  };

  /**
   * Writes an entry checked by `toEntry` with a provisional seq and at: the journal's own values
   * replace them in place (same key order, so the same bytes as checking again), and the check,
   * a JSON round trip and a schema parse, runs once per entry (docs/decisions.md "Journal speed").
   */
  const append = async (entry: JournalEntry): Promise<void> => {
    entry.seq = lastSeq + 1;
    entry.at = options.clock().toISOString();
    const text = JSON.stringify(entry);
    const line = `${endsMidLine ? '\n' : ''}${text}\n`;
    const bytes = Buffer.from(line, 'utf8');
    try {
      await appendAndSync(handle, bytes);
    } catch (cause) {
      failure = new JournalError(
        'write-failed',
        'the journal could not be written; no operation may start until it can',
        { cause },
      );
      throw failure;
    }
    const ref: LineRef = {
      offset: size + (endsMidLine ? 1 : 0),
      length: bytes.length - (endsMidLine ? 2 : 1),
    };
    if (ref.length <= RECENT_LINE_MAX_BYTES) {
      recent.set(ref.offset, text);
      if (recent.size > RECENT_LINES) recent.delete(recent.keys().next().value as number);
    }
    size += bytes.length;
    endsMidLine = false;
    lastSeq = entry.seq;
    index.apply(entry, ref);
    // The entry is safely on disk; a mark that cannot be written only weakens detection.
    try {
      mark.write(lastSeq);
    } catch {
      // Detection is weaker for a moment; the next append writes the mark again.
    }
    for (const listener of listeners) {
      try {
        listener(entry);
      } catch {
        // A listener's bug must not turn a written entry into a failed write.
      }
    }
  };

  const requireOpen = (opId: string, forOutcome: boolean) => {
    const summary = index.get(opId);
    if (!summary)
      throw new JournalError('unknown-operation', `no operation ${opId} in the journal`);
    if (forOutcome && isFinal(summary.status)) {
      throw new JournalError('already-final', `operation ${opId} already has a definite outcome`);
    }
  };

  const recent = new Map<number, string>();
  // A recent line was checked by `toEntry` when written and holds no key the schema would strip:
  // parsing its JSON gives what the schema would. A line read from the file is checked again.
  const readAt: EntryReader = async (ref, schema) => {
    const text = recent.get(ref.offset);
    if (text !== undefined) return JSON.parse(text);
    return schema.parse(JSON.parse(await readLine(handle, ref)));
  };

  const reads = new Set<Promise<unknown>>();
  /** The masking run in progress: one at a time, and close() waits for it. */
  let masking: Promise<unknown> = Promise.resolve();
  const load = async (found: { opId: string }[]): Promise<JournalOperation[]> => {
    if (closed) throw new JournalError('closed', 'the journal is closed');
    const reading = Promise.all(found.map((s) => readOperation(readAt, index, s.opId)));
    // Tracked so close() does not pull the file handle out from under a read.
    reads.add(reading);
    try {
      return await reading;
    } finally {
      reads.delete(reading);
    }
  };

  /** Where each operation stands for masking, from the index. */
  const maskStates = (opIds: Iterable<string>): CustomerOperations => {
    const found: CustomerOperations = { maskable: [], held: [], masked: [] };
    for (const id of new Set(opIds)) {
      const summary = index.get(id);
      if (!summary) continue;
      if (summary.identity === 'masked') found.masked.push(summary.opId);
      else if (index.maskable(summary)) found.maskable.push(summary.opId);
      else if (summary.identity === 'whole') found.held.push(summary.opId);
    }
    // In the order the operations started.
    const order = (a: string, b: string) =>
      (index.get(a)?.startedAtMs ?? 0) - (index.get(b)?.startedAtMs ?? 0);
    found.maskable.sort(order);
    found.held.sort(order);
    found.masked.sort(order);
    return found;
  };

  return {
    path,
    recovered,
    async recordIntent(input) {
      refuseSecrets(input);
      const opId = newId();
      // Validated before queueing so a bad intent fails fast and never costs a write.
      const entry = checked({ ...input, type: 'intent', op_id: opId });
      return serialized(async () => {
        await append(entry);
        return opId;
      });
    },
    async recordOutcome(opId, outcome) {
      const fields = {
        ...outcome,
        service_message: redactSecrets(outcome.service_message),
        result: redactSecrets(outcome.result),
      };
      return serialized(async () => {
        requireOpen(opId, true);
        await append(checked({ ...fields, type: 'outcome', op_id: opId }));
      });
    },
    async recordAttempt(opId, info) {
      return serialized(async () => {
        requireOpen(opId, false);
        await append(checked({ ...info, type: 'attempt', op_id: opId }));
      });
    },
    async recordNote(opId, text, data) {
      const fields: Partial<NoteEntry> = { text, data: redactSecrets(data) as NoteEntry['data'] };
      return serialized(async () => {
        requireOpen(opId, false);
        await append(checked({ ...fields, type: 'note', op_id: opId }));
      });
    },
    async operation(opId) {
      const summary = index.get(opId);
      return summary ? ((await load([summary]))[0] ?? null) : null;
    },
    async operations(query = {}) {
      const timeZone = query.timeZone ?? DEFAULT_TIME_ZONE;
      const [start, end] = dayBounds(query.day ?? storeDay(options.clock(), timeZone), timeZone);
      const found = index
        .startedBetween(start, end)
        .filter(
          (s) =>
            (!query.mode || s.mode === query.mode) &&
            (!query.operation || s.operation === query.operation),
        );
      return load(found);
    },
    async unresolved() {
      return load(index.unresolved());
    },
    unresolvedCount() {
      return index.unresolved().length;
    },
    async announcements() {
      return load(index.announcements());
    },
    async refusedWithMoneyHeld() {
      return load(index.heldMoney());
    },
    async linkedTo(sourceOpId, query = {}) {
      const found = index
        .linkedTo(sourceOpId, query.key)
        .filter((s) => !query.operation || s.operation === query.operation);
      return load(found);
    },
    async writable() {
      if (closed) return false;
      // In the queue, so a recovery never cuts the file under an append in flight.
      const run = queue.then(recover);
      queue = run.catch(() => undefined);
      return run;
    },
    async ofOperation(operation) {
      return load(index.ofOperation(operation));
    },
    async latestOfOperation(operation, limit) {
      return load(index.ofOperation(operation).slice(-limit));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async maskIdentities(choose, maskOptions = {}) {
      const run = masking.then(async () => {
        if (closed) throw new JournalError('closed', 'the journal is closed');
        const targets = index.all().filter((s) => index.maskable(s) && choose(s));
        return maskInPlace({
          path,
          index,
          targets,
          // Lines after this were not synced yet (or are being appended): never touched.
          end: size,
          onRewritten: (offset, text) => {
            if (recent.has(offset)) recent.set(offset, text);
          },
          ...(maskOptions.at ? { at: maskOptions.at } : {}),
        });
      });
      masking = run.catch(() => undefined);
      return run;
    },
    async customerOperations(value) {
      if (value === '') return { maskable: [], held: [], masked: [] };
      return maskStates(await opIdsNaming(path, JSON.stringify(value), size));
    },
    maskStates: (opIds) => maskStates(opIds),
    async close() {
      if (closed) return;
      closed = true;
      await queue;
      await masking;
      await Promise.allSettled([...reads]);
      await mark.close();
      await handle.close();
    },
  };
}
