import { useCallback, useEffect, useRef } from 'react';
import { OrderCreatePanel } from '../components/order-create-panel';
import { OrderLookupPanel } from '../components/order-lookup-panel';
import { OrderRefundPanel } from '../components/order-refund-panel';
import { useEscape } from '../components/use-escape';
import { useT } from '../i18n/use-t';
import { useOrderLookupStore } from '../stores/order-lookup-store';
import { useOrderRefundStore } from '../stores/order-refund-store';
import { type OrderTask, useOrderTaskStore } from '../stores/order-task-store';
import { useSettingsStore } from '../stores/settings-store';

const TASKS: ReadonlyArray<{
  task: OrderTask;
  label: 'orders.task.create' | 'orders.task.lookup' | 'orders.task.refund';
}> = [
  { task: 'create', label: 'orders.task.create' },
  { task: 'lookup', label: 'orders.task.lookup' },
  { task: 'refund', label: 'orders.task.refund' },
];

/**
 * Online orders at the counter (F9): create one for the customer, look up its status (confirm,
 * cancel, and the trainer's moves), refund a returned sale. One task at a time, chosen with
 * radio buttons (arrow keys), so each task has one result area and one guidance at a time.
 */
export function OrdersScreen() {
  const t = useT();
  const { task, setTask } = useOrderTaskStore();
  const training = useSettingsStore((s) => s.settings?.mode === 'training');
  const taskRef = useRef<HTMLInputElement>(null);

  // Esc steps back out of a confirmation (refund, cancel) before anything else.
  const onEscape = useCallback(() => {
    const refund = useOrderRefundStore.getState();
    if (refund.phase.name === 'reviewing') {
      refund.back();
      document.getElementById('refund-reason')?.focus();
      return;
    }
    const lookup = useOrderLookupStore.getState();
    if (lookup.cancelAsk && lookup.busy === null) {
      lookup.askCancel(false);
      return;
    }
    taskRef.current?.focus();
  }, []);
  useEscape(onEscape);

  useEffect(() => {
    document.getElementById('main')?.scrollTo?.(0, 0);
  }, []);

  return (
    <div className="screen screen--orders">
      <h1>{t('orders.title')}</h1>
      <p className="screen__lead">{t('orders.lead')}</p>
      <fieldset className="segmented">
        <legend>{t('orders.task')}</legend>
        {TASKS.map((entry) => (
          <label key={entry.task} className="segmented__option">
            <input
              ref={entry.task === task ? taskRef : undefined}
              type="radio"
              name="orders-task"
              value={entry.task}
              checked={task === entry.task}
              onChange={() => setTask(entry.task)}
            />
            <span>{t(entry.label)}</span>
          </label>
        ))}
      </fieldset>
      {task === 'create' ? (
        <OrderCreatePanel
          key="create"
          onSeeStatus={(orderId) => {
            setTask('lookup');
            void useOrderLookupStore.getState().lookUp(orderId);
          }}
        />
      ) : task === 'lookup' ? (
        <OrderLookupPanel
          key="lookup"
          training={training}
          onRefund={(orderId) => {
            useOrderRefundStore.getState().reset(orderId);
            setTask('refund');
          }}
        />
      ) : (
        <OrderRefundPanel key="refund" />
      )}
    </div>
  );
}
