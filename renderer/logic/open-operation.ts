// How an operation of the journal reads in the tray and in an announcement: what it was, for
// whom, and the money it involved. Every figure is the journal's; nothing is computed here.
import { type JournalOperation, traitsOf } from '../../shared/journal-entry';
import type { MessageKey } from '../i18n/catalogue';

export function kindOf(op: JournalOperation): MessageKey {
  return `ops.kind.${traitsOf(op.operation).kind}`;
}

// By name, not by kind: a later version's billing (`v4.paidAndBilled`) is unknown here, and is
// still shown as money to check.
export const isBilling = (op: JournalOperation): boolean => op.operation.endsWith('.paidAndBilled');
export const isRefund = (op: JournalOperation): boolean => op.operation.startsWith('orders.refund');
export const isClosable = (op: JournalOperation): boolean => traitsOf(op.operation).closable;

/** `DNI 41000001`, `RUC 20512333797`, the order id, or null. */
export function whoOf(op: JournalOperation): string | null {
  const { identity, order_id: orderId } = op.intent;
  if (identity) return `${identity.kind.toUpperCase()} ${identity.value}`;
  return orderId ?? null;
}

/** The money the operation moved or may have moved, in cents, or null. */
export function moneyOf(op: JournalOperation): number | null {
  return op.intent.to_collect_cents ?? op.intent.refund_cents ?? null;
}

/** "hace 3 minutos" / "3 minutes ago", in the terminal's language. */
export function agoText(startedAt: string, nowMs: number, locale: string): string {
  const seconds = Math.max(0, Math.round((nowMs - Date.parse(startedAt)) / 1000));
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (seconds < 60) return format.format(-seconds, 'second');
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return format.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 48) return format.format(-hours, 'hour');
  return format.format(-Math.round(hours / 24), 'day');
}
