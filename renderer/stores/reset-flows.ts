// When the terminal changes hands (shift end) or worlds (training ↔ live), nothing typed or
// verified for the previous one may linger on a screen: every flow starts from scratch.
import type { ApiGeneration } from '../../shared/bridge';
import { useCheckStore } from './check-store';
import { useOrderCreateStore } from './order-create-store';
import { useOrderLookupStore } from './order-lookup-store';
import { useOrderRefundStore } from './order-refund-store';
import { useSaleStore } from './sale-store';
import { useSummaryStore } from './summary-store';
import { useTrainingStore } from './training-store';
import { useUndoStore } from './undo-store';

export function resetAllFlows(generation: ApiGeneration): void {
  useSaleStore.getState().reset();
  useCheckStore.getState().reset();
  useUndoStore.getState().reset(generation);
  useSummaryStore.setState({ loaded: null, error: null, sort: null });
  useTrainingStore.setState({ scenarios: null, error: null, notice: null });
  useOrderCreateStore.getState().reset();
  useOrderLookupStore.getState().reset();
  useOrderRefundStore.getState().reset();
}
