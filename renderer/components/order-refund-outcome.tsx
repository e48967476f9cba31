// What the orders screen's "refund" panel shows beside its form (order-refund-panel.tsx): the
// confirmation step, the refund done, an unknown refund (never refunded twice), or a refusal.
import type { Ref } from 'react';
import { formatPEN } from '../../shared/domain/money';
import { useT } from '../i18n/use-t';
import type { RefundRequest } from '../logic/refund-form';
import { refundWords } from '../logic/refund-words';
import { type RefundPhase, useOrderRefundStore } from '../stores/order-refund-store';
import { amountText } from './amount-text';
import { BusyLabel } from './busy-label';
import { DeliberateButton } from './deliberate-button';
import { GuidancePanel } from './guidance-panel';
import { RefundAnswerLines } from './refund-answer';

/** "Is this the refund?": the order, the amount, the reason and who asks; the yes moves money. */
function RefundConfirm({
  request,
  refunding,
  cashier,
  confirmRef,
  onBack,
}: {
  request: RefundRequest;
  refunding: boolean;
  cashier: string;
  confirmRef: Ref<HTMLElement>;
  onBack: () => void;
}) {
  const t = useT();
  const refund = useOrderRefundStore((s) => s.refund);
  return (
    <section
      className="card confirm"
      aria-labelledby="refund-confirm-title"
      ref={confirmRef}
      tabIndex={-1}
    >
      <h2 id="refund-confirm-title">{t('orders.refund.confirmTitle')}</h2>
      <p className="confirm__question">
        {request.kind === 'total'
          ? t('orders.refund.confirmTotal', { id: request.order_id })
          : amountText(
              t('orders.refund.confirmPartial', {
                id: request.order_id,
                amount: formatPEN(request.amount_cents),
              }),
            )}
      </p>
      <p>{t('orders.refund.confirmReason', { reason: request.reason })}</p>
      <p>{t('orders.refund.author', { cashier })}</p>
      <div className="button-row">
        {/* Money moves: only a deliberate press made after the question appeared. */}
        <DeliberateButton
          key="refund-confirm"
          type="button"
          className="button button--danger"
          disabled={refunding}
          onClick={() => void refund()}
        >
          <BusyLabel
            busy={refunding}
            idle={t('orders.refund.confirmYes')}
            working={t('orders.refund.working')}
          />
        </DeliberateButton>
        <button type="button" className="button" disabled={refunding} onClick={onBack}>
          {t('common.backEsc')}
        </button>
      </div>
    </section>
  );
}

/** The service's answer to the refund, and the way to the next one. */
function RefundDone({
  phase,
  onAnother,
}: {
  phase: Extract<RefundPhase, { name: 'done' }>;
  onAnother: () => void;
}) {
  const t = useT();
  return (
    <section
      className="banner banner--success"
      aria-labelledby="refund-done-title"
      data-testid="refund-result"
    >
      <h2 id="refund-done-title" className="banner__title">
        <span aria-hidden="true">✓ </span>
        {t(refundWords(phase.data).title)}
      </h2>
      <RefundAnswerLines words={refundWords(phase.data)} />
      <div className="button-row">
        {/* It sits where "Sí, devolver" was: the second click of a double click on that
            button, or the Enter still held from it, must not wipe this result. */}
        <DeliberateButton key="refund-another" type="button" className="button" onClick={onAnother}>
          {t('orders.refund.another')}
        </DeliberateButton>
      </div>
    </section>
  );
}

export function OrderRefundOutcome({
  phase,
  cashier,
  resultRef,
  confirmRef,
  onBack,
  onAnother,
}: {
  phase: RefundPhase;
  cashier: string;
  resultRef: Ref<HTMLDivElement>;
  confirmRef: Ref<HTMLElement>;
  onBack: () => void;
  onAnother: () => void;
}) {
  const t = useT();
  const retryNow = useOrderRefundStore((s) => s.retryNow);
  const request = 'request' in phase ? phase.request : null;
  return (
    <div className="sale-outcome" ref={resultRef} tabIndex={-1}>
      {(phase.name === 'reviewing' || phase.name === 'refunding') && request ? (
        <RefundConfirm
          request={request}
          refunding={phase.name === 'refunding'}
          cashier={cashier}
          confirmRef={confirmRef}
          onBack={onBack}
        />
      ) : phase.name === 'done' ? (
        <RefundDone phase={phase} onAnother={onAnother} />
      ) : phase.name === 'unknown' ? (
        <GuidancePanel guidance={phase.guidance}>
          <p className="guidance__stop">{t('orders.refund.doNotRefundAgain')}</p>
          <div className="button-row">
            <button
              type="button"
              className="button button--primary"
              onClick={() => void retryNow()}
            >
              {t('orders.refund.retryNow')}
            </button>
          </div>
        </GuidancePanel>
      ) : phase.name === 'failed' ? (
        <GuidancePanel guidance={phase.guidance} />
      ) : (
        <p className="sale-outcome--empty">{t('orders.refund.empty')}</p>
      )}
    </div>
  );
}
