// Every way the flow starts from a fresh form (collect-flow.ts): a new sale, a trainer's case,
// the till's sale, and, after a reload, the last green result brought back from the journal.
import type { Scenario } from '../../shared/api/trainer';
import { call } from '../bridge/call';
import { lastBilled } from '../logic/last-billed';
import { type CollectState, type FlowContext, isBusy } from './collect-phase';
import { useSettingsStore } from './settings-store';
import type { TillSale } from './till-sale';
import type { UnknownOutcome } from './unknown-outcome';

type StartOverSteps<F> = Pick<
  CollectState<F>,
  'reset' | 'applyScenario' | 'applyTillSale' | 'restoreLastBilled' | 'caseOnScreen'
>;

export function startOverSteps<F>(
  { config, set, get }: FlowContext<F>,
  unknown: UnknownOutcome,
): StartOverSteps<F> {
  const { generation } = config;
  let restoreAsked = false;

  /** Every way to a fresh form goes through here, so no watch of an old sale lingers. */
  function startOver(form: F, scenario: Scenario | null, till: TillSale | null) {
    const { phase } = get();
    if (isBusy(phase)) return;
    // Moving on from a green result is deliberate: a reload no longer brings it back.
    if (phase.name === 'billed') void call('journal.acknowledge', { op_id: phase.opId });
    unknown.stop();
    set({
      form,
      submitted: false,
      phase: { name: 'editing' },
      scenario,
      till,
      scheduleAccepted: false,
    });
  }

  return {
    reset: () => startOver(config.empty, null, null),

    applyScenario: (scenario) => startOver(config.fromScenario(scenario), scenario, null),

    applyTillSale: (sale) => {
      if (config.till) startOver(config.till.form(sale), null, sale);
    },

    restoreLastBilled: async () => {
      if (!config.restore || restoreAsked) return;
      restoreAsked = true;
      const answer = await call('journal.operations', {});
      if (!answer.ok) return;
      const cashierId = useSettingsStore.getState().settings?.cashier_id ?? null;
      const billed = lastBilled(answer.result.operations, generation, cashierId);
      const { phase, form } = get();
      // The cashier started typing meanwhile: their sale is the one on screen.
      if (
        !billed ||
        phase.name !== 'editing' ||
        config.saleKey(form) !== config.saleKey(config.empty)
      )
        return;
      set({
        form: config.restore(billed),
        submitted: false,
        phase: {
          name: 'billed',
          quote: null,
          collected: billed.intent.to_collect_cents ?? 0,
          opId: billed.op_id,
          invoice: billed.invoice ?? 'boleta',
        },
        scenario: null,
        till: null,
      });
    },

    caseOnScreen: () => {
      const { scenario, form } = get();
      if (!scenario) return null;
      return config.saleKey(form) === config.saleKey(config.fromScenario(scenario))
        ? scenario
        : null;
    },
  };
}
