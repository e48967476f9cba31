// The head-office page's state: the chain's grid as last read, the filter, and the store day open
// in the drill-down. Every read goes through the bridge (headOffice.*); the page computes no
// figure it was not given, only the order and the sums of what it shows (shared/head-office).
import { create } from 'zustand';
import type { BridgeError, BridgeResult } from '../../shared/bridge';
import type { GridFilter } from '../../shared/head-office/cell-state';
import { call } from '../bridge/call';

type GridView = BridgeResult<'headOffice.grid'>;
type DayView = BridgeResult<'headOffice.day'>;
type Phase = 'idle' | 'loading' | 'ready' | 'failed';

type OfficeState = {
  gridPhase: Phase;
  grid: GridView | null;
  gridError: BridgeError | null;
  filter: GridFilter;
  /** The store day open (`store|day`), its view and how its read went. */
  dayKey: string | null;
  dayPhase: Phase;
  day: DayView | null;
  dayError: BridgeError | null;
  loadGrid(): Promise<void>;
  openDay(store: string, day: string): Promise<void>;
  setFilter(change: Partial<GridFilter>): void;
};

export const useOfficeStore = create<OfficeState>((set, get) => ({
  gridPhase: 'idle',
  grid: null,
  gridError: null,
  filter: { region: null, text: '' },
  dayKey: null,
  dayPhase: 'idle',
  day: null,
  dayError: null,
  loadGrid: async () => {
    set({ gridPhase: 'loading' });
    const answer = await call('headOffice.grid', {});
    if (answer.ok) set({ gridPhase: 'ready', grid: answer.result, gridError: null });
    else set({ gridPhase: 'failed', gridError: answer.error });
  },
  openDay: async (store, day) => {
    const key = `${store}|${day}`;
    set({ dayKey: key, dayPhase: 'loading', dayError: null });
    const answer = await call('headOffice.day', { store, day });
    // A later choice wins: the answer of a day no longer open is dropped.
    if (get().dayKey !== key) return;
    if (answer.ok) set({ dayPhase: 'ready', day: answer.result });
    else set({ dayPhase: 'failed', day: null, dayError: answer.error });
  },
  setFilter: (change) => set({ filter: { ...get().filter, ...change } }),
}));
