// The v3 amount rules (docs/decisions.md "Amount rules"): every figure in integer cents, the down
// payment absorbing the rounding remainder so the later installments are all equal and down payment
// + (P − 1)·installment = approved, always.
import { type Cents, MAX_CENTS } from './money';

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
  const { creditLine, parts, paidToService, paidInStoreBefore } = terms;
  if (!Number.isSafeInteger(parts) || parts < 1) throw new RangeError('parts must be ≥ 1');
  // Amounts share money.ts's bound: every figure below is at most one of them (or their sum),
  // so each can go on the wire exactly. Merely safe integers let paidToService + paidInStoreBefore
  // pass 2^53 and creditToNextInstallment come out as a rounded, non-exact number.
  const alreadyPaid = paidToService + paidInStoreBefore;
  const amounts = { billed, creditLine, paidToService, paidInStoreBefore, alreadyPaid };
  for (const [name, value] of Object.entries(amounts)) {
    if (!Number.isSafeInteger(value) || value < 0 || value > MAX_CENTS) {
      throw new RangeError(`${name} must be cents in 0…${MAX_CENTS}`);
    }
  }
  const approved = Math.min(billed, creditLine);
  const excedent = billed - approved;
  const installment = Math.floor(approved / parts);
  const downpayment = approved - (parts - 1) * installment;
  const downpaymentInhouse = Math.max(0, downpayment - alreadyPaid);
  return {
    billed,
    approved,
    excedent,
    downpayment,
    downpaymentInhouse,
    installmentsNumber: parts - 1,
    // With a single part the down payment is the whole loan: no installments, of nothing each.
    installmentsAmount: terms.parts > 1 ? installment : 0,
    toCollect: downpaymentInhouse + excedent,
    creditToNextInstallment: Math.max(0, alreadyPaid - downpayment),
  };
}
