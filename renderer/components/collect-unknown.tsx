// Paid-and-billed without a definite answer (collect-outcome.tsx, `unknown`): amber while the
// journal retries, no figure but the amount already collected, nothing that reads as "collect".
import type { Ref } from 'react';
import { formatPEN } from '../../shared/domain/money';
import { useT } from '../i18n/use-t';
import type { Guidance } from '../logic/error-guidance';
import type { Quote } from '../stores/collect-calls';
import { amountText } from './amount-text';
import { DeliberateButton } from './deliberate-button';
import { GuidanceActions } from './guidance-actions';
import { GuidancePanel } from './guidance-panel';

export function CollectUnknown({
  quote,
  guidance,
  panelRef,
  busy,
  onCheckAgain,
  onStartOver,
}: {
  quote: Quote;
  guidance: Guidance;
  panelRef: Ref<HTMLDivElement>;
  busy: boolean;
  onCheckAgain: () => void;
  onStartOver: () => void;
}) {
  const t = useT();
  const amount = formatPEN(quote.toCollect);
  return (
    <div className="sale-outcome" ref={panelRef} tabIndex={-1}>
      <GuidancePanel guidance={guidance}>
        <p className="unknown-wait">
          <span className="spinner" aria-hidden="true" />{' '}
          {amountText(t('sale.unknownAmount', { amount }))}
        </p>
        <GuidanceActions actions={guidance.actions} onCheckAgain={onCheckAgain} busy={busy} />
        {/* Shown where the confirm button was: a double click or held Enter on it must not
            leave the amber answer unread. */}
        <DeliberateButton
          key="unknown-leave"
          type="button"
          className="button"
          onClick={onStartOver}
        >
          {t('sale.serveAnother')}
        </DeliberateButton>
      </GuidancePanel>
    </div>
  );
}
