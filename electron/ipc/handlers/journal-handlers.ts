// journal.*: what this terminal did, for the cashier's amber "pending" view and the supervisor's
// reconciliation. Lists show the current mode only: training and live never mix.
import { type JournalOperation, traitsOf } from '../../../shared/journal-entry';
import { isFinal, NOTE_ACKNOWLEDGED, NOTE_CLOSED } from '../../journal/operation-index';
import { storeDay } from '../../journal/store-day';
import { BridgeFailure, badArguments } from '../bridge-failure';
import type { HandlerDeps, HandlerMap } from '../deps';
import { billedData } from '../workflows/billing-request';
import { requirePin } from './require-pin';

type JournalMethods =
  | 'journal.operations'
  | 'journal.unresolved'
  | 'journal.operation'
  | 'journal.health'
  | 'journal.continuation'
  | 'journal.announcements'
  | 'journal.acknowledge'
  | 'journal.close';

/**
 * The operation without its refund's X-Unique-Token: the renderer never needs it (a refund is
 * retried by op_id, with the journaled token), so it cannot offer it to anything either.
 */
export function forRenderer(operation: JournalOperation): JournalOperation {
  // A billing carries the document to issue, decided here once for every screen.
  const billing = operation.operation.endsWith('.paidAndBilled');
  const withInvoice = billing
    ? { ...operation, invoice: billedData(operation.intent).invoice }
    : operation;
  const meta = withInvoice.intent.meta;
  if (meta?.unique_token === undefined) return withInvoice;
  const { unique_token: _kept, ...rest } = meta;
  return { ...withInvoice, intent: { ...withInvoice.intent, meta: rest } };
}

/**
 * When the practice data was last reset: the mock has forgotten every practice sale before it, so
 * the day's reconciliation leaves them out rather than call them missing (issue 18 item 12).
 */
async function lastPracticeReset(journal: HandlerDeps['journal']): Promise<number | null> {
  const [latest] = await journal.latestOfOperation('training.reset', 1);
  // By journal order, not by time: a clock set back (or a frozen test clock) cannot mix them.
  return latest?.intent.seq ?? null;
}

export function journalHandlers(deps: HandlerDeps): Pick<HandlerMap, JournalMethods> {
  const { journal, settings } = deps;
  return {
    'journal.operations': async ({ day }) => {
      const { mode, time_zone: timeZone } = settings.get();
      const chosen = day ?? storeDay(deps.clock(), timeZone);
      const operations = await journal.operations({ day: chosen, timeZone, mode });
      const since = mode === 'training' ? await lastPracticeReset(journal) : null;
      const current = operations.filter(
        (op) => op.operation !== 'training.reset' && (since === null || op.intent.seq > since),
      );
      return { day: chosen, operations: current.map(forRenderer) };
    },

    'journal.unresolved': async () => {
      const { mode } = settings.get();
      const operations = (await journal.unresolved()).filter((op) => op.mode === mode);
      return { operations: operations.map(forRenderer) };
    },

    'journal.operation': async ({ op_id }) => {
      const operation = await journal.operation(op_id);
      if (!operation) throw badArguments('no such operation', { op_id: 'not in the journal' });
      return forRenderer(operation);
    },

    'journal.health': async () => ({
      writable: await journal.writable(),
      shortened: journal.recovered.shortened ?? null,
    }),
    'journal.announcements': async () => {
      const { mode } = settings.get();
      const operations = (await journal.announcements()).filter((op) => op.mode === mode);
      return { operations: operations.map(forRenderer) };
    },

    'journal.acknowledge': async ({ op_id }) => {
      const operation = await journal.operation(op_id);
      if (!operation || !isFinal(operation.status)) {
        throw badArguments('nothing to acknowledge', { op_id: 'no final answer in the journal' });
      }
      if (!operation.acknowledged) {
        await journal.recordNote(op_id, 'The cashier acknowledged the final answer.', {
          kind: NOTE_ACKNOWLEDGED,
          cashier_id: settings.get().cashier_id ?? null,
        });
      }
      return { acknowledged: true as const };
    },

    'journal.close': async ({ op_id, pin, note }) => {
      const operation = await journal.operation(op_id);
      if (!operation) throw badArguments('no such operation', { op_id: 'not in the journal' });
      if (!traitsOf(operation.operation).closable) {
        throw new BridgeFailure(
          'not-available',
          'A paid-and-billed or a refund stays open until the service answers.',
        );
      }
      if (isFinal(operation.status) || operation.closed) {
        throw badArguments('already answered', { op_id: 'has a definite answer already' });
      }
      await requirePin(settings, pin);
      await journal.recordNote(op_id, note, {
        kind: NOTE_CLOSED,
        cashier_id: settings.get().cashier_id ?? null,
      });
      deps.logger.info('open operation closed by a supervisor', { op_id });
      return { closed: true as const };
    },

    'journal.continuation': async ({ source_op_id, operation }) => {
      // Oldest first: the last one not refused is the one that may still bill (or did).
      const linked = await journal.linkedTo(source_op_id, { operation });
      const chosen = linked.findLast((op) => op.status !== 'refused') ?? linked.at(-1) ?? null;
      return { operation: chosen ? forRenderer(chosen) : null };
    },
  };
}
