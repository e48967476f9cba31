import { useEffect, useLayoutEffect, useRef } from 'react';
import { checkOrderForm, firstOrderProblem } from '../logic/order-form';
import { useOrderCreateStore } from '../stores/order-create-store';
import { OrderCreateForm, type OrderFieldRefs } from './order-create-form';
import { OrderCreateOutcome } from './order-created';

/**
 * Creates a financing order: amount within the funding limits, customer contact, SMS link. The
 * form is order-create-form.tsx, what follows it order-created.tsx; the panel holds where focus
 * goes and the submit that takes the cashier to the first field at fault.
 */
export function OrderCreatePanel({ onSeeStatus }: { onSeeStatus: (orderId: string) => void }) {
  const { phase, create, reset, loadLimits } = useOrderCreateStore();
  const refs: OrderFieldRefs = {
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

  return (
    <div className="sale-layout">
      <OrderCreateForm refs={refs} onSubmit={() => void submit()} />
      <OrderCreateOutcome
        phase={phase}
        resultRef={resultRef}
        onSeeStatus={onSeeStatus}
        onNew={() => {
          reset();
          refs.amount.current?.focus();
        }}
      />
    </div>
  );
}
