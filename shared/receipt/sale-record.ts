// The record of a down payment collected for one sale (a paid-and-billed from the journal). It is
// not the invoice: the store's own system issues the boleta or factura, and the record says so.
import type { JournalOperation } from '../journal-entry';
import { atom, type ReceiptDocument } from './blocks';
import { formatters, type PrintContext } from './context';
import { operationRecord } from './operation-record';

export function saleRecord(operation: JournalOperation, context: PrintContext): ReceiptDocument {
  const format = formatters(context);
  const { t, money, time } = format;
  const intent = operation.intent;
  const blocks = operationRecord(operation, context, format, {
    title: t('saleTitle'),
    outcome:
      operation.status === 'succeeded'
        ? t('saleBilled')
        : t('saleNotBilled', { status: operation.status }),
    fields: [
      { kind: 'field', label: t('billed'), value: money(intent.billed_cents) },
      { kind: 'field', label: t('collected'), value: money(intent.to_collect_cents), bold: true },
      { kind: 'field', label: t('cashier'), value: atom(intent.cashier_id) },
      ...(context.terminal_id
        ? [{ kind: 'field', label: t('terminal'), value: atom(context.terminal_id) } as const]
        : []),
    ],
    closing: [
      { kind: 'rule' },
      { kind: 'text', text: t(intent.identity?.kind === 'ruc' ? 'factura' : 'boleta') },
      { kind: 'text', text: t('notInvoice') },
      { kind: 'field', label: t('printedAt'), value: time(context.printed_at) },
    ],
  });
  return { name: 'sale-record', title: t('saleTitle'), blocks };
}
