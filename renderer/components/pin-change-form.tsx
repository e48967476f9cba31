import { useState } from 'react';
import { useT } from '../i18n/use-t';
import { pinState, repeatPinState } from '../logic/supervisor-fields';
import { BusyLabel } from './busy-label';
import { GuidancePanel } from './guidance-panel';
import { PinField } from './pin-field';
import { useBridgeForm } from './use-bridge-form';

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
  const [done, setDone] = useState(false);
  const form = useBridgeForm();
  const nextState = pinState(next);
  const repeatState = repeatPinState(next, repeat);
  return (
    <form
      className="card"
      noValidate
      aria-labelledby="pin-change-title"
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(
          nextState.status === 'valid' && repeatState.status === 'valid',
          'supervisor.setPin',
          { current: pin, pin: next },
          () => {
            setDone(true);
            setNext('');
            setRepeat('');
            form.setSubmitted(false);
            onChanged(next);
          },
        );
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
        submitted={form.submitted}
      />
      <PinField
        id="pin-change-repeat"
        label={t('pin.repeat')}
        value={repeat}
        onValue={setRepeat}
        state={repeatState}
        submitted={form.submitted}
      />
      <button type="submit" className="button" disabled={form.busy}>
        <BusyLabel busy={form.busy} idle={t('pin.change')} working={t('common.saving')} />
      </button>
      {done ? (
        <p className="note-ok" role="status">
          <span aria-hidden="true">✓ </span>
          {t('pin.changed')}
        </p>
      ) : null}
      {form.error ? <GuidancePanel guidance={form.error} headingLevel={3} /> : null}
    </form>
  );
}
