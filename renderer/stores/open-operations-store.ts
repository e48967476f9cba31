// Every screen's view of the journal's open operations and of the final answers still to be
// announced. The journal is the source: after a reload or a restart the same list comes back,
// and an announcement stays until the cashier acknowledges it (a note in the journal).
import { create } from 'zustand';
import type { BridgeError } from '../../shared/bridge';
import type { JournalOperation } from '../../shared/journal-entry';
import { call } from '../bridge/call';

const EVERY_MS = 2000;
/** A call still pending this long has lost its answer (every service call times out sooner). */
const PENDING_IS_OPEN_MS = 60_000;

type OpenOperationsState = {
  open: JournalOperation[];
  announcements: JournalOperation[];
  refresh: () => Promise<void>;
  acknowledge: (opId: string) => Promise<void>;
  /** A supervisor closes an unknown Verify/Info/undo with a note; null when it was closed. */
  close: (opId: string, pin: string, note: string) => Promise<BridgeError | null>;
};

/** Shown as open: unknown ones, and pending ones whose call cannot still be in flight. */
export function isShownOpen(op: JournalOperation, nowMs: number): boolean {
  if (op.status === 'unknown') return true;
  return op.status === 'pending' && nowMs - Date.parse(op.started_at) > PENDING_IS_OPEN_MS;
}

let refreshing = false;

export const useOpenOperationsStore = create<OpenOperationsState>((set, get) => ({
  open: [],
  announcements: [],
  refresh: async () => {
    if (refreshing) return;
    refreshing = true;
    try {
      const [unresolved, announced] = await Promise.all([
        call('journal.unresolved', {}),
        call('journal.announcements', {}),
      ]);
      const now = Date.now();
      if (unresolved.ok)
        set({ open: unresolved.result.operations.filter((op) => isShownOpen(op, now)) });
      if (announced.ok) set({ announcements: announced.result.operations });
    } finally {
      refreshing = false;
    }
  },
  acknowledge: async (opId) => {
    const answer = await call('journal.acknowledge', { op_id: opId });
    if (answer.ok) set({ announcements: get().announcements.filter((op) => op.op_id !== opId) });
    await get().refresh();
  },
  close: async (opId, pin, note) => {
    const answer = await call('journal.close', { op_id: opId, pin, note });
    await get().refresh();
    return answer.ok ? null : answer.error;
  },
}));

let timer: ReturnType<typeof setInterval> | null = null;
let users = 0;

/** Starts asking the journal while at least one screen frame is shown. */
export function watchOpenOperations(): () => void {
  users += 1;
  if (timer === null) {
    void useOpenOperationsStore.getState().refresh();
    timer = setInterval(() => void useOpenOperationsStore.getState().refresh(), EVERY_MS);
  }
  return () => {
    users -= 1;
    if (users === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}
