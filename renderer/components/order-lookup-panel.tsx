import { useEffect, useRef } from 'react';
import { useT } from '../i18n/use-t';
import { cancelBlock, confirmBlock, ORDER_STATUS_VIEW, trainerMoves } from '../logic/order-status';
import { orderIdState } from '../logic/refund-form';
import { pinState } from '../logic/supervisor-fields';
import { useOrderLookupStore } from '../stores/order-lookup-store';
import { BusyLabel } from './busy-label';
import { GuidancePanel } from './guidance-panel';
import { OrderStatusCard } from './order-status-card';
import { PinField } from './pin-field';
import { TextField } from './text-field';

/** Looks an order up; confirm, cancel with the supervisor's PIN, and the trainer's moves. */
export function OrderLookupPanel({
  training,
  onRefund,
}: {
  training: boolean;
  onRefund: (orderId: string) => void;
}) {
  const t = useT();
  const store = useOrderLookupStore();
  const { orderId, submitted, view, busy, guidance, notice, cancelAsk, pin } = store;
  const inputRef = useRef<HTMLInputElement>(null);
  const pinRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);
  useEffect(() => {
    if (cancelAsk) pinRef.current?.focus();
  }, [cancelAsk]);
  const shown = view?.order.order_id;
  useEffect(() => {
    if (shown) resultRef.current?.focus();
  }, [shown]);

  const confirmWhy = view ? confirmBlock(view.order) : null;
  const cancelWhy = view ? cancelBlock(view.order) : null;

  return (
    <div className="sale-layout">
      <form
        className="card sale-form"
        noValidate
        aria-labelledby="order-lookup-title"
        onSubmit={(event) => {
          event.preventDefault();
          void store.lookUp().then(() => {
            if (orderIdState(useOrderLookupStore.getState().orderId).status !== 'valid')
              inputRef.current?.focus();
          });
        }}
      >
        <h2 id="order-lookup-title">{t('orders.lookup.title')}</h2>
        <TextField
          ref={inputRef}
          id="order-lookup-id"
          label={t('orders.lookup.orderId')}
          value={orderId}
          onValue={store.setOrderId}
          state={orderIdState(orderId)}
          submitted={submitted && !cancelAsk}
          readOnly={busy !== null}
          maxLength={64}
          className="input--id"
        />
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={busy !== null}>
            <BusyLabel
              busy={busy === 'get'}
              idle={t('orders.lookup.submit')}
              working={t('orders.lookup.working')}
            />
          </button>
        </div>
      </form>
      <div className="sale-outcome" ref={resultRef} tabIndex={-1}>
        {notice ? (
          <p className="note-ok" role="status">
            <span aria-hidden="true">✓ </span>
            {t(notice)}
          </p>
        ) : null}
        {guidance ? (
          <GuidancePanel guidance={guidance}>
            {guidance.actions.includes('check-again') || guidance.actions.includes('retry') ? (
              <div className="button-row">
                <button
                  type="button"
                  className="button button--primary"
                  disabled={busy !== null}
                  onClick={() => void store.lookUp(view?.order.order_id)}
                >
                  {t('orders.lookup.reload')}
                </button>
              </div>
            ) : null}
          </GuidancePanel>
        ) : null}
        {view ? (
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
            {cancelAsk ? (
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
                <h3 id="order-cancel-title">
                  {t('orders.lookup.cancelTitle', { id: view.order.order_id })}
                </h3>
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
            ) : null}
            {training ? (
              <section className="card scenario-hint" aria-labelledby="order-trainer-title">
                <h3 id="order-trainer-title">{t('orders.trainer.title')}</h3>
                {trainerMoves(view.order.status).length === 0 ? (
                  <p>{t('orders.trainer.none')}</p>
                ) : (
                  <div className="button-row">
                    {trainerMoves(view.order.status).map((status) => (
                      <button
                        key={status}
                        type="button"
                        className="button"
                        disabled={busy !== null}
                        onClick={() => void store.move(status)}
                      >
                        <span aria-hidden="true">{ORDER_STATUS_VIEW[status].icon} </span>
                        {t('orders.trainer.move', { status: t(ORDER_STATUS_VIEW[status].label) })}
                      </button>
                    ))}
                  </div>
                )}
              </section>
            ) : null}
          </>
        ) : guidance ? null : (
          <p className="sale-outcome--empty">{t('orders.lookup.empty')}</p>
        )}
      </div>
    </div>
  );
}
