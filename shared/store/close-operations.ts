// What an operation of the store day is to the store close (store-close.ts): a sale or an undo
// that moves money, still open, holding the close; and the store's day of an instant.
import { dayInZone } from '../domain/store-time';
import { traitsOf } from '../journal-entry';
import type { StoreOperationRow } from './store-operation';

export const BILLING = new Set(['v3.paidAndBilled', 'v2.paidAndBilled']);
export const UNDO = new Set(['v3.undoBilling', 'v2.undoBilling']);

/** A sale or an undo: what the close's figures count (a Verify or a day summary moves no money). */
export function isMoney(row: Pick<StoreOperationRow, 'operation'>): boolean {
  return BILLING.has(row.operation) || UNDO.has(row.operation);
}

export function isOpen(row: Pick<StoreOperationRow, 'status'>): boolean {
  return row.status === 'pending' || row.status === 'unknown';
}

/**
 * An operation of the day that holds the close: no definite answer, and it may have changed
 * something at the service (a sale, an undo, a refund, an order). A Verify, an Info or a day
 * summary still without its answer changes nothing, and the close's own day summary call is one
 * of them until its outcome reaches the database (docs/decisions.md "Store close: pools and
 * waits").
 */
export function holdsClose(row: Pick<StoreOperationRow, 'status' | 'operation'>): boolean {
  return isOpen(row) && !traitsOf(row.operation).read;
}

/** The store's calendar day of an instant (`YYYY-MM-DD`). */
export function storeDayOf(iso: string, timeZone: string): string {
  return dayInZone(new Date(iso), timeZone);
}
