// The v3 amount rules (SERVICE-API.md "Amount rules (v3)", made exact by DESIGN.md): every
// figure in integer cents, the down payment absorbing the rounding remainder so the later
// installments are all equal and down payment + (P − 1)·installment = approved, always.
import type { Cents } from './money';

export type FundingTerms = {
  /** The customer's credit line L: the most the service will finance. */
  creditLine: Cents;
  /** P: number of equal parts, the down payment being the first. */
  parts: number;
  /** What the customer already paid to the service online during the application. */
  paidToService: Cents;
  /** External (in-store) payments recorded by an earlier billing that was later undone. */
  paidInStoreBefore: Cents;
};

export type Conditions = {
  billed: Cents;
  approved: Cents;
  excedent: Cents;
  downpayment: Cents;
  downpaymentInhouse: Cents;
  installmentsNumber: number;
  installmentsAmount: Cents;
  /** What the store must collect before delivering: inhouse down payment + excedent. */
  toCollect: Cents;
  /** Paid beyond the down payment; the service takes it off the next installment. */
  creditToNextInstallment: Cents;
};

export function computeConditions(billed: Cents, terms: FundingTerms): Conditions {
  for (const [name, value] of Object.entries({ billed, ...terms })) {
    if (!Number.isSafeInteger(value) || value < 0)
      throw new RangeError(`${name} must be cents ≥ 0`);
  }
  if (terms.parts < 1) throw new RangeError('parts must be ≥ 1');
  const approved = Math.min(billed, terms.creditLine);
  const excedent = billed - approved;
  const installment = Math.floor(approved / terms.parts);
  const downpayment = approved - (terms.parts - 1) * installment;
  const alreadyPaid = terms.paidToService + terms.paidInStoreBefore;
  const downpaymentInhouse = Math.max(0, downpayment - alreadyPaid);
  return {
    billed,
    approved,
    excedent,
    downpayment,
    downpaymentInhouse,
    installmentsNumber: terms.parts - 1,
    installmentsAmount: installment,
    toCollect: downpaymentInhouse + excedent,
    creditToNextInstallment: Math.max(0, alreadyPaid - downpayment),
  };
}
