import { useLayoutEffect, useRef, useState } from 'react';
import { useT } from '../i18n/use-t';
import { pinState } from '../logic/supervisor-fields';
import { BusyLabel } from './busy-label';
import { GuidancePanel } from './guidance-panel';
import { PinField } from './pin-field';
import { useBridgeForm } from './use-bridge-form';

/** Asks the supervisor's PIN before a guarded screen; the PIN is kept only while it is open. */
export function PinGate({
  title,
  lead,
  onUnlock,
}: {
  title: string;
  lead: string;
  onUnlock: (pin: string) => void;
}) {
  const t = useT();
  const [pin, setPin] = useState('');
  const form = useBridgeForm();
  const input = useRef<HTMLInputElement>(null);
  // Focus in the commit that shows the screen (a layout effect), not after paint: a key typed
  // right after the F-key lands in the field.
  useLayoutEffect(() => input.current?.focus(), []);
  const state = pinState(pin);
  return (
    <div className="screen screen--narrow">
      <h1>{title}</h1>
      <p className="screen__lead">{lead}</p>
      <form
        className="card"
        noValidate
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit(
            state.status === 'valid',
            'supervisor.checkPin',
            { pin },
            () => onUnlock(pin),
            () => {
              // A refused PIN is not kept for a second try.
              setPin('');
              form.setSubmitted(false);
              input.current?.focus();
            },
          );
        }}
      >
        <PinField
          ref={input}
          id="gate-pin"
          label={t('pin.supervisor')}
          value={pin}
          onValue={setPin}
          state={state}
          submitted={form.submitted}
        />
        <button type="submit" className="button button--primary" disabled={form.busy}>
          <BusyLabel busy={form.busy} idle={t('pin.unlock')} working={t('pin.checking')} />
        </button>
      </form>
      {form.error ? <GuidancePanel guidance={form.error} /> : null}
    </div>
  );
}
