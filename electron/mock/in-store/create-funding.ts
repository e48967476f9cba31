// Creating fundings the way a customer's approved application would: used by the trainer
// control POST /__mock/fundings, the scenario catalogue and the test identities.
import type { FundingSeedBody } from '../../../shared/api/trainer';
import type { Identity } from '../../../shared/domain/identity';
import { type Cents, centsFromWire } from '../../../shared/domain/money';
import { loanIdOf, orderIdOf } from '../ids';
import type { MockState } from '../state';
import type { BillingRecord, Funding, Payment } from './funding';

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

/** Shared by every funding not yet paid; frozen, so code that pushes to it fails loudly. */
const NO_PAYMENTS: Payment[] = Object.freeze([]) as unknown as Payment[];

/**
 * A funding as stored: its loan and order ids are kept as numbers and spelled out when read,
 * and a funding with no payment shares one empty list. At 100,000 fundings (the sandbox's memory
 * budget, docs/decisions.md "The mock under load") the two id strings were 56 and the empty list
 * 32 of each funding's ~400 bytes.
 */
class StoredFunding implements Funding {
  code: string;
  identity: Identity;
  creditLine: Cents;
  approvedAtApplication: Cents;
  parts: number;
  channel: 'Tienda' | 'Service';
  requiresScheduleAcceptance: boolean;
  scheduleAccepted = false;
  active: boolean;
  cashierId: string | null = null;
  lastVerifiedBilled: Cents | null = null;
  lastBilled: Cents | null = null;
  billing: BillingRecord | null = null;
  payments: Payment[];
  readonly #loan: number;
  readonly #order: number;

  constructor(code: string, loan: number, order: number, seed: FundingSeed, payments: Payment[]) {
    this.code = code;
    this.#loan = loan;
    this.#order = order;
    this.identity = seed.identity;
    this.creditLine = seed.creditLine;
    this.approvedAtApplication = Math.min(seed.approved ?? seed.creditLine, seed.creditLine);
    this.parts = seed.parts ?? 4;
    this.channel = seed.channel ?? 'Tienda';
    this.requiresScheduleAcceptance = seed.requiresScheduleAcceptance ?? false;
    this.active = seed.active ?? true;
    this.payments = payments;
  }

  get loanId(): string {
    return loanIdOf(this.#loan);
  }

  get orderId(): string {
    return orderIdOf(this.#order);
  }
}

export function createFunding(state: MockState, seed: FundingSeed, now: Date): Funding {
  const code = seed.code ?? state.ids.fundingCode((c) => state.fundings.has(c));
  const paid = seed.paidToService ?? 0;
  const funding = new StoredFunding(
    code,
    state.ids.loanNumber(),
    state.ids.orderNumber(),
    seed,
    paid > 0
      ? [{ origin: seed.paidToServiceOrigin ?? 'card', amount: paid, at: now }]
      : NO_PAYMENTS,
  );
  state.fundings.set(code, funding);
  return funding;
}
