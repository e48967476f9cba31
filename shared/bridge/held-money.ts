// Money collected for a sale the service refused: it stays the customer's. Until it is given
// back or used by a later billing of the same code, this terminal shows it held (amount, when,
// why), the next Verify/Info of that code says to use it instead of collecting again, and the
// day close lists it (docs/decisions.md "Money held for a refused sale (issue 18, item 3)"). The main process
// folds it from the journal (electron/ipc/workflows/held-money.ts); the renderer only shows it.
import { z } from 'zod';
import { Cents } from '../domain/money';
import { JournalIdentity, OperationMode } from '../journal-entry';
import { ServiceError } from '../service-error';

const Empty = z.strictObject({});

export const HeldMoney = z.object({
  /** The latest refused paid-and-billed of the hold: the one the screens name it by. */
  hold_id: z.uuid(),
  /** Every refused paid-and-billed whose collection this is (a retry refused again adds one). */
  op_ids: z.array(z.uuid()).min(1),
  mode: OperationMode,
  generation: z.enum(['v3', 'v2']),
  funding_code: z.string(),
  identity: JournalIdentity.optional(),
  cashier_id: z.string(),
  amount_cents: Cents,
  /** When the cashier confirmed the money was received (the first refused paid-and-billed). */
  held_at: z.iso.datetime({ offset: true }),
  /** The service's refusal: why the money is held. */
  reason: ServiceError,
});
export type HeldMoney = z.infer<typeof HeldMoney>;

/**
 * A Verify/Info of a code with money held: use it. `to_collect_now_cents` is only the
 * difference still to collect; `give_back_cents` what the held money exceeds the amount by.
 */
export const HeldForSale = z.object({
  hold: HeldMoney,
  to_collect_now_cents: Cents,
  give_back_cents: Cents,
});
export type HeldForSale = z.infer<typeof HeldForSale>;

export const HeldMoneyList = z.object({ holds: z.array(HeldMoney), total_cents: Cents });
export type HeldMoneyList = z.infer<typeof HeldMoneyList>;

export const heldMoneyMethods = {
  /** The money this terminal holds for refused sales, in the current mode, oldest first. */
  'money.held': { args: Empty, result: HeldMoneyList },
  /**
   * The cashier's answer when leaving a refused sale: `returned` (given back to the customer,
   * journaled; it is no longer held) or `kept` (set aside; journaled, it stays held).
   */
  'money.settleHeld': {
    args: z.strictObject({ hold_id: z.uuid(), how: z.enum(['returned', 'kept']) }),
    result: HeldMoneyList,
  },
} as const;
