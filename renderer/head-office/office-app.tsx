// The head-office page (docs/head-office.md): the chain at a glance, or one store's day
// (`#/tienda/<store>/<day>`). Read only; its own language switch, since head office has no
// terminal settings; in training it says, on top, that the chain is the practice one.
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { BridgeError, Language } from '../../shared/bridge';
import { HeadOfficeRefusal } from '../../shared/bridge/head-office';
import { formatStoreMoment } from '../../shared/domain/store-time';
import { StoreDbErrorCategory } from '../../shared/store/replication-state';
import type { T } from '../i18n/use-t';
import { ChainView } from './chain-view';
import { useOfficeLanguage, useOfficeT } from './office-language';
import { useOfficeStore } from './office-store';
import { StoreDayView } from './store-day-view';

type OfficeRoute = { name: 'chain' } | { name: 'day'; store: string; day: string };

const DAY_ROUTE = /^#\/tienda\/([^/]+)\/(\d{4}-\d{2}-\d{2})$/;

export function parseOfficeRoute(hash: string): OfficeRoute {
  const match = DAY_ROUTE.exec(hash);
  if (!match) return { name: 'chain' };
  try {
    return { name: 'day', store: decodeURIComponent(match[1] ?? ''), day: match[2] ?? '' };
  } catch {
    return { name: 'chain' };
  }
}

export const dayRoute = (store: string, day: string) =>
  `#/tienda/${encodeURIComponent(store)}/${day}`;

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};

/** Why the chain could not be read, in the reader's words; the technical detail apart. */
export function failureText(error: BridgeError, t: T): string {
  const refusal = HeadOfficeRefusal.safeParse(error.issues?.head_office);
  if (refusal.success) return t(`headOffice.refused.${refusal.data}`);
  const category = StoreDbErrorCategory.safeParse(error.issues?.store_db);
  if (category.success) {
    return t('headOffice.dbDown', { reason: t(`storeDb.category.${category.data}`) });
  }
  if (error.code === 'bad-arguments') return t('headOffice.store.notFound');
  return t('headOffice.failed');
}

const LANGUAGES: ReadonlyArray<{ value: Language; label: string }> = [
  { value: 'es-PE', label: 'Español (Perú)' },
  { value: 'en', label: 'English' },
];

function LanguageChoice() {
  const t = useOfficeT();
  const { language, choose } = useOfficeLanguage();
  // The choice shows at once; the words follow once that language's texts are in.
  const [chosen, setChosen] = useState<Language | null>(null);
  return (
    <fieldset className="segmented office-language">
      <legend className="visually-hidden">{t('headOffice.language')}</legend>
      {LANGUAGES.map((option) => (
        <label key={option.value} className="segmented__option" lang={option.value}>
          <input
            type="radio"
            name="office-language"
            value={option.value}
            checked={(chosen ?? language) === option.value}
            onChange={() => {
              setChosen(option.value);
              void choose(option.value).finally(() => setChosen(null));
            }}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

function Failure({ error, onRetry }: { error: BridgeError; onRetry: () => void }) {
  const t = useOfficeT();
  return (
    <section className="card office-failure" data-testid="office-failure">
      <p role="alert">
        <span aria-hidden="true">✕ </span>
        {failureText(error, t)}
      </p>
      <details>
        <summary>{t('headOffice.details')}</summary>
        <code>{`${error.code} — ${error.message}`}</code>
      </details>
      <button type="button" className="button" onClick={onRetry}>
        {t('headOffice.reload')}
      </button>
    </section>
  );
}

export function OfficeApp() {
  const t = useOfficeT();
  const language = useOfficeLanguage((s) => s.language);
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  const route = parseOfficeRoute(hash);
  const { gridPhase, grid, gridError, loadGrid, dayKey, dayPhase, day, dayError, openDay } =
    useOfficeStore();
  const [returnTo, setReturnTo] = useState<{ store: string; day: string } | null>(null);

  useEffect(() => {
    void loadGrid();
  }, [loadGrid]);
  useEffect(() => {
    if (route.name === 'day' && dayKey !== `${route.store}|${route.day}`) {
      void openDay(route.store, route.day);
    }
  }, [route, dayKey, openDay]);
  const practice = grid?.source === 'practice';
  useEffect(() => {
    document.documentElement.lang = language;
    document.title = `${practice ? 'ENTRENAMIENTO · ' : ''}${t('headOffice.title')} · Mostrador`;
  }, [language, practice, t]);

  const back = useCallback(() => {
    if (route.name === 'day') setReturnTo({ store: route.store, day: route.day });
    window.location.hash = '#/';
  }, [route]);
  const open = useCallback((store: string, when: string) => {
    window.location.hash = dayRoute(store, when);
  }, []);

  const asOf = grid
    ? formatStoreMoment(grid.grid.as_of, grid.grid.stores[0]?.time_zone ?? 'UTC', language)
    : null;
  return (
    <div className="office">
      {practice ? (
        <p className="training-banner" data-testid="training-banner">
          <span aria-hidden="true">⚑ </span>
          <strong>{t('headOffice.source.practice', { time: asOf ?? '' })}</strong>
        </p>
      ) : null}
      <header className="office__top">
        <div className="office__title">
          <h1>{t('headOffice.title')}</h1>
          <p className="office__lead">
            {t('headOffice.lead')}
            {grid && !practice ? ` ${t('headOffice.source.database', { time: asOf ?? '' })}` : ''}
          </p>
        </div>
        <div className="office__controls">
          <LanguageChoice />
          <button
            type="button"
            className="button"
            aria-disabled={gridPhase === 'loading'}
            onClick={() => (gridPhase === 'loading' ? undefined : void loadGrid())}
          >
            {gridPhase === 'loading' ? t('headOffice.reloading') : t('headOffice.reload')}
          </button>
        </div>
      </header>
      <main className="office__main">
        {route.name === 'chain' && grid && gridPhase === 'failed' && gridError ? (
          <Failure error={gridError} onRetry={() => void loadGrid()} />
        ) : null}
        {route.name === 'day' ? (
          dayPhase === 'ready' && day && dayKey === `${route.store}|${route.day}` ? (
            <StoreDayView view={day} onBack={back} />
          ) : dayPhase === 'failed' && dayError ? (
            <>
              <button type="button" className="button" onClick={back}>
                {t('headOffice.store.back')}
              </button>
              <Failure error={dayError} onRetry={() => void openDay(route.store, route.day)} />
            </>
          ) : (
            <p role="status">{t('headOffice.store.loading')}</p>
          )
        ) : grid ? (
          grid.grid.stores.length === 0 ? (
            <p>{t('headOffice.noStores')}</p>
          ) : (
            <ChainView view={grid} returnTo={returnTo} onOpen={open} />
          )
        ) : gridPhase === 'failed' && gridError ? (
          <Failure error={gridError} onRetry={() => void loadGrid()} />
        ) : (
          <p role="status">{t('headOffice.loading')}</p>
        )}
        <p className="office__source muted">{t('headOffice.readOnly')}</p>
      </main>
    </div>
  );
}
