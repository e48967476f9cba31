// Settings → Store with several counters (docs/store-database.md): this counter's name and id, the
// store database's URL (write-only, like the token: only host, port, database and user come back),
// "Probar conexión" with each check the main process made, and, while the database refuses this
// counter for want of the technician's code, its enrollment (store-db-enroll.tsx). The supervisor
// is already past the PIN gate. The card keeps its state and calls in use-store-db-settings.ts;
// its parts are store-db-terminal-name.tsx, store-db-status.tsx, store-db-url.tsx and
// store-db-check-list.tsx.
import { useT } from '../i18n/use-t';
import { GuidancePanel } from './guidance-panel';
import { StoreDbCheckList } from './store-db-check-list';
import { StoreDbStatusLines } from './store-db-status';
import { StoreDbTerminalName } from './store-db-terminal-name';
import { StoreDbUrl } from './store-db-url';
import { useStoreDbSettings } from './use-store-db-settings';

export function SettingsStoreDb({ pin }: { pin: string }) {
  const t = useT();
  const card = useStoreDbSettings(pin);
  const { status, settings, check, error } = card;
  if (!status || !settings) return null;

  return (
    <section className="card" aria-labelledby="store-db-title" data-testid="store-db-settings">
      <h2 id="store-db-title">{t('storeDb.settings.title')}</h2>
      <p>{t('storeDb.settings.help')}</p>
      <StoreDbTerminalName card={card} savedName={settings.terminal_name ?? null} />
      <StoreDbStatusLines card={card} status={status} store={settings.pos_client_id ?? null} />
      <StoreDbUrl card={card} status={status} />
      <div role="status" data-testid="store-db-check">
        {check ? <StoreDbCheckList check={check} /> : null}
      </div>
      {error ? <GuidancePanel guidance={error} headingLevel={3} /> : null}
    </section>
  );
}
