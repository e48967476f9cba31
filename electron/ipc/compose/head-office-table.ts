// The handler table of `npm run head-office` (docs/head-office.md "How to start it"): head
// office's three reads and nothing else. Every other bridge method (a sale, the settings, the
// token, training) answers `not-available` without running: this server has no journal, no
// settings, no token and no service to call, and a page that asked for them gets nothing.
import { type BridgeMethod, bridgeMethods } from '../../../shared/bridge';
import type { HeadOfficeReads } from '../../head-office/head-office-reads';
import type { Logger } from '../../log/logger';
import { BridgeFailure } from '../bridge-failure';
import type { Handler, HandlerMap } from '../deps';
import { createFragmentStore } from '../handlers/fragment-store';
import { headOfficeHandlers } from '../handlers/head-office-handlers';
import type { HandlerTable } from './create-handlers';

export function headOfficeTable(options: {
  reads: HeadOfficeReads;
  logger: Logger;
  clock?: () => Date;
}): HandlerTable {
  const refuse: Handler<BridgeMethod> = async () => {
    throw new BridgeFailure('not-available', 'The head-office server answers head office only.');
  };
  const methods = Object.fromEntries(
    Object.keys(bridgeMethods).map((method) => [method, refuse]),
  ) as unknown as HandlerMap;
  Object.assign(
    methods,
    headOfficeHandlers({
      clock: options.clock ?? (() => new Date()),
      logger: options.logger,
      headOffice: options.reads,
    }),
  );
  return {
    methods: Object.freeze(methods),
    logger: options.logger,
    fragments: createFragmentStore(),
    resumeUnresolved: async () => [],
    whenIdle: async () => undefined,
    close: () => options.reads.end(),
  };
}
