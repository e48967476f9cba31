import { useCallback, useEffect, useRef } from 'react';
import { normalizeFundingCode } from '../../shared/domain/identity';
import { formatPEN } from '../../shared/domain/money';
import { AlreadyBilled } from '../components/already-billed';
import { BusyLabel } from '../components/busy-label';
import { DeliberateButton } from '../components/deliberate-button';
import { DownpaymentStatus } from '../components/downpayment-status';
import { GuidanceActions } from '../components/guidance-actions';
import { GuidancePanel } from '../components/guidance-panel';
import { PaidAndBilled } from '../components/paid-and-billed';
import { ScenarioHint } from '../components/scenario-hint';
import { TextField } from '../components/text-field';
import { useEscape } from '../components/use-escape';
import { useT } from '../i18n/use-t';
import { checkIdentityAndCode } from '../logic/sale-form';
import { checkBusy, checkFormLocked, useCheckStore } from '../stores/check-store';
import { useShownInPlace } from '../stores/unknown-outcome';

/** v2: Check funding code (PENDING / FULFILLED), then Paid-and-billed v2. */
export function CheckScreen() {
  const t = useT();
  const store = useCheckStore();
  const { form, phase, submitted } = store;
  const dniRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const primaryRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const check = checkIdentityAndCode('dni', form.dni, form.code, 'check');
  const locked = checkFormLocked(phase);
  const busy = checkBusy(phase) || store.sideBusy;
  const fields = phase.name === 'query-failed' ? phase.guidance.fields : {};
  useShownInPlace('v2.paidAndBilled');

  useEffect(() => {
    dniRef.current?.focus();
  }, []);
  useEffect(() => {
    if (['found', 'confirming', 'billed'].includes(phase.name)) primaryRef.current?.focus();
    else if (['paid-refused', 'unknown', 'query-failed'].includes(phase.name))
      panelRef.current?.focus();
  }, [phase.name]);

  const onEscape = useCallback(() => {
    const before = useCheckStore.getState().phase.name;
    store.back();
    if (before === 'found' || before === 'query-failed') dniRef.current?.focus();
  }, [store.back]);
  useEscape(onEscape);

  const newCheck = () => {
    store.reset();
    dniRef.current?.focus();
  };

  const renderResult = () => {
    if (phase.name === 'editing' || phase.name === 'querying') {
      return (
        <p className="sale-outcome--empty">
          {phase.name === 'querying' ? t('check.querying') : t('check.empty')}
        </p>
      );
    }
    if (phase.name === 'query-failed') {
      return (
        <div ref={panelRef} tabIndex={-1}>
          <GuidancePanel guidance={phase.guidance}>
            <GuidanceActions
              actions={phase.guidance.actions}
              busy={busy}
              onRetry={() => void store.query()}
            />
          </GuidancePanel>
        </div>
      );
    }
    const { checked } = phase;
    const info = checked.info;
    const toCollect = info.downpayment_status === 'PENDING' ? checked.downpaymentCents : 0;
    const amount = formatPEN(toCollect);
    if (phase.name === 'billed') {
      return (
        <PaidAndBilled
          invoice="boleta"
          collected={amount}
          opId={phase.opId}
          primaryRef={primaryRef}
          onNew={newCheck}
          newLabel={t('check.new')}
        />
      );
    }
    const status = (
      <>
        <DownpaymentStatus info={info} downpayment={formatPEN(checked.downpaymentCents)} />
        <dl className="conditions">
          <div>
            <dt>{t('check.channel')}</dt>
            <dd>
              {info.downpayment_channel === 'Tienda'
                ? t('check.channelStore')
                : t('check.channelService')}
            </dd>
          </div>
          <div>
            <dt>{t('check.purchaseTotal')}</dt>
            <dd>{formatPEN(checked.purchaseTotalCents)}</dd>
          </div>
          <div>
            <dt>{t('check.downpayment')}</dt>
            <dd>{formatPEN(checked.downpaymentCents)}</dd>
          </div>
          <div>
            <dt>{t('check.billedByEcommerce')}</dt>
            <dd>{info.billed_by_ecommerce ? t('common.yes') : t('common.no')}</dd>
          </div>
        </dl>
      </>
    );
    if (phase.name === 'unknown' || phase.name === 'paid-refused') {
      return (
        <div ref={panelRef} tabIndex={-1}>
          <GuidancePanel guidance={phase.guidance}>
            <GuidanceActions
              actions={phase.guidance.actions.filter(
                (a) => a !== 're-verify' && a !== 'accept-schedule',
              )}
              busy={busy}
              onRetryPaid={() => void store.confirmCollected()}
              onCheckAgain={() => void store.checkAgain()}
            />
            <button type="button" className="button" onClick={newCheck} disabled={busy}>
              {t('check.new')}
            </button>
          </GuidancePanel>
          {status}
        </div>
      );
    }
    return (
      <div>
        {status}
        {info.billed_by_ecommerce ? (
          <AlreadyBilled
            billedCents={checked.purchaseTotalCents}
            primaryRef={primaryRef}
            onNew={newCheck}
            newLabel={t('check.new')}
          />
        ) : phase.name === 'found' ? (
          <div className="to-collect to-collect--v2">
            <h2 className="to-collect__label">{t('sale.toCollect')}</h2>
            <p className="to-collect__amount" data-testid="amount-to-collect">
              {amount}
            </p>
            <div className="button-row">
              <DeliberateButton
                key="collect"
                ref={primaryRef}
                type="button"
                className="button button--primary button--huge"
                onClick={store.startCollect}
              >
                {toCollect === 0 ? t('check.markBilled') : t('sale.collect', { amount })}
              </DeliberateButton>
              <button type="button" className="button" onClick={store.back}>
                {t('sale.editData')}
              </button>
            </div>
          </div>
        ) : (
          <section className="confirm" aria-labelledby="check-confirm-title">
            <h2 id="check-confirm-title">{t('sale.confirmTitle')}</h2>
            <p className="confirm__question">
              {toCollect === 0 ? t('sale.confirmNothing') : t('sale.confirmQuestion', { amount })}
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
  };

  return (
    <div className="screen screen--check">
      <h1>{t('check.title')}</h1>
      {store.scenario ? <ScenarioHint scenario={store.scenario} /> : null}
      <div className="sale-layout">
        <form
          className="card sale-form"
          noValidate
          aria-labelledby="check-form-title"
          onKeyDown={(event) => {
            if (event.key === 'Enter' && event.repeat) event.preventDefault();
          }}
          onSubmit={(event) => {
            event.preventDefault();
            void store.query().then(() => {
              const now = checkIdentityAndCode(
                'dni',
                useCheckStore.getState().form.dni,
                useCheckStore.getState().form.code,
                'check',
              );
              if (useCheckStore.getState().phase.name !== 'editing') return;
              if (now.identity.status !== 'valid') dniRef.current?.focus();
              else if (now.code.status !== 'valid') codeRef.current?.focus();
            });
          }}
        >
          <h2 id="check-form-title">{t('check.formTitle')}</h2>
          <TextField
            ref={dniRef}
            id="check-dni"
            label={t('identity.dniLabel')}
            value={form.dni}
            onValue={(value) => store.setField('dni', value)}
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
              check.identity.status === 'error' && check.identity.fix
                ? {
                    label: t('field.dni.useEight', { dni: check.identity.fix }),
                    onFix: () =>
                      store.setField(
                        'dni',
                        check.identity.status === 'error' ? (check.identity.fix ?? '') : '',
                      ),
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
            onValue={(value) => store.setField('code', normalizeFundingCode(value))}
            state={check.code}
            submitted={submitted}
            serviceMessage={fields.code ? t(fields.code) : undefined}
            readOnly={locked}
            autoCapitalize="characters"
            className="input--code"
          />
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={busy || locked}>
              <BusyLabel
                busy={phase.name === 'querying'}
                idle={t('check.query')}
                working={t('check.querying')}
              />
            </button>
          </div>
        </form>
        <div className="sale-outcome">{renderResult()}</div>
      </div>
    </div>
  );
}
