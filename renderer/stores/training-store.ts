// The trainer's scenario catalogue. Applying a case re-seeds it in the mock and hands it to the
// store of the screen it belongs to, which fills its form.
import { create } from 'zustand';
import type { PracticeStoreCase, Scenario } from '../../shared/api/trainer';
import { call } from '../bridge/call';
import { type Guidance, guidanceForBridgeError } from '../logic/error-guidance';
import type { ScreenName } from '../logic/routes';
import { screenForScenario } from '../logic/scenario-fill';
import { useCheckStore } from './check-store';
import { useSaleStore } from './sale-store';
import { useUndoStore } from './undo-store';

type TrainingState = {
  scenarios: Scenario[] | null;
  /**
   * The store case picked last (the store close, F6), until the practice reset or another case:
   * the main process keeps its practice store on as long (electron/store-close/training-store.ts).
   */
  storeCase: Scenario | null;
  busy: boolean;
  error: Guidance | null;
  /** What the last trainer action did, for the status line. */
  notice: 'reset' | 'fault-armed' | 'fault-held' | 'fault-released' | null;
  /** Arm faults held: every retry loses its answer too, until the trainer releases them. */
  holdFault: boolean;
  setHoldFault: (hold: boolean) => void;
  releaseFaults: () => Promise<void>;
  loadCatalogue: () => Promise<void>;
  /**
   * The store case the main process says is on (the store close's `practice`), after a reload
   * forgot which one the trainer picked: its hint shows again.
   */
  recallStoreCase: (practice: PracticeStoreCase) => Promise<void>;
  apply: (name: string) => Promise<ScreenName | null>;
  reset: () => Promise<void>;
  injectFault: (
    operation: 'v3.paidAndBilled' | 'v2.paidAndBilled',
    fault: 'lose-response' | 'timeout',
  ) => Promise<void>;
};

export const useTrainingStore = create<TrainingState>((set, get) => ({
  scenarios: null,
  storeCase: null,
  busy: false,
  holdFault: false,
  setHoldFault: (holdFault) => set({ holdFault }),
  error: null,
  notice: null,
  loadCatalogue: async () => {
    const answer = await call('training.scenarios', {});
    if (answer.ok) set({ scenarios: answer.result.scenarios, error: null });
    else set({ error: guidanceForBridgeError('other', answer.error, answer.lost) });
  },
  recallStoreCase: async (practice) => {
    if (get().storeCase?.store === practice) return;
    if (get().scenarios === null) await get().loadCatalogue();
    const scenario = get().scenarios?.find((s) => s.store === practice) ?? null;
    set({ storeCase: scenario });
  },
  apply: async (name) => {
    if (get().busy) return null;
    set({ busy: true, error: null, notice: null });
    const answer = await call('training.applyScenario', { name });
    set({ busy: false });
    if (!answer.ok) {
      set({ error: guidanceForBridgeError('other', answer.error, answer.lost) });
      return null;
    }
    const scenario = answer.result;
    const screen = screenForScenario(scenario);
    set({ storeCase: screen === 'summary' ? scenario : null });
    if (screen === 'summary') return screen;
    if (screen === 'undo') useUndoStore.getState().applyScenario(scenario);
    else if (screen === 'check') useCheckStore.getState().applyScenario(scenario);
    else useSaleStore.getState().applyScenario(scenario);
    return screen;
  },
  reset: async () => {
    if (get().busy) return;
    set({ busy: true, error: null, notice: null });
    const answer = await call('training.reset', {});
    set({ busy: false });
    if (!answer.ok) {
      set({ error: guidanceForBridgeError('other', answer.error, answer.lost) });
      return;
    }
    // A reset starts every screen from scratch: nothing typed for the old class survives.
    useSaleStore.getState().reset();
    useCheckStore.getState().reset();
    useUndoStore.getState().reset('v3');
    set({ notice: 'reset', storeCase: null });
    await get().loadCatalogue();
  },
  injectFault: async (operation, fault) => {
    if (get().busy) return;
    set({ busy: true, error: null, notice: null });
    const hold = get().holdFault;
    const answer = await call('training.injectFault', { operation, fault, times: 1, hold });
    set({ busy: false });
    if (answer.ok) set({ notice: hold ? 'fault-held' : 'fault-armed' });
    else set({ error: guidanceForBridgeError('other', answer.error, answer.lost) });
  },
  releaseFaults: async () => {
    if (get().busy) return;
    set({ busy: true, error: null, notice: null });
    const answer = await call('training.releaseFaults', {});
    set({ busy: false });
    if (answer.ok) set({ notice: 'fault-released' });
    else set({ error: guidanceForBridgeError('other', answer.error, answer.lost) });
  },
}));
