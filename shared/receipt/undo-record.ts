// The record of a billing undone (an undo-billing from the journal): what the supervisor
// approved, so the drawer's refund of the in-store money has a paper trail.
import type { JournalOperation } from '../journal-entry';
import { atom, type Block, type ReceiptDocument } from './blocks';
import { formatters, type PrintContext, shortId } from './context';

export function undoRecord(operation: JournalOperation, context: PrintContext): ReceiptDocument {
  const { t, time } = formatters(context);
  const intent = operation.intent;
  const isRuc = intent.identity?.kind === 'ruc';
  const done = operation.status === 'succeeded';
  const reason = intent.meta?.supervisor_reason;
  const supervisor = intent.meta?.supervisor_id;
  const mark: Block[] = context.training ? [{ kind: 'mark', text: t('trainingMark') }] : [];
  const blocks: Block[] = [
    ...mark,
    { kind: 'title', text: t('undoTitle') },
    { kind: 'text', text: context.store_name, align: 'center' },
    { kind: 'rule' },
    {
      kind: 'text',
      text: done ? t('undoDone') : t('undoNotDone', { status: operation.status }),
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
    { kind: 'field', label: t('cashier'), value: atom(intent.cashier_id) },
    ...(supervisor
      ? [{ kind: 'field', label: t('supervisor'), value: atom(supervisor) } as const]
      : []),
    { kind: 'field', label: t('operation'), value: shortId(operation.op_id) },
    ...(reason ? [{ kind: 'text', text: `${t('reason')}: ${reason}` } as const] : []),
    { kind: 'rule' },
    ...(done ? [{ kind: 'text', text: t('undoReturn') } as const] : []),
    { kind: 'signature', label: t('signSupervisor') },
    { kind: 'field', label: t('printedAt'), value: time(context.printed_at) },
    ...mark,
  ];
  return { name: 'undo-record', title: t('undoTitle'), blocks };
}
