// The record of a billing undone (an undo-billing from the journal): what the supervisor
// approved, so the drawer's refund of the in-store money has a paper trail.
import type { JournalOperation } from '../journal-entry';
import { atom, type ReceiptDocument } from './blocks';
import { formatters, type PrintContext } from './context';
import { operationRecord } from './operation-record';

export function undoRecord(operation: JournalOperation, context: PrintContext): ReceiptDocument {
  const format = formatters(context);
  const { t, time } = format;
  const intent = operation.intent;
  const done = operation.status === 'succeeded';
  const reason = intent.meta?.supervisor_reason;
  const supervisor = intent.meta?.supervisor_id;
  const blocks = operationRecord(operation, context, format, {
    title: t('undoTitle'),
    outcome: done ? t('undoDone') : t('undoNotDone', { status: operation.status }),
    fields: [
      { kind: 'field', label: t('cashier'), value: atom(intent.cashier_id) },
      ...(supervisor
        ? [{ kind: 'field', label: t('supervisor'), value: atom(supervisor) } as const]
        : []),
    ],
    closing: [
      ...(reason ? [{ kind: 'text', text: `${t('reason')}: ${reason}` } as const] : []),
      { kind: 'rule' },
      ...(done ? [{ kind: 'text', text: t('undoReturn') } as const] : []),
      { kind: 'signature', label: t('signSupervisor') },
      { kind: 'field', label: t('printedAt'), value: time(context.printed_at) },
    ],
  });
  return { name: 'undo-record', title: t('undoTitle'), blocks };
}
