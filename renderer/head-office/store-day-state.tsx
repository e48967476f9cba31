// A store day's state on its page (docs/head-office.md "Drilling into a store's day"): closed, by
// whom, from which counter and when, with its SHA-256 and whether it still checks against the
// record, and the note; or a draft (the figures as the database holds them now) and why.
import type { StoreDay } from '../../shared/head-office/chain';
import { useOfficeLanguage, useOfficeT } from './office-language';
import { dayEnded } from './office-words';
import { storeMomentText } from './store-day-lines';

export function StoreDayState({ day }: { day: StoreDay }) {
  const t = useOfficeT();
  const language = useOfficeLanguage((s) => s.language);
  const close = day.close;
  const content = close?.content ?? null;
  if (!close || !content) {
    return (
      <section className="card office-store__state office-draft" data-testid="office-store-state">
        <p className="office-state office-state--draft">
          <span aria-hidden="true">✎ </span>
          <strong>
            {t('headOffice.store.draft', {
              why: dayEnded(day)
                ? t('headOffice.store.draftEnded')
                : t('headOffice.store.draftToday'),
            })}
          </strong>
        </p>
        <p>{t('headOffice.store.draftLeaves')}</p>
      </section>
    );
  }
  return (
    <section className="card office-store__state" data-testid="office-store-state">
      <p className="office-state office-state--closed">
        <span aria-hidden="true">✓ </span>
        <strong>
          {t('headOffice.store.closed', {
            who: content.closed?.supervisor ?? '—',
            from: content.closed?.terminal_name ?? content.closed?.terminal_id ?? '—',
            at: storeMomentText(close.recorded_at, day.time_zone, language),
          })}
        </strong>
      </p>
      <p
        className={`office-hash ${close.hash_ok ? 'office-hash--ok' : 'office-hash--bad'}`}
        data-testid="office-hash"
      >
        <span aria-hidden="true">{close.hash_ok ? '✓ ' : '✕ '}</span>
        {close.hash_ok
          ? t('headOffice.store.hashOk', { hash: close.sha256 })
          : t('headOffice.store.hashBad', { hash: close.sha256 })}
      </p>
      <p>
        {content.closed?.note
          ? t('headOffice.store.note', { note: content.closed.note })
          : t('headOffice.store.noNote')}
      </p>
    </section>
  );
}
