import { DaySummaryQuery } from '../components/day-summary-query';
import { DayTotalsCard } from '../components/day-totals-card';
import { GuidanceActions } from '../components/guidance-actions';
import { GuidancePanel } from '../components/guidance-panel';
import { HeldMoneySummary } from '../components/held-money';
import { JournalShortenedNotice } from '../components/journal-shortened-notice';
import { ScenarioHint } from '../components/scenario-hint';
import { StoreClosePanel } from '../components/store-close-panel';
import { SummaryTable } from '../components/summary-table';
import { TerminalReconciliation } from '../components/terminal-reconciliation';
import { useDaySummaryReads } from '../components/use-day-summary-reads';
import { usePrint } from '../components/use-print';
import { useT } from '../i18n/use-t';
import { dayInTimeZone } from '../logic/store-day';
import { useSettingsStore } from '../stores/settings-store';
import { useSummaryStore } from '../stores/summary-store';
import { useTrainingStore } from '../stores/training-store';

/**
 * Day summary: totals, detail, print, CSV, and this terminal's reconciliation. What it reads and
 * when is use-day-summary-reads.ts; its parts are the day asked for (day-summary-query.tsx), the
 * service's totals with paper and CSV (day-totals-card.tsx), the store close
 * (store-close-panel.tsx) or this terminal's reconciliation (terminal-reconciliation.tsx), the
 * money held and the service's detail.
 */
export function DaySummaryScreen() {
  const t = useT();
  const settings = useSettingsStore((s) => s.settings);
  const store = useSummaryStore();
  const print = usePrint();
  const timeZone = settings?.time_zone ?? 'America/Lima';
  const mode = settings?.mode ?? 'training';
  const today = dayInTimeZone(new Date(), timeZone);
  const { day, loaded, setDay, load } = store;
  useDaySummaryReads(mode, today);
  const storeCase = useTrainingStore((s) => s.storeCase);

  return (
    <div className="screen screen--summary">
      <h1>{t('summary.title')}</h1>
      {mode === 'training' && storeCase ? <ScenarioHint scenario={storeCase} /> : null}
      <JournalShortenedNotice />
      <DaySummaryQuery
        day={day}
        today={today}
        timeZone={timeZone}
        language={settings?.language ?? 'es-PE'}
        loading={store.loading}
        onDay={setDay}
        onLoad={() => void load(mode)}
      />

      {store.error ? (
        <GuidancePanel guidance={store.error}>
          <GuidanceActions
            actions={store.error.actions}
            busy={store.loading}
            onRetry={() => void load(mode)}
          />
        </GuidancePanel>
      ) : null}

      {loaded ? (
        <>
          <DayTotalsCard loaded={loaded} settings={settings} mode={mode} print={print} />
          <StoreClosePanel />
          <TerminalReconciliation loaded={loaded} />
          <HeldMoneySummary />
          <section className="card" aria-labelledby="detail-title">
            <h2 id="detail-title">{t('summary.detail')}</h2>
            <SummaryTable
              rows={loaded.summary.order_detail ?? []}
              sort={store.sort}
              onSort={store.toggleSort}
            />
          </section>
        </>
      ) : null}
    </div>
  );
}
