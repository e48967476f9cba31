// The till's sales on the cashier's side: the queue of open requests (polled), the one being
// served on the sale screen, and what the cashier must be told when the till cancels it or the
// service bills it. The sale itself runs through the sale store like any other, so every
// counter safety rule of a typed sale holds; the main process checks the amount and customer.
import { create } from 'zustand';
import type { QueuedRequest } from '../../shared/bridge';
import type { SaleRequest } from '../../shared/integration/sale-request';
import { call } from '../bridge/call';
import { useSaleStore } from './sale-store';
import { BEFORE_BILLING, type TillSale } from './till-sale';

export type TillNotice =
  | {
      kind: 'canceled';
      request_id: string;
      by: 'till' | 'cashier';
      /** Canceled on the "¿Recibió…?" step: the amount the cashier may have taken, to give back. */
      may_have_collected_cents: number | null;
    }
  | { kind: 'billed'; request_id: string };

type TillState = {
  /** Open requests not on the screen, oldest first. */
  queue: QueuedRequest[];
  notice: TillNotice | null;
  busy: boolean;
  refresh: () => Promise<void>;
  serve: (request: QueuedRequest) => void;
  cancelCurrent: () => Promise<void>;
  dismiss: () => void;
};

const POLL_MS = 1_000;
const isEmptyForm = () => {
  const { form, phase, till, scenario } = useSaleStore.getState();
  return (
    !till &&
    !scenario &&
    phase.name === 'editing' &&
    form.identity === '' &&
    form.code === '' &&
    form.amount === ''
  );
};

export const useTillStore = create<TillState>((set, get) => {
  /** What the screen's till sale became; clears the screen when canceled before billing. */
  const follow = (current: TillSale, record: SaleRequest) => {
    const sale = useSaleStore.getState();
    if (sale.till?.request_id !== current.request_id) return;
    if (record.state === 'canceled' && BEFORE_BILLING.includes(sale.phase.name)) {
      const { phase } = sale;
      const collected =
        phase.name === 'confirming' && phase.quote.toCollect > 0 ? phase.quote.toCollect : null;
      sale.reset();
      set({
        notice: {
          kind: 'canceled',
          request_id: record.request_id,
          by: record.canceled_by ?? 'till',
          may_have_collected_cents: collected,
        },
      });
    } else if (record.state === 'billed' && get().notice?.request_id !== record.request_id) {
      set({ notice: { kind: 'billed', request_id: record.request_id } });
    }
  };

  return {
    queue: [],
    notice: null,
    busy: false,

    refresh: async () => {
      const current = useSaleStore.getState().till;
      if (current) {
        const read = await call('integration.read', { request_id: current.request_id });
        if (read.ok) follow(current, read.result);
      }
      const answer = await call('integration.queue', {});
      if (!answer.ok) return;
      const onScreen = useSaleStore.getState().till?.request_id;
      const queue = answer.result.requests.filter((r) => r.request_id !== onScreen);
      set({ queue });
      // A till sale arrives on an idle sale screen by itself; the others wait in sight.
      const next = queue.find((r) => r.state === 'waiting');
      if (next && isEmptyForm() && get().notice?.kind !== 'canceled') get().serve(next);
    },

    serve: (request) => {
      const sale = useSaleStore.getState();
      if (sale.till || !['editing', 'verify-failed', 'verified'].includes(sale.phase.name)) return;
      sale.applyTillSale(request);
      set({ queue: get().queue.filter((r) => r.request_id !== request.request_id), notice: null });
    },

    cancelCurrent: async () => {
      const sale = useSaleStore.getState();
      const current = sale.till;
      if (!current || get().busy || !BEFORE_BILLING.includes(sale.phase.name)) return;
      set({ busy: true });
      const answer = await call('integration.cancel', { request_id: current.request_id });
      set({ busy: false });
      if (answer.ok) follow(current, answer.result);
    },

    dismiss: () => set({ notice: null }),
  };
});

/** Polls while a screen that shows till sales is open. */
export function startTillPolling(): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    await useTillStore.getState().refresh();
    if (!stopped) timer = setTimeout(() => void tick(), POLL_MS);
  };
  void tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
