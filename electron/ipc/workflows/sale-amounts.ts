// The amounts a cashier sees, in cents, from the service's own figures (never recomputed from
// the rules): the renderer shows them and never computes money it then sends.

import type { FundingConditions, FundingInfo } from '../../../shared/api/in-store';
import type { SaleAmounts } from '../../../shared/bridge';
import { addCents, type Cents, centsFromWire } from '../../../shared/domain/money';

/** Null when a figure is not an amount (the answer is then not trusted at all). */
export function saleAmounts(conditions: FundingConditions): SaleAmounts | null {
  const billed = centsFromWire(conditions.billed_amount);
  const approved = centsFromWire(conditions.approved_amount);
  const excedent = centsFromWire(conditions.excedent_amount);
  const downpayment = centsFromWire(conditions.downpayment_amount);
  const inhouse = centsFromWire(conditions.downpayment_amount_inhouse);
  const installment = centsFromWire(conditions.installments_amount);
  if (
    billed === null ||
    approved === null ||
    excedent === null ||
    downpayment === null ||
    inhouse === null ||
    installment === null
  ) {
    return null;
  }
  return {
    billed,
    approved,
    excedent,
    downpayment,
    downpayment_inhouse: inhouse,
    // Rule 3: the store collects the total minus what was paid to the service already.
    downpayment_paid_online: downpayment > inhouse ? downpayment - inhouse : 0,
    installments_number: conditions.installments_number,
    installments_amount: installment,
    // docs/decisions.md "Amount rules": the exact amount the store collects.
    to_collect: addCents(inhouse, excedent),
  };
}

/** v2: a pending down payment is what the store collects; a fulfilled one was paid already. */
export function infoToCollect(info: FundingInfo, downpaymentCents: Cents): Cents {
  return info.downpayment_status === 'PENDING' ? downpaymentCents : 0;
}

export function infoAmounts(info: FundingInfo): {
  downpayment_cents: Cents;
  purchase_total_cents: Cents;
  to_collect_cents: Cents;
} | null {
  const downpayment = centsFromWire(info.downpayment_amount);
  const total = centsFromWire(info.purchase_total);
  if (downpayment === null || total === null) return null;
  return {
    downpayment_cents: downpayment,
    purchase_total_cents: total,
    to_collect_cents: infoToCollect(info, downpayment),
  };
}
