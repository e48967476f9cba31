// journal.*: what this terminal did, for the cashier's amber "pending" view and the supervisor's
// reconciliation. Lists show the current mode only: training and live never mix.
import { storeDay } from '../journal/store-day';
import { badArguments } from './bridge-failure';
import type { HandlerDeps, HandlerMap } from './deps';

type JournalMethods = 'journal.operations' | 'journal.unresolved' | 'journal.operation';

export function journalHandlers(deps: HandlerDeps): Pick<HandlerMap, JournalMethods> {
  const { journal, settings } = deps;
  return {
    'journal.operations': async ({ day }) => {
      const { mode, time_zone: timeZone } = settings.get();
      const chosen = day ?? storeDay(deps.clock(), timeZone);
      return { day: chosen, operations: await journal.operations({ day: chosen, timeZone, mode }) };
    },

    'journal.unresolved': async () => {
      const { mode } = settings.get();
      return { operations: (await journal.unresolved()).filter((op) => op.mode === mode) };
    },

    'journal.operation': async ({ op_id }) => {
      const operation = await journal.operation(op_id);
      if (!operation) throw badArguments('no such operation', { op_id: 'not in the journal' });
      return operation;
    },
  };
}
