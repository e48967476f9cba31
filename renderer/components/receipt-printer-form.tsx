import { useState } from 'react';
import { PrinterAddress, type ReceiptPrinterSettings } from '../../shared/bridge/printer';
import { call } from '../bridge/call';
import { useT } from '../i18n/use-t';
import { type Guidance, guidanceForBridgeError } from '../logic/error-guidance';
import { type PrinterNotice, printerNotice } from '../logic/printer-outcome';
import type { FieldState } from '../logic/sale-form';
import { useSettingsStore } from '../stores/settings-store';
import { BusyLabel } from './busy-label';
import { GuidancePanel } from './guidance-panel';
import { PrinterNoticeView } from './printer-notice-view';
import { TextField } from './text-field';

type Columns = ReceiptPrinterSettings['columns'];
const COLUMNS: ReadonlyArray<{
  value: Columns;
  label: 'printer.columns48' | 'printer.columns42' | 'printer.columns32';
}> = [
  { value: 48, label: 'printer.columns48' },
  { value: 42, label: 'printer.columns42' },
  { value: 32, label: 'printer.columns32' },
];

function addressState(raw: string): FieldState {
  if (raw.trim() === '') return { status: 'empty' };
  return PrinterAddress.safeParse(raw).success
    ? { status: 'valid' }
    : { status: 'error', message: 'printer.addressInvalid' };
}

/**
 * The counter's receipt printer, behind the supervisor PIN like every setting: its address and
 * paper width, and a test page to the printer as typed (saved or not) before saving it.
 */
export function ReceiptPrinterForm({ pin }: { pin: string }) {
  const t = useT();
  const current = useSettingsStore((s) => s.settings?.receipt_printer ?? null);
  const replace = useSettingsStore((s) => s.replace);
  const [address, setAddress] = useState(current?.address ?? '');
  const [columns, setColumns] = useState<Columns>(current?.columns ?? 48);
  const [busy, setBusy] = useState<'save' | 'test' | null>(null);
  const [notice, setNotice] = useState<PrinterNotice | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [error, setError] = useState<Guidance | null>(null);
  const state = addressState(address);
  const printer = { address: address.trim(), columns };

  const save = async (value: ReceiptPrinterSettings | null) => {
    setBusy('save');
    setSaved(null);
    setError(null);
    const answer = await call('settings.update', { pin, change: { receipt_printer: value } });
    setBusy(null);
    if (!answer.ok) return setError(guidanceForBridgeError('other', answer.error, answer.lost));
    replace(answer.result);
    setSaved(value ? t('printer.saved') : t('printer.removed'));
  };

  const test = async () => {
    setBusy('test');
    setNotice(null);
    setError(null);
    const answer = await call('receipt.testPage', { pin, printer });
    setBusy(null);
    if (!answer.ok) return setError(guidanceForBridgeError('other', answer.error, answer.lost));
    setNotice(printerNotice(answer.result, 'printer.testSent'));
  };

  return (
    <form
      className="card"
      noValidate
      aria-labelledby="printer-title"
      data-testid="receipt-printer-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (state.status === 'valid' && !busy) void save(printer);
      }}
    >
      <h2 id="printer-title">{t('printer.title')}</h2>
      <p className="muted">{t('printer.lead')}</p>
      <p data-testid="printer-current">
        {current
          ? t('printer.current', { address: current.address, columns: current.columns })
          : t('printer.none')}
      </p>
      <TextField
        id="printer-address"
        label={t('printer.address')}
        value={address}
        onValue={setAddress}
        state={
          state.status === 'empty' ? { status: 'hint', message: 'printer.addressHint' } : state
        }
        submitted={false}
        maxLength={200}
        spellCheck={false}
        autoComplete="off"
      />
      <fieldset className="segmented">
        <legend>{t('printer.columns')}</legend>
        {COLUMNS.map((option) => (
          <label key={option.value} className="segmented__option">
            <input
              type="radio"
              name="printer-columns"
              value={option.value}
              checked={columns === option.value}
              onChange={() => setColumns(option.value)}
            />
            <span>{t(option.label)}</span>
          </label>
        ))}
      </fieldset>
      <div className="button-row">
        <button
          type="submit"
          className="button button--primary"
          disabled={busy !== null || state.status !== 'valid'}
        >
          <BusyLabel busy={busy === 'save'} idle={t('printer.save')} working={t('common.saving')} />
        </button>
        <button
          type="button"
          className="button"
          disabled={busy !== null || state.status !== 'valid'}
          onClick={() => void test()}
        >
          <BusyLabel
            busy={busy === 'test'}
            idle={t('printer.test')}
            working={t('printer.testing')}
          />
        </button>
        {current ? (
          <button
            type="button"
            className="button button--danger"
            disabled={busy !== null}
            onClick={() => void save(null)}
          >
            {t('printer.remove')}
          </button>
        ) : null}
      </div>
      {saved ? <p role="status">{saved}</p> : null}
      <PrinterNoticeView notice={notice} />
      {error ? <GuidancePanel guidance={error} headingLevel={3} /> : null}
    </form>
  );
}
