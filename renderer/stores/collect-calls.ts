// What differs between v3 and v2 in the collect-and-bill flow, and nothing else: which bridge
// methods it calls, which guidance steps it names, and how an answer becomes a Quote. Every
// figure in a Quote is the main process's (docs/architecture.md "The spine"): nothing here
// computes an amount or decides the document.
import type { FundingConditions, FundingInfo } from '../../shared/api/in-store';
import type {
  BilledResult,
  HeldForSale,
  IdentityInput,
  Invoice,
  OtherCounter,
  SaleAmounts,
  SilentCounter,
  StoreCheck,
} from '../../shared/bridge';
import { mustAskElsewhere } from '../../shared/bridge/store-db';
import { formatPEN } from '../../shared/domain/money';
import type { ServiceError } from '../../shared/service-error';
import { type CallResult, call } from '../bridge/call';
import {
  type Guidance,
  guidanceForBridgeError,
  guidanceForServiceError,
} from '../logic/error-guidance';
import { counterWords, elsewhereSilence, silentCountersText } from '../logic/other-counter';
import { useSettingsStore } from './settings-store';
import type { ContinuationOperation } from './unknown-outcome';

export type Generation = 'v3' | 'v2';

/** What the cashier asked about: v3 sends the billed amount too, v2 does not. */
export type CollectRequest = {
  identity: IdentityInput;
  funding_code: string;
  billed_cents?: number;
};

/** The service's own figures behind the amount, as each generation has them. */
export type QuoteDetails =
  | { generation: 'v3'; conditions: FundingConditions; amounts: SaleAmounts }
  | {
      generation: 'v2';
      info: FundingInfo;
      downpaymentCents: number;
      purchaseTotalCents: number;
    };

/** A Verify (v3) or Info (v2) that succeeded: what the cashier may collect, and for what. */
export type Quote = {
  /** The Verify/Info op that the paid-and-billed continues. */
  opId: string;
  request: CollectRequest;
  toCollect: number;
  invoice: Invoice;
  /** The service says this code is paid and billed already: nothing may be collected. */
  alreadyBilled: boolean;
  /** What was billed: the billed amount (v3) or the purchase total (v2). */
  billedCents: number;
  /** For an already-billed code: when this terminal billed it, null when it has no record. */
  billedAt: string | null;
  details: QuoteDetails;
  /** After a re-verify: the amount to collect of the quote it replaced. */
  previousToCollect: number | null;
  /**
   * Money this terminal holds for a refused sale of this code (the main process's fold of the
   * journal): it is used, and only `to_collect_now_cents` is collected (docs/decisions.md).
   */
  held: HeldForSale | null;
  /** Another counter of the store billed this code (the store database): nothing to collect. */
  billedElsewhere: OtherCounter | null;
  /**
   * Before the amount, the cashier asks the customer whether they already paid at another
   * counter: another counter is silent (`silent` names them), or the store database did not
   * answer in time (`silent` is empty). Null when there is nothing to ask.
   */
  askElsewhere: { silent: SilentCounter[] } | null;
  /** The cashier's answer, journaled on the Verify/Info (`storeDb.answerElsewhere`). */
  elsewhereAnswer: 'no' | 'yes' | null;
};

export type AskAnswer = { ok: true; quote: Quote } | { ok: false; guidance: Guidance };

type GuidanceSteps = { ask: 'verify' | 'info'; paid: 'paid' | 'v2-paid' };

/** The generation's steps, as the guidance catalogue and the journal name them. */
export const STEPS: Record<Generation, GuidanceSteps & { continuation: ContinuationOperation }> = {
  v3: { ask: 'verify', paid: 'paid', continuation: 'v3.paidAndBilled' },
  v2: { ask: 'info', paid: 'v2-paid', continuation: 'v2.paidAndBilled' },
};

/** Verify (v3, with the till's request when serving one) or Info (v2). */
export async function askService(
  generation: Generation,
  request: CollectRequest,
  saleRequestId: string | null,
): Promise<AskAnswer> {
  const step = STEPS[generation].ask;
  if (generation === 'v3') {
    const args = { ...request, billed_cents: request.billed_cents ?? 0 };
    const answer = await call(
      'v3.verify',
      saleRequestId ? { ...args, sale_request_id: saleRequestId } : args,
    );
    if (!answer.ok) return failed(step, answer);
    const outcome = answer.result;
    if (outcome.status !== 'succeeded') return refused(step, outcome);
    const { conditions, amounts, invoice, billed_at, held, store_check } = outcome.data;
    const fact = storeFact(store_check, { withBilled: false });
    if (fact) return fact;
    return quoted(store_check, {
      opId: outcome.op_id,
      request,
      toCollect: amounts.to_collect,
      invoice,
      alreadyBilled: conditions.billed_by_ecommerce || store_check?.state === 'billed-elsewhere',
      billedCents: amounts.billed,
      billedAt: billed_at ?? null,
      details: { generation, conditions, amounts },
      held: held ?? null,
    });
  }
  const answer = await call('v2.info', {
    identity: request.identity,
    funding_code: request.funding_code,
  });
  if (!answer.ok) return failed(step, answer);
  const outcome = answer.result;
  if (outcome.status !== 'succeeded') return refused(step, outcome);
  const { info, invoice, store_check } = outcome.data;
  const fact = storeFact(store_check, { withBilled: false });
  if (fact) return fact;
  return quoted(store_check, {
    opId: outcome.op_id,
    request,
    toCollect: outcome.data.to_collect_cents,
    invoice,
    alreadyBilled: info.billed_by_ecommerce || store_check?.state === 'billed-elsewhere',
    billedCents: outcome.data.purchase_total_cents,
    billedAt: outcome.data.billed_at ?? null,
    held: outcome.data.held ?? null,
    details: {
      generation,
      info,
      downpaymentCents: outcome.data.downpayment_cents,
      purchaseTotalCents: outcome.data.purchase_total_cents,
    },
  });
}

/** Paid-and-billed for the Verify/Info the quote came from. */
export function sendPaidAndBilled(
  generation: Generation,
  quote: Quote,
): Promise<CallResult<BilledResult>> {
  return generation === 'v3'
    ? call('v3.paidAndBilled', { verify_op_id: quote.opId })
    : call('v2.paidAndBilled', { info_op_id: quote.opId });
}

const quoted = (
  check: StoreCheck | undefined,
  quote: Omit<Quote, 'previousToCollect' | 'billedElsewhere' | 'askElsewhere' | 'elsewhereAnswer'>,
): AskAnswer => ({
  ok: true,
  quote: {
    ...quote,
    previousToCollect: null,
    billedElsewhere: check?.state === 'billed-elsewhere' ? check.counter : null,
    askElsewhere: mustAskElsewhere(check)
      ? { silent: check?.state === 'clear' ? (check.silent ?? []) : [] }
      : null,
    elsewhereAnswer: null,
  },
});

/** The cashier's answer to "did the customer already pay at another counter?", journaled. */
export async function answerElsewhere(quote: Quote, answer: 'no' | 'yes'): Promise<boolean> {
  const saved = await call('storeDb.answerElsewhere', { op_id: quote.opId, answer });
  return saved.ok;
}

/** The cashier's time zone and language, as the screens name other counters with them. */
function cashierSettings() {
  const settings = useSettingsStore.getState().settings;
  return {
    timeZone: settings?.time_zone ?? 'America/Lima',
    language: settings?.language ?? 'es-PE',
  };
}

/** How a screen names another counter of the store and its moment, in the cashier's settings. */
function wordsOf(counter: OtherCounter) {
  const { timeZone, language } = cashierSettings();
  return counterWords(counter, timeZone, language);
}

/**
 * What the store database knows of this code at another counter, which comes first
 * (docs/decisions.md "Across counters: what the database knows comes first (issue 27 items 3 and 6, issue 26 item 7)"):
 * - a paid-and-billed of it in doubt there: the same amber "do not collect" state as one in doubt
 *   here, naming the counter and since when;
 * - money held there for a refused sale of it: use it or give it back there, collect nothing;
 * - billed there (`withBilled`, for a Verify the service refused: a Verify that succeeded shows
 *   the already-billed state instead).
 */
function storeFact(
  check: StoreCheck | undefined,
  { withBilled }: { withBilled: boolean },
): AskAnswer | null {
  if (check?.state === 'in-doubt-elsewhere') {
    const words = wordsOf(check.counter);
    // That counter silent too: its answer waits for its return, and the steps say so.
    const { timeZone, language } = cashierSettings();
    const silence = elsewhereSilence(check, timeZone, language);
    return stop({
      tone: 'unknown',
      title: 'storeDb.elsewhere.inDoubt.title',
      // "desde las 10:42" today, "desde el 06/12/2026, 23:13:10" on another day.
      steps: silence
        ? words.today
          ? silence.steps
          : 'storeDb.elsewhere.inDoubt.stepsSilentDay'
        : words.today
          ? 'storeDb.elsewhere.inDoubt.steps'
          : 'storeDb.elsewhere.inDoubt.stepsDay',
      params: { counter: words.counter, time: words.time, since: silence?.since ?? '' },
      actions: ['retry'],
    });
  }
  if (check?.state === 'held-elsewhere') {
    const words = wordsOf(check.counter);
    return stop({
      tone: 'info',
      title: words.today ? 'storeDb.elsewhere.held.title' : 'storeDb.elsewhere.held.titleDay',
      steps: 'storeDb.elsewhere.held.steps',
      params: {
        counter: words.counter,
        time: words.time,
        amount: formatPEN(check.amount_cents),
      },
      actions: [],
    });
  }
  if (withBilled && check?.state === 'billed-elsewhere') {
    const words = wordsOf(check.counter);
    return stop({
      tone: 'info',
      title: words.today ? 'storeDb.elsewhere.billed.title' : 'storeDb.elsewhere.billed.titleDay',
      steps: 'storeDb.elsewhere.billed.steps',
      params: { counter: words.counter, time: words.time },
      actions: [],
    });
  }
  return null;
}

const stop = (
  guidance: Pick<Guidance, 'tone' | 'title' | 'steps' | 'params' | 'actions'>,
): AskAnswer => ({
  ok: false,
  guidance: { ...guidance, fields: {}, details: null, doNotCollect: true },
});

function failed(
  step: GuidanceSteps['ask'],
  answer: Extract<CallResult<unknown>, { ok: false }>,
): AskAnswer {
  return { ok: false, guidance: guidanceForBridgeError(step, answer.error, answer.lost) };
}

function refused(
  step: GuidanceSteps['ask'],
  outcome: {
    status: 'refused' | 'unknown';
    error: ServiceError;
    started_here_by?: string;
    store_check?: StoreCheck | undefined;
  },
): AskAnswer {
  // The database's fact comes before the service's refusal (another cashier started the sale
  // because it was billed at another counter: that is what the cashier needs to read).
  const fact = storeFact(outcome.store_check, { withBilled: true });
  if (fact) return fact;
  const guidance = namedCashier(
    guidanceForServiceError(step, outcome.error, outcome.status),
    outcome.started_here_by,
  );
  // "Another till started this sale" while other counters are silent: name them, since the
  // database cannot say whether it was one of them (issue 35 item 9).
  const silent = outcome.store_check?.state === 'clear' ? (outcome.store_check.silent ?? []) : [];
  if (guidance.title === 'guide.cashierChanged.title' && silent.length > 0) {
    const { timeZone, language } = cashierSettings();
    const words = silentCountersText(silent, timeZone, language);
    return {
      ok: false,
      guidance: {
        ...guidance,
        steps: words.many
          ? 'storeDb.elsewhere.startedSilent.stepsMany'
          : 'storeDb.elsewhere.startedSilent.steps',
        params: { ...guidance.params, counters: words.text },
        doNotCollect: true,
      },
    };
  }
  return { ok: false, guidance };
}

/**
 * "Another till started this sale" when the main process found it was this terminal's own
 * previous cashier: name them (docs/decisions.md "Cashier codes and the end-shift warning (issue 18, items 5 and 11)").
 */
export function namedCashier(guidance: Guidance, cashier: string | undefined): Guidance {
  if (!cashier || guidance.title !== 'guide.cashierChanged.title') return guidance;
  return {
    ...guidance,
    title: 'guide.cashierChangedHere.title',
    steps: 'guide.cashierChangedHere.steps',
    params: { ...guidance.params, cashier },
  };
}
