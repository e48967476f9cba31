import { useEffect, useRef, useState } from 'react';
import { CashierCode } from '../../shared/bridge/settings';
import { BusyLabel } from '../components/busy-label';
import { GuidancePanel } from '../components/guidance-panel';
import { LanguageSwitch } from '../components/language-switch';
import { TextField } from '../components/text-field';
import { useBridgeForm } from '../components/use-bridge-form';
import { useT } from '../i18n/use-t';
import type { FieldState } from '../logic/sale-form';
import { useSettingsStore } from '../stores/settings-store';

export function cashierIdState(raw: string): FieldState {
  if (raw.trim() === '') return { status: 'empty' };
  return CashierCode.safeParse(raw).success
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
  const form = useBridgeForm();
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
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit(
            state.status === 'valid',
            'shift.start',
            { cashier_id: cashierId.trim() },
            replace,
          );
        }}
      >
        <TextField
          ref={input}
          id="shift-cashier"
          label={t('shift.cashierId')}
          value={cashierId}
          onValue={(value) => setCashierId(value.toUpperCase())}
          state={state}
          submitted={form.submitted}
          maxLength={32}
          autoCapitalize="characters"
        />
        <button type="submit" className="button button--primary" disabled={form.busy}>
          <BusyLabel busy={form.busy} idle={t('shift.start')} working={t('common.saving')} />
        </button>
      </form>
      {form.error ? <GuidancePanel guidance={form.error} /> : null}
    </div>
  );
}
