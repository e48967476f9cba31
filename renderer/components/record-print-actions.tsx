import type { DocumentRequest } from '../../shared/bridge/printer';
import { useT } from '../i18n/use-t';
import { type RecordDocument, recordPrintRoute } from '../logic/routes';
import { useReceiptWidth, useSettingsStore } from '../stores/settings-store';
import { navigate } from './use-hash-route';
import { usePrint } from './use-print';

/**
 * Printing a journaled operation's record from the screen where it happened. With a receipt
 * printer set up, one press sends the ESC/POS lines to it (docs/printing.md); without one, the
 * system prints the print view. The preview is always one press away, and printing again never
 * touches the sale.
 */
export function RecordPrintActions({ record, opId }: { record: RecordDocument; opId: string }) {
  const t = useT();
  const print = usePrint();
  const width = useReceiptWidth();
  const hasPrinter = useSettingsStore((s) => (s.settings?.receipt_printer ?? null) !== null);
  const request: DocumentRequest = { document: record, op_id: opId };
  const printRecord = () =>
    hasPrinter
      ? void print.receipt(request)
      : void print.run({
          document: record === 'undo-record' ? 'undo-record' : 'sale-receipt',
          layout: 'receipt80',
          target: 'printer',
          route: recordPrintRoute(record, opId),
        });
  return (
    <>
      <div className="button-row">
        <button
          type="button"
          className="button"
          disabled={print.busy}
          onClick={printRecord}
          data-testid={`print-${record}`}
        >
          {t('print.receipt', { width })}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => navigate(recordPrintRoute(record, opId))}
        >
          {t('print.preview')}
        </button>
      </div>
      {print.message ? <p role="status">{print.message}</p> : null}
    </>
  );
}
