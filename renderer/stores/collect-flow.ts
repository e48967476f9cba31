// The collect-and-bill flow, one piece for the v3 sale (F2) and the v2 check (F3): ask the
// service (Verify / Info) → show the amount → the cashier confirms the money is in the drawer →
// paid-and-billed → green, or guidance, or amber while the journal retries. The phase is the
// only truth about what the cashier may do next (collect-phase.ts); the buttons read it, so a
// second click on a call in flight has nothing to act on (docs/decisions.md "Counter safety in
// the cashier's flows (issue 10)"). The steps: asking (collect-ask.ts), collecting and billing
// (collect-billing.ts), starting over (collect-start-over.ts). What differs by generation is in
// collect-calls.ts.
import { create } from 'zustand';
import { askSteps } from './collect-ask';
import { billingSteps, watchUnknownBilling } from './collect-billing';
import { STEPS } from './collect-calls';
import type { CollectFlowConfig, CollectState, CollectStore, FlowContext } from './collect-phase';
import { startOverSteps } from './collect-start-over';

export {
  type CollectFlowConfig,
  type CollectPhase,
  type CollectState,
  type CollectStore,
  formLocked,
  isBusy,
  mustAnswerElsewhere,
  type PhaseName,
  type Retried,
} from './collect-phase';

export function createCollectFlow<F>(config: CollectFlowConfig<F>): CollectStore<F> {
  return create<CollectState<F>>((set, get) => {
    const flow: FlowContext<F> = { config, steps: STEPS[config.generation], set, get };
    const unknown = watchUnknownBilling(flow);
    return {
      generation: config.generation,
      form: config.empty,
      submitted: false,
      phase: { name: 'editing' },
      scenario: null,
      till: null,
      sideBusy: false,
      scheduleAccepted: false,
      ...askSteps(flow),
      ...billingSteps(flow, unknown),
      ...startOverSteps(flow, unknown),
    };
  });
}
