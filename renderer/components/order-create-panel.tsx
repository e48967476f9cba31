import { useEffect, useLayoutEffect, useRef } from 'react';
import { formatPEN } from '../../shared/domain/money';
import { useT } from '../i18n/use-t';
import { checkOrderForm, firstOrderProblem } from '../logic/order-form';
import { useOrderCreateStore } from '../stores/order-create-store';
import { amountText } from './amount-text';
import { BusyLabel } from './busy-label';
import { GuidancePanel } from './guidance-panel';
import { OrderFragment } from './order-fragment';
import { OrderStatusCard } from './order-status-card';
import { TextField } from './text-field';

/** Creates a financing order: amount within the funding limits, customer contact, SMS link. */
export function OrderCreatePanel({ onSeeStatus }: { onSeeStatus: (orderId: string) => void }) {
  const t = useT();
  const { form, submitted, limits, phase, setField, create, reset, loadLimits } =
    useOrderCreateStore();
  const bounds = limits.state === 'ready' ? limits.bounds : null;
  const check = checkOrderForm(form, bounds);
  const busy = phase.name === 'creating';
  const refs = {
    amount: useRef<HTMLInputElement>(null),
    description: useRef<HTMLInputElement>(null),
    name: useRef<HTMLInputElement>(null),
    dni: useRef<HTMLInputElement>(null),
    phone: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
  };
  const resultRef = useRef<HTMLDivElement>(null);

  const amountRef = refs.amount;
  // Focus in the commit that shows the screen (a layout effect), not after paint: a key typed
  // right after the F-key lands in the field.
  useLayoutEffect(() => amountRef.current?.focus(), [amountRef]);
  useEffect(() => {
    void loadLimits();
    // Only on arrival; the limits are read again by the main process at each creation.
  }, [loadLimits]);
  useEffect(() => {
    if (phase.name === 'created' || phase.name === 'failed') resultRef.current?.focus();
  }, [phase.name]);

  const submit = async () => {
    await create();
    const state = useOrderCreateStore.getState();
    if (state.phase.name !== 'editing') return;
    const problem = firstOrderProblem(
      checkOrderForm(state.form, state.limits.state === 'ready' ? state.limits.bounds : null),
    );
    if (problem) refs[problem].current?.focus();
  };

  // Optional fields only complain when something is typed in them.
  const optional = (value: string) => submitted && value.trim() !== '';

  return (
    <div className="sale-layout">
      <form
        className="card sale-form"
        noValidate
        aria-labelledby="order-create-title"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <h2 id="order-create-title">{t('orders.create.title')}</h2>
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
            <button
              type="button"
              className="button button--small"
              onClick={() => void loadLimits()}
            >
              {t('action.retry')}
            </button>
          </p>
        ) : null}
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
      <div className="sale-outcome" ref={resultRef} tabIndex={-1}>
        {phase.name === 'created' ? (
          <section
            className="banner banner--success"
            aria-labelledby="order-created-title"
            data-testid="order-created"
          >
            <h2 id="order-created-title" className="banner__title">
              <span aria-hidden="true">✓ </span>
              {t('orders.create.done')}
            </h2>
            {phase.createStatus === 'already_created' ? (
              <p className="note-warning">
                <span aria-hidden="true">⚠ </span>
                {t('orders.create.already')}
              </p>
            ) : null}
            <dl className="conditions">
              <div>
                <dt>{t('orders.create.orderId')}</dt>
                <dd className="banner__big" data-testid="order-id">
                  {phase.orderId}
                </dd>
              </div>
              <div>
                <dt>{t('orders.lookup.amount')}</dt>
                <dd className="num">{formatPEN(phase.amountCents)}</dd>
              </div>
            </dl>
            <p>
              <strong>{t('orders.create.link')}</strong>
            </p>
            <p className="order-link" data-testid="order-link">
              {phase.link}
            </p>
            {phase.order ? (
              <OrderStatusCard view={phase.order} headingId="order-created-status" />
            ) : null}
            <div className="button-row">
              <button
                type="button"
                className="button button--primary"
                onClick={() => onSeeStatus(phase.orderId)}
              >
                {t('orders.create.seeStatus')}
              </button>
              <button
                type="button"
                className="button"
                onClick={() => {
                  reset();
                  refs.amount.current?.focus();
                }}
              >
                {t('orders.create.new')}
              </button>
            </div>
            <OrderFragment fragment={phase.addOn} title={t('orders.create.addOn')} height={220} />
            <OrderFragment
              fragment={phase.infoSteps}
              title={t('orders.create.infoSteps')}
              height={360}
            />
          </section>
        ) : phase.name === 'failed' ? (
          <GuidancePanel guidance={phase.guidance}>
            {phase.orderId ? (
              <div className="button-row">
                <button
                  type="button"
                  className="button button--primary"
                  onClick={() => onSeeStatus(phase.orderId ?? '')}
                >
                  {t('orders.create.seeStatus')}
                </button>
              </div>
            ) : null}
          </GuidancePanel>
        ) : (
          <p className="sale-outcome--empty">{t('orders.create.empty')}</p>
        )}
      </div>
    </div>
  );
}
