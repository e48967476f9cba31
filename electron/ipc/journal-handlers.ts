// journal.*: what this terminal did, for the cashier's amber "pending" view and the supervisor's
// reconciliation. Lists show the current mode only: training and live never mix.
import type { JournalOperation } from '../../shared/journal-entry';
import { storeDay } from '../journal/store-day';
import { badArguments } from './bridge-failure';
import type { HandlerDeps, HandlerMap } from './deps';

type JournalMethods =
  | 'journal.operations'
  | 'journal.unresolved'
  | 'journal.operation'
  | 'journal.health'
  | 'journal.continuation';

/**
 * The operation without its refund's X-Unique-Token: the renderer never needs it (a refund is
 * retried by op_id, with the journaled token), so it cannot offer it to anything either.
 */
export function forRenderer(operation: JournalOperation): JournalOperation {
  const meta = operation.intent.meta;
  if (meta?.unique_token === undefined) return operation;
  const { unique_token: _kept, ...rest } = meta;
  return { ...operation, intent: { ...operation.intent, meta: rest } };
}

export function journalHandlers(deps: HandlerDeps): Pick<HandlerMap, JournalMethods> {
  const { journal, settings } = deps;
  return {
    'journal.operations': async ({ day }) => {
      const { mode, time_zone: timeZone } = settings.get();
      const chosen = day ?? storeDay(deps.clock(), timeZone);
      const operations = await journal.operations({ day: chosen, timeZone, mode });
      return { day: chosen, operations: operations.map(forRenderer) };
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

    'journal.continuation': async ({ source_op_id, operation }) => {
      // Oldest first: the last one not refused is the one that may still bill (or did).
      const linked = await journal.linkedTo(source_op_id, { operation });
      const chosen = linked.findLast((op) => op.status !== 'refused') ?? linked.at(-1) ?? null;
      return { operation: chosen ? forRenderer(chosen) : null };
    },
  };
}
