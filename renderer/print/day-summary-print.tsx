import { useEffect, useState } from 'react';
import type { DaySummary } from '../../shared/api/in-store';
import { centsFromWire, formatPEN } from '../../shared/domain/money';
import { call } from '../bridge/call';
import { GuidancePanel } from '../components/guidance-panel';
import { originLabel } from '../components/summary-table';
import { formatWireTotal } from '../components/summary-totals';
import { useT } from '../i18n/use-t';
import {
  type Guidance,
  guidanceForBridgeError,
  guidanceForServiceError,
} from '../logic/error-guidance';
import { daySummaryPrintRoute, type PrintLayoutName, screenHash } from '../logic/routes';
import { formatStoreDay, formatStoreTime } from '../logic/store-day';
import { useLanguage, useSettingsStore } from '../stores/settings-store';
import { PrintFrame } from './print-frame';

/** The day summary on paper: for the supervisor to sign when balancing the drawer. */
export function DaySummaryPrint({
  day,
  layout,
  auto,
}: {
  day: string | null;
  layout: PrintLayoutName;
  auto: boolean;
}) {
  const t = useT();
  const language = useLanguage();
  const settings = useSettingsStore((s) => s.settings);
  const [summary, setSummary] = useState<DaySummary | null>(null);
  const [error, setError] = useState<Guidance | null>(null);
  const [printedAt] = useState(() => new Date().toISOString());

  useEffect(() => {
    if (!day) return;
    let alive = true;
    void call('v2.daySummary', { day, detail: true }).then((answer) => {
      if (!alive) return;
      if (!answer.ok) setError(guidanceForBridgeError('day-summary', answer.error, answer.lost));
      else if (answer.result.status !== 'succeeded') {
        setError(guidanceForServiceError('day-summary', answer.result.error, answer.result.status));
      } else setSummary(answer.result.data.summary);
    });
    return () => {
      alive = false;
    };
  }, [day]);

  const zone = settings?.time_zone ?? 'America/Lima';
  const rows = summary?.order_detail ?? [];
  const other = day ? daySummaryPrintRoute(day, layout === 'a4' ? 'receipt80' : 'a4') : null;
  return (
    <PrintFrame
      layout={layout}
      ready={summary !== null}
      autoPrint={auto}
      title={t('print.daySummaryTitle')}
      otherLayoutHash={other}
      backHash={screenHash('summary')}
    >
      <header className="print-head">
        <h1>{t('print.daySummaryTitle')}</h1>
        <p>{settings?.store_name}</p>
        <p>{day ? formatStoreDay(day, language) : t('print.noDay')}</p>
        <p className="muted">
          {t('print.printedAt', {
            at: formatStoreTime(printedAt, zone, language),
            cashier: settings?.cashier_id ?? '—',
          })}
        </p>
      </header>
      {error ? <GuidancePanel guidance={error} /> : null}
      {summary ? (
        <>
          <table className="print-totals">
            <tbody>
              <tr>
                <th scope="row">{t('summary.totalPurchases')}</th>
                <td>{formatWireTotal(summary.total_purchases)}</td>
              </tr>
              <tr>
                <th scope="row">{t('summary.totalInStore')}</th>
                <td>{formatWireTotal(summary.total_paid_in_store)}</td>
              </tr>
              <tr>
                <th scope="row">{t('summary.totalFinanced')}</th>
                <td>{formatWireTotal(summary.total_financed)}</td>
              </tr>
              <tr>
                <th scope="row">{t('summary.rowCount')}</th>
                <td>{rows.length}</td>
              </tr>
            </tbody>
          </table>
          <table className="print-detail">
            <caption>{t('summary.detail')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('summary.col.order')}</th>
                <th scope="col">{t('summary.col.identity')}</th>
                <th scope="col">{t('summary.col.origin')}</th>
                <th scope="col" className="num">
                  {t('summary.col.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => {
                const cents = centsFromWire(row.amount);
                return (
                  // Rows have no id of their own; a loan's payments share its order id.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once printed
                  <tr key={index}>
                    <td>{row.order_id}</td>
                    <td>{row.dni}</td>
                    <td>{t(originLabel(row.payment_origin))}</td>
                    <td className="num">
                      {cents === null ? String(row.amount) : formatPEN(cents)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="print-signature">{t('print.signature')}</p>
        </>
      ) : null}
    </PrintFrame>
  );
}
