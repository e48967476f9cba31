// The v2 flow: Check funding code shows PENDING (collect the down payment) or FULFILLED (nothing
// to collect); after collecting, Paid-and-billed v2 re-sends exactly what was checked. Same
// guard rails as the v3 sale: an explicit confirmation, locked buttons, amber until definite.
import { create } from 'zustand';
import type { FundingInfo } from '../../shared/api/in-store';
import type { Scenario } from '../../shared/api/trainer';
import type { IdentityInput } from '../../shared/bridge';
import { call } from '../bridge/call';
import {
  type Guidance,
  guidanceForBridgeError,
  guidanceForServiceError,
} from '../logic/error-guidance';
import { checkIdentityAndCode } from '../logic/sale-form';
import { identityOf } from '../logic/scenario-fill';
import { createUnknownOutcome } from './unknown-outcome';

export type CheckForm = { dni: string; code: string };

export type Checked = {
  opId: string;
  request: { identity: IdentityInput; funding_code: string };
  info: FundingInfo;
  downpaymentCents: number;
  purchaseTotalCents: number;
};

export type CheckPhase =
  | { name: 'editing' }
  | { name: 'querying' }
  | { name: 'query-failed'; guidance: Guidance }
  | { name: 'found'; checked: Checked }
  | { name: 'confirming'; checked: Checked }
  | { name: 'billing'; checked: Checked }
  | { name: 'billed'; checked: Checked; opId: string }
  | { name: 'unknown'; checked: Checked; opId: string | null; guidance: Guidance }
  | { name: 'paid-refused'; checked: Checked; guidance: Guidance };

type CheckState = {
  form: CheckForm;
  submitted: boolean;
  phase: CheckPhase;
  scenario: Scenario | null;
  sideBusy: boolean;
  setField: (field: keyof CheckForm, value: string) => void;
  query: () => Promise<void>;
  startCollect: () => void;
  back: () => void;
  confirmCollected: () => Promise<void>;
  checkAgain: () => Promise<void>;
  reset: () => void;
  applyScenario: (scenario: Scenario) => void;
};

export const checkFormLocked = (phase: CheckPhase) =>
  ['querying', 'billing', 'billed', 'unknown', 'paid-refused'].includes(phase.name);
export const checkBusy = (phase: CheckPhase) =>
  phase.name === 'querying' || phase.name === 'billing';

const EMPTY: CheckForm = { dni: '', code: '' };

export const useCheckStore = create<CheckState>((set, get) => {
  const unknownOutcome = createUnknownOutcome({
    operation: 'v2.paidAndBilled',
    unknown: () => {
      const phase = get().phase;
      return phase.name === 'unknown' ? { opId: phase.opId, sourceOpId: phase.checked.opId } : null;
    },
    found: (opId) => {
      const phase = get().phase;
      if (phase.name === 'unknown' && phase.opId === null) set({ phase: { ...phase, opId } });
    },
    final: (verdict, op) => {
      const phase = get().phase;
      if (phase.name !== 'unknown') return;
      if (verdict.status === 'succeeded')
        set({ phase: { name: 'billed', checked: phase.checked, opId: op.op_id } });
      else {
        set({
          phase: {
            name: 'paid-refused',
            checked: phase.checked,
            guidance: guidanceForServiceError('v2-paid', verdict.error, 'refused'),
          },
        });
      }
    },
    busy: () => get().sideBusy,
    setBusy: (sideBusy) => set({ sideBusy }),
  });

  return {
    form: EMPTY,
    submitted: false,
    phase: { name: 'editing' },
    scenario: null,
    sideBusy: false,

    setField: (field, value) => {
      const { phase, form } = get();
      if (checkFormLocked(phase)) return;
      set({ form: { ...form, [field]: value }, phase: { name: 'editing' } });
    },

    query: async () => {
      const { phase, form } = get();
      if (checkFormLocked(phase)) return;
      // v2 Check takes a DNI only (docs/decisions.md "v2").
      const check = checkIdentityAndCode('dni', form.dni, form.code, 'check');
      set({ submitted: true });
      if (!check.request) return;
      const request = check.request;
      set({ phase: { name: 'querying' } });
      const answer = await call('v2.info', request);
      if (!answer.ok) {
        set({
          phase: {
            name: 'query-failed',
            guidance: guidanceForBridgeError('info', answer.error, answer.lost),
          },
        });
        return;
      }
      const outcome = answer.result;
      if (outcome.status === 'succeeded') {
        set({
          phase: {
            name: 'found',
            checked: {
              opId: outcome.op_id,
              request,
              info: outcome.data.info,
              downpaymentCents: outcome.data.downpayment_cents,
              purchaseTotalCents: outcome.data.purchase_total_cents,
            },
          },
        });
      } else {
        set({
          phase: {
            name: 'query-failed',
            guidance: guidanceForServiceError('info', outcome.error, outcome.status),
          },
        });
      }
    },

    startCollect: () => {
      const { phase } = get();
      if (phase.name === 'found' && !phase.checked.info.billed_by_ecommerce) {
        set({ phase: { name: 'confirming', checked: phase.checked } });
      }
    },

    back: () => {
      const { phase } = get();
      if (phase.name === 'confirming') set({ phase: { name: 'found', checked: phase.checked } });
      else if (phase.name === 'found' || phase.name === 'query-failed')
        set({ phase: { name: 'editing' } });
    },

    confirmCollected: async () => {
      const { phase } = get();
      if (phase.name !== 'confirming' && phase.name !== 'paid-refused') return;
      const { checked } = phase;
      set({ phase: { name: 'billing', checked } });
      const answer = await call('v2.paidAndBilled', { info_op_id: checked.opId });
      if (!answer.ok) {
        const maybeSent = answer.lost === true || answer.error.code === 'internal';
        const guidance = guidanceForBridgeError('v2-paid', answer.error, maybeSent);
        set({
          phase: maybeSent
            ? { name: 'unknown', checked, opId: null, guidance }
            : { name: 'paid-refused', checked, guidance },
        });
        return;
      }
      const outcome = answer.result;
      if (outcome.status === 'succeeded')
        set({ phase: { name: 'billed', checked, opId: outcome.op_id } });
      else if (outcome.status === 'refused') {
        set({
          phase: {
            name: 'paid-refused',
            checked,
            guidance: guidanceForServiceError('v2-paid', outcome.error, 'refused'),
          },
        });
      } else {
        set({
          phase: {
            name: 'unknown',
            checked,
            opId: outcome.op_id,
            guidance: guidanceForServiceError(
              'v2-paid',
              outcome.error,
              'unknown',
              outcome.retrying,
            ),
          },
        });
        unknownOutcome.watch(outcome.op_id);
      }
    },

    checkAgain: unknownOutcome.checkAgain,

    reset: () => {
      if (checkBusy(get().phase)) return;
      unknownOutcome.stop();
      set({ form: EMPTY, submitted: false, phase: { name: 'editing' }, scenario: null });
    },

    applyScenario: (scenario) => {
      if (checkBusy(get().phase)) return;
      unknownOutcome.stop();
      const identity = identityOf(scenario);
      set({
        form: { dni: identity.value, code: scenario.funding_code },
        submitted: false,
        phase: { name: 'editing' },
        scenario,
      });
    },
  };
});
