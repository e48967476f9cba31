// Every operation's current state, folded from its entries as they are read at open and as they
// are appended. Only small summaries and line positions are kept, so a year of operations costs
// little memory; the full intent and outcome are read from the file when asked for.
import type {
  AttemptEntry,
  IntentEntry,
  NoteEntry,
  OperationMode,
  OperationStatus,
  OutcomeEntry,
} from '../../shared/journal-entry';
import { identityStrings, isMaskedIdentity } from '../../shared/personal-data/mask';
import type { LineRef } from './journal-file';

/**
 * What an operation's intent holds of its customer (docs/personal-data.md): nothing (a day
 * summary, an order confirmed by id), their identity whole, or only masks of it (the journal
 * masked it in place: electron/journal/mask-in-place.ts).
 */
export type IdentityState = 'none' | 'whole' | 'masked';

/** The identity state of an intent, from its identity, request and meta. */
export function identityStateOf(intent: {
  identity?: unknown;
  request?: unknown;
  meta?: unknown;
}): IdentityState {
  const values = identityStrings({
    identity: intent.identity,
    request: intent.request,
    meta: intent.meta,
  });
  if (values.length === 0) return 'none';
  return values.every(isMaskedIdentity) ? 'masked' : 'whole';
}

export type OperationSummary = {
  opId: string;
  operation: string;
  mode: OperationMode;
  startedAtMs: number;
  updatedAt: string;
  status: OperationStatus;
  calls: number;
  intentRef: LineRef;
  /** The deciding outcome's line: the first definite one, else the latest unknown one. */
  outcomeRef: LineRef | null;
  /** The seq of its last line (intent, outcome, attempt or note) folded so far. */
  lastSeq: number;
  /** What its intent holds of the customer: the journal masks only `whole` ones. */
  identity: IdentityState;
  /** It went without a definite answer for a while (an unknown outcome or a retry). */
  wasUnknown: boolean;
  /** The cashier acknowledged the announcement of its final answer. */
  acknowledged: boolean;
  /** A supervisor closed it without an answer (an unknown Verify, Info or undo). */
  closed: boolean;
  /**
   * A refused paid-and-billed: the money collected for it was given back or used by a later
   * billing (a note), so it is no longer held (docs/decisions.md "Money held for a refused sale (issue 18, item 3)").
   */
  moneySettled: boolean;
  /** A paid-and-billed's META_USES_HELD: the refused billings its success settles. */
  usesHeld?: string[];
  /**
   * A Verify/Info: the cashier's latest answer to "did the customer already pay at another
   * counter?" (NOTE_ASKED_ELSEWHERE), asked while another counter was silent.
   */
  askedElsewhere?: 'no' | 'yes';
};

/** Note kinds the index folds in (`data.kind`); any other note is free text. */
export const NOTE_ACKNOWLEDGED = 'acknowledged';
export const NOTE_CLOSED = 'closed-by-supervisor';
/** The money collected for a refused paid-and-billed went back to the customer. */
export const NOTE_MONEY_RETURNED = 'money-returned';
/** The money collected for a refused paid-and-billed paid a later billing of the same code. */
export const NOTE_MONEY_USED = 'money-used';
/** The cashier left the refused sale keeping the money aside (audit only: it stays held). */
export const NOTE_MONEY_KEPT = 'money-kept';
/**
 * On a Verify/Info: the cashier asked the customer whether they had already paid at another
 * counter (`data.answer`: `no` or `yes`), because one was silent or the database did not answer.
 */
export const NOTE_ASKED_ELSEWHERE = 'asked-paid-elsewhere';
/**
 * A paid-and-billed intent's meta key: the refused billings whose held money it uses. Its
 * success ends their hold by itself, so a host killed before the `money-used` notes (or a note
 * that failed to write) does not leave used money "held" (docs/decisions.md).
 */
export const META_USES_HELD = 'uses_held';

/** The operations whose refusal leaves the money collected for them held. */
const BILLINGS: ReadonlySet<string> = new Set(['v3.paidAndBilled', 'v2.paidAndBilled']);

const noteKind = (data: unknown): string | null =>
  typeof data === 'object' && data !== null && 'kind' in data && typeof data.kind === 'string'
    ? data.kind
    : null;

type Common = 'type' | 'op_id' | 'at';
/** What folding needs of an entry; payloads stay on disk (an intent's meta only for its links). */
export type IndexedEntry =
  | (Pick<IntentEntry, Common | 'seq' | 'operation' | 'mode' | 'meta' | 'identity'> & {
      request?: unknown;
    })
  | Pick<OutcomeEntry, Common | 'seq' | 'status'>
  | Pick<AttemptEntry, Common | 'seq' | 'attempt'>
  | (Pick<NoteEntry, Common | 'seq'> & { data?: unknown });

/** Valid entries that do not fit the operation they name; kept out of its state. */
export type IndexProblem =
  | 'orphan-entry' // names an operation whose intent is missing (its line was lost)
  | 'duplicate-intent'
  | 'outcome-after-final'; // a definite answer is final; a later outcome cannot overturn it

export const isFinal = (status: OperationStatus): boolean =>
  status === 'succeeded' || status === 'refused';

/**
 * An intent meta key naming the operation this one continues (`verify_op_id`, `info_op_id`):
 * any key ending in `_op_id`, so a new kind of follow-up is indexed without touching the journal.
 */
export const isLinkKey = (key: string): boolean => key.endsWith('_op_id');

/** One operation continuing another, through the meta key that names it. */
export type OperationLink = { key: string; summary: OperationSummary };

export class OperationIndex {
  private readonly byId = new Map<string, OperationSummary>();
  private readonly inOrder: OperationSummary[] = [];
  /** Pending and unknown operations, in the order they started (Set keeps insertion order). */
  private readonly open = new Set<OperationSummary>();
  /** Final after going unknown, not yet acknowledged: each is announced to the cashier. */
  private readonly toAnnounce = new Set<OperationSummary>();
  /**
   * Source op_id → the operations whose intent meta names it (see isLinkKey), in the order they
   * started. Lets a follow-up find an earlier one of the same source on any day without reading
   * the journal back from disk: one entry per linking operation, normally zero or one per source.
   */
  private readonly links = new Map<string, OperationLink[]>();
  /** Refused paid-and-billed operations whose money was neither given back nor used, in order. */
  private readonly held = new Set<OperationSummary>();

  get size(): number {
    return this.inOrder.length;
  }

  get(opId: string): OperationSummary | undefined {
    return this.byId.get(opId);
  }

  /** Folds one entry in; returns why it was not applied, or null. */
  apply(entry: IndexedEntry, ref: LineRef): IndexProblem | null {
    if (entry.type === 'intent') {
      if (this.byId.has(entry.op_id)) return 'duplicate-intent';
      const summary: OperationSummary = {
        opId: entry.op_id,
        operation: entry.operation,
        mode: entry.mode,
        startedAtMs: Date.parse(entry.at),
        updatedAt: entry.at,
        status: 'pending',
        calls: 1,
        intentRef: ref,
        outcomeRef: null,
        lastSeq: entry.seq,
        identity: identityStateOf(entry),
        wasUnknown: false,
        acknowledged: false,
        closed: false,
        moneySettled: false,
      };
      const usesHeld = entry.meta?.[META_USES_HELD];
      if (BILLINGS.has(entry.operation) && Array.isArray(usesHeld))
        summary.usesHeld = usesHeld.filter((id): id is string => typeof id === 'string');
      this.byId.set(entry.op_id, summary);
      this.inOrder.push(summary);
      this.open.add(summary);
      // Only a folded intent links: a duplicate intent was refused above and links nothing.
      for (const [key, value] of Object.entries(entry.meta ?? {})) {
        if (!isLinkKey(key) || typeof value !== 'string') continue;
        const list = this.links.get(value);
        if (list) list.push({ key, summary });
        else this.links.set(value, [{ key, summary }]);
      }
      return null;
    }
    const summary = this.byId.get(entry.op_id);
    if (!summary) return 'orphan-entry';
    if (entry.type === 'outcome' && isFinal(summary.status)) return 'outcome-after-final';
    summary.updatedAt = entry.at;
    summary.lastSeq = Math.max(summary.lastSeq, entry.seq);
    if (entry.type === 'attempt') {
      summary.calls = Math.max(summary.calls + 1, entry.attempt);
      summary.wasUnknown = true;
    } else if (entry.type === 'outcome') {
      summary.status = entry.status;
      summary.outcomeRef = ref;
      if (entry.status === 'unknown') summary.wasUnknown = true;
      if (isFinal(entry.status)) {
        this.open.delete(summary);
        if (entry.status === 'refused' && BILLINGS.has(summary.operation) && !summary.moneySettled)
          this.held.add(summary);
        if (entry.status === 'succeeded') {
          for (const id of summary.usesHeld ?? []) {
            const used = this.byId.get(id);
            if (!used) continue;
            used.moneySettled = true;
            this.held.delete(used);
          }
        }
        if (summary.wasUnknown && !summary.acknowledged && !summary.closed)
          this.toAnnounce.add(summary);
      }
    } else if (entry.type === 'note') {
      const kind = noteKind(entry.data);
      if (kind === NOTE_ACKNOWLEDGED) {
        summary.acknowledged = true;
        this.toAnnounce.delete(summary);
      } else if (kind === NOTE_CLOSED && !isFinal(summary.status)) {
        summary.closed = true;
        this.open.delete(summary);
      } else if (kind === NOTE_MONEY_RETURNED || kind === NOTE_MONEY_USED) {
        summary.moneySettled = true;
        this.held.delete(summary);
      } else if (kind === NOTE_ASKED_ELSEWHERE) {
        const answer = (entry.data as { answer?: unknown }).answer;
        if (answer === 'no' || answer === 'yes') summary.askedElsewhere = answer;
      }
    }
    return null;
  }

  /** Operations whose final answer came after an unknown one and was not acknowledged yet. */
  announcements(): OperationSummary[] {
    return [...this.toAnnounce];
  }

  /** Operations that started in [startMs, endMs), in the order they started. */
  startedBetween(startMs: number, endMs: number): OperationSummary[] {
    return this.inOrder.filter((s) => s.startedAtMs >= startMs && s.startedAtMs < endMs);
  }

  /** Operations whose intent meta names `sourceOpId` (under `key`, when given), oldest first. */
  linkedTo(sourceOpId: string, key?: string): OperationSummary[] {
    const found = this.links.get(sourceOpId) ?? [];
    return found.filter((link) => !key || link.key === key).map((link) => link.summary);
  }

  /** Every operation of one kind, in the order they started. */
  ofOperation(operation: string): OperationSummary[] {
    return this.inOrder.filter((s) => s.operation === operation);
  }

  /**
   * Refused paid-and-billed operations whose money is still held (neither given back nor used),
   * in the order they started. The amount is in each intent, read from disk by the caller.
   */
  heldMoney(): OperationSummary[] {
    return [...this.held];
  }

  /** Pending or unknown operations: each still needs a definite answer. */
  unresolved(): OperationSummary[] {
    return [...this.open];
  }

  /** Every operation, in the order they started. */
  all(): readonly OperationSummary[] {
    return this.inOrder;
  }

  /**
   * Whether the journal may mask the operation's customer now: it has a definite answer (or a
   * supervisor closed it), no money of it is held, no final answer of it waits to be announced,
   * and its intent still holds the identity whole. What is open, held or still to be told at the
   * counter keeps its DNI: the cashier needs it (docs/personal-data.md "A counter keeps less").
   */
  maskable(summary: OperationSummary): boolean {
    return (
      summary.identity === 'whole' &&
      !this.open.has(summary) &&
      !this.held.has(summary) &&
      !this.toAnnounce.has(summary)
    );
  }
}
