// A store's day as head office reads it (docs/head-office.md "Drilling into a store's day"): its
// close exactly as the supervisor closed it (figures, exceptions, note, who and when, the
// SHA-256 and whether it still checks against the record), or, for a day not closed, the figures
// the database holds now, marked as a draft with what it leaves out; each counter's freshness
// and version; the day's operations with codes and amounts. Esc goes back to the chain.
// Its parts: the state (store-day-state.tsx), the exceptions and totals
// (store-day-exceptions.tsx), the counters (store-day-counters.tsx), what arrived late and the
// operations (store-day-operations.tsx); what they list and how they write it, store-day-lines.ts.
import { useEffect, useId, useRef } from 'react';
import type { BridgeResult } from '../../shared/bridge';
import { formatStoreDay } from '../../shared/domain/store-time';
import { downloadCsv } from '../components/download-csv';
import { useEscape } from '../components/use-escape';
import { officeCsvFileName, storeDayCsv } from './office-csv';
import { useOfficeLanguage, useOfficeT } from './office-language';
import { storeLabel } from './office-words';
import { StoreDayCounters } from './store-day-counters';
import { StoreDayExceptions } from './store-day-exceptions';
import { StoreDayLate, StoreDayOperations } from './store-day-operations';
import { StoreDayState } from './store-day-state';

export function StoreDayView({
  view,
  onBack,
}: {
  view: BridgeResult<'headOffice.day'>;
  onBack: () => void;
}) {
  const t = useOfficeT();
  const language = useOfficeLanguage((s) => s.language);
  const ids = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEscape(onBack);
  // The reader lands on the day's title, where a screen reader starts reading it.
  useEffect(() => heading.current?.focus(), []);
  const { day, source } = view;

  const exportCsv = () =>
    downloadCsv(
      officeCsvFileName('day', day.day, source, t, storeLabel(day)),
      storeDayCsv(day, source, t, language),
    );

  return (
    <article className="office-store" aria-labelledby={`${ids}-title`}>
      <div className="button-row">
        <button type="button" className="button" onClick={onBack}>
          <span aria-hidden="true">← </span>
          {t('headOffice.store.back')}
        </button>
        <button type="button" className="button" onClick={exportCsv}>
          {t('headOffice.export.dayCsv')}
        </button>
      </div>
      <h2 id={`${ids}-title`} ref={heading} tabIndex={-1}>
        {t('headOffice.store.title', {
          store: storeLabel(day),
          day: formatStoreDay(day.day, language),
        })}
      </h2>
      <p className="muted">
        {t('headOffice.store.where', {
          region: day.region ?? '—',
          code: day.store,
          zone: day.time_zone,
        })}
      </p>
      <StoreDayState day={day} />
      <StoreDayExceptions ids={ids} day={day} />
      <StoreDayCounters ids={ids} day={day} />
      <StoreDayLate ids={ids} day={day} />
      <StoreDayOperations ids={ids} day={day} />
    </article>
  );
}
