// Builds a printed document from what the terminal knows: a journaled operation (sale or undo
// record), or the day close from the service's day summary (through the v2.daySummary handler,
// so it is journaled like the screen's) and this terminal's journal (the same handlers the
// screens use: the day's operations and the unresolved ones, current mode only).
import type { DocumentRequest } from '../../shared/bridge/printer';
import {
  dayClose,
  type PrintContext,
  type ReceiptDocument,
  saleRecord,
  storeClose,
  undoRecord,
} from '../../shared/receipt';
import { BridgeFailure, badArguments } from '../ipc/bridge-failure';
import type { HandlerDeps, HandlerMap } from '../ipc/deps';
import { storeCloseDatabase } from '../ipc/handlers/store-close-handlers';

const SALE = new Set(['v3.paidAndBilled', 'v2.paidAndBilled']);
const UNDO = new Set(['v3.undoBilling', 'v2.undoBilling']);

type Needed = Pick<
  HandlerMap,
  | 'v2.daySummary'
  | 'journal.operations'
  | 'journal.unresolved'
  | 'journal.operation'
  | 'money.held'
  | 'storeClose.load'
>;

export async function printContext(deps: HandlerDeps): Promise<PrintContext> {
  const settings = deps.settings.get();
  return {
    store_name: settings.store_name,
    terminal_id: await deps.settings.terminalId(),
    language: settings.language,
    time_zone: settings.time_zone,
    training: settings.mode === 'training',
    printed_at: deps.clock().toISOString(),
  };
}

/**
 * Whether F6 shows the store's day close here (a store database, or training's practice store):
 * then this counter's paper, like its screen, leaves the store's reconciliation to that close.
 */
function hasStoreClose(deps: HandlerDeps): boolean {
  try {
    storeCloseDatabase(deps);
    return true;
  } catch {
    return false;
  }
}

export async function buildDocument(
  deps: HandlerDeps,
  methods: () => Needed,
  request: DocumentRequest,
): Promise<ReceiptDocument> {
  const direct = { channel: 'direct', verified: true } as const;
  if (request.document === 'store-close') {
    // The screen's own view: the stored close once the day is closed, else the draft, read again
    // for the paper; "Impreso" is taken after it, never before its figures (issue 35 item 12).
    const view = await methods()['storeClose.load']({ day: request.day }, direct);
    const context = await printContext(deps);
    return storeClose(
      {
        content: view.stored?.content ?? view.draft,
        record: view.stored
          ? { sha256: view.stored.sha256, recorded_at: view.stored.recorded_at }
          : null,
        arrivedAfter: view.arrived_after,
      },
      context,
    );
  }
  const context = await printContext(deps);
  if (request.document === 'day-close') {
    const answer = await methods()['v2.daySummary']({ day: request.day, detail: true }, direct);
    if (answer.status !== 'succeeded') {
      throw new BridgeFailure(
        'not-available',
        `The day summary could not be fetched (${answer.status}): ${answer.error.message}`,
      );
    }
    const [{ operations }, { operations: unresolved }, { holds: held }] = await Promise.all([
      methods()['journal.operations']({ day: request.day }, direct),
      methods()['journal.unresolved']({}, direct),
      methods()['money.held']({}, direct),
    ]);
    return dayClose(
      {
        day: request.day,
        summary: answer.data.summary,
        operations,
        unresolved,
        held,
        inStore: hasStoreClose(deps),
      },
      context,
    );
  }
  const operation = await methods()['journal.operation']({ op_id: request.op_id }, direct);
  const kinds = request.document === 'sale-record' ? SALE : UNDO;
  if (!kinds.has(operation.operation)) {
    throw badArguments(`operation is not a ${request.document}`, {
      'request.op_id': `a ${operation.operation}`,
    });
  }
  return request.document === 'sale-record'
    ? saleRecord(operation, context)
    : undoRecord(operation, context);
}
