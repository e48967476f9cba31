// The till's long waits on a sale request (sale-requests.ts `wait`): each waits for the
// request's etag to change, its time to run out, or its connection to end, whichever comes first.

type Waiter = { etag: string; wake: () => void };

export type SaleRequestWaits = {
  /** Resolves once `requestId` changes from `etag` (`wake`), after `ms`, or on `signal`. */
  until(requestId: string, etag: string, ms: number, signal: AbortSignal): Promise<void>;
  /** The request now has `etag`: wakes every wait that began on another one. */
  wake(requestId: string, etag: string): void;
  /** Wakes every wait (the API is closing). */
  wakeAll(): void;
};

export function createSaleRequestWaits(): SaleRequestWaits {
  const waiters = new Map<string, Set<Waiter>>();
  return {
    until: (requestId, etag, ms, signal) =>
      new Promise<void>((resolve) => {
        const waiter: Waiter = { etag, wake: () => done() };
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
      }),

    wake(requestId, etag) {
      for (const waiter of waiters.get(requestId) ?? []) {
        if (waiter.etag !== etag) waiter.wake();
      }
    },

    wakeAll() {
      for (const set of waiters.values()) for (const waiter of set) waiter.wake();
    },
  };
}
