import { useCallback, useEffect, useRef } from 'react';
import { normalizeFundingCode } from '../../shared/domain/identity';
import { BusyLabel } from '../components/busy-label';
import { IdentityField } from '../components/identity-field';
import { SaleOutcome } from '../components/sale-outcome';
import { ScenarioHint } from '../components/scenario-hint';
import { TextField } from '../components/text-field';
import { TillPanel } from '../components/till-panel';
import { useEscape } from '../components/use-escape';
import { useT } from '../i18n/use-t';
import { checkSaleForm } from '../logic/sale-form';
import { formLocked, isBusy, useSaleStore } from '../stores/sale-store';

/** The v3 sale: identity, funding code and billed amount → the amount to collect → billed. */
export function SaleScreen() {
  const t = useT();
  const { form, submitted, phase, scenario, till, setField, verify, back } = useSaleStore();
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

  const submit = async () => {
    await verify();
    const state = useSaleStore.getState();
    // A submit with fields still wrong: take the cashier to the first one.
    if (state.phase.name === 'editing') {
      const now = checkSaleForm(state.form);
      if (now.identity.status !== 'valid') identityRef.current?.focus();
      else if (now.code.status !== 'valid') codeRef.current?.focus();
      else if (now.amount.status !== 'valid') amountRef.current?.focus();
    } else if (state.phase.name === 'verify-failed') {
      const failed = state.phase.guidance.fields;
      if (failed.identity) identityRef.current?.focus();
      else if (failed.code) codeRef.current?.focus();
      else if (failed.amount) amountRef.current?.focus();
    }
  };

  return (
    <div className="screen screen--sale">
      <h1>{t('sale.title')}</h1>
      {scenario ? <ScenarioHint scenario={scenario} /> : null}
      <TillPanel />
      <div className="sale-layout">
        <form
          className="card sale-form"
          noValidate
          aria-labelledby="sale-form-title"
          // An auto-repeated Enter (a held key) submits nothing: one press, one Verify.
          onKeyDown={(event) => {
            if (event.key === 'Enter' && event.repeat) event.preventDefault();
          }}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <h2 id="sale-form-title">{t('sale.formTitle')}</h2>
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
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={busy || locked}>
              <BusyLabel
                busy={phase.name === 'verifying'}
                idle={t('sale.verify')}
                working={t('sale.verifying')}
              />
            </button>
          </div>
        </form>
        <SaleOutcome onNewSale={() => identityRef.current?.focus()} />
      </div>
    </div>
  );
}
