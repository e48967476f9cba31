// What the store close says first (store-close-panel.tsx): its exceptions, a silent counter's
// "Marcar fuera del día" (or, in the practice store, its return), and what reached the database
// after the day was closed.
import type { StoreCloseView } from '../../shared/bridge/store-close';
import type { CloseException } from '../../shared/store/close-record';
import { useT } from '../i18n/use-t';
import { arrivedText, exceptionText } from '../logic/store-close-text';
import { useLanguage } from '../stores/settings-store';
import { useStoreCloseStore } from '../stores/store-close-store';

function exceptionKey(e: CloseException): string {
  if (e.kind === 'open') return `open-${e.op_id}`;
  if (e.kind === 'stopped') return `stopped-${e.terminal_id}`;
  if (e.kind === 'silent') return `silent-${e.terminal_id}`;
  if (e.kind === 'record-held') return `record-held-${e.terminal_id}`;
  if (e.kind === 'held') return `held-${e.hold_id}`;
  return `${e.status}-${e.identity}`;
}

export function StoreCloseExceptions({
  view,
  ids,
  onMarkOff,
}: {
  view: StoreCloseView;
  ids: string;
  /** A silent counter marked off for the day with the form's supervisor and PIN. */
  onMarkOff: (terminalId: string) => void;
}) {
  const t = useT();
  const language = useLanguage();
  const closing = useStoreCloseStore((s) => s.closing);
  const practiceReconnect = useStoreCloseStore((s) => s.practiceReconnect);
  const stored = view.stored;
  const content = stored?.content ?? view.draft;
  const exceptions = content.exceptions;
  return (
    <>
      <h3 id={`${ids}-exc`}>{t('storeClose.exceptions', { count: exceptions.length })}</h3>
      {exceptions.length === 0 ? (
        <p>{t('storeClose.exceptionsNone')}</p>
      ) : (
        <ul
          aria-labelledby={`${ids}-exc`}
          className="store-close-list"
          data-testid="store-close-exceptions"
        >
          {exceptions.map((e) => (
            <li
              key={exceptionKey(e)}
              className={`recon recon--${e.kind === 'open' || e.kind === 'held' ? 'pending' : 'missing'}`}
            >
              <span aria-hidden="true">{e.kind === 'open' || e.kind === 'held' ? '⚠ ' : '✕ '}</span>
              {exceptionText(e, content, t, language)}
              {e.kind === 'silent' && !e.marked_off && !stored && view.practice === null ? (
                <>
                  {' '}
                  <button
                    type="button"
                    className="button button--small"
                    disabled={closing}
                    onClick={() => onMarkOff(e.terminal_id)}
                  >
                    {t('storeClose.markOff', {
                      name:
                        content.counters.find((c) => c.terminal_id === e.terminal_id)
                          ?.terminal_name ?? e.terminal_id,
                    })}
                  </button>
                </>
              ) : null}
              {e.kind === 'silent' && !stored && view.practice !== null ? (
                <>
                  {' '}
                  <button
                    type="button"
                    className="button button--small"
                    disabled={closing}
                    onClick={() => void practiceReconnect()}
                  >
                    {t('storeClose.practiceReconnect', {
                      name:
                        content.counters.find((c) => c.terminal_id === e.terminal_id)
                          ?.terminal_name ?? e.terminal_id,
                    })}
                  </button>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Operations of a closed day that reached the database after its close, with their counter. */
export function StoreCloseArrived({ view, ids }: { view: StoreCloseView; ids: string }) {
  const t = useT();
  const language = useLanguage();
  const content = view.stored?.content ?? view.draft;
  if (view.arrived_after.length === 0) return null;
  return (
    <>
      <h3 id={`${ids}-late`}>
        {t('storeClose.arrivedAfter', { count: view.arrived_after.length })}
      </h3>
      <ul
        aria-labelledby={`${ids}-late`}
        className="store-close-list"
        data-testid="store-close-arrived"
      >
        {view.arrived_after.map((row) => (
          <li key={row.op_id}>{arrivedText(row, content, t, language)}</li>
        ))}
      </ul>
    </>
  );
}
