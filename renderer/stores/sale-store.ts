// The v3 sale, step by step: verify → show the amount → the cashier confirms the money is in the
// drawer → paid-and-billed → green, or guidance, or amber while the journal retries. The phase is
// the only truth about what the cashier may do next; the buttons read it, so a second click on a
// call in flight has nothing to act on.
import { create } from 'zustand';
import type { FundingConditions } from '../../shared/api/in-store';
import type { Scenario } from '../../shared/api/trainer';
import type { IdentityInput, SaleAmounts } from '../../shared/bridge';
import { call } from '../bridge/call';
import {
  type Guidance,
  guidanceForBridgeError,
  guidanceForServiceError,
} from '../logic/error-guidance';
import { checkSaleForm, type SaleForm } from '../logic/sale-form';
import { formFromScenario } from '../logic/scenario-fill';
import { type TillSale, tillForm } from './till-sale';
import { createUnknownOutcome } from './unknown-outcome';

export type VerifyRequest = { identity: IdentityInput; funding_code: string; billed_cents: number };

export type Verification = {
  opId: string;
  request: VerifyRequest;
  conditions: FundingConditions;
  amounts: SaleAmounts;
  /** After "billed_amount changed": the amount to collect of the verification it replaced. */
  previousToCollect: number | null;
};

export type SalePhase =
  | { name: 'editing' }
  | { name: 'verifying' }
  | { name: 'verify-failed'; guidance: Guidance }
  | { name: 'verified'; verification: Verification }
  | { name: 'confirming'; verification: Verification }
  | { name: 'billing'; verification: Verification }
  | { name: 'billed'; verification: Verification; opId: string; invoice: 'boleta' | 'factura' }
  | { name: 'unknown'; verification: Verification; opId: string | null; guidance: Guidance }
  | { name: 'paid-refused'; verification: Verification; guidance: Guidance }
  | { name: 'reverifying'; verification: Verification };

type SaleState = {
  form: SaleForm;
  /** Set by a submit with missing fields, so empty ones turn into errors only then. */
  submitted: boolean;
  phase: SalePhase;
  /** A trainer's case applied to this form (its "what the cashier should see"). */
  scenario: Scenario | null;
  /** The till's sale being served (till-store.ts): its amount (and customer) cannot change. */
  till: TillSale | null;
  /** Side calls (training "customer accepted") lock the buttons too. */
  sideBusy: boolean;
  scheduleAccepted: boolean;
  setField: (field: keyof SaleForm, value: string) => void;
  verify: () => Promise<void>;
  startCollect: () => void;
  back: () => void;
  confirmCollected: () => Promise<void>;
  reverify: () => Promise<void>;
  acceptSchedule: () => Promise<void>;
  checkAgain: () => Promise<void>;
  newSale: () => void;
  applyScenario: (scenario: Scenario) => void;
  applyTillSale: (sale: TillSale) => void;
};

const EMPTY_FORM: SaleForm = { identityKind: 'dni', identity: '', code: '', amount: '' };

/**
 * Phases in which the form is frozen: a call is in flight, the sale is (maybe) billed, or the
 * money was collected and paid-and-billed refused (the guidance's buttons are the way on, so a
 * fresh Verify cannot lead to collecting a second time).
 */
export function formLocked(phase: SalePhase): boolean {
  return ['verifying', 'billing', 'reverifying', 'billed', 'unknown', 'paid-refused'].includes(
    phase.name,
  );
}

export function isBusy(phase: SalePhase): boolean {
  return phase.name === 'verifying' || phase.name === 'billing' || phase.name === 'reverifying';
}

export const useSaleStore = create<SaleState>((set, get) => {
  /** Watches the journal for the final word on an unknown paid-and-billed. */
  const unknownOutcome = createUnknownOutcome({
    operation: 'v3.paidAndBilled',
    unknown: () => {
      const phase = get().phase;
      return phase.name === 'unknown'
        ? { opId: phase.opId, sourceOpId: phase.verification.opId }
        : null;
    },
    found: (opId) => {
      const phase = get().phase;
      if (phase.name === 'unknown' && phase.opId === null) set({ phase: { ...phase, opId } });
    },
    final: (verdict, op) => {
      const phase = get().phase;
      if (phase.name !== 'unknown') return;
      const { verification } = phase;
      if (verdict.status === 'succeeded') {
        set({
          phase: {
            name: 'billed',
            verification,
            opId: op.op_id,
            // The main process names the document; the renderer does not decide it again.
            invoice: op.invoice ?? 'boleta',
          },
        });
      } else {
        set({
          phase: {
            name: 'paid-refused',
            verification,
            guidance: guidanceForServiceError('paid', verdict.error, 'refused'),
          },
        });
      }
    },
    busy: () => get().sideBusy,
    setBusy: (sideBusy) => set({ sideBusy }),
  });

  async function runVerify(request: VerifyRequest, previous: Verification | null) {
    const till = get().till;
    const answer = await call(
      'v3.verify',
      till ? { ...request, sale_request_id: till.request_id } : request,
    );
    if (!answer.ok) {
      set({
        phase: {
          name: 'verify-failed',
          guidance: guidanceForBridgeError('verify', answer.error, answer.lost),
        },
      });
      return;
    }
    const outcome = answer.result;
    if (outcome.status === 'succeeded') {
      set({
        phase: {
          name: 'verified',
          verification: {
            opId: outcome.op_id,
            request,
            conditions: outcome.data.conditions,
            amounts: outcome.data.amounts,
            previousToCollect: previous ? previous.amounts.to_collect : null,
          },
        },
      });
      return;
    }
    const guidance = guidanceForServiceError('verify', outcome.error, outcome.status);
    set({ phase: { name: 'verify-failed', guidance } });
  }

  return {
    form: EMPTY_FORM,
    submitted: false,
    phase: { name: 'editing' },
    scenario: null,
    till: null,
    sideBusy: false,
    scheduleAccepted: false,

    setField: (field, value) => {
      const { phase, form, till } = get();
      if (formLocked(phase)) return;
      // What the till sent is the sale: the amount always, the customer when it named one.
      if (till && (field === 'amount' || (till.identity && field !== 'code'))) return;
      const next = { ...form, [field]: value } as SaleForm;
      // Any change after a Verify voids it: the amount shown must be the one for these fields.
      set({ form: next, phase: phase.name === 'editing' ? phase : { name: 'editing' } });
    },

    verify: async () => {
      const { phase, form } = get();
      if (isBusy(phase) || formLocked(phase)) return;
      const check = checkSaleForm(form);
      if (!check.request) {
        set({ submitted: true });
        return;
      }
      set({ submitted: true, phase: { name: 'verifying' }, scheduleAccepted: false });
      await runVerify(check.request, null);
    },

    startCollect: () => {
      const { phase } = get();
      if (phase.name !== 'verified' || phase.verification.conditions.billed_by_ecommerce) return;
      set({ phase: { name: 'confirming', verification: phase.verification } });
    },

    back: () => {
      const { phase } = get();
      if (phase.name === 'confirming')
        set({ phase: { name: 'verified', verification: phase.verification } });
      else if (phase.name === 'verified' || phase.name === 'verify-failed')
        set({ phase: { name: 'editing' } });
    },

    confirmCollected: async () => {
      const { phase } = get();
      if (phase.name !== 'confirming' && phase.name !== 'paid-refused') return;
      const { verification } = phase;
      set({ phase: { name: 'billing', verification } });
      const answer = await call('v3.paidAndBilled', { verify_op_id: verification.opId });
      if (!answer.ok) {
        // No answer, or a failure inside the terminal: it may have reached the service.
        const maybeSent = answer.lost === true || answer.error.code === 'internal';
        const guidance = guidanceForBridgeError('paid', answer.error, maybeSent);
        set({
          phase: maybeSent
            ? { name: 'unknown', verification, opId: null, guidance }
            : { name: 'paid-refused', verification, guidance },
        });
        return;
      }
      const outcome = answer.result;
      if (outcome.status === 'succeeded') {
        set({
          phase: {
            name: 'billed',
            verification,
            opId: outcome.op_id,
            invoice: outcome.data.invoice,
          },
        });
      } else if (outcome.status === 'refused') {
        set({
          phase: {
            name: 'paid-refused',
            verification,
            guidance: guidanceForServiceError('paid', outcome.error, 'refused'),
          },
        });
      } else {
        set({
          phase: {
            name: 'unknown',
            verification,
            opId: outcome.op_id,
            guidance: guidanceForServiceError('paid', outcome.error, 'unknown', outcome.retrying),
          },
        });
        unknownOutcome.watch(outcome.op_id);
      }
    },

    reverify: async () => {
      const { phase } = get();
      if (phase.name !== 'paid-refused') return;
      set({ phase: { name: 'reverifying', verification: phase.verification } });
      await runVerify(phase.verification.request, phase.verification);
    },

    acceptSchedule: async () => {
      const { phase, sideBusy } = get();
      if (phase.name !== 'paid-refused' || sideBusy) return;
      set({ sideBusy: true });
      const answer = await call('training.acceptSchedule', {
        funding_code: phase.verification.request.funding_code,
      });
      set({ sideBusy: false, scheduleAccepted: answer.ok });
    },

    checkAgain: unknownOutcome.checkAgain,

    newSale: () => {
      if (isBusy(get().phase)) return;
      unknownOutcome.stop();
      set({
        form: EMPTY_FORM,
        submitted: false,
        phase: { name: 'editing' },
        scenario: null,
        till: null,
        scheduleAccepted: false,
      });
    },

    applyTillSale: (sale) => {
      if (isBusy(get().phase)) return;
      unknownOutcome.stop();
      set({
        form: tillForm(sale),
        submitted: false,
        phase: { name: 'editing' },
        scenario: null,
        till: sale,
        scheduleAccepted: false,
      });
    },

    applyScenario: (scenario) => {
      if (isBusy(get().phase)) return;
      unknownOutcome.stop();
      set({
        form: formFromScenario(scenario),
        submitted: false,
        phase: { name: 'editing' },
        scenario,
        till: null,
        scheduleAccepted: false,
      });
    },
  };
});
