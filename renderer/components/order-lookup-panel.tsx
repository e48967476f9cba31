import { type RefObject, useEffect, useRef } from 'react';
import { useT } from '../i18n/use-t';
import { orderIdState } from '../logic/refund-form';
import { useOrderLookupStore } from '../stores/order-lookup-store';
import { BusyLabel } from './busy-label';
import { GuidancePanel } from './guidance-panel';
import { OrderLookupActions } from './order-lookup-actions';
import { TextField } from './text-field';

/** The order id and the look-up button. */
function OrderLookupForm({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  const t = useT();
  const store = useOrderLookupStore();
  const { orderId, submitted, busy, cancelAsk } = store;
  return (
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
  );
}

/**
 * Looks an order up; confirm, cancel with the supervisor's PIN, and the trainer's moves
 * (order-lookup-actions.tsx). The panel holds where focus goes, and the notice or guidance of
 * the last action above the order.
 */
export function OrderLookupPanel({
  training,
  onRefund,
}: {
  training: boolean;
  onRefund: (orderId: string) => void;
}) {
  const t = useT();
  const store = useOrderLookupStore();
  const { view, busy, guidance, notice, cancelAsk } = store;
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

  return (
    <div className="sale-layout">
      <OrderLookupForm inputRef={inputRef} />
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
          <OrderLookupActions view={view} training={training} pinRef={pinRef} onRefund={onRefund} />
        ) : guidance ? null : (
          <p className="sale-outcome--empty">{t('orders.lookup.empty')}</p>
        )}
      </div>
    </div>
  );
}
