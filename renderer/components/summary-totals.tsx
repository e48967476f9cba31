import type { DaySummary } from '../../shared/api/in-store';
import { centsFromWire, formatPEN } from '../../shared/domain/money';
import { useT } from '../i18n/use-t';

/** A total from the service as shown: its own figure, formatted, never recomputed here. */
export function formatWireTotal(value: number): string {
  const cents = centsFromWire(Math.abs(value));
  if (cents === null) return String(value);
  return formatPEN(value < 0 ? -cents : cents);
}

export function SummaryTotals({ summary }: { summary: DaySummary }) {
  const t = useT();
  return (
    <dl className="totals" data-testid="summary-totals">
      <div>
        <dt>{t('summary.totalPurchases')}</dt>
        <dd>{formatWireTotal(summary.total_purchases)}</dd>
      </div>
      <div>
        <dt>{t('summary.totalInStore')}</dt>
        <dd>{formatWireTotal(summary.total_paid_in_store)}</dd>
      </div>
      <div>
        <dt>{t('summary.totalFinanced')}</dt>
        <dd>{formatWireTotal(summary.total_financed)}</dd>
      </div>
      <div>
        <dt>{t('summary.rowCount')}</dt>
        <dd>{summary.order_detail?.length ?? 0}</dd>
      </div>
    </dl>
  );
}
