// On the sale (F2) and check (F3) screens, before a Verify/Info: money this terminal holds for
// the code typed, so the cashier knows before asking for it again (docs/decisions.md "Money held
// for a refused sale"). Once verified, the outcome shows it with the amount left to collect.
import { useEffect } from 'react';
import type { CollectPhase } from '../stores/collect-flow';
import { heldForCode, useHeldMoneyStore } from '../stores/held-money-store';
import { HeldNotice } from './held-money';

const BEFORE_ASKING: readonly CollectPhase['name'][] = ['editing', 'verifying', 'verify-failed'];

export function HeldForCode({ code, phase }: { code: string; phase: CollectPhase }) {
  const holds = useHeldMoneyStore((s) => s.holds);
  const load = useHeldMoneyStore((s) => s.load);
  useEffect(() => {
    void load();
  }, [load]);
  const hold = BEFORE_ASKING.includes(phase.name) ? heldForCode(holds, code) : null;
  return hold ? <HeldNotice hold={hold} verified={false} /> : null;
}
