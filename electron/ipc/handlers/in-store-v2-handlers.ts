// The "in-store" service area, v2 (tested in in-store-handlers.test.ts): Check funding code
// (journaled as a read), Paid-and-billed (billing.ts), Undo billing (PIN and reason, never retried
// automatically) and the Day summary (journaled as a read, so the supervisor's reconciliation
// shows when it was taken).

import { badArguments } from '../bridge-failure';
import type { HandlerDeps, HandlerMap } from '../deps';
import { startStoreCheck, storeCheckField, withStoreFact } from '../workflows/across-counters';
import { lastBilledAt } from '../workflows/billed-at';
import type { Billing } from '../workflows/billing';
import { refuseWhileBillingInDoubt } from '../workflows/billing-in-doubt';
import { nameCashierHere } from '../workflows/cashier-here';
import { applyHeld, heldFor } from '../workflows/held-money';
import {
  checkJournalable,
  invoiceFor,
  requireService,
  requireShift,
  settleOnce,
} from '../workflows/operation-support';
import { infoAmounts } from '../workflows/sale-amounts';
import { undoBillingHandler } from './undo-billing';

/** Who the journal says took the day summary when no cashier shift is open (a supervisor). */
const NO_SHIFT = 'no-shift';

type InStoreV2Methods = 'v2.info' | 'v2.paidAndBilled' | 'v2.undoBilling' | 'v2.daySummary';

export function inStoreV2Handlers(
  deps: HandlerDeps,
  billing: Billing,
): Pick<HandlerMap, InStoreV2Methods> {
  return {
    'v2.info': async ({ identity, funding_code }) => {
      const shift = requireShift(deps);
      // Check funding code takes `dni` only (docs/decisions.md "v2").
      if (identity.kind !== 'dni') {
        throw badArguments('v2 info takes a DNI', { 'identity.kind': 'v2 info takes a DNI' });
      }
      checkJournalable(identity);
      const client = await requireService(deps, shift.mode);
      await refuseWhileBillingInDoubt(deps.journal, shift.mode, funding_code);
      // Beside the service's call, within its own bound (docs/decisions.md).
      const elsewhere = startStoreCheck(deps, shift.mode, funding_code);
      const query = { dni: identity.value, funding_code };
      const opId = await deps.journal.recordIntent({
        operation: 'v2.info',
        mode: shift.mode,
        cashier_id: shift.cashierId,
        identity,
        funding_code,
        request: query,
      });
      const result = await client.v2Info(query);
      const billedAt =
        result.ok && result.data.billed_by_ecommerce
          ? { billed_at: await lastBilledAt(deps.journal, shift.mode, funding_code) }
          : {};
      const hold = result.ok ? await heldFor(deps.journal, shift.mode, funding_code) : null;
      const storeCheck = storeCheckField(await elsewhere);
      const outcome = await settleOnce(deps, opId, result, (info) => {
        const amounts = infoAmounts(info);
        if (!amounts) return null;
        const kept = { info, ...amounts };
        const held = hold ? { held: applyHeld(hold, amounts.to_collect_cents) } : {};
        return {
          kept: { ...kept, ...storeCheck },
          data: { ...kept, invoice: invoiceFor(identity), ...billedAt, ...held, ...storeCheck },
        };
      });
      return withStoreFact(
        await nameCashierHere(deps.journal, shift, funding_code, outcome),
        storeCheck,
      );
    },

    'v2.paidAndBilled': async ({ info_op_id }) => billing.paidAndBilled('v2', info_op_id),

    'v2.undoBilling': undoBillingHandler(deps, 'v2'),

    'v2.daySummary': async ({ day, detail }) => {
      const current = deps.settings.get();
      const client = await requireService(deps, current.mode);
      const query = { day, detail: detail ? ('true' as const) : ('false' as const) };
      const opId = await deps.journal.recordIntent({
        operation: 'v2.daySummary',
        mode: current.mode,
        cashier_id: current.cashier_id ?? NO_SHIFT,
        request: query,
      });
      const result = await client.v2DaySummary(query);
      return settleOnce(deps, opId, result, (summary) => {
        // The totals are journaled; the rows are the service's record and can be asked again.
        const { order_detail, ...totals } = summary;
        return {
          kept: { ...totals, ...(order_detail ? { rows: order_detail.length } : {}) },
          data: { day, summary },
        };
      });
    },
  };
}
