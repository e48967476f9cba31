// The order form of the orders screen's "create" panel (order-create-panel.tsx): the amount
// within the funding limits, a description, and the customer's optional contact fields.
import type { RefObject } from 'react';
import { formatPEN } from '../../shared/domain/money';
import { useT } from '../i18n/use-t';
import { checkOrderForm, type firstOrderProblem } from '../logic/order-form';
import { useOrderCreateStore } from '../stores/order-create-store';
import { amountText } from './amount-text';
import { BusyLabel } from './busy-label';
import { TextField } from './text-field';

type OrderField = NonNullable<ReturnType<typeof firstOrderProblem>>;
/** The form's inputs, so the panel can take the cashier to the first field at fault. */
export type OrderFieldRefs = Record<OrderField, RefObject<HTMLInputElement | null>>;

/** The funding limits the amount must fall within, or why they could not be read. */
function OrderLimits() {
  const t = useT();
  const { limits, loadLimits } = useOrderCreateStore();
  return (
    <>
      <p className="field-note" data-testid="order-limits">
        {limits.state === 'ready'
          ? amountText(
              t('orders.create.limits', {
                min: formatPEN(limits.bounds.min),
                max: formatPEN(limits.bounds.max),
              }),
            )
          : limits.state === 'loading'
            ? t('orders.create.limitsLoading')
            : null}
      </p>
      {limits.state === 'failed' ? (
        <p className="note-warning">
          <span aria-hidden="true">⚠ </span>
          {t(limits.guidance.title)}
          {limits.guidance.details ? ` (${limits.guidance.details})` : ''}{' '}
          <button type="button" className="button button--small" onClick={() => void loadLimits()}>
            {t('action.retry')}
          </button>
        </p>
      ) : null}
    </>
  );
}

/** The customer's contact, all optional: a field complains only when something is typed in it. */
function OrderCustomerFields({ refs, busy }: { refs: OrderFieldRefs; busy: boolean }) {
  const t = useT();
  const { form, submitted, limits, setField } = useOrderCreateStore();
  const check = checkOrderForm(form, limits.state === 'ready' ? limits.bounds : null);
  const optional = (value: string) => submitted && value.trim() !== '';
  return (
    <fieldset className="order-customer" disabled={busy}>
      <legend>{t('orders.create.customer')}</legend>
      <TextField
        ref={refs.name}
        id="order-name"
        label={t('orders.create.name')}
        value={form.name}
        onValue={(value) => setField('name', value)}
        state={check.name}
        submitted={optional(form.name)}
        maxLength={120}
        autoComplete="off"
      />
      <TextField
        ref={refs.dni}
        id="order-dni"
        label={t('orders.create.dni')}
        value={form.dni}
        onValue={(value) => setField('dni', value)}
        state={check.dni}
        submitted={optional(form.dni)}
        inputMode="numeric"
        maxLength={10}
        fix={
          check.dni.status === 'error' && check.dni.fix
            ? {
                label: t('field.dni.useEight', { dni: check.dni.fix }),
                onFix: () =>
                  setField('dni', check.dni.status === 'error' ? (check.dni.fix ?? '') : ''),
              }
            : undefined
        }
      />
      <TextField
        ref={refs.phone}
        id="order-phone"
        label={t('orders.create.phone')}
        type="tel"
        value={form.phone}
        onValue={(value) => setField('phone', value)}
        state={check.phone}
        submitted={optional(form.phone)}
        maxLength={20}
      />
      <TextField
        ref={refs.email}
        id="order-email"
        label={t('orders.create.email')}
        type="email"
        value={form.email}
        onValue={(value) => setField('email', value)}
        state={check.email}
        submitted={optional(form.email)}
        maxLength={254}
      />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={form.sendSms}
          onChange={(event) => setField('sendSms', event.target.checked)}
        />
        {t('orders.create.sms')}
      </label>
    </fieldset>
  );
}

export function OrderCreateForm({
  refs,
  onSubmit,
}: {
  refs: OrderFieldRefs;
  onSubmit: () => void;
}) {
  const t = useT();
  const { form, submitted, limits, phase, setField } = useOrderCreateStore();
  const check = checkOrderForm(form, limits.state === 'ready' ? limits.bounds : null);
  const busy = phase.name === 'creating';
  // Optional fields only complain when something is typed in them.
  const optional = (value: string) => submitted && value.trim() !== '';
  return (
    <form
      className="card sale-form"
      noValidate
      aria-labelledby="order-create-title"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <h2 id="order-create-title">{t('orders.create.title')}</h2>
      <OrderLimits />
      <TextField
        ref={refs.amount}
        id="order-amount"
        label={t('orders.create.amount')}
        value={form.amount}
        onValue={(value) => setField('amount', value)}
        state={check.amount}
        submitted={submitted}
        readOnly={busy}
        inputMode="decimal"
        className="input--amount"
      />
      <TextField
        ref={refs.description}
        id="order-description"
        label={t('orders.create.description')}
        value={form.description}
        onValue={(value) => setField('description', value)}
        state={check.description}
        submitted={optional(form.description)}
        readOnly={busy}
        maxLength={200}
      />
      <OrderCustomerFields refs={refs} busy={busy} />
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={busy}>
          <BusyLabel
            busy={busy}
            idle={t('orders.create.submit')}
            working={t('orders.create.working')}
          />
        </button>
      </div>
    </form>
  );
}
