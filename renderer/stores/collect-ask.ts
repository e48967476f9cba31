// The flow's first steps (collect-flow.ts): the form, asking the service (Verify / Info), the
// answer about another counter, the amount, and asking again after a refused billing.
import { answerElsewhere, askService, type CollectRequest, type Quote } from './collect-calls';
import {
  type CollectState,
  type FlowContext,
  formLocked,
  isBusy,
  mustAnswerElsewhere,
} from './collect-phase';

type AskSteps<F> = Pick<
  CollectState<F>,
  'setField' | 'submit' | 'startCollect' | 'answerElsewhere' | 'back' | 'reverify'
>;

export function askSteps<F>({ config, set, get }: FlowContext<F>): AskSteps<F> {
  const { generation } = config;

  async function ask(request: CollectRequest, previous: Quote | null) {
    const answer = await askService(generation, request, get().till?.request_id ?? null);
    if (!answer.ok) {
      set({ phase: { name: 'verify-failed', guidance: answer.guidance } });
      return;
    }
    const quote = { ...answer.quote, previousToCollect: previous ? previous.toCollect : null };
    set({ phase: { name: 'verified', quote } });
  }

  return {
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

    reverify: async () => {
      const { phase } = get();
      if (phase.name !== 'paid-refused') return;
      set({ phase: { name: 'reverifying', quote: phase.quote } });
      await ask(phase.quote.request, phase.quote);
    },
  };
}
