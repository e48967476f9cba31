// The merchant `order_id` of orders this terminal creates: `MOS-<terminal>-<YYYYMMDD>-<seq>`.
// The terminal id is random per install (settings), the day is the store's, and the sequence
// continues from the highest one the journal holds for that terminal and day, so ids stay unique
// across restarts. They must: the service answers a repeated `order_id` with the existing
// order's link (`already_created`), which would send a customer into someone else's order.
import type { JournalOperation } from '../../../shared/journal-entry';

export function orderIdPrefix(terminalId: string, storeDay: string): string {
  return `MOS-${terminalId}-${storeDay.replaceAll('-', '')}-`;
}

/** The next id after every one with `prefix` among the journal's order creations. */
export function nextOrderId(prefix: string, operations: readonly JournalOperation[]): string {
  let highest = 0;
  for (const op of operations) {
    const id = op.operation === 'orders.create' ? op.intent.order_id : undefined;
    if (!id?.startsWith(prefix)) continue;
    const seq = Number(id.slice(prefix.length));
    if (Number.isSafeInteger(seq) && seq > highest) highest = seq;
  }
  return `${prefix}${String(highest + 1).padStart(4, '0')}`;
}
