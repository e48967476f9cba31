// What may be done with an order the orders screen's "look up" panel shows
// (order-lookup-panel.tsx): confirm, cancel with the supervisor's PIN, read again, refund, and in
// training the moves of the customer's application.
import type { RefObject } from 'react';
import type { OrderView } from '../../shared/bridge/orders';
import { useT } from '../i18n/use-t';
import { cancelBlock, confirmBlock, ORDER_STATUS_VIEW, trainerMoves } from '../logic/order-status';
import { pinState } from '../logic/supervisor-fields';
import { useOrderLookupStore } from '../stores/order-lookup-store';
import { BusyLabel } from './busy-label';
import { OrderStatusCard } from './order-status-card';
import { PinField } from './pin-field';

/** The cancel's confirmation step, with the supervisor's PIN. */
function OrderCancelForm({
  view,
  pinRef,
}: {
  view: OrderView;
  pinRef: RefObject<HTMLInputElement | null>;
}) {
  const t = useT();
  const store = useOrderLookupStore();
  const { submitted, busy, pin } = store;
  return (
    <form
      className="card confirm"
      noValidate
      aria-labelledby="order-cancel-title"
      onSubmit={(event) => {
        event.preventDefault();
        void store.cancel().then(() => {
          if (useOrderLookupStore.getState().cancelAsk) pinRef.current?.focus();
        });
      }}
    >
      <h3 id="order-cancel-title">{t('orders.lookup.cancelTitle', { id: view.order.order_id })}</h3>
      <p>{t('orders.lookup.cancelWarning')}</p>
      <PinField
        ref={pinRef}
        id="order-cancel-pin"
        label={t('orders.lookup.cancelPin')}
        value={pin}
        onValue={store.setPin}
        state={pinState(pin)}
        submitted={submitted}
        readOnly={busy !== null}
      />
      <div className="button-row">
        <button type="submit" className="button button--danger" disabled={busy !== null}>
          <BusyLabel
            busy={busy === 'cancel'}
            idle={t('orders.lookup.cancelSubmit')}
            working={t('orders.lookup.canceling')}
          />
        </button>
        <button
          type="button"
          className="button"
          disabled={busy !== null}
          onClick={() => store.askCancel(false)}
        >
          {t('common.backEsc')}
        </button>
      </div>
    </form>
  );
}

/** Training only: the customer's side of the order, moved by the trainer. */
function OrderTrainerMoves({ view }: { view: OrderView }) {
  const t = useT();
  const { busy, move } = useOrderLookupStore();
  const moves = trainerMoves(view.order.status);
  return (
    <section className="card scenario-hint" aria-labelledby="order-trainer-title">
      <h3 id="order-trainer-title">{t('orders.trainer.title')}</h3>
      {moves.length === 0 ? (
        <p>{t('orders.trainer.none')}</p>
      ) : (
        <div className="button-row">
          {moves.map((status) => (
            <button
              key={status}
              type="button"
              className="button"
              disabled={busy !== null}
              onClick={() => void move(status)}
            >
              <span aria-hidden="true">{ORDER_STATUS_VIEW[status].icon} </span>
              {t('orders.trainer.move', { status: t(ORDER_STATUS_VIEW[status].label) })}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

export function OrderLookupActions({
  view,
  training,
  pinRef,
  onRefund,
}: {
  view: OrderView;
  training: boolean;
  pinRef: RefObject<HTMLInputElement | null>;
  onRefund: (orderId: string) => void;
}) {
  const t = useT();
  const store = useOrderLookupStore();
  const { busy, cancelAsk } = store;
  const confirmWhy = confirmBlock(view.order);
  const cancelWhy = cancelBlock(view.order);
  return (
    <>
      <OrderStatusCard view={view} headingId="order-lookup-status" />
      <div className="button-row">
        <button
          type="button"
          className="button button--success"
          disabled={busy !== null || confirmWhy !== null}
          aria-describedby="order-confirm-why"
          onClick={() => void store.confirm()}
        >
          <BusyLabel
            busy={busy === 'confirm'}
            idle={t('orders.lookup.confirm')}
            working={t('orders.lookup.confirming')}
          />
        </button>
        <button
          type="button"
          className="button button--danger"
          // A stale screen may still offer it; the service's refusal is then explained.
          disabled={busy !== null || cancelWhy !== null || cancelAsk}
          aria-describedby="order-cancel-why"
          onClick={() => store.askCancel(true)}
        >
          {t('orders.lookup.cancel')}
        </button>
        <button
          type="button"
          className="button"
          disabled={busy !== null}
          onClick={() => void store.lookUp(view.order.order_id)}
        >
          {t('orders.lookup.reload')}
        </button>
        <button
          type="button"
          className="button"
          disabled={busy !== null}
          onClick={() => onRefund(view.order.order_id)}
        >
          {t('orders.lookup.refund')}
        </button>
      </div>
      <p id="order-confirm-why" className="field-note">
        {confirmWhy ? t(confirmWhy) : ''}
      </p>
      <p id="order-cancel-why" className="field-note">
        {cancelWhy ? t(cancelWhy) : ''}
      </p>
      {cancelAsk ? <OrderCancelForm view={view} pinRef={pinRef} /> : null}
      {training ? <OrderTrainerMoves view={view} /> : null}
    </>
  );
}
