// A counter's part of an erasure made in its store (docs/personal-data.md "Erasure on request"):
// the store database tells each counter of the store which of its operations named the customer
// (`op_ids`: the lines it had received), and, for lines the counter had not sent yet, the
// customer's codes and the mask of their DNI. The counter masks those operations in its journal
// (in place: electron/journal/mask-in-place.ts) and says it is done. An operation it may not mask
// yet (no definite answer, money held, an answer still to tell the cashier) keeps the notice
// waiting: it is tried again at the next look, and the database masks that customer's lines as
// they arrive meanwhile.

import type { Journal } from '../journal/journal';
import { sameBytesMask } from '../journal/mask-line';
import type { ErasureNotice } from '../store-db/personal-data';

export type NoticeOutcome = {
  id: string;
  /** Every operation of the notice is masked in this journal: the database may forget it. */
  done: boolean;
  masked: number;
  /** Operations of the customer this counter may not mask yet. */
  waiting: number;
};

/** The operations of this journal a notice names: its op ids, and its codes with its mask. */
async function operationsOf(
  journal: Pick<Journal, 'customerOperations' | 'operation' | 'maskStates'>,
  notice: ErasureNotice,
): Promise<{ maskable: Set<string>; waiting: Set<string> }> {
  const maskable = new Set<string>();
  const waiting = new Set<string>();
  const add = (found: { maskable: string[]; held: string[] }, keep: (id: string) => boolean) => {
    for (const id of found.maskable) if (keep(id)) maskable.add(id);
    for (const id of found.held) if (keep(id)) waiting.add(id);
  };
  const named = new Set(notice.op_ids.map((id) => id.toLowerCase()));
  add(journal.maskStates(named), () => true);
  // Lines the database had not received: an operation of one of the customer's codes whose
  // identity masks to the customer's mask.
  for (const code of notice.codes) {
    const found = await journal.customerOperations(code);
    const same = async (id: string) => {
      if (named.has(id)) return false;
      const op = await journal.operation(id);
      const value = op?.intent.identity?.value;
      return (
        op?.intent.funding_code === code &&
        value !== undefined &&
        sameBytesMask(value) === notice.mask
      );
    };
    const keep = new Set<string>();
    for (const id of [...found.maskable, ...found.held]) if (await same(id)) keep.add(id);
    add(found, (id) => keep.has(id));
  }
  return { maskable, waiting };
}

/** Masks what each notice names; a notice is done when nothing of it waits. */
export async function applyErasureNotices(
  journal: Pick<Journal, 'customerOperations' | 'operation' | 'maskIdentities' | 'maskStates'>,
  notices: readonly ErasureNotice[],
): Promise<NoticeOutcome[]> {
  const outcomes: NoticeOutcome[] = [];
  for (const notice of notices) {
    const { maskable, waiting } = await operationsOf(journal, notice);
    const report =
      maskable.size > 0
        ? await journal.maskIdentities((op) => maskable.has(op.opId))
        : { operations: 0 };
    outcomes.push({
      id: notice.id,
      done: waiting.size === 0,
      masked: report.operations,
      waiting: waiting.size,
    });
  }
  return outcomes;
}
