// What the records of one journaled operation (a sale's down payment, an undone billing) share:
// the training marks around them, the title and store, the outcome in bold, and who and what
// the operation was about. Each record adds its own fields and closing lines.

import type { JournalOperation } from '../journal-entry';
import { shownIdentity } from '../personal-data/mask';
import { atom, type Block } from './blocks';
import { type Formatters, type PrintContext, shortId } from './context';

export type RecordParts = {
  title: string;
  /** The outcome, centred and bold (billed, undone, or the status when it is not). */
  outcome: string;
  /** After the date, identity and code: the record's own fields. */
  fields: Block[];
  /** After the operation id: the record's own closing lines. */
  closing: Block[];
};

export function operationRecord(
  operation: JournalOperation,
  context: PrintContext,
  { t, time }: Formatters,
  parts: RecordParts,
): Block[] {
  const intent = operation.intent;
  const mark: Block[] = context.training ? [{ kind: 'mark', text: t('trainingMark') }] : [];
  return [
    ...mark,
    { kind: 'title', text: parts.title },
    { kind: 'text', text: context.store_name, align: 'center' },
    { kind: 'rule' },
    { kind: 'text', text: parts.outcome, align: 'center', bold: true },
    { kind: 'field', label: t('when'), value: time(operation.updated_at) },
    {
      kind: 'field',
      label: t(intent.identity?.kind === 'ruc' ? 'ruc' : 'dni'),
      value: atom(shownIdentity(intent.identity?.value) || t('unknown')),
    },
    { kind: 'field', label: t('code'), value: atom(intent.funding_code ?? t('unknown')) },
    ...parts.fields,
    { kind: 'field', label: t('operation'), value: shortId(operation.op_id) },
    ...parts.closing,
    ...mark,
  ];
}
