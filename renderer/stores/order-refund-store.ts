// Refunding a returned sale. Money goes back, so never twice: the request is made once from a
// confirmation step, the buttons lock while it is in flight, and an unknown answer is only ever
// retried as the same refund (orders.refundRetry with its op id: the main process resends the
// journaled X-Unique-Token). While unknown, the journal is asked once a second; once it is
// definite, refundRetry reads the journaled answer back without calling the service again.
import { create } from 'zustand';
import type { RefundResult } from '../../shared/bridge/orders';
import { type CallResult, call } from '../bridge/call';
import type { Guidance } from '../logic/error-guidance';
import { orderBridgeGuidance, orderGuidance } from '../logic/order-guidance';
import {
  checkRefundForm,
  type RefundForm,
  type RefundRequest,
  typedOrderId,
} from '../logic/refund-form';
import { markSettled, useOpenOperationsStore } from './open-operations-store';
import { createPoller } from './operation-poller';

type RefundData = Extract<RefundResult, { status: 'succeeded' }>['data'];

export type RefundPhase =
  | { name: 'editing' }
  | { name: 'reviewing'; request: RefundRequest }
  | { name: 'refunding'; request: RefundRequest }
  | { name: 'done'; request: RefundRequest; opId: string; data: RefundData }
  | { name: 'unknown'; request: RefundRequest; opId: string; guidance: Guidance; retrying: boolean }
  | { name: 'failed'; request: RefundRequest | null; guidance: Guidance };

type State = {
  form: RefundForm;
  submitted: boolean;
  phase: RefundPhase;
  setField: <K extends keyof RefundForm>(field: K, value: RefundForm[K]) => void;
  review: () => void;
  back: () => void;
  refund: () => Promise<void>;
  retryNow: () => Promise<void>;
  reset: (orderId?: string) => void;
};

const poller = createPoller();

/** How many refund panels are shown now (F9's refund): a late answer is seen there, in place. */
let shownInPlace = 0;

/**
 * Marks the refund panel as shown until the returned function is called. A refund that went
 * unknown and is answered while it is shown turns green there: that is its announcement, so it
 * is acknowledged and not announced again on another screen (issue "A counter that has gone
 * silent", item 14), as an unknown billing is on its own screen (unknown-outcome.ts).
 */
export function showRefundInPlace(): () => void {
  shownInPlace += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    shownInPlace -= 1;
  };
}

const emptyForm = (orderId = ''): RefundForm => ({
  orderId,
  kind: 'total',
  amount: '',
  reason: '',
});

export const useOrderRefundStore = create<State>((set, get) => {
  /** `late`: the answer of a refund that was unknown (its poll, or "retry now"). */
  const apply = (request: RefundRequest, answer: CallResult<RefundResult>, late = false) => {
    if (!answer.ok) {
      set({
        phase: {
          name: 'failed',
          request,
          guidance: orderBridgeGuidance('refund', answer.error, answer.lost),
        },
      });
      return;
    }
    const result = answer.result;
    // Answered: out of the tray's amber in the same update as the answer on screen. An answer
    // to a refund that was unknown, seen here on F9, is its announcement: acknowledged.
    if (result.status !== 'unknown') {
      const seen = late && shownInPlace > 0;
      markSettled(result.op_id, seen);
      if (seen) void useOpenOperationsStore.getState().acknowledge(result.op_id);
    }
    if (result.status === 'succeeded') {
      poller.stop();
      set({ phase: { name: 'done', request, opId: result.op_id, data: result.data } });
    } else if (result.status === 'refused') {
      poller.stop();
      set({
        phase: {
          name: 'failed',
          request,
          guidance: orderGuidance('refund', result.error, 'refused'),
        },
      });
    } else {
      set({
        phase: {
          name: 'unknown',
          request,
          opId: result.op_id,
          retrying: result.retrying,
          guidance: orderGuidance('refund', result.error, 'unknown', result.retrying),
        },
      });
      watch(request, result.op_id);
    }
  };

  /** Until the journal has the definite answer; then it is read back (no new call). */
  const watch = (request: RefundRequest, opId: string) => {
    poller.start(opId, async () => {
      const answer = await call('orders.refundRetry', { op_id: opId });
      const now = get().phase;
      if (now.name === 'unknown' && now.opId === opId) apply(request, answer, true);
    });
  };

  return {
    form: emptyForm(),
    submitted: false,
    phase: { name: 'editing' },

    setField: (field, value) => {
      const { phase, form } = get();
      // Nothing changes under a refund in flight or one whose outcome is still unknown.
      if (phase.name === 'refunding' || phase.name === 'unknown' || phase.name === 'reviewing')
        return;
      const typed = field === 'orderId' ? typedOrderId(value as string) : value;
      set({
        form: { ...form, [field]: typed },
        phase: phase.name === 'editing' ? phase : { name: 'editing' },
      });
    },

    review: () => {
      const { phase, form } = get();
      if (phase.name !== 'editing' && phase.name !== 'failed' && phase.name !== 'done') return;
      const check = checkRefundForm(form);
      set({ submitted: true });
      if (!check.request) return;
      set({ phase: { name: 'reviewing', request: check.request } });
    },

    back: () => {
      if (get().phase.name === 'reviewing') set({ phase: { name: 'editing' } });
    },

    refund: async () => {
      const phase = get().phase;
      // Only from the confirmation step, and only once: the phase changes before any await.
      if (phase.name !== 'reviewing') return;
      const request = phase.request;
      set({ phase: { name: 'refunding', request } });
      apply(request, await call('orders.refund', request));
      if (get().phase.name === 'done') set({ submitted: false, form: emptyForm(request.order_id) });
    },

    retryNow: async () => {
      const phase = get().phase;
      if (phase.name !== 'unknown') return;
      const { request, opId } = phase;
      set({ phase: { name: 'refunding', request } });
      const answer = await call('orders.refundRetry', { op_id: opId });
      // A lost answer to the retry keeps the refund unknown under its own op id.
      if (!answer.ok && answer.lost) {
        set({ phase: { ...phase } });
        watch(request, opId);
        return;
      }
      apply(request, answer, true);
    },

    reset: (orderId) => {
      const name = get().phase.name;
      if (name === 'refunding' || name === 'unknown') return;
      poller.stop();
      set({ form: emptyForm(orderId), submitted: false, phase: { name: 'editing' } });
    },
  };
});
