import { formatPEN } from '../../shared/domain/money';
import { useT } from '../i18n/use-t';
import type { RefundWords } from '../logic/refund-words';
import { amountText } from './amount-text';

/**
 * What a refund's answer tells the cashier, under its title: what to do, the amount when known,
 * the method and the tracking code. The refund screen (direct answer) and the announcement (late
 * answer) both show this, so the two never say different things.
 */
export function RefundAnswerLines({ words }: { words: RefundWords }) {
  const t = useT();
  return (
    <>
      <p className="banner__big">{t(words.steps)}</p>
      {words.amount !== null ? (
        <p>{amountText(t(words.amount.line, { amount: formatPEN(words.amount.cents) }))}</p>
      ) : null}
      <p>{t('orders.refund.method', { method: t(words.method) })}</p>
      <p>{t('orders.refund.tracking', { id: words.trackingId })}</p>
    </>
  );
}
