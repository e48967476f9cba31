// What the orders screen's "create" panel shows beside its form (order-create-panel.tsx): the
// created order with its link and fragments, a refusal's guidance, or the empty state.
import type { Ref } from 'react';
import { formatPEN } from '../../shared/domain/money';
import { useT } from '../i18n/use-t';
import type { CreatePhase } from '../stores/order-create-store';
import { GuidancePanel } from './guidance-panel';
import { OrderFragment } from './order-fragment';
import { OrderStatusCard } from './order-status-card';

type Created = Extract<CreatePhase, { name: 'created' }>;

/** The order as the service made it: its id, amount, the customer's link, its status. */
function OrderCreated({
  phase,
  onSeeStatus,
  onNew,
}: {
  phase: Created;
  onSeeStatus: (orderId: string) => void;
  onNew: () => void;
}) {
  const t = useT();
  return (
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
      {phase.order ? <OrderStatusCard view={phase.order} headingId="order-created-status" /> : null}
      <div className="button-row">
        <button
          type="button"
          className="button button--primary"
          onClick={() => onSeeStatus(phase.orderId)}
        >
          {t('orders.create.seeStatus')}
        </button>
        <button type="button" className="button" onClick={onNew}>
          {t('orders.create.new')}
        </button>
      </div>
      <OrderFragment fragment={phase.addOn} title={t('orders.create.addOn')} height={220} />
      <OrderFragment fragment={phase.infoSteps} title={t('orders.create.infoSteps')} height={360} />
    </section>
  );
}

export function OrderCreateOutcome({
  phase,
  resultRef,
  onSeeStatus,
  onNew,
}: {
  phase: CreatePhase;
  resultRef: Ref<HTMLDivElement>;
  onSeeStatus: (orderId: string) => void;
  onNew: () => void;
}) {
  const t = useT();
  return (
    <div className="sale-outcome" ref={resultRef} tabIndex={-1}>
      {phase.name === 'created' ? (
        <OrderCreated phase={phase} onSeeStatus={onSeeStatus} onNew={onNew} />
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
  );
}
