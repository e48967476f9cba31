// The record of a down payment collected for one sale (a paid-and-billed from the journal). It is
// not the invoice: the store's own system issues the boleta or factura, and the record says so.
import type { JournalOperation } from '../journal-entry';
import { atom, type Block, type ReceiptDocument } from './blocks';
import { formatters, type PrintContext, shortId } from './context';

export function saleRecord(operation: JournalOperation, context: PrintContext): ReceiptDocument {
  const { t, money, time } = formatters(context);
  const intent = operation.intent;
  const isRuc = intent.identity?.kind === 'ruc';
  const billed = operation.status === 'succeeded';
  const mark: Block[] = context.training ? [{ kind: 'mark', text: t('trainingMark') }] : [];
  const blocks: Block[] = [
    ...mark,
    { kind: 'title', text: t('saleTitle') },
    { kind: 'text', text: context.store_name, align: 'center' },
    { kind: 'rule' },
    {
      kind: 'text',
      text: billed ? t('saleBilled') : t('saleNotBilled', { status: operation.status }),
      align: 'center',
      bold: true,
    },
    { kind: 'field', label: t('when'), value: time(operation.updated_at) },
    {
      kind: 'field',
      label: t(isRuc ? 'ruc' : 'dni'),
      value: atom(intent.identity?.value ?? t('unknown')),
    },
    { kind: 'field', label: t('code'), value: atom(intent.funding_code ?? t('unknown')) },
    { kind: 'field', label: t('billed'), value: money(intent.billed_cents) },
    { kind: 'field', label: t('collected'), value: money(intent.to_collect_cents), bold: true },
    { kind: 'field', label: t('cashier'), value: atom(intent.cashier_id) },
    ...(context.terminal_id
      ? [{ kind: 'field', label: t('terminal'), value: atom(context.terminal_id) } as const]
      : []),
    { kind: 'field', label: t('operation'), value: shortId(operation.op_id) },
    { kind: 'rule' },
    { kind: 'text', text: t(isRuc ? 'factura' : 'boleta') },
    { kind: 'text', text: t('notInvoice') },
    { kind: 'field', label: t('printedAt'), value: time(context.printed_at) },
    ...mark,
  ];
  return { name: 'sale-record', title: t('saleTitle'), blocks };
}
