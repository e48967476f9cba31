// The store close before it can be shown (store-close-panel.tsx): read for the first time, or
// not read (the database or the service did not answer, or refused), with why and "Reintentar".
import type { BridgeError } from '../../shared/bridge';
import { useT } from '../i18n/use-t';
import { unavailableText } from '../logic/store-close-text';

export function StoreCloseLoading({ titleId }: { titleId: string }) {
  const t = useT();
  return (
    <section className="card" aria-labelledby={titleId} aria-busy="true">
      <h2 id={titleId}>{t('storeClose.title')}</h2>
      <p role="status">{t('storeClose.loading')}</p>
    </section>
  );
}

export function StoreCloseUnavailable({
  titleId,
  error,
  onRetry,
}: {
  titleId: string;
  error: BridgeError | null;
  onRetry: () => void;
}) {
  const t = useT();
  const said = error ? unavailableText(error, t) : null;
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('storeClose.title')}</h2>
      <p role="alert">{said?.text ?? t('storeClose.cannotRead')}</p>
      {said ? (
        <details className="guidance__details">
          <summary>{t('storeClose.detailsTech')}</summary>
          <code>{said.details}</code>
        </details>
      ) : null}
      <button type="button" className="button" onClick={onRetry}>
        {t('storeClose.retry')}
      </button>
    </section>
  );
}
