import { useEffect, useState } from 'react';
import { formatPEN } from '../../shared/domain/money';
import type { JournalOperation } from '../../shared/journal-entry';
import { call } from '../bridge/call';
import { GuidancePanel } from '../components/guidance-panel';
import { useT } from '../i18n/use-t';
import { type Guidance, guidanceForBridgeError } from '../logic/error-guidance';
import { type PrintLayoutName, saleReceiptPrintRoute, screenHash } from '../logic/routes';
import { formatStoreTime } from '../logic/store-day';
import { useLanguage, useSettingsStore } from '../stores/settings-store';
import { PrintFrame } from './print-frame';

/**
 * A record of the down payment collected for one sale, from the journal. It is not the invoice
 * (the store's own system issues the boleta or factura) and says so.
 */
export function SaleReceiptPrint({
  opId,
  layout,
  auto,
}: {
  opId: string | null;
  layout: PrintLayoutName;
  auto: boolean;
}) {
  const t = useT();
  const language = useLanguage();
  const settings = useSettingsStore((s) => s.settings);
  const [operation, setOperation] = useState<JournalOperation | null>(null);
  const [error, setError] = useState<Guidance | null>(null);

  useEffect(() => {
    if (!opId) return;
    let alive = true;
    void call('journal.operation', { op_id: opId }).then((answer) => {
      if (!alive) return;
      if (answer.ok) setOperation(answer.result);
      else setError(guidanceForBridgeError('other', answer.error, answer.lost));
    });
    return () => {
      alive = false;
    };
  }, [opId]);

  const zone = settings?.time_zone ?? 'America/Lima';
  const intent = operation?.intent;
  const billed = operation?.status === 'succeeded';
  const cents = (value: number | undefined) => (value === undefined ? '—' : formatPEN(value));
  const isRuc = intent?.identity?.kind === 'ruc';
  return (
    <PrintFrame
      layout={layout}
      ready={operation !== null}
      autoPrint={auto}
      title={t('print.receiptTitle')}
      otherLayoutHash={
        opId ? saleReceiptPrintRoute(opId, layout === 'a4' ? 'receipt80' : 'a4') : null
      }
      backHash={screenHash(intent?.operation.startsWith('v2.') ? 'check' : 'sale')}
    >
      <header className="print-head">
        <h1>{t('print.receiptTitle')}</h1>
        <p>{settings?.store_name}</p>
      </header>
      {error ? <GuidancePanel guidance={error} /> : null}
      {operation && intent ? (
        <>
          <p className={`print-state print-state--${billed ? 'ok' : 'not'}`}>
            {billed
              ? t('print.receiptBilled')
              : t('print.receiptNotBilled', { status: operation.status })}
          </p>
          <table className="print-totals">
            <tbody>
              <tr>
                <th scope="row">{t('print.when')}</th>
                <td>{formatStoreTime(operation.updated_at, zone, language)}</td>
              </tr>
              <tr>
                <th scope="row">{t(isRuc ? 'identity.ruc' : 'identity.dni')}</th>
                <td>{intent.identity?.value ?? '—'}</td>
              </tr>
              <tr>
                <th scope="row">{t('print.code')}</th>
                <td>{intent.funding_code ?? '—'}</td>
              </tr>
              <tr>
                <th scope="row">{t('sale.billed')}</th>
                <td>{cents(intent.billed_cents)}</td>
              </tr>
              <tr>
                <th scope="row">{t('print.collected')}</th>
                <td>{cents(intent.to_collect_cents)}</td>
              </tr>
              <tr>
                <th scope="row">{t('print.cashier')}</th>
                <td>{intent.cashier_id}</td>
              </tr>
              <tr>
                <th scope="row">{t('print.operation')}</th>
                <td className="print-small">{operation.op_id}</td>
              </tr>
            </tbody>
          </table>
          <p>{t(isRuc ? 'print.receiptFactura' : 'print.receiptBoleta')}</p>
          <p className="print-small">{t('print.receiptNotInvoice')}</p>
        </>
      ) : null}
    </PrintFrame>
  );
}
