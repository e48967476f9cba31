// The till's sale requests as the rest of the app sees them: the HTTP API creates, reads, waits
// on and cancels them; the cashier's Verify and paid-and-billed pass through their guards; the
// renderer's queue lists the open ones. A journal append re-reads the one open request it
// belongs to (found by op_id, never by reading the others), so a long wait wakes on any change
// (the retry loop settling an unknown call included), each final state is called back once,
// and an append costs the same however many requests are open (at most MAX_OPEN_SALE_REQUESTS).
import type { IdentityInput, Mode } from '../../shared/bridge';
import { centsFromWire } from '../../shared/domain/money';
import {
  isFinalState,
  MAX_OPEN_SALE_REQUESTS,
  type SaleRequest,
  type SaleRequestBody,
} from '../../shared/integration/sale-request';
import type { JournalEntry, JournalOperation } from '../../shared/journal-entry';
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
  /** op_id of a request, or of a cancel, Verify or paid-and-billed of it → its request_id. */
  const owner = new Map<string, string>();
  /** Open requests the journal wrote something about since their last refresh. */
  const dirty = new Set<string>();
  /** Creates under way: they count as open until written or refused. */
  let creating = 0;
  let refreshing: Promise<void> | null = null;
  let unsubscribe: (() => void) | null = null;

  const remember = (requestId: string, linked: readonly string[]) => {
    for (const opId of linked) owner.set(opId, requestId);
  };

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

    async create(
      body: SaleRequestBody,
    ): Promise<Awaited<ReturnType<typeof store.create>> | { kind: 'too-many'; message: string }> {
      // A new request_id past the cap is refused; a repeat of a known one is always answered.
      if (!store.requestOp(body.request_id) && open.size + creating >= MAX_OPEN_SALE_REQUESTS) {
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
            remember(body.request_id, [request.op_id]);
            settle(request, answer.record);
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

    /** Resolves once the refresh of what the journal last wrote is done (tests wait on it). */
    async settled(): Promise<void> {
      while (refreshing) await refreshing;
    },

    async close() {
      unsubscribe?.();
      for (const set of waiters.values()) for (const waiter of set) waiter.wake();
      deps.callbacks.close();
      await refreshing;
    },
  };
}
