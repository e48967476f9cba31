// Replication of one counter's journal to the store database (docs/store-database.md,
// "How the counters send their lines"; the transactional-outbox shape with the journal as the outbox). It runs beside
// the journal and never in a sale's path: the journal's append only wakes it. Every line goes, in
// file order, in batches, keyed (store, terminal_id, seq); a repeat is a no-op and a DIFFERENT
// line under a known key is an alarm that holds replication there (never an overwrite, never a
// skip). The cursor moves only after COMMIT. Failures back off with full jitter; an idle
// connection's error never reaches the process. No Electron import: it runs under plain Node.
import type pg from 'pg';
import { isIanaTimeZone } from '../../shared/domain/store-time';
import type { OperationMode } from '../../shared/journal-entry';
import type {
  ReplicationState,
  ReplicationStateName,
  StoreDbErrorCategory,
} from '../../shared/store/replication-state';
import { backoffDelay, type RetryPolicy } from '../journal/backoff';
import { type LineReader, openLineReader } from '../journal/read-lines-after';
import { APPEND_SQL, appendParams, lineForDatabase, type SignedBatch } from './batch-signature';
import { callInTransaction } from './call-transaction';
import {
  categorize,
  connectStoreDb,
  DEFAULT_TIMEOUTS,
  isUnreachable,
  StoreDbError,
  type StoreDbTimeouts,
} from './connection';
import { type ErasureNotice, erasureNotices, erasureNoticesDone } from './personal-data';
import { type ReplicationCursor, readCursor, writeCursor } from './replication-cursor';
import { databaseClock, syncedRead } from './store-calls';

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

type Prepared = { seq: number; store: string; text: string; bytes: Buffer | null };

type Batch = { lines: Prepared[]; next: number; unreadable: number; lastSeq: number };

type Sent = { conflictSeq: number | null; committedThrough: number };

/** What the database says of this counter when it connects (`store_db_read` 'hello', 0112). */
type Hello = {
  beat: string;
  store: string;
  training_store: string;
  held: { live: string; training: string };
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The few fields replication needs from a line, or null for a line that is not an entry. */
function peek(text: string): { seq: number; opId: string; mode: string | null } | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null) return null;
  const { seq, op_id, type, mode, at } = json as Record<string, unknown>;
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq <= 0) return null;
  if (typeof op_id !== 'string' || !UUID.test(op_id)) return null;
  if (typeof type !== 'string' || typeof at !== 'string') return null;
  return {
    seq,
    opId: op_id.toLowerCase(),
    mode: type === 'intent' && typeof mode === 'string' ? mode : null,
  };
}

/**
 * Whether the database knows the zone by that name (`pg_timezone_names`). A name only: an offset
 * or an abbreviation PostgreSQL would take in `AT TIME ZONE` is not in that list.
 */
export async function storeDbKnowsTimeZone(
  client: Pick<pg.Client, 'query'>,
  timeZone: string,
): Promise<boolean> {
  const known = await client.query<{ known: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_timezone_names WHERE name = $1) AS known',
    [timeZone],
  );
  return known.rows[0]?.known === true;
}

export function startReplicator(options: ReplicatorOptions): Replicator {
  const clock = options.clock ?? (() => new Date());
  const random = options.random ?? Math.random;
  const batchLines = options.batchLines ?? 500;
  const heartbeatMs = options.heartbeatMs ?? 5_000;
  const lingerMs = options.lingerMs ?? 20;
  let lingering: NodeJS.Timeout | null = null;
  const policy: RetryPolicy = {
    ...(options.retry ?? DEFAULT_REPLICATION_RETRY),
    maxAttempts: Number.POSITIVE_INFINITY,
  };
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  // Signed reads carry the database's time (store-calls.ts databaseClock).
  const dbClock = databaseClock(clock);
  const source =
    'source' in options ? options.source : fileSource(options.journalPath, options.cursorPath);
  const pairs = (Object.entries(options.stores) as [OperationMode, string][]).map(
    ([mode, store]) => ({ mode, store }),
  );

  let current: ReplicationState = {
    state: 'behind',
    since: clock().toISOString(),
    replicated_seq: 0,
    waiting_lines: 0,
    last_error_category: null,
    conflict_seq: null,
    unreadable_lines: 0,
  };
  let cursor: ReplicationCursor = { seq: 0, offset: 0 };
  let knownSeq = 0;
  let stopped = false;
  const stopping = new AbortController();
  let wakeUp: (() => void) | null = null;
  let woken = false;
  let client: pg.Client | null = null;
  let reader: LineReader | null = null;
  // Only training operations are remembered (live is the default): an outcome line carries no
  // mode, and it must go to the same store as its intent.
  const trainingOps = new Set<string>();
  let lastHeartbeat = Number.NEGATIVE_INFINITY;
  /** The last call number used: each signed call carries a larger one (replays are refused). */
  let beat = 0;
  const nextBeat = () => {
    beat = Math.max(beat + 1, clock().getTime());
    return beat;
  };
  /** The cursor went back to the start on connecting: the batch in hand is read again. */
  let rewound = false;
  /** When the erasure notices were last asked for (never: at the first call connected). */
  let noticesAskedAt = Number.NEGATIVE_INFINITY;
  const noticesEveryMs = options.erasures?.everyMs ?? 60_000;

  /** This counter's erasure notices, masked in its journal, and the done ones told. */
  const takeNotices = async (c: pg.Client) => {
    const erasures = options.erasures;
    if (!erasures || clock().getTime() - noticesAskedAt < noticesEveryMs) return;
    noticesAskedAt = clock().getTime();
    const signer = { terminalId: options.terminalId, signingKey: options.signingKey };
    const notices = await erasureNotices(c, signer, { clock, timeouts });
    if (notices.length === 0) return;
    const done = (await erasures.apply(notices)).filter((n) => n.done).map((n) => n.id);
    if (done.length > 0) await erasureNoticesDone(c, signer, done, { clock, timeouts });
  };

  const waiting = () => Math.max(0, knownSeq - cursor.seq);

  const setState = (
    state: ReplicationStateName,
    category: StoreDbErrorCategory | null = null,
    conflictSeq: number | null = null,
  ) => {
    const changed = state !== current.state;
    current = {
      state,
      since: changed ? clock().toISOString() : current.since,
      replicated_seq: cursor.seq,
      waiting_lines: waiting(),
      last_error_category: category,
      conflict_seq: conflictSeq,
      unreadable_lines: current.unreadable_lines,
    };
    try {
      options.onState?.({ ...current });
    } catch {
      // A listener's bug must not stop replication.
    }
  };

  const pause = (ms: number, wakeable: boolean) =>
    new Promise<void>((resolve) => {
      if (stopped || (wakeable && woken)) {
        woken = false;
        return resolve();
      }
      const done = () => {
        clearTimeout(timer);
        stopping.signal.removeEventListener('abort', done);
        if (wakeable) wakeUp = null;
        woken = false;
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      stopping.signal.addEventListener('abort', done, { once: true });
      if (wakeable) wakeUp = done;
    });

  const storeOf = (line: { opId: string; mode: string | null }): string => {
    if (line.mode === 'training') trainingOps.add(line.opId);
    const mode: OperationMode =
      line.mode === 'training' || (line.mode === null && trainingOps.has(line.opId))
        ? 'training'
        : 'live';
    return options.stores[mode];
  };

  /** Reads the whole journal once: what is already sent (for the training ops) and what waits. */
  const scanAtStart = async (r: LineReader) => {
    let from = 0;
    for (;;) {
      const { lines, next } = await r.readFrom(from, 2_000);
      if (lines.length === 0) break;
      for (const line of lines) {
        const before = line.offset < cursor.offset;
        if (before && !line.text.includes('"training"')) continue;
        const entry = peek(line.text);
        if (!entry) continue;
        if (entry.mode === 'training') trainingOps.add(entry.opId);
        knownSeq = Math.max(knownSeq, entry.seq);
      }
      from = next;
    }
    knownSeq = Math.max(knownSeq, cursor.seq);
  };

  const readBatch = async (r: LineReader): Promise<Batch> => {
    const { lines, next, size } = await r.readFrom(cursor.offset, batchLines);
    if (size < cursor.offset) {
      // The journal file is shorter than where we stood (replaced or cut): everything it holds
      // is sent again; the keys make the repeats no-ops and a changed line an alarm.
      cursor = { seq: cursor.seq, offset: 0 };
      return readBatch(r);
    }
    const prepared: Prepared[] = [];
    let unreadable = 0;
    let lastSeq = cursor.seq;
    for (const line of lines) {
      const entry = peek(line.text);
      if (!entry) {
        unreadable += 1;
        continue;
      }
      prepared.push({
        seq: entry.seq,
        store: storeOf(entry),
        ...lineForDatabase(line.text, line.bytes),
      });
      lastSeq = Math.max(lastSeq, entry.seq);
    }
    knownSeq = Math.max(knownSeq, lastSeq);
    return { lines: prepared, next, unreadable, lastSeq };
  };

  const connect = async (): Promise<pg.Client> => {
    if (client) return client;
    const fresh = await connectStoreDb(options.url, timeouts, 'mostrador-replication');
    try {
      // Who the database holds this counter to be: enrolled in which store (its key's, by the
      // technician's code: docs/store-database.md "Adding a counter"), its last call number (this
      // run's calls are numbered after it: a counter's clock may have gone back) and the last seq
      // it holds of it. A counter not enrolled, or set to another store than the one it is
      // enrolled in, sends nothing: the database would refuse every line (MS010, MS011).
      const hello = (await syncedRead(
        fresh,
        dbClock,
        { terminalId: options.terminalId, signingKey: options.signingKey },
        'hello',
        {},
        timeouts,
      )) as Hello;
      if (hello.store !== options.stores.live || hello.training_store !== options.stores.training) {
        throw new StoreDbError(
          'other-store',
          `counter ${options.terminalId} is enrolled in store ${hello.store}, not ${options.stores.live}`,
        );
      }
      beat = Math.max(beat, Number(hello.beat ?? 0));
      // Each line's store day is computed by the database in this zone: one it reads otherwise
      // than the counter (or not at all) files sales under another day (docs/decisions.md "The
      // store time zone is an IANA name (issue 26, item 8)").
      if (!(await storeDbKnowsTimeZone(fresh, options.timeZone))) {
        throw new StoreDbError('bad-time-zone', 'the store database does not know the time zone');
      }
      // A database restored from an older backup (or recreated) lacks lines the cursor has
      // passed: when it holds less of this counter than the cursor says, everything is sent
      // again from the start of the journal; the keys make what it still has a no-op.
      const held = Math.max(Number(hello.held?.live ?? 0), Number(hello.held?.training ?? 0));
      // Only for the stores the cursor was written for: after a change of store (pos_client_id)
      // the new store holds none of the old lines, and they must not go under it
      // (docs/decisions.md "Signed batches: a counter writes only as itself (issue 26, items 1 and
      // 3)").
      const sameStores =
        !cursor.stores ||
        (cursor.stores.live === options.stores.live &&
          cursor.stores.training === options.stores.training);
      if (sameStores && held < cursor.seq) {
        await commitCursor({ seq: 0, offset: 0 });
        rewound = true;
      }
    } catch (error) {
      fresh.end().catch(() => undefined);
      throw error;
    }
    fresh.on('end', () => {
      if (client === fresh) client = null;
    });
    client = fresh;
    return fresh;
  };

  const dropClient = () => {
    const old = client;
    client = null;
    old?.end().catch(() => undefined);
  };

  const openNow = async () => {
    try {
      return Math.max(0, Math.trunc((await options.openOperations?.()) ?? 0));
    } catch {
      return 0;
    }
  };

  /**
   * One signed call: the lines (none for a heartbeat) and what the counter holds. The database
   * takes the lines before the first one that differs from a line it holds (returned), so the
   * lines before a conflict are committed and the rest wait behind it.
   */
  const send = async (c: pg.Client, lines: Prepared[], signOff = false): Promise<Sent> => {
    const lastSeq = lines.reduce((n, l) => Math.max(n, l.seq), cursor.seq);
    const batch: SignedBatch = {
      terminalId: options.terminalId,
      beat: nextBeat(),
      stores: pairs,
      terminalName: options.terminalName ?? null,
      appVersion: options.appVersion ?? null,
      timeZone: options.timeZone,
      journalSeq: Math.max(knownSeq, lastSeq),
      waiting: Math.max(0, knownSeq - lastSeq),
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

  const offsetAfter = async (
    r: LineReader,
    count: number,
  ): Promise<{ next: number; seq: number }> => {
    // The byte after the `count`-th readable line from the cursor (unreadable ones in between).
    const { lines } = await r.readFrom(cursor.offset, batchLines);
    let seen = 0;
    let seq = cursor.seq;
    for (const line of lines) {
      const entry = peek(line.text);
      if (entry) {
        if (seen === count) return { next: line.offset, seq };
        seen += 1;
        seq = Math.max(seq, entry.seq);
      }
    }
    return { next: cursor.offset, seq: cursor.seq };
  };

  const commitCursor = async (next: ReplicationCursor) => {
    cursor = { ...next, stores: { live: options.stores.live, training: options.stores.training } };
    await source.writeCursor(cursor);
  };

  const openReader = async (): Promise<LineReader> => {
    let failures = 0;
    for (;;) {
      try {
        return await source.openReader();
      } catch {
        // The journal file does not exist yet (a new terminal before its first operation).
        await pause(backoffDelay(failures++, policy, random), true);
        if (stopped) throw new Error('stopped');
      }
    }
  };

  const run = async () => {
    cursor = await source.readCursor();
    current.replicated_seq = cursor.seq;
    reader = await openReader();
    await scanAtStart(reader);
    if (!isIanaTimeZone(options.timeZone)) {
      // An offset or an abbreviation (a settings file from before zones had to be IANA names):
      // PostgreSQL reads it otherwise than the counter. Nothing is sent; the lines wait, and
      // saving a zone restarts the replication (store-link.ts).
      setState('refused', 'bad-time-zone');
      await new Promise<void>((resolve) => {
        if (stopped) resolve();
        else stopping.signal.addEventListener('abort', () => resolve(), { once: true });
      });
      return;
    }
    let failures = 0;
    while (!stopped) {
      // Erasures first: whatever the next batch reads of an erased customer is masked already.
      if (client) {
        try {
          await takeNotices(client);
        } catch (error) {
          // Asked again at the next interval; replication goes on meanwhile.
          if (isUnreachable(categorize(error))) dropClient();
        }
      }
      let batch: Batch;
      try {
        batch = await readBatch(reader);
      } catch {
        await pause(backoffDelay(failures++, policy, random), false);
        continue;
      }
      const heartbeatDue = clock().getTime() - lastHeartbeat >= heartbeatMs;
      if (batch.lines.length === 0 && !heartbeatDue) {
        if (batch.next > cursor.offset) {
          // Only lines that are not entries: the journal leaves them out, and so do we.
          current.unreadable_lines += batch.unreadable;
          await commitCursor({ seq: cursor.seq, offset: batch.next }).catch(() => undefined);
          continue;
        }
        if (current.state === 'behind' || current.state === 'ok') {
          setState(waiting() > 0 ? 'behind' : 'ok');
        }
        await pause(heartbeatMs - (clock().getTime() - lastHeartbeat), true);
        continue;
      }
      try {
        const c = await connect();
        if (rewound) {
          rewound = false;
          continue;
        }
        if (batch.lines.length === 0) {
          await heartbeat(c);
          lastHeartbeat = clock().getTime();
          failures = 0;
          if (current.state !== 'conflict') setState(waiting() > 0 ? 'behind' : 'ok');
          continue;
        }
        const sent = await send(c, batch.lines);
        await options.faults?.afterCommit?.();
        if (sent.conflictSeq !== null) {
          if (sent.committedThrough > 0) {
            const partial = await offsetAfter(reader, sent.committedThrough);
            await commitCursor({ seq: partial.seq, offset: partial.next });
          }
          setState('conflict', null, sent.conflictSeq);
          await pause(backoffDelay(failures++, policy, random), false);
          continue;
        }
        current.unreadable_lines += batch.unreadable;
        await commitCursor({ seq: batch.lastSeq, offset: batch.next });
        lastHeartbeat = clock().getTime();
        failures = 0;
        setState(waiting() > 0 ? 'behind' : 'ok');
      } catch (error) {
        const category = categorize(error);
        dropClient();
        setState(isUnreachable(category) ? 'unreachable' : 'refused', category);
        await pause(backoffDelay(failures++, policy, random), false);
      }
    }
  };

  const running = run().catch(() => undefined);

  return {
    state: () => ({ ...current, replicated_seq: cursor.seq, waiting_lines: waiting() }),
    wake(seq) {
      if (typeof seq === 'number' && seq > knownSeq) knownSeq = seq;
      if (lingering || stopped) return;
      lingering = setTimeout(() => {
        lingering = null;
        if (wakeUp) wakeUp();
        else woken = true;
      }, lingerMs);
    },
    async drained(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (!(current.state === 'ok' && waiting() === 0)) {
        if (Date.now() > deadline) {
          throw new Error(
            `replication not drained after ${timeoutMs} ms: ${JSON.stringify({ ...current, waiting_lines: waiting() })}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async stop(stopOptions) {
      stopped = true;
      if (lingering) clearTimeout(lingering);
      stopping.abort();
      await running;
      if (stopOptions?.signOff && client && waiting() === 0 && (await openNow()) === 0) {
        // Said once, bounded by the statement timeout: a counter that cannot say it is silent.
        await heartbeat(client, true).catch(() => undefined);
      }
      dropClient();
      await reader?.close().catch(() => undefined);
    },
  };
}
