import { useEffect, useRef, useState } from 'react';
import { CashierId } from '../../shared/bridge';
import { call } from '../bridge/call';
import { BusyLabel } from '../components/busy-label';
import { GuidancePanel } from '../components/guidance-panel';
import { LanguageSwitch } from '../components/language-switch';
import { TextField } from '../components/text-field';
import { useT } from '../i18n/use-t';
import { type Guidance, guidanceForBridgeError } from '../logic/error-guidance';
import type { FieldState } from '../logic/sale-form';
import { useSettingsStore } from '../stores/settings-store';

export function cashierIdState(raw: string): FieldState {
  if (raw.trim() === '') return { status: 'empty' };
  return CashierId.safeParse(raw).success
    ? { status: 'valid' }
    : { status: 'error', message: 'shift.idInvalid' };
}

/**
 * Shift start: the cashier says who is at the till. The id goes with every Verify and
 * Paid-and-billed, and the service binds a sale to the till that verified it first.
 */
export function ShiftStartScreen() {
  const t = useT();
  const replace = useSettingsStore((s) => s.replace);
  const [cashierId, setCashierId] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Guidance | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const state = cashierIdState(cashierId);

  return (
    <div className="screen screen--narrow">
      <h1>{t('shift.title')}</h1>
      <p className="screen__lead">{t('shift.lead')}</p>
      <LanguageSwitch />
      <form
        className="card"
        noValidate
        aria-label={t('shift.title')}
        onSubmit={async (event) => {
          event.preventDefault();
          setSubmitted(true);
          if (state.status !== 'valid' || busy) return;
          setBusy(true);
          const answer = await call('shift.start', { cashier_id: cashierId.trim() });
          setBusy(false);
          if (answer.ok) replace(answer.result);
          else setError(guidanceForBridgeError('other', answer.error, answer.lost));
        }}
      >
        <TextField
          ref={input}
          id="shift-cashier"
          label={t('shift.cashierId')}
          value={cashierId}
          onValue={setCashierId}
          state={state}
          submitted={submitted}
          maxLength={32}
          autoCapitalize="characters"
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          <BusyLabel busy={busy} idle={t('shift.start')} working={t('common.saving')} />
        </button>
      </form>
      {error ? <GuidancePanel guidance={error} /> : null}
    </div>
  );
}
