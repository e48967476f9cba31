import { useEffect, useState } from 'react';
import type { AppInfo, AttentionReason, Language } from '../../shared/bridge';
import type { MessageKey } from '../i18n/catalogue';
import { loadCatalogue, translate } from '../i18n/translate';

const STEPS: Record<AttentionReason, MessageKey[]> = {
  'settings-damaged': [
    'attention.steps.settings-damaged.1',
    'attention.steps.settings-damaged.2',
    'attention.steps.settings-damaged.3',
    'attention.steps.settings-damaged.4',
  ],
  'data-dir-unwritable': [
    'attention.steps.data-dir-unwritable.1',
    'attention.steps.data-dir-unwritable.2',
    'attention.steps.data-dir-unwritable.3',
  ],
  'settings-unwritable': [
    'attention.steps.data-dir-unwritable.1',
    'attention.steps.data-dir-unwritable.2',
    'attention.steps.data-dir-unwritable.3',
  ],
  'start-failed': ['attention.steps.other.1', 'attention.steps.other.2'],
};

/**
 * The whole app when the terminal needs attention (docs/decisions.md "Terminal needs attention: PIN, token and settings at the edges (issue 19)"):
 * the bridge refuses every call but `app.info`, so there is no shell, no F-keys and no sale. It
 * tells the cashier to stop and call the technician, and the technician what happened, where
 * the data folder is and what to do. The settings' language is unknown (they may be what is
 * damaged): Spanish, with English a click away for a technician who reads it.
 */
export function AttentionScreen({
  reason,
  appInfo,
}: {
  reason: AttentionReason;
  appInfo: AppInfo | null;
}) {
  const [language, setLanguage] = useState<Language>('es-PE');
  // The choice shows at once; the words follow once their catalogue is loaded.
  const [chosen, setChosen] = useState<Language | null>(null);
  const t = (key: MessageKey) => translate(language, key);
  useEffect(() => {
    document.documentElement.lang = language;
    document.title = `${translate(language, 'attention.title')} · Mostrador`;
  }, [language]);

  const choose = async (next: Language) => {
    setChosen(next);
    await loadCatalogue(next).catch(() => undefined);
    setLanguage(next);
    setChosen(null);
  };

  return (
    <div className="app">
      <header className="topbar">
        <div className="topbar__row">
          <p className="topbar__brand">
            <span className="topbar__app">Mostrador</span>
          </p>
        </div>
      </header>
      <main id="main" className="main" data-testid="attention-screen" data-reason={reason}>
        <div className="screen attention">
          <fieldset className="segmented attention__language">
            <legend className="visually-hidden">{t('settings.language')}</legend>
            {(
              [
                ['es-PE', 'Español (Perú)'],
                ['en', 'English'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="segmented__option" lang={value}>
                <input
                  type="radio"
                  name="attention-language"
                  value={value}
                  checked={(chosen ?? language) === value}
                  onChange={() => void choose(value)}
                />
                <span>{label}</span>
              </label>
            ))}
          </fieldset>

          <section
            className="guidance guidance--error"
            role="alert"
            aria-labelledby="attention-title"
          >
            <h1 id="attention-title" className="guidance__title">
              <span aria-hidden="true" className="guidance__icon">
                ✕
              </span>{' '}
              {t('attention.title')}
            </h1>
            <p className="guidance__stop attention__stop">{t('attention.lead')}</p>
          </section>
          <section className="card" aria-labelledby="attention-reason">
            <h2 id="attention-reason">{t('attention.reasonTitle')}</h2>
            <p>{t(`attention.reason.${reason}`)}</p>
          </section>
          <section className="card" aria-labelledby="attention-tech">
            <h2 id="attention-tech">{t('attention.techTitle')}</h2>
            <p>
              {appInfo ? (
                <>
                  {t('attention.dataDir')}{' '}
                  <code className="attention__path">{appInfo.data_dir}</code>
                </>
              ) : (
                t('attention.dataDirUnknown')
              )}
            </p>
            <ol className="attention__steps">
              {STEPS[reason].map((step) => (
                <li key={step}>{t(step)}</li>
              ))}
            </ol>
          </section>
        </div>
      </main>
    </div>
  );
}
