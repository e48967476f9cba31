// The store's day close as the day summary screen shows it when a store database is set: loaded
// with the day (storeClose.load), closed with the supervisor's PIN (storeClose.close). Without a
// store database the answer is `not-configured` and the screen stays the one-counter F6.
import { create } from 'zustand';
import type { BridgeError, BridgeResult } from '../../shared/bridge';
import { storeCloseMethods } from '../../shared/bridge/store-close';
import { call, registerBridgeMethods } from '../bridge/call';
import { type Guidance, guidanceForBridgeError } from '../logic/error-guidance';

export type StoreCloseView = BridgeResult<'storeClose.load'>;
type CloseAnswer = BridgeResult<'storeClose.close'>;

type State = {
  /** `absent`: no store database (F6 as it is); `loaded`: `view` holds the close. */
  status: 'idle' | 'absent' | 'loading' | 'loaded' | 'failed';
  day: string | null;
  view: StoreCloseView | null;
  /** Why the last load failed (said by logic/store-close-text.ts unavailableText). */
  error: BridgeError | null;
  closing: boolean;
  /** What the last "Cerrar el día de la tienda" said. */
  answer: CloseAnswer | null;
  closeError: Guidance | null;
  load: (day: string) => Promise<void>;
  close: (args: { pin: string; supervisor: string; note: string }) => Promise<void>;
  /** "Marcar fuera del día" of a silent counter: the close read again, or why not. */
  markOff: (args: { terminal_id: string; pin: string; supervisor: string }) => Promise<void>;
  /** Training: the practice store's cut-off counter comes back; the close read again. */
  practiceReconnect: () => Promise<void>;
};

// The store close's schemas come with its screen, not in the first chunk (bridge/call.ts).
registerBridgeMethods(storeCloseMethods);

export const useStoreCloseStore = create<State>((set, get) => ({
  status: 'idle',
  day: null,
  view: null,
  error: null,
  closing: false,
  answer: null,
  closeError: null,
  load: async (day) => {
    set({ status: 'loading', day, error: null, answer: null, closeError: null });
    const answer = await call('storeClose.load', { day });
    if (get().day !== day) return;
    if (answer.ok) set({ status: 'loaded', view: answer.result });
    else if (answer.error.code === 'not-configured') set({ status: 'absent', view: null });
    else set({ status: 'failed', view: null, error: answer.error });
  },
  markOff: async ({ terminal_id, pin, supervisor }) => {
    const { day, closing } = get();
    if (!day || closing) return;
    set({ closing: true, answer: null, closeError: null });
    const answer = await call('storeClose.markOff', { day, terminal_id, pin, supervisor });
    if (answer.ok) set({ closing: false, view: answer.result });
    else {
      set({
        closing: false,
        closeError: guidanceForBridgeError('other', answer.error, answer.lost),
      });
    }
  },
  practiceReconnect: async () => {
    const { day, closing } = get();
    if (!day || closing) return;
    set({ closing: true, answer: null, closeError: null });
    const answer = await call('storeClose.practiceReconnect', { day });
    if (answer.ok) set({ closing: false, view: answer.result });
    else {
      set({
        closing: false,
        closeError: guidanceForBridgeError('other', answer.error, answer.lost),
      });
    }
  },
  close: async ({ pin, supervisor, note }) => {
    const { day, closing } = get();
    if (!day || closing) return;
    set({ closing: true, answer: null, closeError: null });
    const answer = await call('storeClose.close', {
      day,
      pin,
      supervisor,
      ...(note.trim() ? { note } : {}),
    });
    if (answer.ok) set({ closing: false, answer: answer.result, view: answer.result.view });
    else {
      set({
        closing: false,
        closeError: guidanceForBridgeError('other', answer.error, answer.lost),
      });
    }
  },
}));
