// The service's totals of the day on the summary screen (F6): the day read, its totals (the
// service's now, even once the store close keeps the day's as they were), and the day close on
// paper and on file (previews, A4, receipt, PDF, CSV).
import type { Settings } from '../../shared/bridge';
import { type T, useT } from '../i18n/use-t';
import { daySummaryPrintRoute, type PrintLayoutName } from '../logic/routes';
import { formatStoreDay } from '../logic/store-day';
import { csvFileName, summaryCsv } from '../logic/summary-csv';
import { useReceiptWidth } from '../stores/settings-store';
import { useStoreCloseStore } from '../stores/store-close-store';
import type { SummaryLoaded } from '../stores/summary-store';
import { downloadCsv } from './download-csv';
import { PaperButtons } from './paper-buttons';
import { originLabel } from './summary-table';
import { SummaryTotals } from './summary-totals';
import { navigate } from './use-hash-route';
import type { usePrint } from './use-print';

/** The service's rows of the day as a CSV file, headed by the store, the day and this terminal. */
function exportDayCsv(
  loaded: SummaryLoaded,
  settings: Settings | null,
  mode: 'training' | 'live',
  t: T,
) {
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
}

export function DayTotalsCard({
  loaded,
  settings,
  mode,
  print,
}: {
  loaded: SummaryLoaded;
  settings: Settings | null;
  mode: 'training' | 'live';
  print: ReturnType<typeof usePrint>;
}) {
  const t = useT();
  const width = useReceiptWidth();
  // The day the store close shows closed: the card's totals are then the service's now, the
  // close's as they were (issue 35 item 13).
  const closedDay = useStoreCloseStore((s) => (s.view?.stored ? s.view.day : null));

  const printDay = (layout: PrintLayoutName, target: 'printer') => {
    void print.run({
      document: 'day-summary',
      layout,
      target,
      route: daySummaryPrintRoute(loaded.day, layout),
    });
  };

  return (
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
        onCsv={() => exportDayCsv(loaded, settings, mode, t)}
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
  );
}
