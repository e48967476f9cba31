// POST /__mock/orders/{order_id}/status: moves an order as the customer's application would,
// one step at a time (docs/decisions.md "Orders"). Approval and rejection are what a
// connector payment waits for, so they are passed on to the order's decision listener.
import type { OrderStatus } from '../../../shared/api/orders';
import type { StatusMove } from '../../../shared/api/trainer';
import { centsFromWire } from '../../../shared/domain/money';
import { fail, type MockReply, ok } from '../reply';
import { type OrderRecord, orderToWire } from './order';

const NEXT: Partial<Record<OrderStatus, readonly OrderStatus[]>> = {
  initial: ['created'],
  created: ['approved', 'onhold', 'rejected'],
  onhold: ['approved', 'rejected'],
  approved: ['validated'],
  validated: ['funded'],
};

export function moveOrder(order: OrderRecord, move: StatusMove): MockReply {
  const from = order.status;
  const allowed = NEXT[from] ?? [];
  if (!allowed.includes(move.status)) {
    const options = allowed.length > 0 ? allowed.join(', ') : 'none (final state)';
    return fail(400, `Cannot move order from ${from} to ${move.status}; allowed next: ${options}`);
  }
  if (move.approved_amount !== undefined) {
    // Only approval decides the financed amount; afterwards refunds are measured against it.
    if (move.status !== 'approved') {
      return fail(400, 'approved_amount can only be set when moving to approved');
    }
    const approved = centsFromWire(move.approved_amount) ?? 0;
    if (approved > order.amount) {
      return fail(400, 'approved_amount cannot exceed the order amount');
    }
    order.approved = approved;
  }
  order.status = move.status;
  if (move.status === 'approved' || move.status === 'rejected') order.onDecision?.(move.status);
  return ok(orderToWire(order));
}
