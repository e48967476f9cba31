// Undo billing (v3 or v2): the supervisor's PIN and a reason go with the call and are journaled
// by the main process. The PIN is cleared after every attempt so it never lingers on the screen.
import { create } from 'zustand';
import type { Scenario } from '../../shared/api/trainer';
import type { ApiGeneration } from '../../shared/bridge';
import { call } from '../bridge/call';
import {
  type Guidance,
  guidanceForBridgeError,
  guidanceForServiceError,
} from '../logic/error-guidance';
import { checkIdentityAndCode, type IdentityKind } from '../logic/sale-form';
import { identityOf } from '../logic/scenario-fill';
import { pinState, reasonState } from '../logic/supervisor-fields';

export type UndoForm = {
  generation: ApiGeneration;
  identityKind: IdentityKind;
  identity: string;
  code: string;
  reason: string;
  pin: string;
};

export type UndoPhase =
  | { name: 'editing' }
  | { name: 'undoing' }
  | { name: 'undone'; opId: string }
  | { name: 'failed'; guidance: Guidance };

type UndoState = {
  form: UndoForm;
  submitted: boolean;
  phase: UndoPhase;
  scenario: Scenario | null;
  setField: <K extends keyof UndoForm>(field: K, value: UndoForm[K]) => void;
  undo: () => Promise<void>;
  reset: (generation: ApiGeneration) => void;
  applyScenario: (scenario: Scenario) => void;
};

export function checkUndoForm(form: UndoForm) {
  const base = checkIdentityAndCode(form.identityKind, form.identity, form.code, 'undo');
  const reason = reasonState(form.reason);
  const pin = pinState(form.pin);
  const ready = base.request !== null && reason.status === 'valid' && pin.status === 'valid';
  return { ...base, reason, pin, ready };
}

const emptyForm = (generation: ApiGeneration): UndoForm => ({
  generation,
  identityKind: 'dni',
  identity: '',
  code: '',
  reason: '',
  pin: '',
});

export const useUndoStore = create<UndoState>((set, get) => ({
  form: emptyForm('v3'),
  submitted: false,
  phase: { name: 'editing' },
  scenario: null,

  setField: (field, value) => {
    const { phase, form } = get();
    if (phase.name === 'undoing') return;
    set({
      form: { ...form, [field]: value },
      phase: phase.name === 'failed' || phase.name === 'undone' ? { name: 'editing' } : phase,
    });
  },

  undo: async () => {
    const { phase, form } = get();
    // Done and not edited since (any edit goes back to editing): the second click of a double
    // click, or Enter still held, asks for nothing and marks no field as missing.
    if (phase.name === 'undoing' || phase.name === 'undone') return;
    const check = checkUndoForm(form);
    set({ submitted: true });
    if (!check.ready || !check.request) return;
    set({ phase: { name: 'undoing' } });
    const method = form.generation === 'v2' ? 'v2.undoBilling' : 'v3.undoBilling';
    const answer = await call(method, {
      ...check.request,
      pin: form.pin,
      reason: form.reason.trim(),
    });
    // The PIN was used (or refused): it is not kept for a second attempt. The form went out
    // complete, so no field is marked missing: the refusal's guidance is the message.
    const cleared = { ...get().form, pin: '' };
    if (!answer.ok) {
      set({
        form: cleared,
        submitted: false,
        phase: {
          name: 'failed',
          guidance: guidanceForBridgeError('undo', answer.error, answer.lost),
        },
      });
      return;
    }
    const outcome = answer.result;
    if (outcome.status === 'succeeded') {
      set({ form: cleared, submitted: false, phase: { name: 'undone', opId: outcome.op_id } });
    } else {
      set({
        form: cleared,
        submitted: false,
        phase: {
          name: 'failed',
          guidance: guidanceForServiceError('undo', outcome.error, outcome.status),
        },
      });
    }
  },

  reset: (generation) => {
    if (get().phase.name === 'undoing') return;
    set({
      form: emptyForm(generation),
      submitted: false,
      phase: { name: 'editing' },
      scenario: null,
    });
  },

  applyScenario: (scenario) => {
    if (get().phase.name === 'undoing') return;
    const identity = identityOf(scenario);
    set({
      form: {
        ...emptyForm(scenario.api),
        identityKind: identity.kind,
        identity: identity.value,
        code: scenario.funding_code,
      },
      submitted: false,
      phase: { name: 'editing' },
      scenario,
    });
  },
}));
