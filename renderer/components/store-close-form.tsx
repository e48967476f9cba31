// "Cerrar el día de la tienda" (store-close-panel.tsx): the supervisor, the note the exceptions
// need, the PIN, why the close is refused now (logic/store-close-form.ts), and what the close or
// a mark-off answered. The supervisor and PIN also mark a silent counter off for the day.
import { type FormEvent, useState } from 'react';
import type { StoreCloseView } from '../../shared/bridge/store-close';
import { useT } from '../i18n/use-t';
import type { CloseFormCheck, CloseFormFields } from '../logic/store-close-form';
import {
  refusedNoteText,
  refusedOpenText,
  refusedSilentText,
  silentHolding,
} from '../logic/store-close-text';
import { useStoreCloseStore } from '../stores/store-close-store';
import { BusyLabel } from './busy-label';
import { GuidancePanel } from './guidance-panel';

/**
 * The form's fields, kept by the panel whatever state it shows (a close read again keeps what was
 * typed), and a silent counter marked off with them.
 */
export function useStoreCloseForm() {
  const markOff = useStoreCloseStore((s) => s.markOff);
  const [supervisor, setSupervisor] = useState('');
  const [note, setNote] = useState('');
  const [pin, setPin] = useState('');
  const [tried, setTried] = useState(false);
  const [markTried, setMarkTried] = useState(false);

  // A silent counter marked off for the day with the form's supervisor and PIN (recorded).
  const markOffCounter = (terminalId: string) => {
    const supervisorOk = supervisor.trim().length >= 2;
    // Says what is missing only while it is missing: not after the counter was marked off.
    setMarkTried(!supervisorOk || pin.length === 0);
    if (!supervisorOk || pin.length === 0) return;
    void markOff({ terminal_id: terminalId, pin, supervisor: supervisor.trim() }).then(() =>
      setPin(''),
    );
  };

  return {
    fields: { supervisor, note, pin, tried } satisfies CloseFormFields,
    markTried,
    setSupervisor,
    setNote,
    setPin,
    setTried,
    markOffCounter,
  };
}

export type StoreCloseFormState = ReturnType<typeof useStoreCloseForm>;

export function StoreCloseForm({
  view,
  form,
  check,
  ids,
}: {
  view: StoreCloseView;
  form: StoreCloseFormState;
  check: CloseFormCheck;
  ids: string;
}) {
  const t = useT();
  const close = useStoreCloseStore((s) => s.close);
  const closing = useStoreCloseStore((s) => s.closing);
  const { supervisor, note, pin } = form.fields;
  const { supervisorOk, noteOk, unnamed, reason } = check;
  const refusal = view.refusal;
  const reasonId = `${ids}-reason`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.setTried(true);
    if (refusal || unnamed.length > 0 || !supervisorOk || !noteOk || pin.length === 0) return;
    void close({ pin, supervisor: supervisor.trim(), note }).then(() => form.setPin(''));
  };

  return (
    <form
      className="store-close-form"
      noValidate
      onSubmit={submit}
      aria-label={t('storeClose.close')}
    >
      <div className="field">
        <label htmlFor={`${ids}-sup`}>{t('storeClose.supervisor')}</label>
        <input
          id={`${ids}-sup`}
          className="input"
          value={supervisor}
          maxLength={64}
          autoComplete="off"
          onChange={(event) => form.setSupervisor(event.target.value)}
        />
      </div>
      {check.needsNote ? (
        <div className="field">
          <label htmlFor={`${ids}-note`}>{t('storeClose.noteLabel')}</label>
          <textarea
            id={`${ids}-note`}
            className="input"
            value={note}
            maxLength={1000}
            rows={2}
            aria-describedby={`${ids}-note-help`}
            onChange={(event) => form.setNote(event.target.value)}
          />
          <p id={`${ids}-note-help`} className="field-message">
            {t('storeClose.noteHelp')}
          </p>
        </div>
      ) : null}
      <div className="field">
        <label htmlFor={`${ids}-pin`}>{t('storeClose.pin')}</label>
        <input
          id={`${ids}-pin`}
          className="input"
          type="password"
          inputMode="numeric"
          maxLength={8}
          autoComplete="off"
          value={pin}
          onChange={(event) => form.setPin(event.target.value.replace(/\D/g, ''))}
        />
      </div>
      <button
        type="submit"
        className="button button--primary"
        aria-disabled={refusal !== null || unnamed.length > 0 || closing}
        aria-describedby={reason ? reasonId : undefined}
        disabled={closing}
      >
        <BusyLabel busy={closing} idle={t('storeClose.close')} working={t('storeClose.closing')} />
      </button>
      {reason ? (
        <p
          id={reasonId}
          role="alert"
          className="field-message field-message--error"
          data-testid="store-close-refusal"
        >
          {reason}
        </p>
      ) : null}
    </form>
  );
}

/** What the last close or mark-off answered: refused and why, closed, or the guidance. */
export function StoreCloseAnswer({
  view,
  form,
  check,
}: {
  view: StoreCloseView;
  form: StoreCloseFormState;
  check: CloseFormCheck;
}) {
  const t = useT();
  const answer = useStoreCloseStore((s) => s.answer);
  const closeError = useStoreCloseStore((s) => s.closeError);
  const refusal = view.refusal;
  const refused = answer?.outcome === 'refused' ? answer.refusal : null;
  return (
    <>
      {refused?.reason === 'open-operations' && !refusal ? (
        <p role="alert">{refusedOpenText(refused.count, t, silentHolding(view.draft))}</p>
      ) : null}
      {refused?.reason === 'note-required' ? (
        <p role="alert">{refusedNoteText(refused.exceptions, t)}</p>
      ) : null}
      {refused?.reason === 'silent-not-named' ? (
        <p role="alert">{refusedSilentText(refused.counters, t)}</p>
      ) : null}
      {refused?.reason === 'changed' ? <p role="alert">{t('storeClose.refusedChanged')}</p> : null}
      {form.markTried && !view.stored && (!check.supervisorOk || form.fields.pin.length === 0) ? (
        <p role="alert" className="field-message field-message--error">
          {t('storeClose.markOffNeeds')}
        </p>
      ) : null}
      {answer?.outcome === 'closed' ? (
        <p role="status" data-testid="store-close-done">
          {answer.already
            ? t('storeClose.already')
            : t('storeClose.closed', { hash: answer.view.stored?.sha256.slice(0, 16) ?? '' })}
        </p>
      ) : null}
      {closeError ? <GuidancePanel guidance={closeError} /> : null}
    </>
  );
}
