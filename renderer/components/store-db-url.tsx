// The store database's address on its card (settings-store-db.tsx): written, never shown again
// (like the token: only host, port, database and user come back), saved or removed behind the
// PIN, and "Probar conexión" with the address typed or the one saved. Set by the environment
// (`MOSTRADOR_STORE_DB_URL`), it is only tested.
import type { StoreDbStatus } from '../../shared/bridge';
import { useT } from '../i18n/use-t';
import { BusyLabel } from './busy-label';
import { TextField } from './text-field';
import type { StoreDbSettings } from './use-store-db-settings';

export function StoreDbUrl({ card, status }: { card: StoreDbSettings; status: StoreDbStatus }) {
  const t = useT();
  const { url, busy } = card;
  const fromEnv = status.source === 'env';
  const urlLooksRight = /^postgres(ql)?:\/\/\S+$/.test(url.trimmed);
  return (
    <>
      {fromEnv ? null : (
        <>
          <TextField
            id="store-db-url"
            label={t('storeDb.settings.url')}
            type="password"
            value={url.value}
            onValue={url.edit}
            state={
              url.problem
                ? { status: 'error', message: url.problem }
                : url.trimmed === '' || urlLooksRight
                  ? { status: 'empty' }
                  : { status: 'hint', message: 'storeDb.settings.urlHint' }
            }
            submitted={url.problem !== null}
            maxLength={2048}
          />
          <p>{t('storeDb.settings.urlHint')}</p>
        </>
      )}
      <div className="button-row">
        {fromEnv ? null : (
          <button
            type="button"
            className="button button--primary"
            disabled={busy !== null || !urlLooksRight}
            onClick={() => void url.configure(url.trimmed)}
          >
            <BusyLabel
              busy={busy === 'url'}
              idle={t('storeDb.settings.save')}
              working={t('common.saving')}
            />
          </button>
        )}
        <button
          type="button"
          className="button"
          disabled={busy !== null || (url.trimmed === '' ? status.target === null : !urlLooksRight)}
          onClick={() => void card.test()}
        >
          <BusyLabel
            busy={busy === 'test'}
            idle={t('storeDb.settings.test')}
            working={t('storeDb.settings.testing')}
          />
        </button>
        {!fromEnv && status.source === 'settings' ? (
          <button
            type="button"
            className="button button--danger"
            disabled={busy !== null}
            onClick={() => void url.configure(null)}
          >
            {t('storeDb.settings.remove')}
          </button>
        ) : null}
      </div>
    </>
  );
}
