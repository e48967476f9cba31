// The v3 sale (F2): identity, funding code and billed amount → Verify → collect → paid-and-billed,
// through the one collect-and-bill flow (collect-flow.ts). Only the form is v3's own, and the
// till's sales, which arrive with their amount (and maybe customer) locked.

import { plainAmount } from '../logic/plain-amount';
import { checkSaleForm, compact, type SaleForm } from '../logic/sale-form';
import { formFromScenario } from '../logic/scenario-fill';
import { createCollectFlow } from './collect-flow';
import { tillForm } from './till-sale';

const EMPTY_FORM: SaleForm = { identityKind: 'dni', identity: '', code: '', amount: '' };

export const useSaleStore = createCollectFlow<SaleForm>({
  generation: 'v3',
  empty: EMPTY_FORM,
  request: (form) => checkSaleForm(form).request,
  fromScenario: formFromScenario,
  saleKey: (form) => `${form.identityKind}:${compact(form.identity)}:${compact(form.code)}`,
  // The green result back after a reload: the sale as it was sent, read-only (issue 18 item 13).
  restore: (billed) => ({
    identityKind: billed.intent.identity?.kind ?? 'dni',
    identity: billed.intent.identity?.value ?? '',
    code: billed.intent.funding_code ?? '',
    amount: billed.intent.billed_cents === undefined ? '' : plainAmount(billed.intent.billed_cents),
  }),
  till: {
    form: tillForm,
    // The till's amount is the sale; its customer too, when it named one. The code is typed.
    locks: (field, sale) => field === 'amount' || (Boolean(sale.identity) && field !== 'code'),
  },
});
