// The store close on paper and on file (store-close-panel.tsx): the receipt, the A4 PDF and the
// CSV, headed by the store, the day and the close's state.
import type { StoreCloseView } from '../../shared/bridge/store-close';
import { useT } from '../i18n/use-t';
import { storeCloseCsv, storeCloseCsvFileName } from '../logic/store-close-csv';
import { useLanguage, useReceiptWidth, useSettingsStore } from '../stores/settings-store';
import { downloadCsv } from './download-csv';
import { PaperButtons } from './paper-buttons';
import { closeStateText } from './store-close-state';
import type { usePrint } from './use-print';

export function StoreClosePaper({
  view,
  print,
}: {
  view: StoreCloseView;
  print: ReturnType<typeof usePrint>;
}) {
  const t = useT();
  const language = useLanguage();
  const width = useReceiptWidth();
  const storeName = useSettingsStore((s) => s.settings?.store_name);

  const exportCsv = () => {
    const csv = storeCloseCsv(
      view.stored?.content ?? view.draft,
      view.stored,
      view.arrived_after,
      [
        [t('summary.csv.store'), storeName ?? view.store],
        [t('summary.csv.day'), view.day],
        [t('storeClose.title'), closeStateText(view, t, language)],
      ],
      t,
      language,
    );
    downloadCsv(storeCloseCsvFileName(view.day, view.mode === 'training', t), csv);
  };

  return (
    <PaperButtons
      print={print}
      request={{ document: 'store-close', day: view.day }}
      labels={{
        receipt: t('storeClose.printReceipt', { width }),
        pdf: t('storeClose.savePdf'),
        csv: t('storeClose.exportCsv'),
      }}
      onCsv={exportCsv}
    />
  );
}
