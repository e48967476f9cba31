import { useEffect, useMemo, useRef } from 'react';
import { reconcile } from '../../shared/domain/reconcile';
import { BusyLabel } from '../components/busy-label';
import { downloadCsv } from '../components/download-csv';
import { GuidanceActions } from '../components/guidance-actions';
import { GuidancePanel } from '../components/guidance-panel';
import { HeldMoneySummary } from '../components/held-money';
import { JournalShortenedNotice } from '../components/journal-shortened-notice';
import { PaperButtons } from '../components/paper-buttons';
import { ReconciliationTable } from '../components/reconciliation-table';
import { ScenarioHint } from '../components/scenario-hint';
import { StoreClosePanel } from '../components/store-close-panel';
import { originLabel, SummaryTable } from '../components/summary-table';
import { SummaryTotals } from '../components/summary-totals';
import { navigate } from '../components/use-hash-route';
import { usePrint } from '../components/use-print';
import { useT } from '../i18n/use-t';
import { daySummaryPrintRoute, type PrintLayoutName } from '../logic/routes';
import { dayInTimeZone, formatStoreDate, formatStoreDay } from '../logic/store-day';
import { csvFileName, summaryCsv } from '../logic/summary-csv';
import { useReceiptWidth, useSettingsStore } from '../stores/settings-store';
import { useStoreCloseStore } from '../stores/store-close-store';
import { useSummaryStore } from '../stores/summary-store';
import { useTrainingStore } from '../stores/training-store';

/** Day summary: totals, detail, print, CSV, and this terminal's reconciliation. */
export function DaySummaryScreen() {
  const t = useT();
  const settings = useSettingsStore((s) => s.settings);
  const store = useSummaryStore();
  const print = usePrint();
  const width = useReceiptWidth();
  const timeZone = settings?.time_zone ?? 'America/Lima';
  const mode = settings?.mode ?? 'training';
  const today = dayInTimeZone(new Date(), timeZone);
  const { day, loaded, setDay, load } = store;

  useEffect(() => {
    if (day === null) setDay(today);
  }, [day, today, setDay]);

  // Arriving on the screen shows the chosen day at once (today, the first time).
  const loadedOnArrival = useRef(false);
  useEffect(() => {
    if (loadedOnArrival.current || day === null) return;
    loadedOnArrival.current = true;
    void load(mode);
  }, [day, load, mode]);

  // With a store database the store's close balances every counter; without one the answer is
  // not-configured and the screen stays this terminal's (docs/decisions.md "The store's day close").
  const storeClose = useStoreCloseStore((s) => s.status);
  // The training catalogue's store case, while it is on: what to look for on the close. The main
  // process says which one is on, so a reload shows its hint again.
  const storeCase = useTrainingStore((s) => s.storeCase);
  const practice = useStoreCloseStore((s) => (s.status === 'loaded' ? s.view?.practice : null));
  const recallStoreCase = useTrainingStore((s) => s.recallStoreCase);
  useEffect(() => {
    if (mode === 'training' && practice) void recallStoreCase(practice);
  }, [mode, practice, recallStoreCase]);
  const loadStoreClose = useStoreCloseStore((s) => s.load);
  // The day the store close shows closed: the card's totals are then the service's now, the
  // close's as they were (issue 35 item 13).
  const closedDay = useStoreCloseStore((s) => (s.view?.stored ? s.view.day : null));
  // Read again at every load of the summary (a new object each time), not only for a new day.
  useEffect(() => {
    if (loaded) void loadStoreClose(loaded.day);
  }, [loaded, loadStoreClose]);

  const lines = useMemo(
    () => (loaded ? reconcile(loaded.summary.order_detail ?? [], loaded.operations) : []),
    [loaded],
  );

  const printDay = (layout: PrintLayoutName, target: 'printer') => {
    if (!loaded) return;
    void print.run({
      document: 'day-summary',
      layout,
      target,
      route: daySummaryPrintRoute(loaded.day, layout),
    });
  };

  const exportCsv = () => {
    if (!loaded) return;
    const csv = summaryCsv(
      loaded.summary.order_detail ?? [],
      {
        order_id: t('summary.col.order'),
        dni: t('summary.col.identity'),
        payment_origin: t('summary.col.origin'),
        amount: t('summary.col.amountPlain'),
      },
      [
        ...(mode === 'training' ? [[t('print.trainingMark'), ''] as const] : []),
        [t('summary.csv.store'), settings?.store_name ?? ''],
        [t('summary.csv.day'), loaded.day],
        [t('summary.csv.terminal'), settings?.terminal_id ?? '—'],
      ],
      (origin) => t(originLabel(origin)),
    );
    const where = { store: settings?.store_name, terminal: settings?.terminal_id };
    const words = { base: t('summary.csv.fileBase'), training: t('summary.csv.fileTraining') };
    downloadCsv(csvFileName(loaded.day, mode === 'training', where, words), csv);
  };

  return (
    <div className="screen screen--summary">
      <h1>{t('summary.title')}</h1>
      {mode === 'training' && storeCase ? <ScenarioHint scenario={storeCase} /> : null}
      <JournalShortenedNotice />
      <form
        className="card summary-query"
        noValidate
        aria-label={t('summary.query')}
        onSubmit={(event) => {
          event.preventDefault();
          void load(mode);
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
            // as today (issue 27 item 4).
            onChange={(event) =>
              // biome-ignore lint/complexity/useMathMinMax: ISO day strings, compared as text
              setDay(event.target.value > today ? today : event.target.value)
            }
          />
          {/* The picker shows the browser's own format; this line says the day the counter's way. */}
          <p id="summary-day-read" className="field-message">
            {t('summary.dayRead', {
              date: formatStoreDate(day || today, settings?.language ?? 'es-PE'),
            })}
          </p>
        </div>
        <button type="submit" className="button button--primary" disabled={store.loading}>
          <BusyLabel busy={store.loading} idle={t('summary.load')} working={t('summary.loading')} />
        </button>
      </form>

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
          <section className="card" aria-labelledby="totals-title">
            <h2 id="totals-title">
              {t('summary.totalsTitle', {
                day: formatStoreDay(loaded.day, settings?.language ?? 'es-PE'),
              })}
            </h2>
            {closedDay === loaded.day ? (
              <p className="muted" data-testid="summary-totals-now">
                {t('summary.totalsNowClosed')}
              </p>
            ) : null}
            <SummaryTotals summary={loaded.summary} />
            <PaperButtons
              print={print}
              request={{ document: 'day-close', day: loaded.day }}
              labels={{
                receipt: t('summary.printReceipt', { width }),
                pdf: t('summary.savePdf'),
                csv: t('summary.exportCsv'),
              }}
              onCsv={exportCsv}
            >
              <button
                type="button"
                className="button"
                onClick={() => navigate(daySummaryPrintRoute(loaded.day, 'a4'))}
              >
                {t('summary.previewA4')}
              </button>
              <button
                type="button"
                className="button"
                onClick={() => navigate(daySummaryPrintRoute(loaded.day, 'receipt80'))}
              >
                {t('summary.previewReceipt', { width })}
              </button>
              <button
                type="button"
                className="button"
                disabled={print.busy}
                onClick={() => printDay('a4', 'printer')}
              >
                {t('summary.printA4')}
              </button>
            </PaperButtons>
          </section>
          <StoreClosePanel />
          {/* This terminal's own reconciliation only once it is known there is no store
              database: with one, the other counters' sales would read "+ Extra" here for the
              moment before the store close replaces it (issue 27 #18). */}
          {loaded.journalError ? (
            <GuidancePanel guidance={loaded.journalError} />
          ) : storeClose === 'absent' ? (
            <ReconciliationTable lines={lines} />
          ) : storeClose === 'idle' ? (
            <p role="status" className="card" aria-busy="true" data-testid="recon-waiting">
              {t('storeClose.loading')}
            </p>
          ) : null}
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
