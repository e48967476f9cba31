// One click on a training case fills the form of its screen exactly as the cashier would type it.
import type { Scenario } from '../../shared/api/trainer';
import { centsFromWire } from '../../shared/domain/money';
import { plainAmount } from './plain-amount';
import type { ScreenName } from './routes';
import type { SaleForm } from './sale-form';

export function identityOf(scenario: Scenario): { kind: 'dni' | 'ruc'; value: string } {
  return 'dni' in scenario.identity
    ? { kind: 'dni', value: scenario.identity.dni }
    : { kind: 'ruc', value: scenario.identity.ruc };
}

/** The billed amount as typed into the amount field: `1350.50`. */
export function amountText(amount: number | undefined): string {
  if (amount === undefined) return '';
  const cents = centsFromWire(amount);
  return cents === null ? '' : plainAmount(cents);
}

export function formFromScenario(scenario: Scenario): SaleForm {
  const identity = identityOf(scenario);
  return {
    identityKind: identity.kind,
    identity: identity.value,
    code: scenario.funding_code,
    amount: amountText(scenario.billed_amount),
  };
}

export function screenForScenario(scenario: Scenario): ScreenName {
  // A store case is played on the day summary's store close.
  if (scenario.action === 'close') return 'summary';
  if (scenario.action === 'undo') return 'undo';
  if (scenario.action === 'check' || scenario.api === 'v2') return 'check';
  return 'sale';
}
