// A store day of `counters` counters with `perCounter` operations each, and the service's summary
// that balances it: for the layout tests, `npm run bench -- --only storeclose` and printed samples.
// Every 10th operation of a counter is an undo of the billing before it; one counter may be
// silent (its last line at 14:02, not seen since 14:05), and one marked off for the day by a
// supervisor at Caja 1 after midnight (silent the same way before that).
import type { DaySummary, DaySummaryRow } from '../api/in-store';
import type { StoreCloseInput } from './store-close';
import type { CounterFreshness, StoreOperationRow } from './store-operation';

const DAY = '2026-03-10';

export function sampleStoreDay(
  counters: number,
  perCounter: number,
  options: { stopped?: number; markedOff?: number; now?: string } = {},
): StoreCloseInput {
  // The morning after the store day (08:00 in Lima): a day is closed once it has ended.
  const now = options.now ?? '2026-03-11T13:00:00.000Z';
  const rows: StoreOperationRow[] = [];
  const detail: DaySummaryRow[] = [];
  const freshness: CounterFreshness[] = [];
  let n = 0;
  let purchases = 0;
  let inStore = 0;
  for (let c = 1; c <= counters; c += 1) {
    const terminal = `CAJA${String(c).padStart(2, '0')}`;
    const name = `Caja ${c}`;
    for (let i = 0; i < perCounter; i += 1) {
      n += 1;
      const undo = i % 10 === 9;
      // An undo is of the billing just before it: same customer.
      const customer = undo ? n - 1 : n;
      const dni = String(40_000_000 + customer);
      const cents = 10_000 + (customer % 50) * 100;
      const minute = 13 * 60 + Math.floor((i * 600) / Math.max(perCounter, 1));
      const at = `${DAY}T${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00.000Z`;
      rows.push({
        store: 'tienda-muestra',
        mode: 'live',
        terminal_id: terminal,
        terminal_name: name,
        op_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
        operation: undo ? 'v3.undoBilling' : 'v3.paidAndBilled',
        status: 'succeeded',
        identity_kind: 'dni',
        identity_value: dni,
        funding_code: `C${String(customer).padStart(5, '0')}`,
        cashier_id: `cajero-${c}`,
        billed_cents: undo ? null : cents * 4,
        collected_cents: undo ? null : cents,
        store_day: DAY,
        started_at: at,
        resolved_at: at,
        service_message: null,
      });
    }
    const marked = options.markedOff === c;
    const stopped = options.stopped === c || marked;
    freshness.push({
      store: 'tienda-muestra',
      mode: 'live',
      terminal_id: terminal,
      terminal_name: name,
      app_version: '0.1.0',
      last_seq: perCounter * 2,
      last_line_at: stopped ? `${DAY}T19:02:00.000Z` : `${DAY}T23:00:00.000Z`,
      last_seen_at: stopped ? `${DAY}T19:05:00.000Z` : now,
      open_operations: 0,
      standing: marked ? 'off' : stopped ? 'silent' : 'current',
      ...(marked
        ? {
            off_day: DAY,
            off_by: 'Rosa Quispe',
            off_at: '2026-03-11T05:12:30.000Z',
            off_marked_by: 'CAJA01',
            off_marked_by_name: 'Caja 1',
          }
        : {}),
    });
  }
  // The service lists the billings not undone: the customers whose billing stands.
  const undone = new Set(
    rows.filter((r) => r.operation === 'v3.undoBilling').map((r) => r.identity_value),
  );
  for (const row of rows) {
    if (row.operation !== 'v3.paidAndBilled' || undone.has(row.identity_value)) continue;
    const cents = row.collected_cents ?? 0;
    purchases += (row.billed_cents ?? 0) / 100;
    inStore += cents / 100;
    detail.push({
      order_id: `MOSTRADOR-${row.funding_code}`,
      dni: row.identity_value ?? '',
      payment_origin: 'external',
      amount: cents / 100,
    });
  }
  const summary: DaySummary = {
    total_purchases: Math.round(purchases * 100) / 100,
    total_paid_in_store: Math.round(inStore * 100) / 100,
    total_financed: Math.round((purchases - inStore) * 100) / 100,
    order_detail: detail,
  };
  return {
    store: 'tienda-muestra',
    mode: 'live',
    day: DAY,
    timeZone: 'America/Lima',
    now,
    summary,
    rows,
    freshness,
  };
}
