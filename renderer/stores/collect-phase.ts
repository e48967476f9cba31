// The collect-and-bill flow's phases and what each allows (collect-flow.ts builds the store from
// its steps): the phase is the only truth about what the cashier may do next.
import type { StoreApi, UseBoundStore } from 'zustand';
import type { Scenario } from '../../shared/api/trainer';
import type { JournalOperation } from '../../shared/journal-entry';
import type { Guidance } from '../logic/error-guidance';
import type { CollectRequest, Generation, Quote, STEPS } from './collect-calls';
import type { TillSale } from './till-sale';

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

/** What every step of the flow works with: its configuration, its generation's steps, the store. */
export type FlowContext<F> = {
  config: CollectFlowConfig<F>;
  steps: (typeof STEPS)[Generation];
  set: StoreApi<CollectState<F>>['setState'];
  get: () => CollectState<F>;
};
