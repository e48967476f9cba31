// Undo billing, the same for v3 and v2 (only the journal's operation name and the client call
// differ): supervisor PIN and reason, the reason journaled and the PIN never; never retried
// automatically, so an unknown undo is reported unknown and the cashier checks with
// Verify (v3) or Check (v2).
import type { ApiGeneration } from '../../../shared/bridge';
import type { HandlerDeps, HandlerMap } from '../deps';
import {
  checkJournalable,
  identityBody,
  requireService,
  requireShift,
  settleOnce,
} from '../workflows/operation-support';
import { requirePin } from './require-pin';

type UndoMethod = 'v3.undoBilling' | 'v2.undoBilling';

export function undoBillingHandler<G extends ApiGeneration>(
  deps: HandlerDeps,
  generation: G,
): HandlerMap[`${G}.undoBilling`] {
  const handler: HandlerMap[UndoMethod] = async ({ identity, funding_code, pin, reason }) => {
    const shift = requireShift(deps);
    checkJournalable(identity);
    const client = await requireService(deps, shift.mode);
    await requirePin(deps.settings, pin);
    const request = { ...identityBody(identity), funding_code };
    const opId = await deps.journal.recordIntent({
      operation: `${generation}.undoBilling`,
      mode: shift.mode,
      cashier_id: shift.cashierId,
      identity,
      funding_code,
      request,
      // The reason is the supervisor's record; the PIN is never journaled.
      meta: { supervisor_reason: reason },
    });
    const result =
      generation === 'v3'
        ? await client.v3UndoBilling(request)
        : await client.v2UndoBilling(request);
    return settleOnce(deps, opId, result, () => ({ kept: {}, data: { undone: true as const } }));
  };
  return handler as HandlerMap[`${G}.undoBilling`];
}
