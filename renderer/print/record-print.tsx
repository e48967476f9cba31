import {
  type PrintLayoutName,
  type RecordDocument,
  recordPrintRoute,
  screenHash,
} from '../logic/routes';
import { DocumentPreview } from './document-preview';

/**
 * The record of one journaled operation: the down payment collected for a sale, or an undone
 * billing. It is not the invoice (the store's own system issues the boleta or factura) and says
 * so; its one layout is shared/receipt/ (docs/printing.md).
 */
export function RecordPrint({
  record,
  opId,
  layout,
  auto,
}: {
  record: RecordDocument;
  opId: string | null;
  layout: PrintLayoutName;
  auto: boolean;
}) {
  return (
    <DocumentPreview
      request={opId ? { document: record, op_id: opId } : null}
      layout={layout}
      auto={auto}
      otherLayoutHash={
        opId ? recordPrintRoute(record, opId, layout === 'a4' ? 'receipt80' : 'a4') : null
      }
      backHash={screenHash(record === 'undo-record' ? 'undo' : 'sale')}
    />
  );
}
