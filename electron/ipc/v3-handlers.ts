// In-store v3: Verify (journaled; the amount to collect comes from here), Paid-and-billed (see
// billing.ts) and Undo billing (supervisor PIN and reason; never retried automatically: an
// unknown undo is reported unknown and the cashier checks with Verify).
import { centsToWire } from '../../shared/domain/money';
import type { Billing } from './billing';
import { badArguments } from './bridge-failure';
import type { HandlerDeps, HandlerMap } from './deps';
import {
  checkJournalable,
  identityBody,
  requireService,
  requireShift,
  settleOnce,
} from './operation-support';
import { requirePin } from './require-pin';
import { saleAmounts } from './sale-amounts';
import { acceptUnspecified2xx } from './service-outcome';

export function v3Handlers(
  deps: HandlerDeps,
  billing: Billing,
): Pick<HandlerMap, 'v3.verify' | 'v3.paidAndBilled' | 'v3.undoBilling'> {
  return {
    'v3.verify': async ({ identity, funding_code, billed_cents, sale_request_id }) => {
      const shift = requireShift(deps);
      checkJournalable(identity);
      const client = await requireService(deps, shift.mode);
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
      const result = await client.verifyFundingV3(request);
      return settleOnce(deps, opId, result, (conditions) => {
        const amounts = saleAmounts(conditions);
        // Conditions for another amount than the one billed would make the cashier collect
        // the wrong sum: such an answer is not trusted.
        if (!amounts || amounts.billed !== billed_cents) return null;
        return { kept: { conditions, amounts }, data: { conditions, amounts } };
      });
    },

    'v3.paidAndBilled': async ({ verify_op_id }) => billing.paidAndBilled('v3', verify_op_id),

    'v3.undoBilling': async ({ identity, funding_code, pin, reason }) => {
      const shift = requireShift(deps);
      checkJournalable(identity);
      const client = await requireService(deps, shift.mode);
      await requirePin(deps.settings, pin);
      const request = { ...identityBody(identity), funding_code };
      const opId = await deps.journal.recordIntent({
        operation: 'v3.undo-billing',
        mode: shift.mode,
        cashier_id: shift.cashierId,
        identity,
        funding_code,
        request,
        // The reason is the supervisor's record; the PIN is never journaled.
        meta: { supervisor_reason: reason },
      });
      const result = acceptUnspecified2xx(await client.undoBillingV3(request));
      return settleOnce(deps, opId, result, () => ({ kept: {}, data: { undone: true as const } }));
    },
  };
}
