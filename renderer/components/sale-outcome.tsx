import { useEffect, useRef } from 'react';
import { formatPEN } from '../../shared/domain/money';
import { useT } from '../i18n/use-t';
import { useCheckStore } from '../stores/check-store';
import { isBusy, useSaleStore } from '../stores/sale-store';
import { useIsTraining } from '../stores/settings-store';
import { useShownInPlace } from '../stores/unknown-outcome';
import { AlreadyBilled } from './already-billed';
import { AmountToCollect } from './amount-to-collect';
import { BusyLabel } from './busy-label';
import { DeliberateButton } from './deliberate-button';
import { GuidanceActions } from './guidance-actions';
import { GuidancePanel } from './guidance-panel';
import { PaidAndBilled } from './paid-and-billed';

/** The right-hand side of the sale: whatever the phase says the cashier may do next. */
export function SaleOutcome({ onNewSale }: { onNewSale: () => void }) {
  const t = useT();
  const training = useIsTraining();
  const store = useSaleStore();
  const { phase } = store;
  const primaryRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const busy = isBusy(phase) || store.sideBusy;
  useShownInPlace('v3.paidAndBilled');

  const refusedWithoutField =
    phase.name === 'verify-failed' && Object.keys(phase.guidance.fields).length === 0;
  // Focus follows the flow so Enter always does the next right thing.
  useEffect(() => {
    if (['verified', 'confirming', 'billed'].includes(phase.name)) primaryRef.current?.focus();
    else if (['paid-refused', 'unknown'].includes(phase.name)) panelRef.current?.focus();
    // A refusal about no field of the form: the message is where the cashier reads on.
    else if (refusedWithoutField) panelRef.current?.focus();
  }, [phase.name, refusedWithoutField]);

  const newSale = () => {
    store.newSale();
    onNewSale();
  };

  if (phase.name === 'editing' || phase.name === 'verifying') {
    return (
      <div className="sale-outcome sale-outcome--empty">
        <p>{phase.name === 'verifying' ? t('sale.verifyingLong') : t('sale.emptyOutcome')}</p>
      </div>
    );
  }

  if (phase.name === 'verify-failed') {
    const actions = phase.guidance.actions.filter(
      (a) => a === 'retry' || a === 'open-check' || a === 'open-settings',
    );
    return (
      <div className="sale-outcome" ref={panelRef} tabIndex={-1}>
        <GuidancePanel guidance={phase.guidance}>
          <GuidanceActions
            actions={actions}
            onRetry={() => void store.verify()}
            onOpenCheck={() => {
              // v2 Check takes a DNI: carry the customer over so nothing is typed twice.
              const { form } = store;
              if (form.identityKind !== 'dni') return;
              useCheckStore.getState().reset();
              useCheckStore.getState().setField('dni', form.identity);
              useCheckStore.getState().setField('code', form.code);
            }}
            busy={busy}
          />
        </GuidancePanel>
      </div>
    );
  }

  const { verification } = phase;
  const amount = formatPEN(verification.amounts.to_collect);
  const invoiceHint = t(
    verification.request.identity.kind === 'ruc' ? 'sale.hintFactura' : 'sale.hintBoleta',
  );

  if (phase.name === 'billed') {
    return (
      <div className="sale-outcome">
        <PaidAndBilled
          invoice={phase.invoice}
          collected={amount}
          opId={phase.opId}
          primaryRef={primaryRef}
          onNew={newSale}
          newLabel={t('sale.newSale')}
          fromTill={store.till !== null}
        />
      </div>
    );
  }

  if (phase.name === 'unknown') {
    return (
      <div className="sale-outcome" ref={panelRef} tabIndex={-1}>
        <GuidancePanel guidance={phase.guidance}>
          <p className="unknown-wait">
            <span className="spinner" aria-hidden="true" /> {t('sale.unknownAmount', { amount })}
          </p>
          <GuidanceActions
            actions={phase.guidance.actions}
            onCheckAgain={() => void store.checkAgain()}
            busy={busy}
          />
          <button type="button" className="button" onClick={newSale}>
            {t('sale.serveAnother')}
          </button>
        </GuidancePanel>
      </div>
    );
  }

  if (phase.name === 'paid-refused') {
    const actions = phase.guidance.actions.filter((a) => training || a !== 'accept-schedule');
    return (
      <div className="sale-outcome" ref={panelRef} tabIndex={-1}>
        <GuidancePanel guidance={phase.guidance}>
          {/* A refusal that can still be cured keeps the money aside; a final one gives it back
              (its guidance says so), so the two never contradict each other. */}
          <p>
            {phase.guidance.actions.some((a) => a === 'retry-paid' || a === 're-verify')
              ? t('sale.refusedAfterCollect', { amount })
              : t('sale.refusedReturnAmount', { amount })}
          </p>
          {store.scheduleAccepted ? (
            <p className="note-ok" role="status">
              <span aria-hidden="true">✓ </span>
              {t('training.scheduleAccepted')}
            </p>
          ) : null}
          <GuidanceActions
            actions={actions}
            busy={busy}
            onReverify={() => void store.reverify()}
            onRetryPaid={() => void store.confirmCollected()}
            onAcceptSchedule={() => void store.acceptSchedule()}
          />
          <button type="button" className="button" onClick={newSale} disabled={busy}>
            {t('sale.cancelSale')}
          </button>
        </GuidancePanel>
      </div>
    );
  }

  if (verification.conditions.billed_by_ecommerce) {
    return (
      <div className="sale-outcome">
        <AlreadyBilled
          billedCents={verification.amounts.billed}
          primaryRef={primaryRef}
          onNew={newSale}
          newLabel={t('sale.newSale')}
        />
      </div>
    );
  }

  return (
    <div className="sale-outcome">
      <AmountToCollect
        amounts={verification.amounts}
        previousToCollect={verification.previousToCollect}
      />
      <p className="invoice-hint">{invoiceHint}</p>
      {phase.name === 'verified' || phase.name === 'reverifying' ? (
        <div className="button-row">
          <DeliberateButton
            key="collect"
            ref={primaryRef}
            type="button"
            className="button button--primary button--huge"
            onClick={store.startCollect}
            disabled={phase.name === 'reverifying'}
          >
            {verification.amounts.to_collect === 0
              ? t('sale.collectNothing')
              : t('sale.collect', { amount })}
          </DeliberateButton>
          <button
            type="button"
            className="button"
            onClick={store.back}
            disabled={phase.name === 'reverifying'}
          >
            {t('sale.editData')}
          </button>
        </div>
      ) : (
        <section className="confirm" aria-labelledby="confirm-title">
          <h2 id="confirm-title">{t('sale.confirmTitle')}</h2>
          <p className="confirm__question">
            {verification.amounts.to_collect === 0
              ? t('sale.confirmNothing')
              : t('sale.confirmQuestion', { amount })}
          </p>
          <p>{t('sale.confirmWarning')}</p>
          <div className="button-row">
            <DeliberateButton
              key="confirm"
              ref={primaryRef}
              type="button"
              className="button button--success button--huge"
              onClick={() => void store.confirmCollected()}
              disabled={busy}
            >
              <BusyLabel
                busy={phase.name === 'billing'}
                idle={t('sale.confirmYes', { amount })}
                working={t('sale.billing')}
              />
            </DeliberateButton>
            <button type="button" className="button" onClick={store.back} disabled={busy}>
              {t('common.backEsc')}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
