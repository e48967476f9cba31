import type { HeldForSale, SaleAmounts } from '../../shared/bridge';
import { formatPEN } from '../../shared/domain/money';
import { useT } from '../i18n/use-t';
import { amountText } from './amount-text';
import { HeldInUse } from './held-money';

/**
 * The label and the figure of the amount to collect (v3 and v2 alike). With money held for this
 * code the figure is only what is left to collect, under what was already received.
 */
export function ToCollectFigure({ cents, held }: { cents: number; held?: HeldForSale | null }) {
  const t = useT();
  return (
    <>
      <h2 id="to-collect-label" className="to-collect__label">
        {t(held ? 'held.toCollectNow' : 'sale.toCollect')}
      </h2>
      <p className="to-collect__amount" data-testid="amount-to-collect">
        {formatPEN(held ? held.to_collect_now_cents : cents)}
      </p>
      {held ? <HeldInUse held={held} /> : null}
    </>
  );
}

/**
 * The one number the cashier acts on, biggest on the screen, with where it comes from under it.
 * Every figure is the main process's, in cents: nothing here is computed.
 */
export function AmountToCollect({
  amounts,
  previousToCollect,
  held = null,
  confirming = false,
}: {
  amounts: SaleAmounts;
  previousToCollect: number | null;
  held?: HeldForSale | null;
  /** The confirm step: on a short window the conditions give way to the confirm button. */
  confirming?: boolean;
}) {
  const t = useT();
  const changed = previousToCollect !== null && previousToCollect !== amounts.to_collect;
  return (
    <section
      className={`to-collect${confirming ? ' to-collect--confirming' : ''}`}
      aria-labelledby="to-collect-label"
    >
      <ToCollectFigure cents={amounts.to_collect} held={held} />
      {previousToCollect !== null ? (
        <p className="to-collect__changed" role="status">
          <span aria-hidden="true">⚠ </span>
          {changed
            ? amountText(t('sale.toCollectChanged', { before: formatPEN(previousToCollect) }))
            : t('sale.toCollectSame')}
        </p>
      ) : null}
      <dl className="breakdown">
        {amounts.downpayment_paid_online > 0 ? (
          <div>
            <dt>{t('sale.paidOnline')}</dt>
            <dd>{formatPEN(amounts.downpayment_paid_online)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('sale.downpaymentInStore')}</dt>
          <dd>{formatPEN(amounts.downpayment_inhouse)}</dd>
        </div>
        <div>
          <dt>{t('sale.excedent')}</dt>
          <dd>{formatPEN(amounts.excedent)}</dd>
        </div>
      </dl>
      {amounts.downpayment_paid_online > 0 && amounts.downpayment_inhouse === 0 ? (
        <p className="to-collect__note">
          <span aria-hidden="true">ℹ </span>
          {t('sale.noRefund')}
        </p>
      ) : null}
      <dl className="conditions">
        <div>
          <dt>{t('sale.billed')}</dt>
          <dd>{formatPEN(amounts.billed)}</dd>
        </div>
        <div>
          <dt>{t('sale.approved')}</dt>
          <dd>{formatPEN(amounts.approved)}</dd>
        </div>
        <div>
          <dt>{t('sale.downpaymentTotal')}</dt>
          <dd>{formatPEN(amounts.downpayment)}</dd>
        </div>
        <div>
          <dt>{t('sale.installments')}</dt>
          <dd>
            {amountText(
              t(
                amounts.installments_number === 1
                  ? 'sale.installmentsValueOne'
                  : 'sale.installmentsValue',
                {
                  count: amounts.installments_number,
                  amount: formatPEN(amounts.installments_amount),
                },
              ),
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
