// Creating fundings the way a customer's approved application would: used by the trainer
// control POST /__mock/fundings, the scenario catalogue and the test identities.
import type { FundingSeedBody } from '../../../shared/api/trainer';
import type { Identity } from '../../../shared/domain/identity';
import { type Cents, centsFromWire } from '../../../shared/domain/money';
import type { MockState } from '../state';
import type { Funding } from './funding';

export type FundingSeed = {
  identity: Identity;
  creditLine: Cents;
  approved?: Cents;
  parts?: number;
  paidToService?: Cents;
  paidToServiceOrigin?: 'card' | 'transfer';
  channel?: 'Tienda' | 'Service';
  requiresScheduleAcceptance?: boolean;
  active?: boolean;
  /** Scenario codes are fixed so a printed class sheet stays right after every reset. */
  code?: string;
};

const cents = (n: number | undefined): Cents | undefined =>
  n === undefined ? undefined : (centsFromWire(n) ?? 0);

export function seedFromBody(body: FundingSeedBody): FundingSeed {
  return {
    identity:
      body.dni !== undefined
        ? { kind: 'dni', value: body.dni }
        : { kind: 'ruc', value: body.ruc ?? '' },
    creditLine: cents(body.credit_line) ?? 0,
    approved: cents(body.approved_amount),
    parts: body.parts,
    paidToService: cents(body.paid_to_service),
    paidToServiceOrigin: body.paid_to_service_origin,
    channel: body.downpayment_channel,
    requiresScheduleAcceptance: body.requires_schedule_acceptance,
    active: body.active,
  };
}

export function createFunding(state: MockState, seed: FundingSeed, now: Date): Funding {
  const code = seed.code ?? state.ids.fundingCode((c) => state.fundings.has(c));
  const paid = seed.paidToService ?? 0;
  const funding: Funding = {
    code,
    loanId: state.ids.loanId(),
    orderId: state.ids.orderId(),
    identity: seed.identity,
    creditLine: seed.creditLine,
    approvedAtApplication: Math.min(seed.approved ?? seed.creditLine, seed.creditLine),
    parts: seed.parts ?? 4,
    channel: seed.channel ?? 'Tienda',
    requiresScheduleAcceptance: seed.requiresScheduleAcceptance ?? false,
    scheduleAccepted: false,
    active: seed.active ?? true,
    cashierId: null,
    lastVerifiedBilled: null,
    lastBilled: null,
    billing: null,
    payments:
      paid > 0 ? [{ origin: seed.paidToServiceOrigin ?? 'card', amount: paid, at: now }] : [],
  };
  state.fundings.set(code, funding);
  return funding;
}
