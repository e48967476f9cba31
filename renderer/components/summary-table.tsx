import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import type { DaySummaryRow } from '../../shared/api/in-store';
import { centsFromWire, formatPEN } from '../../shared/domain/money';
import type { MessageKey } from '../i18n/catalogue';
import { useT } from '../i18n/use-t';
import { type SortKey, type SortState, sortRows } from '../logic/sort-rows';
import { ScrollRegion } from './scroll-region';

const ROW_HEIGHT = 40;

const COLUMNS: Array<{ key: SortKey; label: MessageKey; numeric?: boolean }> = [
  { key: 'order_id', label: 'summary.col.order' },
  { key: 'dni', label: 'summary.col.identity' },
  { key: 'payment_origin', label: 'summary.col.origin' },
  { key: 'amount', label: 'summary.col.amount', numeric: true },
];

export function originLabel(origin: DaySummaryRow['payment_origin']): MessageKey {
  return origin === 'external'
    ? 'summary.origin.external'
    : origin === 'card'
      ? 'summary.origin.card'
      : 'summary.origin.transfer';
}

/**
 * The day's payments, sortable by every column, drawn a screenful at a time: a busy store's
 * 10,000 rows stay as light as 30. It stays a real table; spacer rows stand in for the rows
 * not drawn, and aria-rowcount/aria-rowindex tell screen readers where each row sits.
 */
export function SummaryTable({
  rows,
  sort,
  onSort,
}: {
  rows: readonly DaySummaryRow[];
  sort: SortState;
  onSort: (key: SortKey) => void;
}) {
  const t = useT();
  const sorted = useMemo(() => sortRows(rows, sort), [rows, sort]);
  const scrollRef = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer({
    count: sorted.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);

  return (
    <ScrollRegion ref={scrollRef} className="vtable" label={t('summary.detailScroll')}>
      <table
        className="vtable__table"
        aria-rowcount={sorted.length + 1}
        data-testid="summary-table"
      >
        <caption className="visually-hidden">{t('summary.detail')}</caption>
        <thead>
          <tr aria-rowindex={1}>
            {COLUMNS.map((column) => {
              const active = sort?.key === column.key ? sort.direction : undefined;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={active ?? 'none'}
                  className={column.numeric ? 'num' : undefined}
                >
                  <button type="button" className="sort-button" onClick={() => onSort(column.key)}>
                    {t(column.label)}
                    <span aria-hidden="true" className="sort-button__icon">
                      {active === 'ascending' ? ' ▲' : active === 'descending' ? ' ▼' : ' ↕'}
                    </span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {sorted.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS.length}>{t('summary.noRows')}</td>
            </tr>
          ) : null}
          {before > 0 ? (
            <tr className="vtable__spacer">
              <td colSpan={COLUMNS.length} style={{ height: before }} />
            </tr>
          ) : null}
          {items.map((item) => {
            const row = sorted[item.index];
            if (!row) return null;
            const cents = centsFromWire(row.amount);
            return (
              <tr
                key={item.key}
                aria-rowindex={item.index + 2}
                className={row.payment_origin === 'external' ? 'vtable__row--store' : undefined}
              >
                <td>{row.order_id}</td>
                <td>{row.dni}</td>
                <td>{t(originLabel(row.payment_origin))}</td>
                <td className="num">{cents === null ? String(row.amount) : formatPEN(cents)}</td>
              </tr>
            );
          })}
          {after > 0 ? (
            <tr className="vtable__spacer">
              <td colSpan={COLUMNS.length} style={{ height: after }} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
