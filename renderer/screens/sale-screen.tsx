import { useEffect, useLayoutEffect, useRef } from 'react';
import { CollectForm } from '../components/collect-form';
import { CollectOutcome } from '../components/collect-outcome';
import { FundingCodeField } from '../components/funding-code-field';
import { HeldForCode } from '../components/held-for-code';
import { IdentityField } from '../components/identity-field';
import { ScenarioHint } from '../components/scenario-hint';
import { TextField } from '../components/text-field';
import { TillPanel } from '../components/till-panel';
import { useCollectForm } from '../components/use-collect-form';
import { useT } from '../i18n/use-t';
import { checkSaleForm } from '../logic/sale-form';
import { useCheckStore } from '../stores/check-store';
import { formLocked } from '../stores/collect-flow';
import { useSaleStore } from '../stores/sale-store';

/** The v3 sale: identity, funding code and billed amount → the amount to collect → billed. */
export function SaleScreen() {
  const t = useT();
  const { form, submitted, phase, till, setField } = useSaleStore();
  // Another customer or code typed over a training case: the hint is not this sale's.
  const shownCase = useSaleStore((s) => s.caseOnScreen());
  const identityRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const check = checkSaleForm(form);
  const locked = formLocked(phase);
  const fields = phase.name === 'verify-failed' ? phase.guidance.fields : {};

  // Only on arrival: afterwards focus follows the cashier and the phase.
  // Focus in the commit that shows the screen (a layout effect), not after paint: a key typed
  // right after the F-key lands in the field.
  useLayoutEffect(() => {
    if (useSaleStore.getState().phase.name === 'editing') identityRef.current?.focus();
  }, []);

  // A reload (or restart) shows this terminal's last green result again, from the journal.
  useEffect(() => {
    void useSaleStore.getState().restoreLastBilled();
  }, []);

  // A till sale arrives with its amount filled in: the cashier starts at the first open field.
  const tillId = till?.request_id;
  const tillNamedCustomer = Boolean(till?.identity);
  useEffect(() => {
    if (!tillId) return;
    (tillNamedCustomer ? codeRef : identityRef).current?.focus();
  }, [tillId, tillNamedCustomer]);

  const onSubmit = useCollectForm(useSaleStore, [
    { name: 'identity', ref: identityRef, state: (f) => checkSaleForm(f).identity },
    { name: 'code', ref: codeRef, state: (f) => checkSaleForm(f).code },
    { name: 'amount', ref: amountRef, state: (f) => checkSaleForm(f).amount },
  ]);

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
      {shownCase ? <ScenarioHint scenario={shownCase} /> : null}
      <TillPanel />
      <HeldForCode code={form.code} phase={phase} />
      <div className="sale-layout">
        <CollectForm
          id="sale-form"
          title={t('sale.formTitle')}
          onSubmit={() => void onSubmit()}
          phase={phase}
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
          <FundingCodeField
            id="sale-code"
            inputRef={codeRef}
            value={form.code}
            onValue={(code) => setField('code', code)}
            state={check.code}
            submitted={submitted}
            serviceMessage={fields.code ? t(fields.code) : undefined}
            readOnly={locked}
            onEnter={() => amountRef.current?.focus()}
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
