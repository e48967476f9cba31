import { useEffect, useRef, useState } from 'react';
import { call } from '../bridge/call';
import { useT } from '../i18n/use-t';
import { type Guidance, guidanceForBridgeError } from '../logic/error-guidance';
import { pinState } from '../stores/undo-store';
import { BusyLabel } from './busy-label';
import { GuidancePanel } from './guidance-panel';
import { PinField } from './pin-field';

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
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Guidance | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const state = pinState(pin);
  return (
    <div className="screen screen--narrow">
      <h1>{title}</h1>
      <p className="screen__lead">{lead}</p>
      <form
        className="card"
        noValidate
        aria-label={title}
        onSubmit={async (event) => {
          event.preventDefault();
          setSubmitted(true);
          if (state.status !== 'valid' || busy) return;
          setBusy(true);
          const answer = await call('supervisor.checkPin', { pin });
          setBusy(false);
          if (answer.ok) onUnlock(pin);
          else {
            setPin('');
            setSubmitted(false);
            setError(guidanceForBridgeError('other', answer.error, answer.lost));
            input.current?.focus();
          }
        }}
      >
        <PinField
          ref={input}
          id="gate-pin"
          label={t('pin.supervisor')}
          value={pin}
          onValue={setPin}
          state={state}
          submitted={submitted}
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          <BusyLabel busy={busy} idle={t('pin.unlock')} working={t('pin.checking')} />
        </button>
      </form>
      {error ? <GuidancePanel guidance={error} /> : null}
    </div>
  );
}
