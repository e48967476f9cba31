import { useEffect, useState } from 'react';
import type { Scenario } from '../../shared/api/trainer';
import { centsFromWire, formatPEN } from '../../shared/domain/money';
import { isElectronShell } from '../bridge/transport';
import { GuidancePanel } from '../components/guidance-panel';
import { TillCaseButton, TrainingTill } from '../components/training-till';
import { navigate } from '../components/use-hash-route';
import type { MessageKey } from '../i18n/catalogue';
import { keepAmountsWhole } from '../i18n/translate';
import { useT } from '../i18n/use-t';
import { screenHash } from '../logic/routes';
import { identityOf } from '../logic/scenario-fill';
import { useIsTraining, useLanguage } from '../stores/settings-store';
import { useTrainingStore } from '../stores/training-store';

const GROUPS: Array<{ action: Scenario['action']; title: MessageKey }> = [
  { action: 'sale', title: 'training.groupSale' },
  { action: 'undo', title: 'training.groupUndo' },
  { action: 'check', title: 'training.groupCheck' },
  { action: 'close', title: 'training.groupClose' },
];

function wire(amount: number | undefined): string {
  const cents = amount === undefined ? null : centsFromWire(amount);
  return cents === null ? '—' : formatPEN(cents);
}

/** The trainer's desk: every case a cashier can meet, one click to set it up, and a reset. */
export function TrainingScreen() {
  const t = useT();
  const language = useLanguage();
  const training = useIsTraining();
  const store = useTrainingStore();
  const [confirmReset, setConfirmReset] = useState(false);
  const pick = (text: { es: string; en: string }) =>
    keepAmountsWhole(language === 'en' ? text.en : text.es);
  const { scenarios, loadCatalogue } = store;

  useEffect(() => {
    if (training && scenarios === null) void loadCatalogue();
  }, [training, scenarios, loadCatalogue]);

  if (!training) {
    return (
      <div className="screen">
        <h1>{t('training.title')}</h1>
        <p className="note-warning">{t('training.liveOnly')}</p>
      </div>
    );
  }

  const apply = async (name: string) => {
    const screen = await store.apply(name);
    if (screen) navigate(screenHash(screen));
  };

  return (
    <div className="screen screen--training">
      <h1>{t('training.title')}</h1>
      <p className="screen__lead">{t('training.lead')}</p>
      <section className="card trainer-controls" aria-labelledby="trainer-controls-title">
        <h2 id="trainer-controls-title">{t('training.controls')}</h2>
        <div className="button-row">
          {confirmReset ? (
            <>
              <button
                type="button"
                className="button button--danger"
                disabled={store.busy}
                onClick={async () => {
                  await store.reset();
                  setConfirmReset(false);
                }}
              >
                {t('training.resetConfirm')}
              </button>
              <button type="button" className="button" onClick={() => setConfirmReset(false)}>
                {t('common.cancel')}
              </button>
            </>
          ) : (
            <button type="button" className="button" onClick={() => setConfirmReset(true)}>
              {t('training.reset')}
            </button>
          )}
          <button
            type="button"
            className="button"
            disabled={store.busy}
            onClick={() => void store.injectFault('v3.paidAndBilled', 'lose-response')}
          >
            {t('training.faultV3')}
          </button>
          <button
            type="button"
            className="button"
            disabled={store.busy}
            onClick={() => void store.injectFault('v2.paidAndBilled', 'lose-response')}
          >
            {t('training.faultV2')}
          </button>
        </div>
        <div className="button-row">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={store.holdFault}
              onChange={(event) => store.setHoldFault(event.target.checked)}
            />{' '}
            {t('training.holdFault')}
          </label>
          <button
            type="button"
            className="button"
            disabled={store.busy}
            onClick={() => void store.releaseFaults()}
          >
            {t('training.releaseFaults')}
          </button>
        </div>
        <div role="status">
          {store.notice === 'reset' ? <p className="note-ok">✓ {t('training.resetDone')}</p> : null}
          {store.notice === 'fault-armed' ? (
            <p className="note-warning">⚠ {t('training.faultArmed')}</p>
          ) : null}
          {store.notice === 'fault-held' ? (
            <p className="note-warning">⚠ {t('training.faultHeld')}</p>
          ) : null}
          {store.notice === 'fault-released' ? (
            <p className="note-ok">✓ {t('training.faultsReleased')}</p>
          ) : null}
        </div>
        {store.error ? <GuidancePanel guidance={store.error} headingLevel={3} /> : null}
      </section>
      <TrainingTill />
      {scenarios === null ? <p>{t('common.loading')}</p> : null}
      {GROUPS.map((group) => {
        const cases = (scenarios ?? []).filter((s) => s.action === group.action);
        if (cases.length === 0) return null;
        return (
          <section key={group.action} aria-labelledby={`group-${group.action}`}>
            <h2 id={`group-${group.action}`}>{t(group.title)}</h2>
            <ul className="scenario-list">
              {cases.map((scenario) => {
                const identity = identityOf(scenario);
                return (
                  <li key={scenario.name} className="card scenario">
                    <h3>{pick(scenario.title)}</h3>
                    <p>{pick(scenario.description)}</p>
                    <p className="scenario__expect">
                      <strong>{t('training.expect')}:</strong> {pick(scenario.expect)}
                    </p>
                    <dl className="scenario__data">
                      <div>
                        <dt>{t(identity.kind === 'dni' ? 'identity.dni' : 'identity.ruc')}</dt>
                        <dd>{identity.value}</dd>
                      </div>
                      <div>
                        <dt>{t('sale.code')}</dt>
                        <dd>{scenario.funding_code}</dd>
                      </div>
                      {scenario.billed_amount !== undefined ? (
                        <div>
                          <dt>{t('sale.billed')}</dt>
                          <dd>{wire(scenario.billed_amount)}</dd>
                        </div>
                      ) : null}
                      {scenario.to_collect !== undefined ? (
                        <div>
                          <dt>{t('sale.toCollect')}</dt>
                          <dd>{wire(scenario.to_collect)}</dd>
                        </div>
                      ) : null}
                    </dl>
                    <button
                      type="button"
                      className="button button--primary"
                      disabled={store.busy}
                      onClick={() => void apply(scenario.name)}
                    >
                      {t('training.apply', { title: pick(scenario.title) })}
                    </button>
                    {scenario.action === 'sale' && scenario.api === 'v3' ? (
                      <TillCaseButton name={scenario.name} title={pick(scenario.title)} />
                    ) : null}
                  </li>
                );
              })}
            </ul>
            {group.action === 'close' ? (
              // Head office's practice chain (docs/head-office.md "Training"): the desktop app's
              // menu opens it; in browser mode, a page of its own beside this one.
              <p className="scenario__head-office">
                {t('headOffice.training.lead')}{' '}
                {isElectronShell() ? (
                  t('headOffice.training.menu')
                ) : (
                  <a href="./head-office.html" target="_blank" rel="noopener">
                    {t('headOffice.training.link')}
                  </a>
                )}
              </p>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}
