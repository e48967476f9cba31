import type { Ref } from 'react';
import { useT } from '../i18n/use-t';
import { amountText } from './amount-text';
import { DeliberateButton } from './deliberate-button';
import { RecordPrintActions } from './record-print-actions';

/**
 * The only green in a sale, shown only after the service's 200: the invoice may now be issued.
 * The hint names the document: a boleta for a DNI, a factura for a RUC.
 */
export function PaidAndBilled({
  invoice,
  collected,
  opId,
  primaryRef,
  onNew,
  newLabel,
  fromTill = false,
}: {
  invoice: 'boleta' | 'factura';
  collected: string | null;
  opId: string;
  primaryRef: Ref<HTMLButtonElement>;
  onNew: () => void;
  newLabel: string;
  /** A till's sale: the till issues the invoice, not the cashier (no second invoice). */
  fromTill?: boolean;
}) {
  const t = useT();
  return (
    <section
      className="banner banner--success"
      role="status"
      aria-labelledby="billed-title"
      data-testid="paid-and-billed"
    >
      <h2 id="billed-title" className="banner__title">
        <span aria-hidden="true">✓ </span>
        {t('sale.billedTitle')}
      </h2>
      <p className="banner__big">
        {fromTill
          ? t('till.billedCashier', { invoice })
          : t(invoice === 'factura' ? 'sale.billedFactura' : 'sale.billedBoleta')}
      </p>
      {collected !== null ? (
        <p>{amountText(t('sale.billedCollected', { amount: collected }))}</p>
      ) : null}
      <div className="button-row">
        <DeliberateButton
          key="new"
          ref={primaryRef}
          type="button"
          className="button button--primary"
          onClick={onNew}
        >
          {newLabel}
        </DeliberateButton>
      </div>
      <RecordPrintActions record="sale-record" opId={opId} />
    </section>
  );
}
