// Verify (v3) and Check funding code (v2) as a cashier does them: asked again while the answer is
// unknown, and each success compared with what the mock holds — the amount to collect shown to
// the cashier must be the mock's own figure for this sale.

import {
  conditionsFor,
  isDownpaymentFulfilled,
  purchaseTotal,
} from '../../electron/mock/in-store/funding';
import type { InfoResult, VerifyResult } from '../../shared/bridge';
import { bridge, flag, fundingOf, type RunContext } from './run-context';

type Identity = { kind: 'dni'; value: string };
export type Verified = Extract<VerifyResult, { status: 'succeeded' }>;
export type Checked = Extract<InfoResult, { status: 'succeeded' }>;

export async function verifyUntilDefinite(
  context: RunContext,
  identity: Identity,
  code: string,
  billedCents: number,
  tries: number,
): Promise<Verified | null> {
  for (let attempt = 0; attempt < tries; attempt += 1) {
    const answer = await bridge(context, 'v3.verify', {
      identity,
      funding_code: code,
      billed_cents: billedCents,
    });
    if (!answer || answer.status === 'refused') return null;
    if (answer.status === 'succeeded') {
      checkVerified(context, code, billedCents, answer);
      return answer;
    }
  }
  return null;
}

function checkVerified(context: RunContext, code: string, billed: number, answer: Verified) {
  const funding = fundingOf(context, code);
  const bound = funding.cashierId === context.cashierId;
  const conditions = funding.billing ? funding.billing.conditions : conditionsFor(funding, billed);
  const verifiedHere = funding.billing ? true : funding.lastVerifiedBilled === billed;
  if (!bound || !verifiedHere || conditions.billed !== billed) {
    flag(context, 'false-success', `verify answered succeeded, mock not verified for ${billed}`);
  }
  const { amounts } = answer.data;
  if (amounts.billed !== billed || amounts.to_collect !== conditions.toCollect) {
    flag(
      context,
      'money',
      `verify shows to_collect ${amounts.to_collect}, mock says ${conditions.toCollect}`,
    );
  }
}

export async function infoUntilDefinite(
  context: RunContext,
  identity: Identity,
  code: string,
  tries: number,
): Promise<Checked | null> {
  for (let attempt = 0; attempt < tries; attempt += 1) {
    const answer = await bridge(context, 'v2.info', { identity, funding_code: code });
    if (!answer || answer.status === 'refused') return null;
    if (answer.status === 'succeeded') {
      checkInfo(context, code, answer);
      return answer;
    }
  }
  return null;
}

function checkInfo(context: RunContext, code: string, answer: Checked) {
  const funding = fundingOf(context, code);
  const total = purchaseTotal(funding);
  const { info, downpayment_cents, purchase_total_cents } = answer.data;
  const same =
    info.billed_by_ecommerce === (funding.billing !== null) &&
    (info.downpayment_status === 'FULFILLED') === isDownpaymentFulfilled(funding) &&
    purchase_total_cents === total &&
    downpayment_cents === conditionsFor(funding, total).downpayment;
  if (!same) flag(context, 'false-success', 'v2 info answered figures the mock does not hold');
}
