import { useState } from 'react';
import { call } from '../bridge/call';
import { useT } from '../i18n/use-t';
import { type Guidance, guidanceForBridgeError } from '../logic/error-guidance';
import type { FieldState } from '../logic/sale-form';
import { pinState } from '../stores/undo-store';
import { BusyLabel } from './busy-label';
import { GuidancePanel } from './guidance-panel';
import { PinField } from './pin-field';

/** A new supervisor PIN, authorised by the one that opened settings. */
export function PinChangeForm({
  pin,
  onChanged,
}: {
  pin: string;
  onChanged: (pin: string) => void;
}) {
  const t = useT();
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<Guidance | null>(null);
  const nextState = pinState(next);
  const repeatState: FieldState =
    repeat === ''
      ? { status: 'empty' }
      : repeat === next
        ? { status: 'valid' }
        : { status: 'error', message: 'pin.mismatch' };
  return (
    <form
      className="card"
      noValidate
      aria-labelledby="pin-change-title"
      onSubmit={async (event) => {
        event.preventDefault();
        setSubmitted(true);
        if (nextState.status !== 'valid' || repeatState.status !== 'valid' || busy) return;
        setBusy(true);
        const answer = await call('supervisor.setPin', { current: pin, pin: next });
        setBusy(false);
        if (!answer.ok) {
          setError(guidanceForBridgeError('other', answer.error, answer.lost));
          return;
        }
        setError(null);
        setDone(true);
        setNext('');
        setRepeat('');
        setSubmitted(false);
        onChanged(next);
      }}
    >
      <h2 id="pin-change-title">{t('pin.changeTitle')}</h2>
      <PinField
        id="pin-change-new"
        label={t('pin.new')}
        value={next}
        onValue={(v) => {
          setNext(v);
          setDone(false);
        }}
        state={nextState}
        submitted={submitted}
      />
      <PinField
        id="pin-change-repeat"
        label={t('pin.repeat')}
        value={repeat}
        onValue={setRepeat}
        state={repeatState}
        submitted={submitted}
      />
      <button type="submit" className="button" disabled={busy}>
        <BusyLabel busy={busy} idle={t('pin.change')} working={t('common.saving')} />
      </button>
      {done ? (
        <p className="note-ok" role="status">
          <span aria-hidden="true">✓ </span>
          {t('pin.changed')}
        </p>
      ) : null}
      {error ? <GuidancePanel guidance={error} headingLevel={3} /> : null}
    </form>
  );
}
