import { type PrintLayoutName, saleReceiptPrintRoute, screenHash } from '../logic/routes';
import { DocumentPreview } from './document-preview';

/**
 * The record of the down payment collected for one sale, from the journal. It is not the invoice
 * (the store's own system issues the boleta or factura) and says so.
 */
export function SaleReceiptPrint({
  opId,
  layout,
  auto,
}: {
  opId: string | null;
  layout: PrintLayoutName;
  auto: boolean;
}) {
  return (
    <DocumentPreview
      request={opId ? { document: 'sale-record', op_id: opId } : null}
      layout={layout}
      auto={auto}
      otherLayoutHash={
        opId ? saleReceiptPrintRoute(opId, layout === 'a4' ? 'receipt80' : 'a4') : null
      }
      backHash={screenHash('sale')}
    />
  );
}
