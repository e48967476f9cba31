import { useCallback, useEffect, useRef } from 'react';
import { normalizeFundingCode } from '../../shared/domain/identity';
import { CollectForm } from '../components/collect-form';
import { CollectOutcome } from '../components/collect-outcome';
import { focusAfterSubmit } from '../components/focus-after-submit';
import { IdentityField } from '../components/identity-field';
import { ScenarioHint } from '../components/scenario-hint';
import { TextField } from '../components/text-field';
import { TillPanel } from '../components/till-panel';
import { useEscape } from '../components/use-escape';
import { useT } from '../i18n/use-t';
import { checkSaleForm } from '../logic/sale-form';
import { useCheckStore } from '../stores/check-store';
import { formLocked, isBusy, useSaleStore } from '../stores/sale-store';

/** The v3 sale: identity, funding code and billed amount → the amount to collect → billed. */
export function SaleScreen() {
  const t = useT();
  const { form, submitted, phase, scenario, till, setField, submit, back } = useSaleStore();
  const identityRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const check = checkSaleForm(form);
  const locked = formLocked(phase);
  const busy = isBusy(phase);
  const fields = phase.name === 'verify-failed' ? phase.guidance.fields : {};

  // Only on arrival: afterwards focus follows the cashier and the phase.
  useEffect(() => {
    if (useSaleStore.getState().phase.name === 'editing') identityRef.current?.focus();
  }, []);

  // A till sale arrives with its amount filled in: the cashier starts at the first open field.
  const tillId = till?.request_id;
  const tillNamedCustomer = Boolean(till?.identity);
  useEffect(() => {
    if (!tillId) return;
    (tillNamedCustomer ? codeRef : identityRef).current?.focus();
  }, [tillId, tillNamedCustomer]);

  const onEscape = useCallback(() => {
    const before = useSaleStore.getState().phase.name;
    back();
    if (before === 'verified' || before === 'verify-failed') identityRef.current?.focus();
  }, [back]);
  useEscape(onEscape);

  const onSubmit = async () => {
    await submit();
    const { phase: now, form: typed } = useSaleStore.getState();
    const state = checkSaleForm(typed);
    const failed = now.name === 'verify-failed' ? now.guidance.fields : {};
    focusAfterSubmit(now, [
      {
        valid: state.identity.status === 'valid',
        failed: Boolean(failed.identity),
        ref: identityRef,
      },
      { valid: state.code.status === 'valid', failed: Boolean(failed.code), ref: codeRef },
      { valid: state.amount.status === 'valid', failed: Boolean(failed.amount), ref: amountRef },
    ]);
  };

  // v2 Check takes a DNI: a refusal that sends the cashier there carries the customer over.
  const openCheck = () => {
    if (form.identityKind !== 'dni') return;
    const checkStore = useCheckStore.getState();
    checkStore.reset();
    checkStore.setField('dni', form.identity);
    checkStore.setField('code', form.code);
  };

  return (
    <div className="screen screen--sale">
      <h1>{t('sale.title')}</h1>
      {scenario ? <ScenarioHint scenario={scenario} /> : null}
      <TillPanel />
      <div className="sale-layout">
        <CollectForm
          id="sale-form"
          title={t('sale.formTitle')}
          onSubmit={() => void onSubmit()}
          disabled={busy || locked}
          asking={phase.name === 'verifying'}
          idle={t('sale.verify')}
          working={t('sale.verifying')}
        >
          <IdentityField
            idPrefix="sale"
            kind={form.identityKind}
            value={form.identity}
            state={check.identity}
            submitted={submitted}
            readOnly={locked || Boolean(till?.identity)}
            serviceMessage={fields.identity ? t(fields.identity) : undefined}
            onKind={(kind) => setField('identityKind', kind)}
            onValue={(value) => setField('identity', value)}
            onEnter={() => codeRef.current?.focus()}
            inputRef={identityRef}
          />
          <TextField
            ref={codeRef}
            id="sale-code"
            label={t('sale.code')}
            value={form.code}
            // Scanners type fast and may add spaces or dashes; the field shows what will be sent.
            onValue={(value) => setField('code', normalizeFundingCode(value))}
            state={check.code}
            submitted={submitted}
            serviceMessage={fields.code ? t(fields.code) : undefined}
            readOnly={locked}
            autoCapitalize="characters"
            className="input--code"
            onKeyDown={(event) => {
              // A scanner ends with Enter: move on to the amount instead of submitting.
              if (event.key === 'Enter') {
                event.preventDefault();
                amountRef.current?.focus();
              }
            }}
          />
          <TextField
            ref={amountRef}
            id="sale-amount"
            label={t('sale.amount')}
            value={form.amount}
            onValue={(value) => setField('amount', value)}
            state={check.amount}
            submitted={submitted}
            serviceMessage={fields.amount ? t(fields.amount) : undefined}
            readOnly={locked || till !== null}
            inputMode="decimal"
            className="input--amount"
          />
        </CollectForm>
        <CollectOutcome
          store={useSaleStore}
          onNew={() => identityRef.current?.focus()}
          onOpenCheck={openCheck}
        />
      </div>
    </div>
  );
}
