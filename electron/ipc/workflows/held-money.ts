// Money held for refused sales, folded from the journal alone (docs/decisions.md "Money held for
// a refused sale"). A paid-and-billed is journaled only after the cashier confirmed the money was
// received, so a refused one with something to collect means money in the drawer that is the
// customer's. It stays held until a note says it was given back (`money-returned`) or paid a
// later billing of the same code (`money-used`). Plain functions over a Journal, so the day close
// and a store-wide close can reuse them without the handler table.
import type { HeldForSale, HeldMoney } from '../../../shared/bridge/held-money';
import type { JournalOperation, OperationMode } from '../../../shared/journal-entry';
import type { Journal } from '../../journal/journal';
import {
  NOTE_MONEY_KEPT,
  NOTE_MONEY_RETURNED,
  NOTE_MONEY_USED,
} from '../../journal/operation-index';
import { errorFromOutcome } from './service-outcome';

type HeldSource = Pick<Journal, 'refusedWithMoneyHeld'>;

/**
 * The money held, one entry per funding code and mode, oldest first. Refusals of the same code
 * (a retry refused again, a re-verified sale refused again) are one collection: the amount is the
 * latest refusal's (what the cashier confirmed last), the time the first one's.
 */
export async function heldMoney(journal: HeldSource, mode?: OperationMode): Promise<HeldMoney[]> {
  const refused = (await journal.refusedWithMoneyHeld()).filter(
    (op) => (mode === undefined || op.mode === mode) && (op.intent.to_collect_cents ?? 0) > 0,
  );
  const byCode = new Map<string, JournalOperation[]>();
  for (const op of refused) {
    const key = `${op.mode}\u0000${op.intent.funding_code ?? ''}`;
    const group = byCode.get(key);
    if (group) group.push(op);
    else byCode.set(key, [op]);
  }
  const holds: HeldMoney[] = [];
  for (const group of byCode.values()) {
    group.sort((a, b) => a.started_at.localeCompare(b.started_at));
    const first = group[0];
    const latest = group.at(-1);
    if (!first || !latest) continue;
    holds.push({
      hold_id: latest.op_id,
      op_ids: group.map((op) => op.op_id),
      mode: latest.mode,
      generation: latest.operation.startsWith('v2.') ? 'v2' : 'v3',
      funding_code: latest.intent.funding_code ?? '',
      ...(latest.intent.identity ? { identity: latest.intent.identity } : {}),
      cashier_id: latest.intent.cashier_id,
      amount_cents: latest.intent.to_collect_cents ?? 0,
      held_at: first.started_at,
      reason: errorFromOutcome(latest.outcome),
    });
  }
  return holds.sort((a, b) => a.held_at.localeCompare(b.held_at));
}

export const heldTotal = (holds: readonly HeldMoney[]): number =>
  holds.reduce((sum, hold) => sum + hold.amount_cents, 0);

/** The hold of one code, if any. */
export async function heldFor(
  journal: HeldSource,
  mode: OperationMode,
  fundingCode: string,
): Promise<HeldMoney | null> {
  return (await heldMoney(journal, mode)).find((h) => h.funding_code === fundingCode) ?? null;
}

/** What a Verify/Info with an amount to collect says when money is held for its code. */
export function applyHeld(hold: HeldMoney, toCollectCents: number): HeldForSale {
  return {
    hold,
    to_collect_now_cents: Math.max(0, toCollectCents - hold.amount_cents),
    give_back_cents: Math.max(0, hold.amount_cents - toCollectCents),
  };
}

const NOTE_TEXT = {
  [NOTE_MONEY_RETURNED]: 'money collected for this refused sale was given back to the customer',
  [NOTE_MONEY_USED]: 'money held for this refused sale paid a later billing of the same code',
  [NOTE_MONEY_KEPT]: 'the cashier left the refused sale and kept its money aside (held)',
} as const;

/**
 * Journals what became of a hold: a note on each of its refused paid-and-billed operations.
 * `returned` and `used` end the hold; `kept` records the cashier's answer and leaves it held.
 */
export async function settleHeld(
  journal: Pick<Journal, 'recordNote'>,
  hold: Pick<HeldMoney, 'hold_id' | 'op_ids' | 'funding_code' | 'amount_cents'>,
  how: 'returned' | 'used' | 'kept',
  extra: Record<string, string> = {},
): Promise<void> {
  const kind =
    how === 'returned' ? NOTE_MONEY_RETURNED : how === 'used' ? NOTE_MONEY_USED : NOTE_MONEY_KEPT;
  const data = {
    kind,
    hold_id: hold.hold_id,
    funding_code: hold.funding_code,
    amount_cents: hold.amount_cents,
    ...extra,
  };
  // `kept` is said once, on the hold's own operation; the others end every refusal of the hold.
  const ops = how === 'kept' ? [hold.hold_id] : hold.op_ids;
  for (const opId of ops) await journal.recordNote(opId, NOTE_TEXT[kind], data);
}
