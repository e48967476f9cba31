import { useEffect, useRef, useState } from 'react';
import { call } from '../bridge/call';
import { BusyLabel } from '../components/busy-label';
import { GuidancePanel } from '../components/guidance-panel';
import { LanguageSwitch } from '../components/language-switch';
import { PinField } from '../components/pin-field';
import { useT } from '../i18n/use-t';
import { type Guidance, guidanceForBridgeError } from '../logic/error-guidance';
import type { FieldState } from '../logic/sale-form';
import { useSettingsStore } from '../stores/settings-store';
import { pinState } from '../stores/undo-store';

/** First run: the supervisor creates the PIN that guards settings and undo billing. */
export function PinSetupScreen() {
  const t = useT();
  const load = useSettingsStore((s) => s.load);
  const [pin, setPin] = useState('');
  const [repeat, setRepeat] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Guidance | null>(null);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  const pinCheck = pinState(pin);
  const repeatCheck: FieldState =
    repeat === ''
      ? { status: 'empty' }
      : repeat === pin
        ? { status: 'valid' }
        : { status: 'error', message: 'pin.mismatch' };

  return (
    <div className="screen screen--narrow">
      <h1>{t('pin.setupTitle')}</h1>
      <p className="screen__lead">{t('pin.setupLead')}</p>
      <LanguageSwitch />
      <form
        className="card"
        noValidate
        aria-label={t('pin.setupTitle')}
        onSubmit={async (event) => {
          event.preventDefault();
          setSubmitted(true);
          if (pinCheck.status !== 'valid' || repeatCheck.status !== 'valid' || busy) return;
          setBusy(true);
          const answer = await call('supervisor.setPin', { pin });
          setBusy(false);
          if (!answer.ok) {
            setError(guidanceForBridgeError('other', answer.error, answer.lost));
            return;
          }
          await load();
        }}
      >
        <PinField
          ref={first}
          id="pin-new"
          label={t('pin.new')}
          value={pin}
          onValue={setPin}
          state={pinCheck}
          submitted={submitted}
        />
        <PinField
          id="pin-repeat"
          label={t('pin.repeat')}
          value={repeat}
          onValue={setRepeat}
          state={repeatCheck}
          submitted={submitted}
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          <BusyLabel busy={busy} idle={t('pin.create')} working={t('common.saving')} />
        </button>
      </form>
      {error ? <GuidancePanel guidance={error} /> : null}
    </div>
  );
}
