// A funding (the customer's approved financing behind a funding code) and its loan's payments,
// with the figures the v3 rules need. Amounts are integer cents.

import type { PaymentOrigin } from '../../../shared/api/in-store';
import { type Conditions, computeConditions } from '../../../shared/domain/amounts';
import type { Identity } from '../../../shared/domain/identity';
import { type Cents, MAX_CENTS } from '../../../shared/domain/money';

export type Payment = { origin: PaymentOrigin; amount: Cents; at: Date };

/**
 * A funding's billing as the mock records it; not the app's paid-and-billed workflow
 * (`Billing`, electron/ipc/workflows/billing.ts).
 */
export type BillingRecord = {
  at: Date;
  via: 'v2' | 'v3';
  cashierId: string | null;
  /** The conditions as they stood when billed: Verify shows them again afterwards. */
  conditions: Conditions;
};

export type Funding = {
  code: string;
  loanId: string;
  orderId: string;
  identity: Identity;
  creditLine: Cents;
  /** Approved at application: what v2 reports as purchase_total before any billing. */
  approvedAtApplication: Cents;
  parts: number;
  channel: 'Tienda' | 'Service';
  requiresScheduleAcceptance: boolean;
  scheduleAccepted: boolean;
  active: boolean;
  /** Bound by the first Verify; released by Undo billing. */
  cashierId: string | null;
  lastVerifiedBilled: Cents | null;
  lastBilled: Cents | null;
  billing: BillingRecord | null;
  payments: Payment[];
};

const sum = (payments: Payment[], keep: (p: Payment) => boolean): Cents =>
  payments.filter(keep).reduce((total, p) => total + p.amount, 0);

/** Conditions for a billed amount, counting what the loan already received. */
export function conditionsFor(funding: Funding, billed: Cents): Conditions {
  // Staged payments (or an excedent collected again after an undo) can add up past MAX_CENTS,
  // which the rules refuse to compute with. Capped there, they still cover any down payment, so
  // the figures shown are unchanged and the endpoints answer instead of failing with a 500.
  const paidToService = Math.min(
    sum(funding.payments, (p) => p.origin !== 'external'),
    MAX_CENTS,
  );
  const paidInStoreBefore = Math.min(
    sum(funding.payments, (p) => p.origin === 'external'),
    MAX_CENTS - paidToService,
  );
  return computeConditions(billed, {
    creditLine: funding.creditLine,
    parts: funding.parts,
    paidToService,
    paidInStoreBefore,
  });
}

/** v2 `purchase_total`: the last billed amount, else the amount approved at application. */
export function purchaseTotal(funding: Funding): Cents {
  return funding.lastBilled ?? funding.approvedAtApplication;
}

/**
 * v2 FULFILLED: billed, or nothing of the down payment left to collect — paid to the service, or
 * collected in store by a billing since undone (the down payment stays paid: the code screen must
 * not turn red again and have the cashier collect it twice).
 */
export function isDownpaymentFulfilled(funding: Funding): boolean {
  if (funding.billing) return true;
  return conditionsFor(funding, purchaseTotal(funding)).downpaymentInhouse === 0;
}

export function identityMatches(funding: Funding, identity: Identity): boolean {
  return funding.identity.kind === identity.kind && funding.identity.value === identity.value;
}

/** Marks the funding billed and records the amount collected in store as one external payment. */
export function bill(
  funding: Funding,
  via: 'v2' | 'v3',
  billed: Cents,
  cashierId: string | null,
  at: Date,
): void {
  const conditions = conditionsFor(funding, billed);
  if (conditions.toCollect > 0)
    funding.payments.push({ origin: 'external', amount: conditions.toCollect, at });
  funding.billing = { at, via, cashierId, conditions };
  funding.lastBilled = billed;
}
