// The collect-and-bill flow, one piece for the v3 sale (F2) and the v2 check (F3): ask the
// service (Verify / Info) → show the amount → the cashier confirms the money is in the drawer →
// paid-and-billed → green, or guidance, or amber while the journal retries. The phase is the
// only truth about what the cashier may do next; the buttons read it, so a second click on a
// call in flight has nothing to act on (docs/decisions.md "Counter safety in the cashier's
// flows (issue 10)"). What differs by generation is in collect-calls.ts.
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import type { Scenario } from '../../shared/api/trainer';
import type { JournalOperation } from '../../shared/journal-entry';
import { call } from '../bridge/call';
import {
  forInvoice,
  type Guidance,
  guidanceForBridgeError,
  guidanceForServiceError,
} from '../logic/error-guidance';
import { lastBilled } from '../logic/last-billed';
import {
  answerElsewhere,
  askService,
  type CollectRequest,
  type Generation,
  namedCashier,
  type Quote,
  STEPS,
  sendPaidAndBilled,
} from './collect-calls';
import { useSettingsStore } from './settings-store';
import type { TillSale } from './till-sale';
import { createUnknownOutcome } from './unknown-outcome';

export type CollectPhase =
  | { name: 'editing' }
  | { name: 'verifying' }
  | { name: 'verify-failed'; guidance: Guidance }
  | { name: 'verified'; quote: Quote }
  | { name: 'confirming'; quote: Quote }
  | { name: 'billing'; quote: Quote }
  | {
      name: 'billed';
      /** Null when the green result was brought back from the journal after a reload. */
      quote: Quote | null;
      /** What was collected for it (cents). */
      collected: number;
      opId: string;
      invoice: Quote['invoice'];
    }
  | { name: 'unknown'; quote: Quote; opId: string | null; guidance: Guidance }
  | {
      name: 'paid-refused';
      quote: Quote;
      guidance: Guidance;
      /** Set when this refusal answered the cashier's retry: when, and whether it said the same. */
      retried: Retried | null;
    }
  | { name: 'reverifying'; quote: Quote };

export type PhaseName = CollectPhase['name'];

/** A retry that came back refused: the screen says it happened (the same words look like nothing). */
export type Retried = { at: string; same: boolean };

const sameGuidance = (a: Guidance, b: Guidance) => a.title === b.title && a.details === b.details;

export type CollectState<F> = {
  generation: Generation;
  form: F;
  /** Set by a submit with missing fields, so empty ones turn into errors only then. */
  submitted: boolean;
  phase: CollectPhase;
  /** A trainer's case applied to this form (its "what the cashier should see"). */
  scenario: Scenario | null;
  /** The till's sale being served (v3 only, till-store.ts): its amount and customer are locked. */
  till: TillSale | null;
  /** Side calls ("check again", training "customer accepted") lock the buttons too. */
  sideBusy: boolean;
  scheduleAccepted: boolean;
  setField: <K extends keyof F>(field: K, value: F[K]) => void;
  /** Verify (v3) / Info (v2) with the form as it is. */
  submit: () => Promise<void>;
  startCollect: () => void;
  /**
   * The cashier's answer to "did the customer already pay at another counter?" (asked before the
   * amount while another counter is silent): journaled first; false when it could not be.
   */
  answerElsewhere: (answer: 'no' | 'yes') => Promise<boolean>;
  back: () => void;
  confirmCollected: () => Promise<void>;
  reverify: () => Promise<void>;
  acceptSchedule: () => Promise<void>;
  checkAgain: () => Promise<void>;
  /** A new sale / check from an empty form (also after a green or a refusal). */
  reset: () => void;
  applyScenario: (scenario: Scenario) => void;
  applyTillSale: (sale: TillSale) => void;
  /**
   * After a reload: this terminal's last green result, from the journal, until a deliberate
   * "Nueva venta" (asked once per page load; only onto an untouched form).
   */
  restoreLastBilled: () => Promise<void>;
  /** The training case, while the sale on screen is still the case's (issue 18 item 12). */
  caseOnScreen: () => Scenario | null;
};

export type CollectFlowConfig<F> = {
  generation: Generation;
  empty: F;
  /** The request of a complete, valid form; null while a field is missing or wrong. */
  request: (form: F) => CollectRequest | null;
  fromScenario: (scenario: Scenario) => F;
  /** v3 only: the form a till's sale arrives as, and which fields it locks. */
  till?: { form: (sale: TillSale) => F; locks: (field: keyof F, sale: TillSale) => boolean };
  /** Who and what a form sells (customer and code, as the service reads them): one sale or two. */
  saleKey: (form: F) => string;
  /** The form of a billed sale brought back from the journal; absent: nothing is brought back. */
  restore?: (billed: JournalOperation) => F;
};

export type CollectStore<F> = UseBoundStore<StoreApi<CollectState<F>>>;

/**
 * Phases in which the form is frozen: a call is in flight, the sale is (maybe) billed, or the
 * money was collected and paid-and-billed refused (the guidance's buttons are the way on, so a
 * fresh Verify cannot lead to collecting a second time).
 */
export function formLocked(phase: CollectPhase): boolean {
  return ['verifying', 'billing', 'reverifying', 'billed', 'unknown', 'paid-refused'].includes(
    phase.name,
  );
}

/**
 * A quote whose amount waits for the cashier's "no, the customer has not paid at another counter"
 * (another counter is silent, or the store database did not answer): no amount, no collect.
 */
export function mustAnswerElsewhere(quote: Quote): boolean {
  return quote.askElsewhere !== null && !quote.alreadyBilled && quote.elsewhereAnswer !== 'no';
}

export function isBusy(phase: CollectPhase): boolean {
  return phase.name === 'verifying' || phase.name === 'billing' || phase.name === 'reverifying';
}

export function createCollectFlow<F>(config: CollectFlowConfig<F>): CollectStore<F> {
  const { generation } = config;
  const steps = STEPS[generation];

  return create<CollectState<F>>((set, get) => {
    /** Watches the journal for the final word on an unknown paid-and-billed. */
    const unknownOutcome = createUnknownOutcome({
      operation: steps.continuation,
      unknown: () => {
        const phase = get().phase;
        return phase.name === 'unknown' ? { opId: phase.opId, sourceOpId: phase.quote.opId } : null;
      },
      found: (opId) => {
        const phase = get().phase;
        if (phase.name === 'unknown' && phase.opId === null) set({ phase: { ...phase, opId } });
      },
      final: (verdict, op) => {
        const phase = get().phase;
        if (phase.name !== 'unknown') return;
        const { quote } = phase;
        if (verdict.status === 'succeeded') {
          // The main process names the document; the renderer does not decide it again.
          set({
            phase: {
              name: 'billed',
              quote,
              collected: quote.toCollect,
              opId: op.op_id,
              invoice: op.invoice ?? quote.invoice,
            },
          });
        } else {
          const guidance = guidanceForServiceError(steps.paid, verdict.error, 'refused');
          set({ phase: { name: 'paid-refused', quote, guidance, retried: null } });
        }
      },
      busy: () => get().sideBusy,
      setBusy: (sideBusy) => set({ sideBusy }),
    });

    async function ask(request: CollectRequest, previous: Quote | null) {
      const answer = await askService(generation, request, get().till?.request_id ?? null);
      if (!answer.ok) {
        set({ phase: { name: 'verify-failed', guidance: answer.guidance } });
        return;
      }
      const quote = { ...answer.quote, previousToCollect: previous ? previous.toCollect : null };
      set({ phase: { name: 'verified', quote } });
    }

    let restoreAsked = false;

    /** Every way to a fresh form goes through here, so no watch of an old sale lingers. */
    function startOver(form: F, scenario: Scenario | null, till: TillSale | null) {
      const { phase } = get();
      if (isBusy(phase)) return;
      // Moving on from a green result is deliberate: a reload no longer brings it back.
      if (phase.name === 'billed') void call('journal.acknowledge', { op_id: phase.opId });
      unknownOutcome.stop();
      set({
        form,
        submitted: false,
        phase: { name: 'editing' },
        scenario,
        till,
        scheduleAccepted: false,
      });
    }

    return {
      generation,
      form: config.empty,
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
        if (till && config.till?.locks(field, till)) return;
        // Any change after a Verify voids it: the amount shown must be the one for these fields.
        set({
          form: { ...form, [field]: value },
          phase: phase.name === 'editing' ? phase : { name: 'editing' },
        });
      },

      submit: async () => {
        const { phase, form } = get();
        if (isBusy(phase) || formLocked(phase)) return;
        const request = config.request(form);
        if (!request) {
          set({ submitted: true });
          return;
        }
        set({ submitted: true, phase: { name: 'verifying' }, scheduleAccepted: false });
        await ask(request, null);
      },

      startCollect: () => {
        const { phase } = get();
        // An already-billed code has no collect step at all (docs/decisions.md, issue 10).
        if (phase.name !== 'verified' || phase.quote.alreadyBilled) return;
        // Nor one the cashier has not asked about, or that the customer paid elsewhere.
        if (mustAnswerElsewhere(phase.quote)) return;
        set({ phase: { name: 'confirming', quote: phase.quote } });
      },

      answerElsewhere: async (answer) => {
        const { phase, sideBusy } = get();
        if (phase.name !== 'verified' || sideBusy || !phase.quote.askElsewhere) return false;
        set({ sideBusy: true });
        const saved = await answerElsewhere(phase.quote, answer);
        const now = get().phase;
        set({ sideBusy: false });
        // The sale on screen is still the one asked about: the answer joins its quote.
        if (saved && now.name === 'verified' && now.quote.opId === phase.quote.opId) {
          set({ phase: { name: 'verified', quote: { ...now.quote, elsewhereAnswer: answer } } });
        }
        return saved;
      },

      back: () => {
        const { phase } = get();
        if (phase.name === 'confirming') set({ phase: { name: 'verified', quote: phase.quote } });
        else if (phase.name === 'verified' || phase.name === 'verify-failed')
          set({ phase: { name: 'editing' } });
      },

      confirmCollected: async () => {
        const { phase } = get();
        if (phase.name !== 'confirming' && phase.name !== 'paid-refused') return;
        const { quote } = phase;
        const before = phase.name === 'paid-refused' ? phase.guidance : null;
        /** A refusal of a retry says when it came and whether it repeated the one before. */
        const retried = (guidance: Guidance): Retried | null =>
          before ? { at: new Date().toISOString(), same: sameGuidance(before, guidance) } : null;
        set({ phase: { name: 'billing', quote } });
        const answer = await sendPaidAndBilled(generation, quote);
        if (!answer.ok) {
          // No answer, a failure inside the terminal, or a journal that failed around the call
          // (the service may have billed before the outcome line could be written): it may have
          // reached the service, so the money is held, never given back (docs/decisions.md).
          const maybeSent =
            answer.lost === true ||
            answer.error.code === 'internal' ||
            answer.error.code === 'journal-unavailable';
          const guidance = forInvoice(
            guidanceForBridgeError(steps.paid, answer.error, maybeSent),
            quote.invoice,
          );
          set({
            phase: maybeSent
              ? { name: 'unknown', quote, opId: null, guidance }
              : { name: 'paid-refused', quote, guidance, retried: retried(guidance) },
          });
          return;
        }
        const outcome = answer.result;
        if (outcome.status === 'succeeded') {
          const { invoice } = outcome.data;
          set({
            phase: {
              name: 'billed',
              quote,
              collected: quote.toCollect,
              opId: outcome.op_id,
              invoice,
            },
          });
        } else if (outcome.status === 'refused') {
          const guidance = namedCashier(
            guidanceForServiceError(steps.paid, outcome.error, 'refused'),
            outcome.started_here_by,
          );
          set({ phase: { name: 'paid-refused', quote, guidance, retried: retried(guidance) } });
        } else {
          const guidance = forInvoice(
            guidanceForServiceError(steps.paid, outcome.error, 'unknown', outcome.retrying),
            quote.invoice,
          );
          set({ phase: { name: 'unknown', quote, opId: outcome.op_id, guidance } });
          unknownOutcome.watch(outcome.op_id);
        }
      },

      reverify: async () => {
        const { phase } = get();
        if (phase.name !== 'paid-refused') return;
        set({ phase: { name: 'reverifying', quote: phase.quote } });
        await ask(phase.quote.request, phase.quote);
      },

      acceptSchedule: async () => {
        const { phase, sideBusy } = get();
        if (phase.name !== 'paid-refused' || sideBusy) return;
        set({ sideBusy: true });
        const answer = await call('training.acceptSchedule', {
          funding_code: phase.quote.request.funding_code,
        });
        set({ sideBusy: false, scheduleAccepted: answer.ok });
      },

      checkAgain: unknownOutcome.checkAgain,

      reset: () => startOver(config.empty, null, null),

      applyScenario: (scenario) => startOver(config.fromScenario(scenario), scenario, null),

      applyTillSale: (sale) => {
        if (config.till) startOver(config.till.form(sale), null, sale);
      },

      restoreLastBilled: async () => {
        if (!config.restore || restoreAsked) return;
        restoreAsked = true;
        const answer = await call('journal.operations', {});
        if (!answer.ok) return;
        const cashierId = useSettingsStore.getState().settings?.cashier_id ?? null;
        const billed = lastBilled(answer.result.operations, generation, cashierId);
        const { phase, form } = get();
        // The cashier started typing meanwhile: their sale is the one on screen.
        if (
          !billed ||
          phase.name !== 'editing' ||
          config.saleKey(form) !== config.saleKey(config.empty)
        )
          return;
        set({
          form: config.restore(billed),
          submitted: false,
          phase: {
            name: 'billed',
            quote: null,
            collected: billed.intent.to_collect_cents ?? 0,
            opId: billed.op_id,
            invoice: billed.invoice ?? 'boleta',
          },
          scenario: null,
          till: null,
        });
      },

      caseOnScreen: () => {
        const { scenario, form } = get();
        if (!scenario) return null;
        return config.saleKey(form) === config.saleKey(config.fromScenario(scenario))
          ? scenario
          : null;
      },
    };
  });
}
