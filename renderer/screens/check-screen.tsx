import { useLayoutEffect, useRef } from 'react';
import { CollectForm } from '../components/collect-form';
import { CollectOutcome } from '../components/collect-outcome';
import { FundingCodeField } from '../components/funding-code-field';
import { HeldForCode } from '../components/held-for-code';
import { ScenarioHint } from '../components/scenario-hint';
import { TextField } from '../components/text-field';
import { useCollectForm } from '../components/use-collect-form';
import { useT } from '../i18n/use-t';
import { checkFormFields, useCheckStore } from '../stores/check-store';
import { formLocked } from '../stores/collect-flow';

/** v2: Check funding code (PENDING / FULFILLED), then Paid-and-billed v2. */
export function CheckScreen() {
  const t = useT();
  const { form, phase, submitted, setField } = useCheckStore();
  // Another customer or code typed over a training case: the hint is not this check's.
  const shownCase = useCheckStore((s) => s.caseOnScreen());
  const dniRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const check = checkFormFields(form);
  const locked = formLocked(phase);
  const fields = phase.name === 'verify-failed' ? phase.guidance.fields : {};

  // Focus in the commit that shows the screen (a layout effect), not after paint: a key typed
  // right after the F-key lands in the field.
  useLayoutEffect(() => {
    dniRef.current?.focus();
  }, []);

  const onSubmit = useCollectForm(useCheckStore, [
    { name: 'identity', ref: dniRef, state: (f) => checkFormFields(f).identity },
    { name: 'code', ref: codeRef, state: (f) => checkFormFields(f).code },
  ]);

  const dniFix = check.identity.status === 'error' ? check.identity.fix : undefined;

  return (
    <div className="screen screen--check">
      <h1>{t('check.title')}</h1>
      {shownCase ? <ScenarioHint scenario={shownCase} /> : null}
      <HeldForCode code={form.code} phase={phase} />
      <div className="sale-layout">
        <CollectForm
          id="check-form"
          title={t('check.formTitle')}
          onSubmit={() => void onSubmit()}
          phase={phase}
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
          <FundingCodeField
            id="check-code"
            inputRef={codeRef}
            value={form.code}
            onValue={(code) => setField('code', code)}
            state={check.code}
            submitted={submitted}
            serviceMessage={fields.code ? t(fields.code) : undefined}
            readOnly={locked}
          />
        </CollectForm>
        <CollectOutcome store={useCheckStore} onNew={() => dniRef.current?.focus()} />
      </div>
    </div>
  );
}
