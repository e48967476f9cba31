// Creating a financing order at the counter. The funding limits are read when the screen opens
// (and again by the main process at creation); the service's HTML fragments for the amount are
// fetched after creation and shown only in a sandboxed iframe by the screen.
import { create } from 'zustand';
import type { OrderView } from '../../shared/bridge/orders';
import { call } from '../bridge/call';
import type { Guidance } from '../logic/error-guidance';
import {
  type AmountBounds,
  checkOrderForm,
  emptyOrderForm,
  type OrderForm,
} from '../logic/order-form';
import { orderBridgeGuidance, orderGuidance, orderReadGuides } from '../logic/order-guidance';
import { readAnswer } from '../logic/read-answer';

export type Fragment =
  | { state: 'loading' }
  | { state: 'ready'; html: string; src?: string | undefined }
  | { state: 'failed'; guidance: Guidance };

export type Limits =
  | { state: 'loading' }
  | { state: 'ready'; bounds: AmountBounds }
  | { state: 'failed'; guidance: Guidance };

export type CreatePhase =
  | { name: 'editing' }
  | { name: 'creating' }
  | {
      name: 'created';
      orderId: string;
      amountCents: number;
      link: string;
      createStatus: 'new_order' | 'already_created';
      order: OrderView | null;
      addOn: Fragment;
      infoSteps: Fragment;
    }
  | { name: 'failed'; guidance: Guidance; orderId: string | null };

type State = {
  form: OrderForm;
  submitted: boolean;
  limits: Limits;
  phase: CreatePhase;
  loadLimits: () => Promise<void>;
  setField: <K extends keyof OrderForm>(field: K, value: OrderForm[K]) => void;
  create: () => Promise<void>;
  reset: () => void;
};

const boundsOf = (limits: Limits): AmountBounds | null =>
  limits.state === 'ready' ? limits.bounds : null;

async function fragment(
  method: 'html.addOn' | 'html.infoSteps',
  amountCents: number,
): Promise<Fragment> {
  const answer =
    method === 'html.addOn'
      ? await call('html.addOn', { amount_cents: amountCents })
      : await call('html.infoSteps', {});
  const read = readAnswer(answer, orderReadGuides('get'));
  return read.ok
    ? { state: 'ready', html: read.data.html, src: read.data.frame_path }
    : { state: 'failed', guidance: read.guidance };
}

export const useOrderCreateStore = create<State>((set, get) => ({
  form: emptyOrderForm(),
  submitted: false,
  limits: { state: 'loading' },
  phase: { name: 'editing' },

  loadLimits: async () => {
    set({ limits: { state: 'loading' } });
    const read = readAnswer(await call('limits.get', {}), orderReadGuides('get'));
    set({
      limits: read.ok
        ? {
            state: 'ready',
            bounds: { min: read.data.min_amount_cents, max: read.data.max_amount_cents },
          }
        : { state: 'failed', guidance: read.guidance },
    });
  },

  setField: (field, value) => {
    const { phase, form } = get();
    if (phase.name === 'creating') return;
    set({
      form: { ...form, [field]: value },
      phase: phase.name === 'failed' ? { name: 'editing' } : phase,
    });
  },

  create: async () => {
    const { phase, form, limits } = get();
    // Set before any await: a second Enter or click while this one is in flight does nothing.
    if (phase.name === 'creating') return;
    // The emptied form under a created order: the second click of a double click, or Enter
    // still held, asks for nothing (and marks no field as missing under the green result).
    if (phase.name === 'created' && JSON.stringify(form) === JSON.stringify(emptyOrderForm()))
      return;
    const check = checkOrderForm(form, boundsOf(limits));
    set({ submitted: true });
    if (!check.request) return;
    set({ phase: { name: 'creating' } });
    const answer = await call('orders.create', check.request);
    if (!answer.ok) {
      set({
        phase: {
          name: 'failed',
          orderId: null,
          guidance: orderBridgeGuidance('create', answer.error, answer.lost),
        },
      });
      return;
    }
    const result = answer.result;
    switch (result.status) {
      case 'outside-limits':
        // The limits changed since they were read: the amount field now shows the new range.
        set({
          phase: { name: 'editing' },
          limits: {
            state: 'ready',
            bounds: { min: result.min_amount_cents, max: result.max_amount_cents },
          },
        });
        return;
      case 'limits-unavailable':
        set({
          phase: {
            name: 'failed',
            orderId: null,
            guidance: orderGuidance('create', result.error, 'failed'),
          },
        });
        return;
      case 'refused':
      case 'unknown':
        set({
          phase: {
            name: 'failed',
            orderId: result.order_id,
            guidance: orderGuidance(
              'create',
              result.error,
              result.status,
              result.status === 'unknown' && result.retrying,
            ),
          },
        });
        return;
      case 'succeeded': {
        const amountCents = check.request.amount_cents;
        set({
          submitted: false,
          form: emptyOrderForm(),
          phase: {
            name: 'created',
            orderId: result.order_id,
            amountCents,
            link: result.data.redirect_to,
            createStatus: result.data.status,
            order: null,
            addOn: { state: 'loading' },
            infoSteps: { state: 'loading' },
          },
        });
        const [order, addOn, infoSteps] = await Promise.all([
          call('orders.get', { order_id: result.order_id }),
          fragment('html.addOn', amountCents),
          fragment('html.infoSteps', amountCents),
        ]);
        const now = get().phase;
        if (now.name !== 'created' || now.orderId !== result.order_id) return;
        set({
          phase: {
            ...now,
            order: order.ok && order.result.status === 'succeeded' ? order.result.data : null,
            addOn,
            infoSteps,
          },
        });
      }
    }
  },

  reset: () => {
    if (get().phase.name === 'creating') return;
    set({ form: emptyOrderForm(), submitted: false, phase: { name: 'editing' } });
  },
}));
