// money.*: the money this terminal holds for refused sales (electron/ipc/workflows/held-money.ts),
// and the cashier's answer when leaving such a sale: given back, or kept aside.
import { badArguments } from '../bridge-failure';
import type { HandlerDeps, HandlerMap } from '../deps';
import { refuseWhileBillingInDoubt } from '../workflows/billing-in-doubt';
import { heldMoney, heldTotal, settleHeld } from '../workflows/held-money';

export function heldMoneyHandlers(
  deps: HandlerDeps,
): Pick<HandlerMap, 'money.held' | 'money.settleHeld'> {
  const list = async () => {
    const holds = await heldMoney(deps.journal, deps.settings.get().mode);
    return { holds, total_cents: heldTotal(holds) };
  };
  return {
    'money.held': list,
    'money.settleHeld': async ({ hold_id, how }) => {
      const hold = (await heldMoney(deps.journal, deps.settings.get().mode)).find(
        (h) => h.hold_id === hold_id || h.op_ids.includes(hold_id),
      );
      if (!hold) throw badArguments('no money held under this id', { hold_id: 'not held' });
      // A billing of the code without an answer may have used this money: given back now, the
      // customer could have the goods and the money once its retry gets through
      // (docs/decisions.md "A billing in doubt holds its code and its held money").
      if (how === 'returned')
        await refuseWhileBillingInDoubt(deps.journal, hold.mode, hold.funding_code);
      const cashier = deps.settings.get().cashier_id;
      await settleHeld(deps.journal, hold, how, cashier ? { cashier_id: cashier } : {});
      return list();
    },
  };
}
