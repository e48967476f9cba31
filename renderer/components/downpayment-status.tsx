import type { FundingInfo } from '../../shared/api/in-store';
import { useT } from '../i18n/use-t';
import { amountText } from './amount-text';

/**
 * v2's code state: amber with a clock while a down payment is pending (something to do, not a
 * refusal, so never a refusal's red ✕), green when none is. The word and the icon say it too,
 * so the state never rests on colour alone.
 */
export function DownpaymentStatus({
  info,
  downpayment,
}: {
  info: FundingInfo;
  downpayment: string;
}) {
  const t = useT();
  const pending = info.downpayment_status === 'PENDING';
  return (
    <section
      className={`dp-status dp-status--${pending ? 'pending' : 'fulfilled'}`}
      aria-labelledby="dp-status-title"
      data-testid="downpayment-status"
    >
      <h2 id="dp-status-title" className="dp-status__title">
        <span aria-hidden="true" className="dp-status__icon">
          {pending ? '◷' : '✓'}
        </span>{' '}
        {pending ? t('check.pending') : t('check.fulfilled')}
      </h2>
      <p>
        {pending
          ? amountText(t('check.pendingSteps', { amount: downpayment }))
          : t('check.fulfilledSteps')}
      </p>
    </section>
  );
}
