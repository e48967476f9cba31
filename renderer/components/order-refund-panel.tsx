import { useEffect, useRef } from 'react';
import { formatPEN } from '../../shared/domain/money';
import { useT } from '../i18n/use-t';
import { checkRefundForm } from '../logic/refund-form';
import { refundWords } from '../logic/refund-words';
import { showRefundInPlace, useOrderRefundStore } from '../stores/order-refund-store';
import { useSettingsStore } from '../stores/settings-store';
import { amountText } from './amount-text';
import { BusyLabel } from './busy-label';
import { DeliberateButton } from './deliberate-button';
import { FieldMessage, isShownAsError } from './field-message';
import { GuidancePanel } from './guidance-panel';
import { RefundAnswerLines } from './refund-answer';
import { TextField } from './text-field';

/** Refunds a returned sale: total or partial, a reason, a confirmation step, never twice. */
export function OrderRefundPanel() {
  const t = useT();
  const store = useOrderRefundStore();
  const { form, submitted, phase } = store;
  const cashier = useSettingsStore((s) => s.settings?.cashier_id ?? '');
  const check = checkRefundForm(form);
  const locked = phase.name !== 'editing' && phase.name !== 'failed' && phase.name !== 'done';
  const orderRef = useRef<HTMLInputElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const confirmRef = useRef<HTMLElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  // A late answer shown here is seen where it was asked: not announced again elsewhere.
  useEffect(() => showRefundInPlace(), []);
  useEffect(() => {
    const { form: now } = useOrderRefundStore.getState();
    if (now.orderId === '') orderRef.current?.focus();
    else reasonRef.current?.focus();
  }, []);
  useEffect(() => {
    if (phase.name === 'reviewing') confirmRef.current?.focus();
    if (phase.name === 'done' || phase.name === 'unknown' || phase.name === 'failed')
      resultRef.current?.focus();
  }, [phase.name]);

  const review = () => {
    store.review();
    const state = useOrderRefundStore.getState();
    if (state.phase.name === 'reviewing') return;
    const now = checkRefundForm(state.form);
    if (now.orderId.status !== 'valid') orderRef.current?.focus();
    else if (now.amount.status !== 'valid') amountRef.current?.focus();
    else reasonRef.current?.focus();
  };

  const reasonInvalid = isShownAsError(check.reason, submitted);
  const request = 'request' in phase ? phase.request : null;

  return (
    <div className="sale-layout">
      <form
        className="card sale-form"
        noValidate
        aria-labelledby="order-refund-title"
        onSubmit={(event) => {
          event.preventDefault();
          review();
        }}
      >
        <h2 id="order-refund-title">{t('orders.refund.title')}</h2>
        <p className="field-note" data-testid="refund-author">
          {t('orders.refund.author', { cashier })}
        </p>
        <TextField
          ref={orderRef}
          id="refund-order-id"
          label={t('orders.refund.orderId')}
          value={form.orderId}
          onValue={(value) => store.setField('orderId', value)}
          state={check.orderId}
          submitted={submitted}
          readOnly={locked}
          maxLength={64}
          className="input--id"
        />
        <fieldset className="segmented" disabled={locked}>
          <legend>{t('orders.refund.kind')}</legend>
          {(['total', 'partial'] as const).map((kind) => (
            <label key={kind} className="segmented__option">
              <input
                type="radio"
                name="refund-kind"
                value={kind}
                checked={form.kind === kind}
                onChange={() => store.setField('kind', kind)}
              />
              <span>{t(kind === 'total' ? 'orders.refund.total' : 'orders.refund.partial')}</span>
            </label>
          ))}
        </fieldset>
        {form.kind === 'partial' ? (
          <TextField
            ref={amountRef}
            id="refund-amount"
            label={t('orders.refund.amount')}
            value={form.amount}
            onValue={(value) => store.setField('amount', value)}
            state={check.amount}
            submitted={submitted}
            readOnly={locked}
            inputMode="decimal"
            className="input--amount"
          />
        ) : null}
        <div className="field">
          <label htmlFor="refund-reason">{t('orders.refund.reason')}</label>
          <textarea
            ref={reasonRef}
            id="refund-reason"
            className="input"
            rows={2}
            maxLength={300}
            value={form.reason}
            readOnly={locked}
            aria-invalid={reasonInvalid}
            aria-describedby="refund-reason-message"
            onChange={(event) => store.setField('reason', event.target.value)}
            onKeyDown={(event) => {
              // Enter goes on, as in every field; Shift+Enter still writes a new line.
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                review();
              }
            }}
          />
          <FieldMessage id="refund-reason-message" state={check.reason} required={submitted} />
        </div>
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={locked}>
            {t('orders.refund.review')}
          </button>
        </div>
      </form>
      <div className="sale-outcome" ref={resultRef} tabIndex={-1}>
        {(phase.name === 'reviewing' || phase.name === 'refunding') && request ? (
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
                disabled={phase.name === 'refunding'}
                onClick={() => void store.refund()}
              >
                <BusyLabel
                  busy={phase.name === 'refunding'}
                  idle={t('orders.refund.confirmYes')}
                  working={t('orders.refund.working')}
                />
              </DeliberateButton>
              <button
                type="button"
                className="button"
                disabled={phase.name === 'refunding'}
                onClick={() => {
                  store.back();
                  reasonRef.current?.focus();
                }}
              >
                {t('common.backEsc')}
              </button>
            </div>
          </section>
        ) : phase.name === 'done' ? (
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
              <DeliberateButton
                key="refund-another"
                type="button"
                className="button"
                onClick={() => {
                  store.reset();
                  orderRef.current?.focus();
                }}
              >
                {t('orders.refund.another')}
              </DeliberateButton>
            </div>
          </section>
        ) : phase.name === 'unknown' ? (
          <GuidancePanel guidance={phase.guidance}>
            <p className="guidance__stop">{t('orders.refund.doNotRefundAgain')}</p>
            <div className="button-row">
              <button
                type="button"
                className="button button--primary"
                onClick={() => void store.retryNow()}
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
    </div>
  );
}
