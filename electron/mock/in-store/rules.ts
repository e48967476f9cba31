// The in-store rules, in the order docs/decisions.md "Billing" fixes: (token and formats are
// checked by the route before these run) the code exists and is active, then each endpoint's
// own rules.

import type { FundingConditions, FundingInfo } from '../../../shared/api/in-store';
import { fieldFormatError, IN_STORE, undoRefusal } from '../../../shared/api/messages';
import type { Conditions } from '../../../shared/domain/amounts';
import type { Identity } from '../../../shared/domain/identity';
import { type Cents, centsToWire } from '../../../shared/domain/money';
import { fail, fieldErrors, type MockReply, ok } from '../reply';
import type { MockState } from '../state';
import {
  bill,
  conditionsFor,
  type Funding,
  identityMatches,
  isDownpaymentFulfilled,
  purchaseTotal,
} from './funding';

type Found = { funding: Funding } | { reply: MockReply };

/** 404 unless the code exists, is active and (except for Verify) belongs to this identity. */
function findFunding(
  state: MockState,
  code: string,
  identity: Identity,
  checkIdentity: boolean,
): Found {
  const funding = state.fundings.get(code);
  if (!funding?.active) return { reply: fail(404, IN_STORE.codeNotActive) };
  // Only Verify documents the DNI mismatch; elsewhere a code presented with another identity is,
  // for that caller, a code that does not exist (the document's only 404 for the other calls).
  if (checkIdentity && !identityMatches(funding, identity))
    return { reply: fail(404, IN_STORE.codeNotActive) };
  return { funding };
}

export function conditionsBody(funding: Funding, conditions: Conditions): FundingConditions {
  const who =
    funding.identity.kind === 'dni'
      ? { dni: funding.identity.value }
      : { ruc: funding.identity.value };
  return {
    ...who,
    funding_code: funding.code,
    billed_amount: centsToWire(conditions.billed),
    billed_by_ecommerce: funding.billing !== null,
    approved_amount: centsToWire(conditions.approved),
    excedent_amount: centsToWire(conditions.excedent),
    downpayment_amount: centsToWire(conditions.downpayment),
    downpayment_amount_inhouse: centsToWire(conditions.downpaymentInhouse),
    installments_number: conditions.installmentsNumber,
    installments_amount: centsToWire(conditions.installmentsAmount),
  };
}

export type BillingInput = { identity: Identity; code: string; billed: Cents; cashierId: string };

export function v3Verify(state: MockState, input: BillingInput): MockReply {
  const found = findFunding(state, input.code, input.identity, false);
  if ('reply' in found) return found.reply;
  const { funding } = found;
  if (!state.merchant.v3_allowed) return fail(400, IN_STORE.storeNotAllowed);
  if (!identityMatches(funding, input.identity)) return fail(404, IN_STORE.dniMismatch);
  if (funding.cashierId !== null && funding.cashierId !== input.cashierId) {
    return fail(400, IN_STORE.cashierChanged);
  }
  if (funding.billing) {
    if (funding.billing.conditions.billed !== input.billed)
      return fail(400, IN_STORE.billedAmountLocked);
    funding.cashierId = input.cashierId;
    // Once billed, Verify shows what should have been collected, not what is left to collect.
    return ok(conditionsBody(funding, funding.billing.conditions));
  }
  funding.cashierId = input.cashierId;
  funding.lastVerifiedBilled = input.billed;
  return ok(conditionsBody(funding, conditionsFor(funding, input.billed)));
}

export function v3PaidAndBilled(state: MockState, input: BillingInput, now: Date): MockReply {
  const found = findFunding(state, input.code, input.identity, true);
  if ('reply' in found) return found.reply;
  const { funding } = found;
  if (!state.merchant.api_enabled) return fail(400, IN_STORE.clientNotEnabled);
  if (funding.cashierId !== null && funding.cashierId !== input.cashierId) {
    return fail(400, IN_STORE.cashierChanged);
  }
  if (funding.billing) return ok(); // only the first call has effect
  if (funding.lastVerifiedBilled !== input.billed) return fail(400, IN_STORE.billedAmountChanged);
  if (funding.requiresScheduleAcceptance && !funding.scheduleAccepted) {
    return fail(400, IN_STORE.scheduleNotAccepted);
  }
  funding.cashierId = input.cashierId;
  bill(funding, 'v3', input.billed, input.cashierId, now);
  return ok();
}

export type IdentificationInput = { identity: Identity; code: string };

/** Undo billing (v3 and v2 alike): the loan keeps its payments and is not canceled. */
export function undoBilling(state: MockState, input: IdentificationInput): MockReply {
  const found = findFunding(state, input.code, input.identity, true);
  if ('reply' in found) return found.reply;
  const { funding } = found;
  if (input.identity.kind === 'ruc' && !input.identity.value.startsWith('10')) {
    return fieldErrors({ ruc: fieldFormatError('ruc') });
  }
  if (!funding.billing) return fail(400, IN_STORE.notBilledYet);
  const [first, ...others] = funding.payments;
  if (!first) return fail(400, undoRefusal.noDownpayment(funding.loanId));
  if (first.origin !== 'external') return fail(400, undoRefusal.firstNotExternal(funding.loanId));
  if (others.length > 0) return fail(400, undoRefusal.notOnlyOnePayment(funding.loanId));
  funding.billing = null;
  funding.cashierId = null;
  funding.lastVerifiedBilled = null;
  return ok();
}

export function v2Info(state: MockState, input: IdentificationInput): MockReply {
  const found = findFunding(state, input.code, input.identity, true);
  if ('reply' in found) return found.reply;
  const { funding } = found;
  const total = purchaseTotal(funding);
  const body: FundingInfo = {
    funding_code: funding.code,
    purchase_total: centsToWire(total),
    billed_by_ecommerce: funding.billing !== null,
    downpayment_amount: centsToWire(conditionsFor(funding, total).downpayment),
    downpayment_status: isDownpaymentFulfilled(funding) ? 'FULFILLED' : 'PENDING',
    downpayment_channel: funding.channel,
  };
  return ok(body);
}

/** v2 has no billed amount: the sale is billed at its purchase total. */
export function v2PaidAndBilled(
  state: MockState,
  input: IdentificationInput,
  now: Date,
): MockReply {
  const found = findFunding(state, input.code, input.identity, true);
  if ('reply' in found) return found.reply;
  const { funding } = found;
  if (funding.billing) return ok();
  bill(funding, 'v2', purchaseTotal(funding), null, now);
  return ok();
}
