// What an order's status means at the counter, and what may be done with it now. The status is
// always shown in words with an icon (colour only repeats it), and the buttons follow the service's
// rules (docs/decisions.md "Orders") so the cashier is not offered a call the service is known to
// refuse; a stale screen still gets the refusal explained.
import type { OrderStatus } from '../../shared/api/orders';
import type { MessageKey } from '../i18n/catalogue';

export type StatusTone = 'waiting' | 'good' | 'stopped';

export const ORDER_STATUS_VIEW: Record<
  OrderStatus,
  { icon: string; label: MessageKey; meaning: MessageKey; tone: StatusTone }
> = {
  initial: {
    icon: '○',
    label: 'orders.status.initial',
    meaning: 'orders.meaning.initial',
    tone: 'waiting',
  },
  created: {
    icon: '◔',
    label: 'orders.status.created',
    meaning: 'orders.meaning.created',
    tone: 'waiting',
  },
  approved: {
    icon: '✓',
    label: 'orders.status.approved',
    meaning: 'orders.meaning.approved',
    tone: 'good',
  },
  onhold: {
    icon: '⏸',
    label: 'orders.status.onhold',
    meaning: 'orders.meaning.onhold',
    tone: 'waiting',
  },
  validated: {
    icon: '✓',
    label: 'orders.status.validated',
    meaning: 'orders.meaning.validated',
    tone: 'good',
  },
  funded: {
    icon: '★',
    label: 'orders.status.funded',
    meaning: 'orders.meaning.funded',
    tone: 'good',
  },
  rejected: {
    icon: '✕',
    label: 'orders.status.rejected',
    meaning: 'orders.meaning.rejected',
    tone: 'stopped',
  },
  canceled: {
    icon: '⊘',
    label: 'orders.status.canceled',
    meaning: 'orders.meaning.canceled',
    tone: 'stopped',
  },
};

type OrderFacts = { status: OrderStatus; confirmed: boolean };

/** Confirm is the merchant's step once the application is approved (or validated). */
export function confirmBlock(order: OrderFacts): MessageKey | null {
  if (order.confirmed) return 'orders.block.alreadyConfirmed';
  if (order.status === 'funded') return 'orders.block.confirmFunded';
  if (order.status === 'approved' || order.status === 'validated') return null;
  return 'orders.block.confirmNotApproved';
}

/** Cancel is final and is refused once the order is confirmed. */
export function cancelBlock(order: OrderFacts): MessageKey | null {
  if (order.confirmed) return 'orders.block.cancelConfirmed';
  if (order.status === 'canceled') return 'orders.block.alreadyCanceled';
  return null;
}

/**
 * Training: the moves the customer's application makes, one step at a time (the mock's own
 * table, electron/mock/orders/transitions.ts), so a trainer can show every state.
 */
const TRAINER_NEXT: Partial<Record<OrderStatus, readonly OrderStatus[]>> = {
  initial: ['created'],
  created: ['approved', 'onhold', 'rejected'],
  onhold: ['approved', 'rejected'],
  approved: ['validated'],
  validated: ['funded'],
};

export function trainerMoves(status: OrderStatus): readonly OrderStatus[] {
  return TRAINER_NEXT[status] ?? [];
}

/** What the status means now: once confirmed, nothing asks for the confirmation again. */
export function orderMeaning(order: OrderFacts): MessageKey {
  if (order.confirmed && (order.status === 'approved' || order.status === 'validated'))
    return 'orders.meaning.confirmed';
  return ORDER_STATUS_VIEW[order.status].meaning;
}
