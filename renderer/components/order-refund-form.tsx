// The refund form of the orders screen's "refund" panel (order-refund-panel.tsx): the order, total
// or partial, the amount of a partial one, and the reason.
import type { RefObject } from 'react';
import { useT } from '../i18n/use-t';
import { checkRefundForm } from '../logic/refund-form';
import { useOrderRefundStore } from '../stores/order-refund-store';
import { FieldMessage, isShownAsError } from './field-message';
import { TextField } from './text-field';

export type RefundFieldRefs = {
  orderRef: RefObject<HTMLInputElement | null>;
  amountRef: RefObject<HTMLInputElement | null>;
  reasonRef: RefObject<HTMLTextAreaElement | null>;
};

export function OrderRefundForm({
  refs: { orderRef, amountRef, reasonRef },
  cashier,
  locked,
  onReview,
}: {
  refs: RefundFieldRefs;
  cashier: string;
  /** A refund is under review, in flight or unknown: the form is frozen. */
  locked: boolean;
  onReview: () => void;
}) {
  const t = useT();
  const store = useOrderRefundStore();
  const { form, submitted } = store;
  const check = checkRefundForm(form);
  const reasonInvalid = isShownAsError(check.reason, submitted);
  return (
    <form
      className="card sale-form"
      noValidate
      aria-labelledby="order-refund-title"
      onSubmit={(event) => {
        event.preventDefault();
        onReview();
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
              onReview();
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
  );
}
