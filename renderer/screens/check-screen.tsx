import { useCallback, useEffect, useRef } from 'react';
import { normalizeFundingCode } from '../../shared/domain/identity';
import { CollectForm } from '../components/collect-form';
import { CollectOutcome } from '../components/collect-outcome';
import { focusAfterSubmit } from '../components/focus-after-submit';
import { ScenarioHint } from '../components/scenario-hint';
import { TextField } from '../components/text-field';
import { useEscape } from '../components/use-escape';
import { useT } from '../i18n/use-t';
import { checkFormFields, useCheckStore } from '../stores/check-store';
import { formLocked, isBusy } from '../stores/collect-flow';

/** v2: Check funding code (PENDING / FULFILLED), then Paid-and-billed v2. */
export function CheckScreen() {
  const t = useT();
  const { form, phase, submitted, scenario, setField, submit, back } = useCheckStore();
  const dniRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const check = checkFormFields(form);
  const locked = formLocked(phase);
  const busy = isBusy(phase);
  const fields = phase.name === 'verify-failed' ? phase.guidance.fields : {};

  useEffect(() => {
    dniRef.current?.focus();
  }, []);

  const onEscape = useCallback(() => {
    const before = useCheckStore.getState().phase.name;
    back();
    if (before === 'verified' || before === 'verify-failed') dniRef.current?.focus();
  }, [back]);
  useEscape(onEscape);

  const onSubmit = async () => {
    await submit();
    const { phase: now, form: typed } = useCheckStore.getState();
    const state = checkFormFields(typed);
    const failed = now.name === 'verify-failed' ? now.guidance.fields : {};
    focusAfterSubmit(now, [
      { valid: state.identity.status === 'valid', failed: Boolean(failed.identity), ref: dniRef },
      { valid: state.code.status === 'valid', failed: Boolean(failed.code), ref: codeRef },
    ]);
  };

  const dniFix = check.identity.status === 'error' ? check.identity.fix : undefined;

  return (
    <div className="screen screen--check">
      <h1>{t('check.title')}</h1>
      {scenario ? <ScenarioHint scenario={scenario} /> : null}
      <div className="sale-layout">
        <CollectForm
          id="check-form"
          title={t('check.formTitle')}
          onSubmit={() => void onSubmit()}
          disabled={busy || locked}
          asking={phase.name === 'verifying'}
          idle={t('check.query')}
          working={t('check.querying')}
        >
          <TextField
            ref={dniRef}
            id="check-dni"
            label={t('identity.dniLabel')}
            value={form.dni}
            onValue={(value) => setField('dni', value)}
            state={check.identity}
            submitted={submitted}
            serviceMessage={fields.identity ? t(fields.identity) : undefined}
            readOnly={locked}
            inputMode="numeric"
            maxLength={10}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                codeRef.current?.focus();
              }
            }}
            fix={
              dniFix
                ? {
                    label: t('field.dni.useEight', { dni: dniFix }),
                    onFix: () => setField('dni', dniFix),
                  }
                : undefined
            }
          />
          <p className="field-note">{t('check.dniOnly')}</p>
          <TextField
            ref={codeRef}
            id="check-code"
            label={t('sale.code')}
            value={form.code}
            onValue={(value) => setField('code', normalizeFundingCode(value))}
            state={check.code}
            submitted={submitted}
            serviceMessage={fields.code ? t(fields.code) : undefined}
            readOnly={locked}
            autoCapitalize="characters"
            className="input--code"
          />
        </CollectForm>
        <CollectOutcome store={useCheckStore} onNew={() => dniRef.current?.focus()} />
      </div>
    </div>
  );
}
