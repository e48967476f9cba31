// The cross-counter check of Verify (v3) and Info (v2) (docs/decisions.md "Across counters, no
// second collection"): the store database is asked at the start of the handler, beside the
// service's own call, within the link's bounded wait, so a sale never waits on it longer than
// that bound. What it found travels in the answer (`store_check`) and in the journal (what the
// Verify kept), and a paid-and-billed of a Verify that found the code billed or in doubt at
// another counter is refused here, whatever the renderer sends.
import type { ElsewhereAnswer, StoreCheck } from '../../../shared/bridge/store-db';
import { mustAskElsewhere, StoreCheck as StoreCheckSchema } from '../../../shared/bridge/store-db';
import type { JournalOperation, OperationMode } from '../../../shared/journal-entry';
import { NOTE_ASKED_ELSEWHERE } from '../../journal/operation-index';
import { BridgeFailure, badArguments } from '../bridge-failure';
import type { HandlerDeps } from '../deps';
import { requireShift } from './operation-support';

/** Starts the check; resolves to null where no store database is set. Never rejects. */
export function startStoreCheck(
  deps: HandlerDeps,
  mode: OperationMode,
  fundingCode: string,
): Promise<StoreCheck | null> {
  const link = deps.storeLink;
  if (!link) return Promise.resolve(null);
  return link.checkCode(mode, fundingCode).then(
    (check) => (check.state === 'off' ? null : check),
    () => ({ state: 'not-checked' }) as const,
  );
}

/** The answer's and the journal's field: absent without a store database. */
export const storeCheckField = (check: StoreCheck | null) =>
  check === null ? {} : { store_check: check };

/**
 * A refused or unknown Verify/Info carries the store's check too: what the database knows of the
 * code at another counter comes first, whatever the service said (the service may refuse because
 * another counter's cashier started the sale: "billed at Caja 1" is then what the cashier needs).
 */
export function withStoreFact<T extends { status: string }>(
  outcome: T,
  field: { store_check?: StoreCheck },
): T | (T & { store_check: StoreCheck }) {
  if (outcome.status === 'succeeded' || field.store_check === undefined) return outcome;
  return { ...outcome, store_check: field.store_check };
}

/** The store check a Verify/Info kept in its journal outcome, or null (none, or unreadable). */
function keptCheck(kept: unknown): StoreCheck | null {
  if (kept === null || typeof kept !== 'object' || !('store_check' in kept)) return null;
  const parsed = StoreCheckSchema.safeParse(kept.store_check);
  return parsed.success ? parsed.data : null;
}

const named = (counter: { terminal_name: string | null; terminal_id: string }) =>
  counter.terminal_name ?? counter.terminal_id;

/**
 * Refuses a paid-and-billed whose Verify or Info found the code taken at another counter, or
 * asked about a silent counter without the cashier's "no, the customer did not pay elsewhere".
 */
export function refuseIfTakenElsewhere(
  source: Pick<JournalOperation, 'outcome' | 'asked_elsewhere'>,
): void {
  const check = keptCheck(source.outcome?.result);
  if (check === null) return;
  if (check.state === 'in-doubt-elsewhere') {
    throw new BridgeFailure(
      'billing-in-doubt',
      `a paid-and-billed of this code at ${named(check.counter)} has no answer yet`,
    );
  }
  if (check.state === 'billed-elsewhere') {
    throw new BridgeFailure('bad-arguments', `this code was billed at ${named(check.counter)}`);
  }
  if (check.state === 'held-elsewhere') {
    throw new BridgeFailure(
      'bad-arguments',
      `${named(check.counter)} holds money the customer paid for this code: use it or give it back there`,
    );
  }
  if (mustAskElsewhere(check) && source.asked_elsewhere !== 'no') {
    throw new BridgeFailure(
      'bad-arguments',
      source.asked_elsewhere === 'yes'
        ? 'the customer says they already paid at another counter'
        : 'the cashier has not asked whether the customer already paid at another counter',
    );
  }
}

/**
 * "Did the customer already pay at another counter?", answered by the cashier before the amount
 * of a Verify/Info that found another counter silent (or no answer from the database): a note on
 * that Verify/Info, so the record shows the cashier was asked and what they answered.
 */
export async function answerElsewhere(
  deps: HandlerDeps,
  opId: string,
  answer: ElsewhereAnswer,
): Promise<{ recorded: true }> {
  const shift = requireShift(deps);
  const op = await deps.journal.operation(opId);
  if (
    !op ||
    (op.operation !== 'v3.verify' && op.operation !== 'v2.info') ||
    op.status !== 'succeeded' ||
    op.mode !== shift.mode ||
    op.intent.cashier_id.toUpperCase() !== shift.cashierId
  ) {
    throw badArguments('not a successful Verify or Info of this cashier', {
      op_id: 'no successful Verify or Info of this shift with this id',
    });
  }
  const check = keptCheck(op.outcome?.result);
  if (!mustAskElsewhere(check)) {
    throw badArguments('this Verify found no silent counter to ask about', {
      op_id: 'nothing to ask',
    });
  }
  const about =
    check?.state === 'clear'
      ? (check.silent ?? []).map((c) => ({ counter: named(c), since: c.since }))
      : [];
  const text =
    answer === 'no'
      ? 'the cashier asked: the customer has not paid at another counter'
      : 'the cashier asked: the customer says they already paid at another counter (not collected here)';
  await deps.journal.recordNote(opId, text, {
    kind: NOTE_ASKED_ELSEWHERE,
    answer,
    ...(about.length > 0 ? { silent: about } : { database: 'no answer in time' }),
  });
  return { recorded: true };
}
