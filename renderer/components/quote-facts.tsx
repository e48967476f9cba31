import { formatPEN } from '../../shared/domain/money';
import { useT } from '../i18n/use-t';
import type { Quote } from '../stores/collect-calls';
import { AmountToCollect, ToCollectFigure } from './amount-to-collect';
import { DownpaymentStatus } from './downpayment-status';

/**
 * The service's figures behind a quote, as its generation has them: v3's amount to collect with
 * its breakdown, v2's down-payment state and conditions. `withAmount` is false for a code that
 * is already billed: then no amount to collect is rendered at all (docs/decisions.md "Counter
 * safety in the cashier's flows (issue 10)"). Every figure is the main process's.
 */
export function QuoteFacts({
  quote,
  withAmount,
  confirming = false,
}: {
  quote: Quote;
  withAmount: boolean;
  confirming?: boolean;
}) {
  const t = useT();
  const { details } = quote;
  if (details.generation === 'v3') {
    return withAmount ? (
      <AmountToCollect
        amounts={details.amounts}
        previousToCollect={quote.previousToCollect}
        held={quote.held}
        confirming={confirming}
      />
    ) : null;
  }
  const { info } = details;
  return (
    <>
      {/* A code already billed (here or elsewhere) has one instruction, the billed panel's "do
          not collect": the green "mark paid and billed" would contradict it (issue "A counter
          that has gone silent", item 7). */}
      {quote.alreadyBilled ? null : (
        <DownpaymentStatus info={info} downpayment={formatPEN(details.downpaymentCents)} />
      )}
      <dl className={`conditions${confirming ? ' conditions--confirming' : ''}`}>
        <div>
          <dt>{t('check.channel')}</dt>
          <dd>
            {info.downpayment_channel === 'Tienda'
              ? t('check.channelStore')
              : t('check.channelService')}
          </dd>
        </div>
        <div>
          <dt>{t('check.purchaseTotal')}</dt>
          <dd className="nowrap">{formatPEN(details.purchaseTotalCents)}</dd>
        </div>
        <div>
          <dt>{t('check.downpayment')}</dt>
          <dd className="nowrap">{formatPEN(details.downpaymentCents)}</dd>
        </div>
        <div>
          <dt>{t('check.billedByEcommerce')}</dt>
          <dd>{info.billed_by_ecommerce ? t('common.yes') : t('common.no')}</dd>
        </div>
      </dl>
      {withAmount ? (
        <section className="to-collect to-collect--v2" aria-labelledby="to-collect-label">
          <ToCollectFigure cents={quote.toCollect} held={quote.held} />
        </section>
      ) : null}
    </>
  );
}
