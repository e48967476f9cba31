// The till's sale requests as the rest of the app sees them: the HTTP API creates, reads, waits
// on and cancels them; the cashier's Verify and paid-and-billed pass through their guards
// (sale-request-guards.ts); the renderer's queue lists the open ones. What is open, and each
// request's state, follows the journal (sale-request-watch.ts), which wakes the till's long
// waits (sale-request-waits.ts) and calls each final state back once.
import type { Mode } from '../../shared/bridge';
import {
  isFinalState,
  MAX_OPEN_SALE_REQUESTS,
  type SaleRequest,
  type SaleRequestBody,
} from '../../shared/integration/sale-request';
import type { Journal } from '../journal/journal';
import type { Logger } from '../log/logger';
import type { SettingsStore } from '../settings/settings-store';
import type { Callbacks } from './callbacks';
import { saleRequestGuards } from './sale-request-guards';
import { createSaleRequestStore, requestIdOf } from './sale-request-store';
import { createSaleRequestWaits } from './sale-request-waits';
import { watchSaleRequests } from './sale-request-watch';

export type SaleRequestsDeps = {
  journal: Journal;
  settings: SettingsStore;
  logger: Logger;
  callbacks: Callbacks;
};

/** What the cashier's queue shows of an open request; `billed_cents` is the locked amount. */
export type QueuedRequest = SaleRequest & { billed_cents: number };

export type SaleRequests = ReturnType<typeof createSaleRequests>;

export function createSaleRequests(deps: SaleRequestsDeps) {
  const store = createSaleRequestStore(deps);
  const waits = createSaleRequestWaits();
  const watch = watchSaleRequests(deps, store, waits);
  /** Creates under way: they count as open until written or refused. */
  let creating = 0;

  return {
    start: watch.start,

    async create(
      body: SaleRequestBody,
    ): Promise<Awaited<ReturnType<typeof store.create>> | { kind: 'too-many'; message: string }> {
      // A new request_id past the cap is refused; a repeat of a known one is always answered.
      if (
        !store.requestOp(body.request_id) &&
        watch.openCount() + creating >= MAX_OPEN_SALE_REQUESTS
      ) {
        return {
          kind: 'too-many',
          message: `${MAX_OPEN_SALE_REQUESTS} open sale requests already: finish or cancel some first`,
        };
      }
      creating += 1;
      try {
        const answer = await store.create(body);
        if (answer.kind !== 'conflict') {
          const request = store.requestOp(body.request_id);
          if (request) {
            watch.remember(body.request_id, [request.op_id]);
            watch.settle(request, answer.record);
          }
        }
        return answer;
      } finally {
        creating -= 1;
      }
    },

    read: async (requestId: string) => (await store.read(requestId))?.record ?? null,

    /** The record once its etag differs from `etag` (or at once when final), else after `ms`. */
    async wait(requestId: string, etag: string | null, ms: number, signal: AbortSignal) {
      const current = await store.read(requestId);
      if (!current) return null;
      const { record } = current;
      const since = etag ?? record.etag;
      if (record.etag !== since || isFinalState(record.state) || ms <= 0) return record;
      await waits.until(requestId, since, ms, signal);
      return (await store.read(requestId))?.record ?? record;
    },

    async cancel(requestId: string, by: 'till' | 'cashier') {
      const answer = await store.cancel(requestId, by);
      if (answer.kind !== 'not-found') await watch.refreshOne(requestId);
      return answer;
    },

    /** Open requests of `mode` the cashier has yet to finish, oldest first. */
    async queue(mode: Mode): Promise<QueuedRequest[]> {
      const found: QueuedRequest[] = [];
      for (const request of store.all()) {
        const id = requestIdOf(request);
        if (request.mode !== mode || !watch.isOpen(id)) continue;
        const { record } = await store.fold(request);
        if (record.state !== 'waiting' && record.state !== 'verified') continue;
        found.push({ ...record, billed_cents: request.intent.billed_cents ?? 0 });
      }
      return found;
    },

    ...saleRequestGuards(store),

    /** Resolves once the refresh of what the journal last wrote is done (tests wait on it). */
    settled: watch.settled,

    async close() {
      watch.stop();
      waits.wakeAll();
      deps.callbacks.close();
      await watch.refreshed();
    },
  };
}
