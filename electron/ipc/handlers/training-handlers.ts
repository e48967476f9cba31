// training.*: the trainer's controls of the built-in mock. Only in training mode: in live mode
// these answer not-available and never reach anything.

import { trainerControls as t } from '../../../shared/api/trainer-controls';
import { toReadOutcome } from '../../../shared/bridge/result';
import { centsToWire } from '../../../shared/domain/money';
import type { ServiceResult } from '../../../shared/service-error';
import { BridgeFailure, badArguments } from '../bridge-failure';
import type { HandlerDeps, HandlerMap } from '../deps';
import { heldMoney, settleHeld } from '../workflows/held-money';
import { requireService } from '../workflows/operation-support';
import { orderView } from './orders-handlers';

type TrainingMethods =
  | 'training.scenarios'
  | 'training.applyScenario'
  | 'training.acceptSchedule'
  | 'training.reset'
  | 'training.injectFault'
  | 'training.releaseFaults'
  | 'training.setOrderStatus';

export function trainingHandlers(deps: HandlerDeps): Pick<HandlerMap, TrainingMethods> {
  const trainingClient = async () => {
    if (deps.settings.get().mode !== 'training') {
      throw new BridgeFailure('not-available', 'Trainer controls exist in training mode only.');
    }
    return requireService(deps, 'training');
  };

  return {
    'training.scenarios': async () => {
      const client = await trainingClient();
      return answered(await client.call(t.trainerScenarios, {}));
    },

    'training.applyScenario': async ({ name }) => {
      const client = await trainingClient();
      const result = await client.call(t.trainerApplyScenario, { params: { name }, body: {} });
      // A name that cannot be a path segment ('..', a lone surrogate) is refused by the client
      // before sending: no such scenario either, not an internal error (reliability/fuzz).
      const unsendable = !result.ok && result.error.category === 'validation';
      if (!result.ok && (result.error.httpStatus === 404 || unsendable)) {
        throw badArguments('no such scenario', { name: 'not in the catalogue' });
      }
      const scenario = answered(result);
      // A store case turns the practice store on for the store close; any other case, off.
      await deps.practiceStore?.use(scenario.store ?? null);
      return scenario;
    },

    'training.acceptSchedule': async ({ funding_code }) => {
      const client = await trainingClient();
      const result = await client.call(t.trainerAcceptSchedule, {
        params: { code: funding_code },
        body: {},
      });
      if (!result.ok && result.error.httpStatus === 404) {
        throw badArguments('no such funding code', { funding_code: 'not in the mock' });
      }
      return answered(result);
    },

    'training.reset': async () => {
      const client = await trainingClient();
      deps.faults?.clear();
      const answer = answered(await client.call(t.trainerReset, { body: {} }));
      deps.practiceStore?.reset();
      // On record, so the day's reconciliation leaves out the sales the mock has just forgotten
      // (journal-handlers, docs/decisions.md "Training scenarios").
      const opId = await deps.journal.recordIntent({
        operation: 'training.reset',
        mode: 'training',
        cashier_id: deps.settings.get().cashier_id ?? 'TRAINER',
        request: {},
      });
      await deps.journal.recordOutcome(opId, { status: 'succeeded' });
      // Practice till sales go with the practice data: the open ones are canceled (as the
      // cashier's cancel, journaled and told to the till), so none waits after a reset.
      const requests = deps.integration?.saleRequests;
      if (requests)
        for (const open of await requests.queue('training'))
          await requests.cancel(open.request_id, 'cashier');
      // Practice money held for refused practice sales goes with them too: the practice codes
      // start over, so none may say "use the money held" (docs/decisions.md "Money held for a
      // refused sale"). Live holds are never touched.
      for (const hold of await heldMoney(deps.journal, 'training'))
        await settleHeld(deps.journal, hold, 'returned', { by: 'training-reset' });
      return answer;
    },

    // The mock's refusal of a move (its exact text names the allowed next states) is the
    // trainer's to read, so it is answered as a failed read rather than thrown.
    'training.setOrderStatus': async ({ order_id, status, approved_amount_cents }) => {
      const client = await trainingClient();
      const body = {
        status,
        ...(approved_amount_cents === undefined
          ? {}
          : { approved_amount: centsToWire(approved_amount_cents) }),
      };
      const result = await client.call(t.trainerMoveOrder, { params: { order_id }, body });
      return toReadOutcome(result, orderView);
    },

    'training.injectFault': async ({ operation, fault, times, hold }) => {
      await trainingClient();
      if (!deps.faults) throw new BridgeFailure('not-available', 'No fault switch here.');
      deps.faults.arm(operation, fault, times, hold ?? false);
      deps.logger.info('training fault armed', { operation, fault, times, hold: hold ?? false });
      return { armed: true as const };
    },

    // Ends a held fault: the journal's next retry reaches the mock and the amber resolves.
    'training.releaseFaults': async () => {
      await trainingClient();
      deps.faults?.clear();
      deps.logger.info('training faults released', {});
      return { released: true as const };
    },
  };
}

/**
 * The mock is in process: a refusal of its controls is a bug, reported as such. A control that
 * did not answer in time (a busy machine, an armed fault) is not: the trainer may try again.
 */
function answered<T>(result: ServiceResult<T>): T {
  if (result.ok) return result.data;
  if (result.error.category === 'timeout' || result.error.category === 'network') {
    throw new BridgeFailure(
      'not-available',
      'The training service did not answer in time; try again.',
    );
  }
  throw new Error(
    `trainer control failed: ${result.error.category} ${result.error.httpStatus ?? ''}`,
  );
}
