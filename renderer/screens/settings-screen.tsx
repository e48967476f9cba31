import { useState } from 'react';
import { PinChangeForm } from '../components/pin-change-form';
import { PinGate } from '../components/pin-gate';
import { ReceiptPrinterForm } from '../components/receipt-printer-form';
import { SettingsCustomerData } from '../components/settings-customer-data';
import { SettingsGeneralForm } from '../components/settings-general-form';
import { SettingsIntegration } from '../components/settings-integration';
import { SettingsStoreDb } from '../components/settings-store-db';
import { TokenForm } from '../components/token-form';
import { useT } from '../i18n/use-t';
import { useSettingsStore } from '../stores/settings-store';

/** Terminal settings, behind the supervisor's PIN; locked again when the screen is left. */
export function SettingsScreen() {
  const t = useT();
  const settings = useSettingsStore((s) => s.settings);
  const appInfo = useSettingsStore((s) => s.appInfo);
  const [pin, setPin] = useState<string | null>(null);
  if (!settings) return null;
  if (pin === null) {
    return <PinGate title={t('settings.title')} lead={t('settings.gateLead')} onUnlock={setPin} />;
  }
  return (
    <div className="screen screen--settings">
      <h1>{t('settings.title')}</h1>
      <div className="button-row">
        <button type="button" className="button" onClick={() => setPin(null)}>
          {t('settings.lock')}
        </button>
      </div>
      <div className="settings-grid">
        <SettingsGeneralForm settings={settings} pin={pin} />
        <div>
          <TokenForm pin={pin} />
          <PinChangeForm pin={pin} onChanged={setPin} />
          <SettingsIntegration pin={pin} />
          <SettingsStoreDb pin={pin} />
          <SettingsCustomerData pin={pin} />
          <ReceiptPrinterForm pin={pin} />
          {appInfo ? (
            <section className="card" aria-labelledby="about-title">
              <h2 id="about-title">{t('settings.about')}</h2>
              <dl className="conditions">
                <div>
                  <dt>{t('settings.version')}</dt>
                  <dd>
                    {appInfo.name} {appInfo.version}
                  </dd>
                </div>
                <div>
                  <dt>{t('settings.shell')}</dt>
                  <dd>
                    {appInfo.shell === 'electron'
                      ? t('settings.shellElectron')
                      : t('settings.shellBrowser')}
                  </dd>
                </div>
                <div>
                  <dt>{t('settings.journalFile')}</dt>
                  <dd className="break">{appInfo.journal_file}</dd>
                </div>
              </dl>
            </section>
          ) : null}
        </div>
      </div>
    </div>
  );
}
