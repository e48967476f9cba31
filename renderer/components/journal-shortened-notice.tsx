import { useEffect, useState } from 'react';
import { call } from '../bridge/call';
import { useT } from '../i18n/use-t';

type Shortened = { expected_seq: number; found_seq: number };

/**
 * On the supervisor's reconciliation: the journal was found shorter at start than this terminal
 * had written (emptied or replaced), so the day's own record is missing operations.
 */
export function JournalShortenedNotice() {
  const t = useT();
  const [shortened, setShortened] = useState<Shortened | null>(null);
  useEffect(() => {
    let live = true;
    void call('journal.health', {}).then((answer) => {
      if (live && answer.ok) setShortened(answer.result.shortened);
    });
    return () => {
      live = false;
    };
  }, []);
  if (!shortened) return null;
  return (
    <section className="guidance guidance--error" role="alert" data-testid="journal-shortened">
      <h2 className="guidance__title">
        <span aria-hidden="true" className="guidance__icon">
          ✕
        </span>{' '}
        {t('journal.shortened.title')}
      </h2>
      <p className="guidance__steps">
        {t('journal.shortened.steps', {
          expected: shortened.expected_seq,
          found: shortened.found_seq,
        })}
      </p>
    </section>
  );
}
