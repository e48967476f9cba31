// The handler table: one handler per bridge method, all built from the same injected deps. Every
// transport (Electron IPC, browser mode's HTTP, tests) ends in `dispatch` over this table.

import { createLateOutcomes } from '../../journal/late-outcomes';
import type { Logger } from '../../log/logger';
import type { HandlerDeps, HandlerMap } from '../deps';
import { appInfoHandlers } from '../handlers/app-info-handlers';
import { connectionHandlers } from '../handlers/connection-handlers';
import { createFragmentStore, type FragmentStore } from '../handlers/fragment-store';
import { headOfficeHandlers } from '../handlers/head-office-handlers';
import { heldMoneyHandlers } from '../handlers/held-money-handlers';
import { htmlHandlers } from '../handlers/html-handlers';
import { inStoreV2Handlers } from '../handlers/in-store-v2-handlers';
import { inStoreV3Handlers } from '../handlers/in-store-v3-handlers';
import { integrationHandlers } from '../handlers/integration-handlers';
import { journalHandlers } from '../handlers/journal-handlers';
import { limitsHandlers } from '../handlers/limits-handlers';
import { ordersHandlers } from '../handlers/orders-handlers';
import { personalDataHandlers } from '../handlers/personal-data-handlers';
import { printHandlers } from '../handlers/print-handlers';
import { receiptHandlers } from '../handlers/receipt-handlers';
import { settingsHandlers } from '../handlers/settings-handlers';
import { storeCloseHandlers } from '../handlers/store-close-handlers';
import { storeDbHandlers } from '../handlers/store-db-handlers';
import { tokenHandlers } from '../handlers/token-handlers';
import { trainingHandlers } from '../handlers/training-handlers';
import { createBilling } from '../workflows/billing';
import { createRefunds } from '../workflows/refunds';

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

export function createHandlers(given: HandlerDeps): HandlerTable {
  const lateOutcomes = createLateOutcomes({
    journal: given.journal,
    ...given.retry,
    onGiveUp: (opId, error) =>
      given.logger.error('a late outcome could not be written', { op_id: opId, error }),
  });
  const deps: HandlerDeps = { ...given, lateOutcomes };
  const billing = createBilling(deps);
  const refunds = createRefunds(deps);
  const fragments = createFragmentStore();
  const methods: HandlerMap = {
    ...appInfoHandlers(deps),
    ...settingsHandlers(deps),
    ...connectionHandlers(deps),
    ...tokenHandlers(deps),
    ...inStoreV3Handlers(deps, billing),
    ...inStoreV2Handlers(deps, billing),
    ...limitsHandlers(deps),
    ...ordersHandlers(deps, refunds),
    ...htmlHandlers(deps, fragments),
    ...journalHandlers(deps),
    ...heldMoneyHandlers(deps),
    ...trainingHandlers(deps),
    ...printHandlers(deps),
    ...integrationHandlers(deps),
    ...storeDbHandlers(deps),
    ...personalDataHandlers(deps),
    ...headOfficeHandlers(deps),
    // Printed documents read the journal and the day summary through the handlers above.
    ...receiptHandlers(deps, () => methods),
    ...storeCloseHandlers(deps, () => methods),
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
      await Promise.all([billing.whenIdle(), refunds.whenIdle(), lateOutcomes.whenIdle()]);
    },
    close: async () => {
      await Promise.all([billing.close(), refunds.close(), lateOutcomes.close()]);
    },
  };
}
