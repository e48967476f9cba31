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

/**
 * Green and amber never show together (docs/decisions.md "Green and amber are exclusive (issue
 * 18)"). An operation this window has seen answered is never shown open again, even by a
 * refresh that read the journal a moment before the answer was written.
 */
const settled = new Set<string>();

/**
 * A screen that shows an operation's unknown outcome in place takes its final answer from the
 * refresh that brings it, in the same update that drops it from the tray: the screen turns from
 * amber to its answer at once. True when the answer is seen there (so it is not announced too).
 */
type Claim = (op: JournalOperation) => boolean;
const claims = new Set<Claim>();

export function claimAnswers(claim: Claim): () => void {
  claims.add(claim);
  return () => {
    claims.delete(claim);
  };
}

/**
 * An operation is answered, seen where it was shown: out of the tray now, and out of the
 * announcements when the answer is on the screen already.
 */
export function markSettled(opId: string, seenInPlace: boolean): void {
  settled.add(opId);
  useOpenOperationsStore.setState((s) => ({
    open: s.open.filter((op) => op.op_id !== opId),
    announcements: seenInPlace
      ? s.announcements.filter((op) => op.op_id !== opId)
      : s.announcements,
  }));
}

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
      let announcements = announced.ok ? announced.result.operations : get().announcements;
      const seenInPlace: string[] = [];
      for (const op of announcements) {
        settled.add(op.op_id);
        for (const claim of [...claims]) if (claim(op)) seenInPlace.push(op.op_id);
      }
      if (seenInPlace.length > 0) {
        announcements = announcements.filter((op) => !seenInPlace.includes(op.op_id));
        for (const opId of seenInPlace) void call('journal.acknowledge', { op_id: opId });
      }
      // One update for the tray and the announcements (and, through a claim, the screen).
      set({
        announcements,
        ...(unresolved.ok
          ? {
              open: unresolved.result.operations.filter(
                (op) => isShownOpen(op, now) && !settled.has(op.op_id),
              ),
            }
          : { open: get().open.filter((op) => !settled.has(op.op_id)) }),
      });
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
