// The v2 check (F3): DNI and funding code → Info (PENDING / FULFILLED) → collect → paid-and-billed
// v2, through the one collect-and-bill flow (collect-flow.ts). Only the form is v2's own: v2
// Check takes a DNI only (docs/decisions.md "v2").
import { checkIdentityAndCode, compact } from '../logic/sale-form';
import { identityOf } from '../logic/scenario-fill';
import { createCollectFlow } from './collect-flow';

export type CheckForm = { dni: string; code: string };

export const checkFormFields = (form: CheckForm) =>
  checkIdentityAndCode('dni', form.dni, form.code, 'check');

export const useCheckStore = createCollectFlow<CheckForm>({
  generation: 'v2',
  empty: { dni: '', code: '' },
  request: (form) => checkFormFields(form).request,
  saleKey: (form) => `${compact(form.dni)}:${compact(form.code)}`,
  fromScenario: (scenario) => ({ dni: identityOf(scenario).value, code: scenario.funding_code }),
});
