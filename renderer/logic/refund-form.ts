// The refund form: total or partial, the amount only for a partial one, a reason always (the
// service requires it and the journal keeps it). The author is the cashier on shift, set by the
// main process, never typed here.
import type { RefundKind } from '../../shared/bridge/orders';
import { parseAmountInput } from '../../shared/domain/money';
import { amountState, type FieldState } from './sale-form';
import { reasonState } from './supervisor-fields';

export type RefundForm = { orderId: string; kind: RefundKind; amount: string; reason: string };

export type RefundRequest =
  | { order_id: string; kind: 'total'; reason: string }
  | { order_id: string; kind: 'partial'; amount_cents: number; reason: string };

/**
 * An order number as typed. Mostrador's own (`MOS-…`, docs/decisions.md "Orders") are upper case,
 * so one typed in lower case becomes upper case as it is typed; another system's may differ by
 * case alone, so it is kept, and shown, as typed.
 */
export function typedOrderId(raw: string): string {
  return /^\s*mos-/i.test(raw) ? raw.toUpperCase() : raw;
}

/** The merchant's order id, with the contract's characters (shared MerchantOrderId). */
export function orderIdState(raw: string): FieldState {
  const text = raw.trim();
  if (text === '') return { status: 'empty' };
  if (text.length > 64 || !/^[A-Za-z0-9][A-Za-z0-9._:-]*$/.test(text)) {
    return { status: 'error', message: 'orders.field.orderId.invalid' };
  }
  return { status: 'valid' };
}

export function checkRefundForm(form: RefundForm) {
  const orderId = orderIdState(form.orderId);
  const amount: FieldState =
    form.kind === 'partial' ? amountState(form.amount) : { status: 'valid' };
  const reason = reasonState(form.reason);
  const parsed = parseAmountInput(form.amount);
  let request: RefundRequest | null = null;
  if (orderId.status === 'valid' && reason.status === 'valid') {
    const base = { order_id: form.orderId.trim(), reason: form.reason.trim() };
    if (form.kind === 'total') request = { ...base, kind: 'total' };
    else if (parsed.ok) request = { ...base, kind: 'partial', amount_cents: parsed.cents };
  }
  return { orderId, amount, reason, request };
}
