// The "in-store" service area, v3 (tested in in-store-handlers.test.ts): Verify (journaled; the
// amount to collect comes from here), Paid-and-billed (see billing.ts) and Undo billing
// (undo-billing.ts, shared with v2).
import { centsToWire } from '../../../shared/domain/money';
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
  identityBody,
  invoiceFor,
  requireService,
  requireShift,
  settleOnce,
} from '../workflows/operation-support';
import { saleAmounts } from '../workflows/sale-amounts';
import { undoBillingHandler } from './undo-billing';

export function inStoreV3Handlers(
  deps: HandlerDeps,
  billing: Billing,
): Pick<HandlerMap, 'v3.verify' | 'v3.paidAndBilled' | 'v3.undoBilling'> {
  return {
    'v3.verify': async ({ identity, funding_code, billed_cents, sale_request_id }) => {
      const shift = requireShift(deps);
      checkJournalable(identity);
      const client = await requireService(deps, shift.mode);
      await refuseWhileBillingInDoubt(deps.journal, shift.mode, funding_code);
      // Beside the service's call, within its own bound: the sale waits on neither in turn.
      const elsewhere = startStoreCheck(deps, shift.mode, funding_code);
      let link: Record<string, string> | undefined;
      if (sale_request_id !== undefined) {
        if (!deps.integration) throw badArguments('no sale requests here', {});
        link = await deps.integration.saleRequests.verifyLink(sale_request_id, {
          mode: shift.mode,
          billed_cents,
          identity,
        });
      }
      const request = {
        ...identityBody(identity),
        funding_code,
        billed_amount: centsToWire(billed_cents),
        cashier_id: shift.cashierId,
      };
      const opId = await deps.journal.recordIntent({
        operation: 'v3.verify',
        mode: shift.mode,
        cashier_id: shift.cashierId,
        identity,
        funding_code,
        billed_cents,
        request,
        ...(link ? { meta: link } : {}),
      });
      const result = await client.v3Verify(request);
      const billedAt =
        result.ok && result.data.billed_by_ecommerce
          ? { billed_at: await lastBilledAt(deps.journal, shift.mode, funding_code) }
          : {};
      // Money held for a refused sale of this code is the customer's: it is used, not collected
      // again (docs/decisions.md "Money held for a refused sale (issue 18, item 3)").
      const hold = result.ok ? await heldFor(deps.journal, shift.mode, funding_code) : null;
      const storeCheck = storeCheckField(await elsewhere);
      const outcome = await settleOnce(deps, opId, result, (conditions) => {
        const amounts = saleAmounts(conditions);
        // Conditions for another amount than the one billed would make the cashier collect
        // the wrong sum: such an answer is not trusted.
        if (!amounts || amounts.billed !== billed_cents) return null;
        // The document is named here, once: the renderer shows it (docs/decisions.md
        // "Counter safety in the cashier's flows (issue 10)").
        const held = hold ? { held: applyHeld(hold, amounts.to_collect) } : {};
        return {
          kept: { conditions, amounts, ...storeCheck },
          data: {
            conditions,
            amounts,
            invoice: invoiceFor(identity),
            ...billedAt,
            ...held,
            ...storeCheck,
          },
        };
      });
      return withStoreFact(
        await nameCashierHere(deps.journal, shift, funding_code, outcome),
        storeCheck,
      );
    },

    'v3.paidAndBilled': async ({ verify_op_id }) => billing.paidAndBilled('v3', verify_op_id),

    'v3.undoBilling': undoBillingHandler(deps, 'v3'),
  };
}
