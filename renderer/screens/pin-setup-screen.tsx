import { useEffect, useRef, useState } from 'react';
import { BusyLabel } from '../components/busy-label';
import { GuidancePanel } from '../components/guidance-panel';
import { LanguageSwitch } from '../components/language-switch';
import { PinField } from '../components/pin-field';
import { useBridgeForm } from '../components/use-bridge-form';
import { useT } from '../i18n/use-t';
import { pinState, repeatPinState } from '../logic/supervisor-fields';
import { useSettingsStore } from '../stores/settings-store';

/** First run: the supervisor creates the PIN that guards settings and undo billing. */
export function PinSetupScreen() {
  const t = useT();
  const load = useSettingsStore((s) => s.load);
  const [pin, setPin] = useState('');
  const [repeat, setRepeat] = useState('');
  const form = useBridgeForm();
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  const pinCheck = pinState(pin);
  const repeatCheck = repeatPinState(pin, repeat);

  return (
    <div className="screen screen--narrow">
      <h1>{t('pin.setupTitle')}</h1>
      <p className="screen__lead">{t('pin.setupLead')}</p>
      <LanguageSwitch />
      <form
        className="card"
        noValidate
        aria-label={t('pin.setupTitle')}
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit(
            pinCheck.status === 'valid' && repeatCheck.status === 'valid',
            'supervisor.setPin',
            { pin },
            load,
          );
        }}
      >
        <PinField
          ref={first}
          id="pin-new"
          label={t('pin.new')}
          value={pin}
          onValue={setPin}
          state={pinCheck}
          submitted={form.submitted}
        />
        <PinField
          id="pin-repeat"
          label={t('pin.repeat')}
          value={repeat}
          onValue={setRepeat}
          state={repeatCheck}
          submitted={form.submitted}
        />
        <button type="submit" className="button button--primary" disabled={form.busy}>
          <BusyLabel busy={form.busy} idle={t('pin.create')} working={t('common.saving')} />
        </button>
      </form>
      {form.error ? <GuidancePanel guidance={form.error} /> : null}
    </div>
  );
}
