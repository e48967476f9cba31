// What the day summary screen (F6, day-summary-screen.tsx) reads, and when: the chosen day
// (today the first time) at once on arrival, the store close with every summary read, and in
// training the catalogue's store case the practice close belongs to.
import { useEffect, useRef } from 'react';
import { useStoreCloseStore } from '../stores/store-close-store';
import { useSummaryStore } from '../stores/summary-store';
import { useTrainingStore } from '../stores/training-store';

export function useDaySummaryReads(mode: 'training' | 'live', today: string) {
  const day = useSummaryStore((s) => s.day);
  const loaded = useSummaryStore((s) => s.loaded);
  const setDay = useSummaryStore((s) => s.setDay);
  const load = useSummaryStore((s) => s.load);

  useEffect(() => {
    if (day === null) setDay(today);
  }, [day, today, setDay]);

  // Arriving on the screen shows the chosen day at once (today, the first time).
  const loadedOnArrival = useRef(false);
  useEffect(() => {
    if (loadedOnArrival.current || day === null) return;
    loadedOnArrival.current = true;
    void load(mode);
  }, [day, load, mode]);

  // The training catalogue's store case, while it is on: what to look for on the close. The main
  // process says which one is on, so a reload shows its hint again.
  const practice = useStoreCloseStore((s) => (s.status === 'loaded' ? s.view?.practice : null));
  const recallStoreCase = useTrainingStore((s) => s.recallStoreCase);
  useEffect(() => {
    if (mode === 'training' && practice) void recallStoreCase(practice);
  }, [mode, practice, recallStoreCase]);

  // With a store database the store's close balances every counter; without one the answer is
  // not-configured and the screen stays this terminal's (docs/decisions.md "The store's day close").
  const loadStoreClose = useStoreCloseStore((s) => s.load);
  // Read again at every load of the summary (a new object each time), not only for a new day.
  useEffect(() => {
    if (loaded) void loadStoreClose(loaded.day);
  }, [loaded, loadStoreClose]);
}
