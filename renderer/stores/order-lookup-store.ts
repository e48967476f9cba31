// Looking an order up, and what may be done with it: confirm, cancel (supervisor PIN), and in
// training the moves of the customer's application. One call at a time: every button locks
// while one is in flight, and the order is read again after each action so the screen shows
// the service's state, not a guess.
import { create } from 'zustand';
import type { OrderStatus } from '../../shared/api/orders';
import type { OrderView } from '../../shared/bridge/orders';
import { call } from '../bridge/call';
import type { MessageKey } from '../i18n/catalogue';
import type { Guidance } from '../logic/error-guidance';
import { orderBridgeGuidance, orderGuidance, orderReadGuides } from '../logic/order-guidance';
import { readAnswer } from '../logic/read-answer';
import { orderIdState, typedOrderId } from '../logic/refund-form';
import { pinState } from '../logic/supervisor-fields';

export type LookupBusy = null | 'get' | 'confirm' | 'cancel' | 'move';

type State = {
  orderId: string;
  submitted: boolean;
  view: OrderView | null;
  busy: LookupBusy;
  guidance: Guidance | null;
  notice: MessageKey | null;
  /** The cancel's confirmation step, with the supervisor's PIN. */
  cancelAsk: boolean;
  pin: string;
  setOrderId: (value: string) => void;
  setPin: (value: string) => void;
  lookUp: (orderId?: string) => Promise<void>;
  confirm: () => Promise<void>;
  askCancel: (open: boolean) => void;
  cancel: () => Promise<void>;
  move: (status: OrderStatus) => Promise<void>;
  reset: () => void;
};

const initial = {
  orderId: '',
  submitted: false,
  view: null,
  busy: null,
  guidance: null,
  notice: null,
  cancelAsk: false,
  pin: '',
} satisfies Partial<State>;

export const useOrderLookupStore = create<State>((set, get) => {
  /** Reads the order again after an action, keeping the action's guidance or notice. */
  const reread = async (orderId: string) => {
    const answer = await call('orders.get', { order_id: orderId });
    if (answer.ok && answer.result.status === 'succeeded') set({ view: answer.result.data });
  };

  return {
    ...initial,

    setOrderId: (value) => {
      if (get().busy) return;
      set({ orderId: typedOrderId(value) });
    },
    setPin: (value) => set({ pin: value }),

    lookUp: async (given) => {
      if (get().busy) return;
      const orderId = (given ?? get().orderId).trim();
      set({ orderId, submitted: true });
      if (orderIdState(orderId).status !== 'valid') return;
      set({ busy: 'get', guidance: null, notice: null, cancelAsk: false, pin: '' });
      const read = readAnswer(
        await call('orders.get', { order_id: orderId }),
        orderReadGuides('get'),
      );
      if (read.ok) set({ busy: null, view: read.data, submitted: false });
      else set({ busy: null, view: null, guidance: read.guidance });
    },

    confirm: async () => {
      const { view, busy } = get();
      if (!view || busy) return;
      const orderId = view.order.order_id;
      set({ busy: 'confirm', guidance: null, notice: null });
      const answer = await call('orders.confirm', { order_id: orderId });
      if (!answer.ok) {
        set({ guidance: orderBridgeGuidance('confirm', answer.error, answer.lost) });
      } else if (answer.result.status === 'succeeded') {
        set({ notice: 'orders.notice.confirmed' });
      } else {
        const r = answer.result;
        set({
          guidance: orderGuidance(
            'confirm',
            r.error,
            r.status,
            r.status === 'unknown' && r.retrying,
          ),
        });
      }
      await reread(orderId);
      set({ busy: null });
    },

    askCancel: (open) => {
      if (get().busy) return;
      set({ cancelAsk: open, pin: '', guidance: open ? get().guidance : get().guidance });
    },

    cancel: async () => {
      const { view, busy, pin } = get();
      if (!view || busy) return;
      if (pinState(pin).status !== 'valid') {
        set({ submitted: true });
        return;
      }
      const orderId = view.order.order_id;
      set({ busy: 'cancel', guidance: null, notice: null });
      const answer = await call('orders.cancel', { order_id: orderId, pin });
      // The PIN was used (or refused): it is not kept for a second attempt.
      set({ pin: '' });
      if (!answer.ok) {
        set({ guidance: orderBridgeGuidance('cancel', answer.error, answer.lost) });
        // A wrong PIN keeps the step open for the supervisor to try again.
        if (answer.error.code !== 'wrong-pin') set({ cancelAsk: false });
      } else if (answer.result.status === 'succeeded') {
        set({
          cancelAsk: false,
          notice:
            answer.result.data.canceled === 'now'
              ? 'orders.notice.canceled'
              : 'orders.notice.canceledBefore',
        });
      } else {
        const r = answer.result;
        set({
          cancelAsk: false,
          guidance: orderGuidance(
            'cancel',
            r.error,
            r.status,
            r.status === 'unknown' && r.retrying,
          ),
        });
      }
      await reread(orderId);
      set({ busy: null, submitted: false });
    },

    move: async (status) => {
      const { view, busy } = get();
      if (!view || busy) return;
      const orderId = view.order.order_id;
      set({ busy: 'move', guidance: null, notice: null });
      const read = readAnswer(
        await call('training.setOrderStatus', { order_id: orderId, status }),
        orderReadGuides('training'),
      );
      if (read.ok) set({ busy: null, view: read.data, notice: 'orders.notice.moved' });
      else set({ busy: null, guidance: read.guidance });
    },

    reset: () => {
      if (get().busy) return;
      set({ ...initial });
    },
  };
});
