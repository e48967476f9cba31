// The money held for a refused sale of a code, once a billing of that code succeeded (billing.ts):
// it was used, and the journal's notes say so. A note that fails to write must not undo the green.
import type { HeldMoney } from '../../../shared/bridge';
import { META_USES_HELD } from '../../journal/operation-index';
import type { HandlerDeps } from '../deps';
import { heldFor, settleHeld } from './held-money';

type Hold = Pick<HeldMoney, 'hold_id' | 'op_ids' | 'funding_code' | 'amount_cents'>;

export type BillingHeldMoney = {
  /** The held money paid this billing (answered at once, 200). */
  markUsed(hold: Hold, billingOpId: string): Promise<void>;
  /** The same for a billing a retry loop got through (billing-loops.ts). */
  usedByRetried(opId: string): Promise<void>;
};

export function billingHeldMoney({ journal, logger }: HandlerDeps): BillingHeldMoney {
  const markUsed = async (hold: Hold, billingOpId: string) => {
    try {
      await settleHeld(journal, hold, 'used', { used_by_op_id: billingOpId });
    } catch (error) {
      logger.error('held money could not be marked used', { hold_id: hold.hold_id, error });
    }
  };

  /**
   * A billing the retry loop got through used the money held for its code, if that money was
   * held before this billing started (Verify refuses the code meanwhile, so no later refusal
   * can be another collection).
   */
  const usedByRetried = async (opId: string) => {
    try {
      const billing = await journal.operation(opId);
      const code = billing?.intent.funding_code;
      if (!billing || !code) return;
      const named = billing.intent.meta?.[META_USES_HELD];
      if (Array.isArray(named)) {
        // Its success already ended the hold it names (the index); the notes say so for audit.
        const ids = named.filter((id): id is string => typeof id === 'string');
        const latest = ids.length > 0 ? await journal.operation(ids.at(-1) ?? '') : null;
        if (!latest) return;
        await markUsed(
          {
            hold_id: latest.op_id,
            op_ids: ids,
            funding_code: code,
            amount_cents: latest.intent.to_collect_cents ?? 0,
          },
          opId,
        );
        return;
      }
      // A billing journaled before its intent named the hold it uses (an older journal).
      const hold = await heldFor(journal, billing.mode, code);
      if (hold && hold.held_at <= billing.started_at) await markUsed(hold, opId);
    } catch (error) {
      logger.error('held money could not be checked after a retry', { op_id: opId, error });
    }
  };

  return { markUsed, usedByRetried };
}
