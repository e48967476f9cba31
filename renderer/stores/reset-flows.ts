// When the terminal changes hands (shift end) or worlds (training ↔ live), nothing typed or
// verified for the previous one may linger on a screen: every flow starts from scratch.
import type { ApiGeneration } from '../../shared/bridge';
import { useCheckStore } from './check-store';
import { useOrderCreateStore } from './order-create-store';
import { useOrderLookupStore } from './order-lookup-store';
import { useOrderRefundStore } from './order-refund-store';
import { useSaleStore } from './sale-store';
import { useTrainingStore } from './training-store';
import { useUndoStore } from './undo-store';

/**
 * Flows of the screens that load on demand (the day summary's) register their reset when their
 * code loads: the first chunk does not import them only to reset them.
 */
const deferredResets = new Set<() => void>();
export function onResetAllFlows(reset: () => void): void {
  deferredResets.add(reset);
}

export function resetAllFlows(generation: ApiGeneration): void {
  useSaleStore.getState().reset();
  useCheckStore.getState().reset();
  useUndoStore.getState().reset(generation);
  for (const reset of deferredResets) reset();
  useTrainingStore.setState({ scenarios: null, error: null, notice: null });
  useOrderCreateStore.getState().reset();
  useOrderLookupStore.getState().reset();
  useOrderRefundStore.getState().reset();
}
