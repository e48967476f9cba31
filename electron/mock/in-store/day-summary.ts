// Day summary v2: fundings billed on the store's calendar day and not undone; one detail row per
// payment of those loans.

import type { DaySummary } from '../../../shared/api/in-store';
import { centsToWire } from '../../../shared/domain/money';
import { dayInZone } from '../clock';
import type { MockState } from '../state';

export function daySummary(state: MockState, day: string, detail: boolean): DaySummary {
  const billed = [...state.fundings.values()].filter(
    (f) => f.billing !== null && dayInZone(f.billing.at, state.merchant.time_zone) === day,
  );
  let purchases = 0;
  let paidInStore = 0;
  const rows: NonNullable<DaySummary['order_detail']> = [];
  for (const funding of billed) {
    purchases += funding.billing?.conditions.billed ?? 0;
    for (const payment of funding.payments) {
      if (payment.origin === 'external') paidInStore += payment.amount;
      rows.push({
        order_id: funding.orderId,
        dni: funding.identity.value,
        payment_origin: payment.origin,
        amount: centsToWire(payment.amount),
      });
    }
  }
  // Totals add up many loans and can pass MAX_CENTS, which centsToWire refuses (a 500): they go
  // on the wire as plain numbers, as exact as a double allows.
  const total = (cents: number) => Number((cents / 100).toFixed(2));
  const summary: DaySummary = {
    total_purchases: total(purchases),
    total_paid_in_store: total(paidInStore),
    // Can go below zero only if in-store payments exceed purchases (an undone sale re-billed
    // for less); the document defines it as a plain difference, so it is not clamped.
    total_financed: total(purchases - paidInStore),
  };
  if (detail) summary.order_detail = rows;
  return summary;
}
