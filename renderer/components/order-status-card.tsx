import type { OrderView } from '../../shared/bridge/orders';
import { formatPEN } from '../../shared/domain/money';
import { useT } from '../i18n/use-t';
import { ORDER_STATUS_VIEW, orderMeaning } from '../logic/order-status';

/** An order as the service describes it: status in words and icon, amount, confirmed. */
export function OrderStatusCard({ view, headingId }: { view: OrderView; headingId: string }) {
  const t = useT();
  const { order } = view;
  const status = ORDER_STATUS_VIEW[order.status];
  return (
    <section className="card order-card" aria-labelledby={headingId} data-testid="order-status">
      <h3 id={headingId}>{order.order_id}</h3>
      <p className={`order-status order-status--${status.tone}`}>
        <span aria-hidden="true" className="order-status__icon">
          {status.icon}
        </span>{' '}
        <span className="visually-hidden">{t('orders.lookup.status')}: </span>
        <strong>{t(status.label)}</strong>
      </p>
      <p>{t(orderMeaning(order))}</p>
      <dl className="conditions">
        <div>
          <dt>{t('orders.lookup.amount')}</dt>
          <dd className="num">{formatPEN(view.amount_cents)}</dd>
        </div>
        <div>
          <dt>{t('orders.lookup.confirmed')}</dt>
          <dd>
            <span aria-hidden="true">{order.confirmed ? '✓ ' : '— '}</span>
            {order.confirmed ? t('common.yes') : t('common.no')}
          </dd>
        </div>
        {order.description ? (
          <div>
            <dt>{t('orders.lookup.description')}</dt>
            <dd>{order.description}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('orders.lookup.link')}</dt>
          {/* Text to read to the customer: never a link the terminal would follow. */}
          <dd className="order-link">{order.magic_link}</dd>
        </div>
      </dl>
    </section>
  );
}
