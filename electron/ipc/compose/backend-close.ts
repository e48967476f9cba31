// Closing what a backend opened, always in the same order: the store link and the till API
// first, so nothing new arrives, then the handlers and their loops, the journal, the pools and
// the training mock (when the backend made it). A backend's close() stops at the first failure;
// a backend that fails while opening closes what it had opened quietly, then throws.
import type { HeadOfficeReads } from '../../head-office/head-office-reads';
import type { IntegrationHost } from '../../integration/integration-host';
import type { Journal } from '../../journal/journal';
import type { MockApp } from '../../mock/app';
import type { StoreLink } from '../../store-link/store-link';
import type { HandlerTable } from './create-handlers';

/** What a backend opened so far; null what it has not (or, the training mock, does not own). */
export type OpenedParts = {
  storeLink: StoreLink | null;
  integration: IntegrationHost;
  table: HandlerTable | null;
  journal: Journal;
  storeDb: { end(): Promise<void> } | null;
  headOffice: HeadOfficeReads | null;
  trainingApp: MockApp | null;
};

type Step = (close: () => Promise<unknown> | undefined) => Promise<unknown>;

/** Closes every part in order, each through `step`. */
export async function closeParts(parts: OpenedParts, step: Step): Promise<void> {
  await step(() => parts.storeLink?.close());
  await step(() => parts.integration.close());
  await step(() => parts.table?.close());
  await step(() => parts.journal.close());
  await step(() => parts.storeDb?.end());
  await step(() => parts.headOffice?.end());
  await step(() => parts.trainingApp?.close());
}

/** Each part closed in turn; the first failure is thrown. */
export const inTurn: Step = async (close) => close();

/** Each part closed in turn, a failure ignored: the error that stopped the opening is thrown. */
export const quietly: Step = (close) =>
  Promise.resolve()
    .then(close)
    .catch(() => undefined);
