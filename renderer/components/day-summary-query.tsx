// The day the summary screen (F6) reads: a date no later than today at the store, said the
// counter's way under the browser's picker, and "Consultar".
import { useT } from '../i18n/use-t';
import { formatStoreDate } from '../logic/store-day';
import { BusyLabel } from './busy-label';

export function DaySummaryQuery({
  day,
  today,
  timeZone,
  language,
  loading,
  onDay,
  onLoad,
}: {
  day: string | null;
  today: string;
  timeZone: string;
  language: string;
  loading: boolean;
  onDay: (day: string) => void;
  onLoad: () => void;
}) {
  const t = useT();
  return (
    <form
      className="card summary-query"
      noValidate
      aria-label={t('summary.query')}
      onSubmit={(event) => {
        event.preventDefault();
        onLoad();
      }}
    >
      <div className="field">
        <label htmlFor="summary-day">{t('summary.day', { zone: timeZone })}</label>
        <input
          id="summary-day"
          className="input"
          type="date"
          value={day ?? today}
          max={today}
          required
          aria-describedby="summary-day-read"
          // A day that has not happened has no summary and no close: a typed later day reads
          // as today (issue 27 item 4). ISO day strings, compared as text.
          onChange={(event) => onDay(event.target.value > today ? today : event.target.value)}
        />
        {/* The picker shows the browser's own format; this line says the day the counter's way. */}
        <p id="summary-day-read" className="field-message">
          {t('summary.dayRead', { date: formatStoreDate(day || today, language) })}
        </p>
      </div>
      <button type="submit" className="button button--primary" disabled={loading}>
        <BusyLabel busy={loading} idle={t('summary.load')} working={t('summary.loading')} />
      </button>
    </form>
  );
}
