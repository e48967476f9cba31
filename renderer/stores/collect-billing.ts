// The flow's last steps (collect-flow.ts): the cashier confirms the money is in the drawer →
// paid-and-billed → green, or the refusal's guidance, or amber while the journal retries; and,
// for an amber billing, the journal's final word when it comes.
import { call } from '../bridge/call';
import {
  forInvoice,
  type Guidance,
  guidanceForBridgeError,
  guidanceForServiceError,
} from '../logic/error-guidance';
import { namedCashier, type Quote, sendPaidAndBilled } from './collect-calls';
import type { CollectPhase, CollectState, FlowContext, Retried } from './collect-phase';
import { createUnknownOutcome, type UnknownOutcome } from './unknown-outcome';

const sameGuidance = (a: Guidance, b: Guidance) => a.title === b.title && a.details === b.details;

/** The green phase of a billed quote; the main process names the document. */
const billedPhase = (quote: Quote, opId: string, invoice: Quote['invoice']): CollectPhase => ({
  name: 'billed',
  quote,
  collected: quote.toCollect,
  opId,
  invoice,
});

/** Watches the journal for the final word on an unknown paid-and-billed. */
export function watchUnknownBilling<F>({ steps, set, get }: FlowContext<F>): UnknownOutcome {
  return createUnknownOutcome({
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
        set({ phase: billedPhase(quote, op.op_id, op.invoice ?? quote.invoice) });
      } else {
        const guidance = guidanceForServiceError(steps.paid, verdict.error, 'refused');
        set({ phase: { name: 'paid-refused', quote, guidance, retried: null } });
      }
    },
    busy: () => get().sideBusy,
    setBusy: (sideBusy) => set({ sideBusy }),
  });
}

type BillingSteps<F> = Pick<CollectState<F>, 'confirmCollected' | 'acceptSchedule' | 'checkAgain'>;

export function billingSteps<F>(flow: FlowContext<F>, unknown: UnknownOutcome): BillingSteps<F> {
  const { config, steps, set, get } = flow;
  const { generation } = config;
  return {
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
        set({ phase: billedPhase(quote, outcome.op_id, outcome.data.invoice) });
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
        unknown.watch(outcome.op_id);
      }
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

    checkAgain: unknown.checkAgain,
  };
}
