import { useEffect, useRef } from 'react';
import { checkRefundForm } from '../logic/refund-form';
import { showRefundInPlace, useOrderRefundStore } from '../stores/order-refund-store';
import { useSettingsStore } from '../stores/settings-store';
import { OrderRefundForm } from './order-refund-form';
import { OrderRefundOutcome } from './order-refund-outcome';

/**
 * Refunds a returned sale: total or partial, a reason, a confirmation step, never twice. The form
 * is order-refund-form.tsx, what follows it order-refund-outcome.tsx; the panel holds where focus
 * goes at each step.
 */
export function OrderRefundPanel() {
  const store = useOrderRefundStore();
  const { phase } = store;
  const cashier = useSettingsStore((s) => s.settings?.cashier_id ?? '');
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

  return (
    <div className="sale-layout">
      <OrderRefundForm
        refs={{ orderRef, amountRef, reasonRef }}
        cashier={cashier}
        locked={locked}
        onReview={review}
      />
      <OrderRefundOutcome
        phase={phase}
        cashier={cashier}
        resultRef={resultRef}
        confirmRef={confirmRef}
        onBack={() => {
          store.back();
          reasonRef.current?.focus();
        }}
        onAnother={() => {
          store.reset();
          orderRef.current?.focus();
        }}
      />
    </div>
  );
}
