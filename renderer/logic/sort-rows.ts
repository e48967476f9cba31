// Sorting the day summary's detail: 10,000 rows must re-sort without a visible pause, so keys are
// compared with one shared collator and numbers directly, and the sort is stable (ties keep the
// service's order, which is the order payments were made).
import type { DaySummaryRow } from '../../shared/api/in-store';

export type SortKey = 'order_id' | 'dni' | 'payment_origin' | 'amount';
export type SortDirection = 'ascending' | 'descending';
export type SortState = { key: SortKey; direction: SortDirection } | null;

const collator = new Intl.Collator('es-PE', { numeric: true, sensitivity: 'base' });

export function sortRows(rows: readonly DaySummaryRow[], sort: SortState): DaySummaryRow[] {
  if (!sort) return [...rows];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const { key } = sort;
  const indexed = rows.map((row, index) => ({ row, index }));
  indexed.sort((a, b) => {
    const order =
      key === 'amount' ? a.row.amount - b.row.amount : collator.compare(a.row[key], b.row[key]);
    return order * sign || a.index - b.index;
  });
  return indexed.map((entry) => entry.row);
}

/** Clicking a column: ascending first, then descending, then back to the service's order. */
export function nextSort(current: SortState, key: SortKey): SortState {
  if (!current || current.key !== key) return { key, direction: 'ascending' };
  if (current.direction === 'ascending') return { key, direction: 'descending' };
  return null;
}
