// What the journal offers its callers (journal.ts opens one): the inputs of each write, the
// queries of its reads, and the Journal itself. Its parts: journal-opening.ts (open and
// recovery), journal-writes.ts and journal-append.ts (the write path), journal-reads.ts (the
// index and reads), journal-masking.ts (masking in place).
import type {
  AttemptEntry,
  IntentEntry,
  JournalEntry,
  JournalOperation,
  OperationMode,
  OperationName,
  OutcomeEntry,
} from '../../shared/journal-entry';
import type { JournalRecovery } from './load-journal';
import type { MaskPoint, MaskReport } from './mask-in-place';
import type { OperationSummary } from './operation-index';

type Written = 'seq' | 'op_id' | 'type' | 'at';

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
