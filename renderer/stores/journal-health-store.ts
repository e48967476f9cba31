// Whether this terminal can record operations. Set by any bridge answer `journal-unavailable`
// (disk full, drive gone); while set, the shell blocks every screen with what to do, and the
// supervisor's "try again" asks the main process, which retries the journal.
import { create } from 'zustand';

type JournalHealthState = {
  down: boolean;
  checking: boolean;
  markDown: () => void;
  /** Asks the bridge; `check` is injected to keep this store free of the bridge module. */
  retry: (check: () => Promise<boolean>) => Promise<void>;
};

export const useJournalHealthStore = create<JournalHealthState>((set, get) => ({
  down: false,
  checking: false,
  markDown: () => set({ down: true }),
  retry: async (check) => {
    if (get().checking) return;
    set({ checking: true });
    try {
      set({ down: !(await check()) });
    } finally {
      set({ checking: false });
    }
  },
}));
