import { call } from '../bridge/call';
import { useT } from '../i18n/use-t';
import { useJournalHealthStore } from '../stores/journal-health-store';

const checkWritable = async () => {
  const answer = await call('journal.health', {});
  return answer.ok && answer.result.writable;
};

/**
 * Covers the screens while the journal cannot be written: no operation can start, and the
 * cashier reads why and whom to call instead of a generic error on each try.
 */
export function JournalBlock() {
  const t = useT();
  const down = useJournalHealthStore((s) => s.down);
  const checking = useJournalHealthStore((s) => s.checking);
  const retry = useJournalHealthStore((s) => s.retry);
  if (!down) return null;
  return (
    <div className="journal-block" role="alertdialog" aria-modal="true" aria-labelledby="jb-title">
      <section className="guidance guidance--error">
        <h2 id="jb-title" className="guidance__title">
          <span aria-hidden="true" className="guidance__icon">
            ✕
          </span>{' '}
          {t('guide.bridge.journalUnavailable.title')}
        </h2>
        <p className="guidance__steps">{t('guide.bridge.journalUnavailable.steps')}</p>
        <button
          type="button"
          className="button button--primary"
          disabled={checking}
          onClick={() => void retry(checkWritable)}
        >
          {t('journal.retry')}
        </button>
      </section>
    </div>
  );
}
