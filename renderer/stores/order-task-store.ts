// Which of the Orders screen's three tasks is open; kept across screens so F9 returns to it.
import { create } from 'zustand';

export type OrderTask = 'create' | 'lookup' | 'refund';

export const useOrderTaskStore = create<{ task: OrderTask; setTask: (task: OrderTask) => void }>(
  (set) => ({ task: 'create', setTask: (task) => set({ task }) }),
);
