// The scenario catalogue: one ready funding code for each case a cashier can meet, with fixed
// codes so a trainer's printed class sheet stays right after every reset. What the cashier
// should see is computed from the same rules the endpoints use, never typed in by hand.
import type { Scenario } from '../../../shared/api/trainer';
import type { Identity } from '../../../shared/domain/identity';
import { centsToWire, formatPEN } from '../../../shared/domain/money';
import { createFunding } from '../in-store/create-funding';
import { conditionsFor, type Funding } from '../in-store/funding';
import { createState, type MockState } from '../state';
import type { ScenarioDef } from './scenario-def';
import { SCENARIO_DEFS } from './scenario-defs';

export function seedScenario(state: MockState, def: ScenarioDef, now: Date): Funding {
  state.fundings.delete(def.funding.code);
  const funding = createFunding(state, def.funding, now);
  def.prepare?.(funding, now);
  return funding;
}

export function seedScenarios(state: MockState, now: Date): void {
  for (const def of SCENARIO_DEFS) seedScenario(state, def, now);
}

/**
 * A sale the catalogue's seed bills (the mock's seeded billings of the day), as a counter would
 * have recorded it: what it billed and what it collected in store (every in-store payment of the
 * loan, as the day summary counts them). `after_cut_off`: the sale of a store case's cut-off
 * counter, made after it lost the store database (electron/store-close/training-store.ts).
 */
export type SeededBilling = {
  code: string;
  identity: Identity;
  billed_cents: number;
  collected_cents: number;
  after_cut_off: boolean;
};

/**
 * The catalogue's seeded billings that the day summary lists, from the same seed and rules as the
 * mock's own. The summary lists a loan by its payments: one billed with none (the undo case of a
 * loan without a down payment) is in no summary, and no counter could have billed it so.
 */
export function seededBillings(now: Date): SeededBilling[] {
  const state = createState();
  return SCENARIO_DEFS.flatMap((def) => {
    const funding = seedScenario(state, def, now);
    if (!funding.billing || funding.payments.length === 0) return [];
    return [
      {
        code: funding.code,
        identity: funding.identity,
        billed_cents: funding.billing.conditions.billed,
        collected_cents: funding.payments
          .filter((p) => p.origin === 'external')
          .reduce((n, p) => n + p.amount, 0),
        after_cut_off: def.store !== undefined,
      },
    ];
  });
}

export function findScenario(name: string): ScenarioDef | undefined {
  return SCENARIO_DEFS.find((def) => def.name === name);
}

/**
 * The case as applying it leaves it, whatever a class has done with its funding since: a case
 * played (billed) must still read "Collect S/ 300.00", not lose its amount and show "{collect}".
 */
export function describeScenario(def: ScenarioDef, now: Date): Scenario {
  const funding = seedScenario(createState(), def, now);
  const identity = def.typed ?? def.funding.identity;
  const toCollect =
    def.billed !== undefined && def.api === 'v3' && !funding.billing
      ? conditionsFor(funding, def.billed).toCollect
      : undefined;
  const fill = (text: string) =>
    toCollect === undefined ? text : text.replaceAll('{collect}', formatPEN(toCollect));
  return {
    name: def.name,
    api: def.api,
    action: def.action,
    title: def.title,
    description: def.description,
    expect: { es: fill(def.expect.es), en: fill(def.expect.en) },
    identity: identity.kind === 'dni' ? { dni: identity.value } : { ruc: identity.value },
    funding_code: def.funding.code,
    ...(def.billed !== undefined ? { billed_amount: centsToWire(def.billed) } : {}),
    ...(toCollect !== undefined ? { to_collect: centsToWire(toCollect) } : {}),
    ...(def.merchant ? { merchant: def.merchant } : {}),
    ...(def.store ? { store: def.store } : {}),
  };
}
