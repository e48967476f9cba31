// The day summary and this terminal's journal for the same day, fetched together so the
// reconciliation always compares one day with the same day.
import { create } from 'zustand';
import type { DaySummary } from '../../shared/api/in-store';
import type { JournalOperation } from '../../shared/journal-entry';
import { call } from '../bridge/call';
import {
  type Guidance,
  guidanceForBridgeError,
  guidanceForServiceError,
} from '../logic/error-guidance';
import { nextSort, type SortKey, type SortState } from '../logic/sort-rows';
import { onResetAllFlows } from './reset-flows';

export type SummaryLoaded = {
  day: string;
  summary: DaySummary;
  operations: JournalOperation[];
  /** The journal could not be read: the summary is shown, the reconciliation is not. */
  journalError: Guidance | null;
};

type SummaryState = {
  day: string | null;
  loading: boolean;
  loaded: SummaryLoaded | null;
  error: Guidance | null;
  sort: SortState;
  setDay: (day: string) => void;
  load: (mode: 'training' | 'live') => Promise<void>;
  toggleSort: (key: SortKey) => void;
};

export const useSummaryStore = create<SummaryState>((set, get) => ({
  day: null,
  loading: false,
  loaded: null,
  error: null,
  sort: null,
  setDay: (day) => set({ day }),
  load: async (mode) => {
    const { day, loading } = get();
    if (!day || loading) return;
    set({ loading: true, error: null });
    const [summary, journal] = await Promise.all([
      call('v2.daySummary', { day, detail: true }),
      call('journal.operations', { day }),
    ]);
    if (!summary.ok) {
      set({
        loading: false,
        loaded: null,
        error: guidanceForBridgeError('day-summary', summary.error, summary.lost),
      });
      return;
    }
    if (summary.result.status !== 'succeeded') {
      const outcome = summary.result;
      set({
        loading: false,
        loaded: null,
        error: guidanceForServiceError('day-summary', outcome.error, outcome.status),
      });
      return;
    }
    set({
      loading: false,
      loaded: {
        day,
        summary: summary.result.data.summary,
        // Training and live never mix: a class's sales are not this drawer's.
        operations: journal.ok ? journal.result.operations.filter((op) => op.mode === mode) : [],
        journalError: journal.ok
          ? null
          : guidanceForBridgeError('other', journal.error, journal.lost),
      },
    });
  },
  toggleSort: (key) => set({ sort: nextSort(get().sort, key) }),
}));

// A shift's end or a change of mode leaves nothing of the previous summary on screen.
onResetAllFlows(() => useSummaryStore.setState({ loaded: null, error: null, sort: null }));
