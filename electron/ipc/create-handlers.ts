// The handler table: one handler per bridge method, all built from the same injected deps. Every
// transport (Electron IPC, browser mode's HTTP, tests) ends in `dispatch` over this table.
import type { Logger } from '../log/logger';
import { appInfoHandlers } from './app-info-handlers';
import { createBilling } from './billing';
import { connectionHandlers } from './connection-handlers';
import type { HandlerDeps, HandlerMap } from './deps';
import { createFragmentStore, type FragmentStore } from './fragment-store';
import { htmlHandlers } from './html-handlers';
import { integrationHandlers } from './integration-handlers';
import { journalHandlers } from './journal-handlers';
import { limitsHandlers } from './limits-handlers';
import { ordersHandlers } from './orders-handlers';
import { printHandlers } from './print-handlers';
import { receiptHandlers } from './receipt-handlers';
import { createRefunds } from './refunds';
import { settingsHandlers } from './settings-handlers';
import { tokenHandlers } from './token-handlers';
import { trainingHandlers } from './training-handlers';
import { v2Handlers } from './v2-handlers';
import { v3Handlers } from './v3-handlers';

export type HandlerTable = {
  readonly methods: HandlerMap;
  readonly logger: Logger;
  /** The service's HTML fragments, served by each shell as documents of their own. */
  readonly fragments: FragmentStore;
  /**
   * Starts retrying the journal's unfinished paid-and-billed and refund operations (call once, at start,
   * before the first bridge call). Returns their op_ids; the loops run in the background.
   */
  resumeUnresolved(): Promise<string[]>;
  /** Resolves when no retry loop is running. */
  whenIdle(): Promise<void>;
  /** Stops the retry loops (their operations stay unresolved for the next start). */
  close(): Promise<void>;
};

export function createHandlers(deps: HandlerDeps): HandlerTable {
  const billing = createBilling(deps);
  const refunds = createRefunds(deps);
  const fragments = createFragmentStore();
  const methods: HandlerMap = {
    ...appInfoHandlers(deps),
    ...settingsHandlers(deps),
    ...connectionHandlers(deps),
    ...tokenHandlers(deps),
    ...v3Handlers(deps, billing),
    ...v2Handlers(deps, billing),
    ...limitsHandlers(deps),
    ...ordersHandlers(deps, refunds),
    ...htmlHandlers(deps, fragments),
    ...journalHandlers(deps),
    ...trainingHandlers(deps),
    ...printHandlers(deps),
    ...integrationHandlers(deps),
    // Printed documents read the journal and the day summary through the handlers above.
    ...receiptHandlers(deps, () => methods),
  };
  return {
    methods: Object.freeze(methods),
    logger: deps.logger,
    fragments,
    resumeUnresolved: async () => [
      ...(await billing.resumeUnresolved()),
      ...(await refunds.resumeUnresolved()),
    ],
    whenIdle: async () => {
      await Promise.all([billing.whenIdle(), refunds.whenIdle()]);
    },
    close: async () => {
      await Promise.all([billing.close(), refunds.close()]);
    },
  };
}
