import { useEffect, useLayoutEffect, useRef } from 'react';
import { normalizeFundingCode } from '../../shared/domain/identity';
import { BusyLabel } from '../components/busy-label';
import { FieldMessage, isShownAsError } from '../components/field-message';
import { GuidanceActions } from '../components/guidance-actions';
import { GuidancePanel } from '../components/guidance-panel';
import { IdentityField } from '../components/identity-field';
import { PinField } from '../components/pin-field';
import { RecordPrintActions } from '../components/record-print-actions';
import { ScenarioHint } from '../components/scenario-hint';
import { TextField } from '../components/text-field';
import { useT } from '../i18n/use-t';
import { useSettingsStore } from '../stores/settings-store';
import { checkUndoForm, useUndoStore } from '../stores/undo-store';

/** Undo billing (exchange of the product): supervisor PIN and reason, v3 or v2. */
export function UndoScreen() {
  const t = useT();
  const store = useUndoStore();
  const { form, phase, submitted } = store;
  const check = checkUndoForm(form);
  const busy = phase.name === 'undoing';
  const identityRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const pinRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const fields = phase.name === 'failed' ? phase.guidance.fields : {};

  const apiGeneration = useSettingsStore((s) => s.settings?.api_generation ?? 'v3');
  // Focus in the commit that shows the screen (a layout effect), not after paint: a key typed
  // right after the F-key lands in the field.
  useLayoutEffect(() => identityRef.current?.focus(), []);
  useEffect(() => {
    // An untouched form follows the terminal's API generation; a filled one keeps its own.
    const { form: current, phase: now } = useUndoStore.getState();
    if (now.name === 'editing' && current.identity === '' && current.code === '') {
      useUndoStore.getState().setField('generation', apiGeneration);
    }
  }, [apiGeneration]);
  useEffect(() => {
    if (phase.name === 'undone' || phase.name === 'failed') resultRef.current?.focus();
  }, [phase.name]);

  const submit = async () => {
    await store.undo();
    const state = useUndoStore.getState();
    if (state.phase.name !== 'editing') return;
    const now = checkUndoForm(state.form);
    if (now.identity.status !== 'valid') identityRef.current?.focus();
    else if (now.code.status !== 'valid') codeRef.current?.focus();
    else if (now.reason.status !== 'valid') reasonRef.current?.focus();
    else pinRef.current?.focus();
  };

  const reasonInvalid = isShownAsError(check.reason, submitted);
  return (
    <div className="screen screen--undo">
      <h1>{t('undo.title')}</h1>
      <p className="screen__lead">{t('undo.lead')}</p>
      {store.scenario ? <ScenarioHint scenario={store.scenario} /> : null}
      <div className="sale-layout">
        <form
          className="card sale-form"
          noValidate
          aria-labelledby="undo-form-title"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <h2 id="undo-form-title">{t('undo.formTitle')}</h2>
          <fieldset className="segmented" disabled={busy}>
            <legend>{t('undo.generation')}</legend>
            {(['v3', 'v2'] as const).map((generation) => (
              <label key={generation} className="segmented__option">
                <input
                  type="radio"
                  name="undo-generation"
                  value={generation}
                  checked={form.generation === generation}
                  onChange={() => store.setField('generation', generation)}
                />
                <span>{generation === 'v3' ? t('undo.v3') : t('undo.v2')}</span>
              </label>
            ))}
          </fieldset>
          <IdentityField
            idPrefix="undo"
            kind={form.identityKind}
            value={form.identity}
            state={check.identity}
            submitted={submitted}
            readOnly={busy}
            serviceMessage={fields.identity ? t(fields.identity) : undefined}
            onKind={(kind) => store.setField('identityKind', kind)}
            onValue={(value) => store.setField('identity', value)}
            onEnter={() => codeRef.current?.focus()}
            inputRef={identityRef}
          />
          <TextField
            ref={codeRef}
            id="undo-code"
            label={t('sale.code')}
            value={form.code}
            onValue={(value) => store.setField('code', normalizeFundingCode(value))}
            state={check.code}
            submitted={submitted}
            serviceMessage={fields.code ? t(fields.code) : undefined}
            readOnly={busy}
            autoCapitalize="characters"
            className="input--code"
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                reasonRef.current?.focus();
              }
            }}
          />
          <div className="field">
            <label htmlFor="undo-reason">{t('undo.reason')}</label>
            <textarea
              ref={reasonRef}
              id="undo-reason"
              className="input"
              rows={2}
              maxLength={300}
              value={form.reason}
              readOnly={busy}
              aria-invalid={reasonInvalid}
              aria-describedby="undo-reason-message"
              onChange={(event) => store.setField('reason', event.target.value)}
            />
            <FieldMessage id="undo-reason-message" state={check.reason} required={submitted} />
          </div>
          <PinField
            ref={pinRef}
            id="undo-pin"
            label={t('undo.pin')}
            value={form.pin}
            onValue={(value) => store.setField('pin', value)}
            state={check.pin}
            submitted={submitted}
            serviceMessage={fields.pin ? t(fields.pin) : undefined}
            readOnly={busy}
          />
          <div className="button-row">
            <button type="submit" className="button button--danger" disabled={busy}>
              <BusyLabel busy={busy} idle={t('undo.submit')} working={t('undo.working')} />
            </button>
          </div>
        </form>
        <div className="sale-outcome" ref={resultRef} tabIndex={-1}>
          {phase.name === 'undone' ? (
            <section
              className="banner banner--success"
              role="status"
              aria-labelledby="undone-title"
            >
              <h2 id="undone-title" className="banner__title">
                <span aria-hidden="true">✓ </span>
                {t('undo.done')}
              </h2>
              <p>{t('undo.doneSteps')}</p>
              <RecordPrintActions record="undo-record" opId={phase.opId} />
            </section>
          ) : phase.name === 'failed' ? (
            <GuidancePanel guidance={phase.guidance}>
              <GuidanceActions
                actions={phase.guidance.actions}
                busy={busy}
                onRetry={() => pinRef.current?.focus()}
              />
            </GuidancePanel>
          ) : (
            <p className="sale-outcome--empty">{t('undo.empty')}</p>
          )}
        </div>
      </div>
    </div>
  );
}
