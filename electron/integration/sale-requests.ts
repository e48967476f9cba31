// The till's sale requests as the rest of the app sees them: the HTTP API creates, reads, waits
// on and cancels them; the cashier's Verify and paid-and-billed pass through their guards; the
// renderer's queue lists the open ones. Every journal append re-reads the open requests, so a
// long wait wakes on any change (the retry loop settling an unknown call included) and each
// final state is called back once.
import type { IdentityInput, Mode } from '../../shared/bridge';
import { centsFromWire } from '../../shared/domain/money';
import {
  isFinalState,
  type SaleRequest,
  type SaleRequestBody,
} from '../../shared/integration/sale-request';
import type { JournalOperation } from '../../shared/journal-entry';
import { BridgeFailure } from '../ipc/bridge-failure';
import type { Journal } from '../journal/journal';
import type { Logger } from '../log/logger';
import type { SettingsStore } from '../settings/settings-store';
import type { Callbacks } from './callbacks';
import { LINK_KEY, requestBody } from './derive-state';
import { createSaleRequestStore, requestIdOf } from './sale-request-store';

export type SaleRequestsDeps = {
  journal: Journal;
  settings: SettingsStore;
  logger: Logger;
  callbacks: Callbacks;
};

/** What the cashier's queue shows of an open request; `billed_cents` is the locked amount. */
export type QueuedRequest = SaleRequest & { billed_cents: number };

type Waiter = { etag: string; wake: () => void };

export type SaleRequests = ReturnType<typeof createSaleRequests>;

export function createSaleRequests(deps: SaleRequestsDeps) {
  const store = createSaleRequestStore(deps);
  const latest = new Map<string, SaleRequest>();
  const open = new Set<string>();
  const waiters = new Map<string, Set<Waiter>>();
  let refreshing: Promise<void> | null = null;
  let again = false;
  let unsubscribe: (() => void) | null = null;

  const settle = (request: JournalOperation, record: SaleRequest) => {
    latest.set(record.request_id, record);
    for (const waiter of waiters.get(record.request_id) ?? []) {
      if (waiter.etag !== record.etag) waiter.wake();
    }
    if (isFinalState(record.state)) {
      open.delete(record.request_id);
      deps.callbacks.send(request, record);
    } else open.add(record.request_id);
  };

  const refreshOne = async (requestId: string) => {
    const request = store.requestOp(requestId);
    if (request) settle(request, (await store.fold(request)).record);
  };

  /** Coalesced: a burst of appends costs one pass over the open requests (plus one trailing). */
  const refreshOpen = (): Promise<void> => {
    if (refreshing) {
      again = true;
      return refreshing;
    }
    refreshing = (async () => {
      do {
        again = false;
        for (const id of [...open]) await refreshOne(id);
      } while (again);
    })()
      .catch((error: unknown) => deps.logger.error('sale requests not refreshed', { error }))
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  };

  const requireOpenRequest = async (requestId: string) => {
    const found = await store.read(requestId);
    if (!found) throw new BridgeFailure('bad-arguments', 'No such sale request from the till.');
    const { state } = found.record;
    if (state !== 'waiting' && state !== 'verified') {
      throw new BridgeFailure(
        'till-request-closed',
        state === 'canceled'
          ? 'The till canceled this sale. Do not collect; give back any money taken.'
          : 'This sale request from the till is already closed.',
      );
    }
    return found;
  };

  return {
    async start(): Promise<void> {
      for (const request of await store.load()) {
        settle(request, (await store.fold(request)).record);
      }
      unsubscribe = deps.journal.subscribe(() => {
        if (open.size > 0) void refreshOpen();
      });
    },

    async create(body: SaleRequestBody) {
      const answer = await store.create(body);
      if (answer.kind !== 'conflict') {
        const request = store.requestOp(body.request_id);
        if (request) settle(request, answer.record);
      }
      return answer;
    },

    read: async (requestId: string) => (await store.read(requestId))?.record ?? null,

    /** The record once its etag differs from `etag` (or at once when final), else after `ms`. */
    async wait(requestId: string, etag: string | null, ms: number, signal: AbortSignal) {
      const current = await store.read(requestId);
      if (!current) return null;
      const { record } = current;
      const since = etag ?? record.etag;
      if (record.etag !== since || isFinalState(record.state) || ms <= 0) return record;
      await new Promise<void>((resolve) => {
        const waiter: Waiter = { etag: since, wake: () => done() };
        const set = waiters.get(requestId) ?? new Set();
        waiters.set(requestId, set.add(waiter));
        const timer = setTimeout(() => done(), ms);
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          set.delete(waiter);
          if (set.size === 0) waiters.delete(requestId);
          resolve();
        };
        signal.addEventListener('abort', done, { once: true });
      });
      return (await store.read(requestId))?.record ?? record;
    },

    async cancel(requestId: string, by: 'till' | 'cashier') {
      const answer = await store.cancel(requestId, by);
      if (answer.kind !== 'not-found') await refreshOne(requestId);
      return answer;
    },

    /** Open requests of `mode` the cashier has yet to finish, oldest first. */
    async queue(mode: Mode): Promise<QueuedRequest[]> {
      const found: QueuedRequest[] = [];
      for (const request of store.all()) {
        const id = requestIdOf(request);
        if (request.mode !== mode || !open.has(id)) continue;
        const { record } = await store.fold(request);
        if (record.state !== 'waiting' && record.state !== 'verified') continue;
        found.push({ ...record, billed_cents: request.intent.billed_cents ?? 0 });
      }
      return found;
    },

    /**
     * A Verify made for a till request: the amount is the request's and, when the till named
     * the customer, the identity is theirs; a factura needs a RUC. Returns the meta that ties
     * the Verify to the request.
     */
    async verifyLink(
      requestId: string,
      args: { mode: Mode; billed_cents: number; identity: IdentityInput },
    ): Promise<Record<string, string>> {
      const { record } = await requireOpenRequest(requestId);
      const request = store.requestOp(requestId);
      if (!request) throw new Error('a read request has no journal operation');
      const body = requestBody(request);
      const issues: Record<string, string> = {};
      if (request.mode !== args.mode) issues.sale_request_id = 'made in the other mode';
      if (centsFromWire(body.billed_amount) !== args.billed_cents) {
        issues.billed_cents = 'must be the amount the till sent';
      }
      const named = body.identity;
      if (named) {
        const kind = 'dni' in named ? 'dni' : 'ruc';
        const value = 'dni' in named ? named.dni : named.ruc;
        if (args.identity.kind !== kind || args.identity.value !== value) {
          issues.identity = 'must be the customer the till sent';
        }
      }
      if (body.document?.type === 'factura' && args.identity.kind !== 'ruc') {
        issues.identity = 'a factura needs the customer’s RUC';
      }
      if (Object.keys(issues).length > 0) {
        throw new BridgeFailure('bad-arguments', 'Not the sale the till sent.', issues);
      }
      return { [LINK_KEY]: request.op_id, request_id: record.request_id };
    },

    /**
     * Runs the paid-and-billed's journaling under the request's lock: a cancel from the till
     * either came first (the call is refused) or waits and then answers 409.
     */
    async guardBilling<T>(verify: JournalOperation, task: () => Promise<T>): Promise<T> {
      const requestOpId = verify.intent.meta?.[LINK_KEY];
      if (typeof requestOpId !== 'string') return task();
      const request = store.all().find((op) => op.op_id === requestOpId);
      if (!request) return task();
      return store.withRequest(requestOpId, async () => {
        const { verify: shown } = await requireOpenRequest(requestIdOf(request));
        if (shown?.op_id !== verify.op_id) {
          throw new BridgeFailure('bad-arguments', 'Not the latest Verify of this till sale.');
        }
        return task();
      });
    },

    async close() {
      unsubscribe?.();
      for (const set of waiters.values()) for (const waiter of set) waiter.wake();
      deps.callbacks.close();
      await refreshing;
    },
  };
}
