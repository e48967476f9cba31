// The store close's state (store-close-panel.tsx): closed (by whom, when, from which counter, the
// record's SHA-256 and the supervisor's note) or a draft with the moment its figures were read.
import type { StoreCloseView } from '../../shared/bridge/store-close';
import { formatStoreMoment } from '../../shared/domain/store-time';
import type { T } from '../i18n/use-t';
import { useT } from '../i18n/use-t';
import { useLanguage } from '../stores/settings-store';

/** The state in one line, as the screen and the CSV's heading say it. */
export function closeStateText(view: StoreCloseView, t: T, language: string): string {
  const stored = view.stored;
  const content = stored?.content ?? view.draft;
  const moment = (iso: string) => formatStoreMoment(iso, content.time_zone, language);
  return stored
    ? t('storeClose.stateClosed', {
        who: stored.content.closed?.supervisor ?? '',
        at: moment(stored.content.as_of),
        from: stored.content.closed?.terminal_name ?? stored.content.closed?.terminal_id ?? '',
      })
    : t('storeClose.stateDraft', { at: moment(content.as_of) });
}

export function StoreCloseState({ view }: { view: StoreCloseView }) {
  const t = useT();
  const language = useLanguage();
  const stored = view.stored;
  return (
    <>
      <p
        className={stored ? 'recon recon--matched' : 'recon recon--pending'}
        data-testid="store-close-state"
      >
        <strong>{closeStateText(view, t, language)}</strong>
      </p>
      {stored ? (
        <p className="store-close-hash" data-testid="store-close-hash">
          {t('storeClose.hash', { hash: stored.sha256 })}
        </p>
      ) : null}
      {stored?.content.closed?.note ? (
        <p>{t('storeClose.note', { note: stored.content.closed.note })}</p>
      ) : null}
    </>
  );
}
