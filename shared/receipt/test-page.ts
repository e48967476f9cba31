// The printer settings' "print test page": the accents, the paper's width, and a cut.
import { atom, type Block, type ReceiptDocument } from './blocks';
import { formatters, type PrintContext } from './context';

export function testPage(printer: string, columns: number, context: PrintContext): ReceiptDocument {
  const { t, time } = formatters(context);
  const mark: Block[] = context.training ? [{ kind: 'mark', text: t('trainingMark') }] : [];
  const blocks: Block[] = [
    ...mark,
    { kind: 'title', text: t('testTitle') },
    { kind: 'text', text: context.store_name, align: 'center' },
    { kind: 'rule' },
    { kind: 'text', text: t('testLine') },
    { kind: 'text', text: t('testAccents') },
    { kind: 'text', text: '¿Señal? ¡Sí! ÁÉÍÓÚ' },
    { kind: 'field', label: t('testAddress'), value: atom(printer) },
    { kind: 'text', text: t('testColumns', { columns }) },
    { kind: 'text', text: '1234567890'.repeat(Math.ceil(columns / 10)).slice(0, columns) },
    { kind: 'field', label: t('printedAt'), value: time(context.printed_at) },
    ...mark,
  ];
  return { name: 'test-page', title: t('testTitle'), blocks };
}
