// The money this terminal holds for refused sales, as the main process folds it from the journal
// (money.held): the sale screen shows a code's, the day summary all of them with their total,
// and the end-shift warning counts them. The renderer never computes a hold; it asks again after
// anything that may change one (a refusal, leaving a refused sale, a billing).
import { create } from 'zustand';
import type { HeldMoney } from '../../shared/bridge';
import { call } from '../bridge/call';

type HeldMoneyState = {
  holds: HeldMoney[];
  totalCents: number;
  /** The last read failed: the screens say nothing rather than "none". */
  failed: boolean;
  load: () => Promise<void>;
  /** The cashier's answer on leaving a refused sale of `fundingCode`; false if it was not saved. */
  settle: (fundingCode: string, how: 'returned' | 'kept') => Promise<boolean>;
};

export const useHeldMoneyStore = create<HeldMoneyState>((set, get) => ({
  holds: [],
  totalCents: 0,
  failed: false,

  load: async () => {
    const answer = await call('money.held', {});
    if (answer.ok)
      set({ holds: answer.result.holds, totalCents: answer.result.total_cents, failed: false });
    else set({ failed: true });
  },

  settle: async (fundingCode, how) => {
    await get().load();
    const hold = get().holds.find((h) => h.funding_code === fundingCode);
    // No hold journaled for it (the refusal never reached the journal): nothing to note.
    if (!hold) return true;
    const answer = await call('money.settleHeld', { hold_id: hold.hold_id, how });
    if (!answer.ok) return false;
    set({ holds: answer.result.holds, totalCents: answer.result.total_cents, failed: false });
    return true;
  },
}));

export const heldForCode = (holds: readonly HeldMoney[], code: string): HeldMoney | null =>
  holds.find((h) => h.funding_code === code.trim().toUpperCase()) ?? null;
