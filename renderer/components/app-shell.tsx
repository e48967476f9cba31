import { type ReactNode, useEffect } from 'react';
import { useT } from '../i18n/use-t';
import { type ScreenName, screenHash } from '../logic/routes';
import { useSettingsStore } from '../stores/settings-store';
import { EndShiftButton } from './end-shift';
import { listenForFunctionKeys, NAV_ENTRIES } from './function-keys';
import { JournalBlock } from './journal-block';
import { OperationsTray } from './operations-tray';
import { ResolutionAnnouncements } from './resolution-announcements';
import { StoreLinkPill } from './store-link-pill';
import { TillWaitingPill } from './till-waiting-pill';
import { TrainingBanner } from './training-banner';

/**
 * Every screen's frame: who and where (store, cashier), the training banner, the F-key
 * navigation, and the main region. F-keys work from anywhere, even inside a field.
 */
export function AppShell({
  current,
  children,
  onEndShift,
}: {
  current: ScreenName | null;
  children: ReactNode;
  onEndShift?: () => void | Promise<void>;
}) {
  const t = useT();
  const settings = useSettingsStore((s) => s.settings);
  const training = settings?.mode === 'training';

  useEffect(() => (current === null ? undefined : listenForFunctionKeys()), [current]);

  // Focus on a screen's arrival: screen-arrival.tsx, inside the screen's Suspense boundary.

  return (
    <div className={`app${training ? ' app--training' : ''}`}>
      <header className="topbar">
        {training ? <TrainingBanner /> : null}
        <div className="topbar__row">
          <p className="topbar__brand">
            <span className="topbar__app">Mostrador</span>
            {settings ? <span className="topbar__store">{settings.store_name}</span> : null}
            {settings ? (
              <span className={`mode-pill mode-pill--${settings.mode}`}>
                {settings.mode === 'training' ? t('mode.training') : t('mode.live')}
              </span>
            ) : null}
          </p>
          <OperationsTray />
          <StoreLinkPill />
          {current !== null ? <TillWaitingPill onSaleScreen={current === 'sale'} /> : null}
          {settings?.cashier_id ? (
            <p className="topbar__cashier">
              {t('shell.cashier', { id: settings.cashier_id })}
              {onEndShift ? <EndShiftButton onEndShift={onEndShift} /> : null}
            </p>
          ) : null}
        </div>
        {current !== null ? (
          <nav aria-label={t('nav.label')} className="nav">
            <ul>
              {NAV_ENTRIES.map((entry) => (
                <li key={entry.screen}>
                  <a
                    href={screenHash(entry.screen)}
                    className="nav__link"
                    aria-current={entry.screen === current ? 'page' : undefined}
                    aria-keyshortcuts={entry.key}
                    title={entry.short ? t(entry.label) : undefined}
                  >
                    <kbd>{entry.key}</kbd>{' '}
                    {entry.short ? (
                      <>
                        <span className="nav__full">{t(entry.label)}</span>
                        <span className="nav__short">{t(entry.short)}</span>
                      </>
                    ) : (
                      t(entry.label)
                    )}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </header>
      <main id="main" className="main" tabIndex={-1}>
        {current !== null ? <ResolutionAnnouncements /> : null}
        {children}
      </main>
      <JournalBlock />
    </div>
  );
}
