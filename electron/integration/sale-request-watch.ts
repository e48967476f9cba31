// What the app knows of the till's open sale requests, kept up to date from the journal
// (sale-requests.ts): a journal append re-reads the one open request it belongs to (found by
// op_id, never by reading the others), so a long wait wakes on any change (the retry loop
// settling an unknown call included), each final state is called back once, and an append costs
// the same however many requests are open (at most MAX_OPEN_SALE_REQUESTS).
import { isFinalState, type SaleRequest } from '../../shared/integration/sale-request';
import type { JournalEntry, JournalOperation } from '../../shared/journal-entry';
import type { Journal } from '../journal/journal';
import type { Logger } from '../log/logger';
import type { Callbacks } from './callbacks';
import { LINK_KEY } from './derive-state';
import type { SaleRequestStore } from './sale-request-store';
import { requestIdOf } from './sale-request-store';
import type { SaleRequestWaits } from './sale-request-waits';

export type SaleRequestWatch = {
  /** Folds every request the journal holds, then follows its appends. */
  start(): Promise<void>;
  /** The operations that name a request (its cancel, Verify, paid-and-billed): their appends are its. */
  remember(requestId: string, linked: readonly string[]): void;
  /** A request as it stands now: its waits woken, its final state called back once. */
  settle(request: JournalOperation, record: SaleRequest): void;
  /** Reads one request again from the journal and settles it. */
  refreshOne(requestId: string): Promise<void>;
  isOpen(requestId: string): boolean;
  openCount(): number;
  /** Resolves once the refresh of what the journal last wrote is done (tests wait on it). */
  settled(): Promise<void>;
  /** Stops following the journal's appends. */
  stop(): void;
  /** Resolves once the refresh under way, if any, is done. */
  refreshed(): Promise<void>;
};

export function watchSaleRequests(
  deps: { journal: Journal; logger: Logger; callbacks: Callbacks },
  store: SaleRequestStore,
  waits: SaleRequestWaits,
): SaleRequestWatch {
  const open = new Set<string>();
  /** op_id of a request, or of a cancel, Verify or paid-and-billed of it → its request_id. */
  const owner = new Map<string, string>();
  /** Open requests the journal wrote something about since their last refresh. */
  const dirty = new Set<string>();
  let refreshing: Promise<void> | null = null;
  let unsubscribe: (() => void) | null = null;

  const remember = (requestId: string, linked: readonly string[]) => {
    for (const opId of linked) owner.set(opId, requestId);
  };

  const settle = (request: JournalOperation, record: SaleRequest) => {
    waits.wake(record.request_id, record.etag);
    if (isFinalState(record.state)) {
      open.delete(record.request_id);
      deps.callbacks.send(request, record);
    } else open.add(record.request_id);
  };

  const refreshOne = async (requestId: string) => {
    const request = store.requestOp(requestId);
    if (!request) return;
    const folded = await store.fold(request);
    remember(requestId, folded.linked);
    settle(request, folded.record);
  };

  /** The open request a journal entry is about, if any: by its op_id, or by the intent's link. */
  const requestOf = (entry: JournalEntry): string | null => {
    const known = owner.get(entry.op_id);
    if (known) return known;
    if (entry.type !== 'intent') return null;
    const meta = (entry.meta ?? {}) as Record<string, unknown>;
    for (const link of [meta[LINK_KEY], meta.verify_op_id]) {
      const requestId = typeof link === 'string' ? owner.get(link) : undefined;
      if (requestId) {
        owner.set(entry.op_id, requestId);
        return requestId;
      }
    }
    return null;
  };

  /** Coalesced: a burst of appends re-reads each request it touched once (plus one trailing). */
  const refreshDirty = (): Promise<void> => {
    if (refreshing) return refreshing;
    refreshing = (async () => {
      while (dirty.size > 0) {
        const ids = [...dirty];
        dirty.clear();
        for (const id of ids) await refreshOne(id);
      }
    })()
      .catch((error: unknown) => deps.logger.error('sale requests not refreshed', { error }))
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  };

  return {
    async start() {
      for (const request of await store.load()) {
        const folded = await store.fold(request);
        remember(requestIdOf(request), folded.linked);
        settle(request, folded.record);
      }
      unsubscribe = deps.journal.subscribe((entry) => {
        const requestId = requestOf(entry);
        if (requestId === null || !open.has(requestId)) return;
        dirty.add(requestId);
        void refreshDirty();
      });
    },
    remember,
    settle,
    refreshOne,
    isOpen: (requestId) => open.has(requestId),
    openCount: () => open.size,
    async settled() {
      while (refreshing) await refreshing;
    },
    stop() {
      unsubscribe?.();
    },
    async refreshed() {
      await refreshing;
    },
  };
}
