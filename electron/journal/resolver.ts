// Keeps retrying the journal's unresolved operations, also after a restart, with at most one
// retry loop per operation, and stops them all when the app quits.
import type { JournalOperation } from '../../shared/journal-entry';
import type { RetryPolicy, Sleep } from './backoff';
import type { Journal } from './journal';
import { type AttemptFn, type RetryResult, runWithRetry } from './run-with-retry';

export type ResolverOptions = {
  journal: Pick<Journal, 'operation' | 'recordAttempt' | 'recordOutcome' | 'unresolved'>;
  policy?: Partial<RetryPolicy>;
  random?: () => number;
  sleep?: Sleep;
};

export type Resolver = {
  /** Retries `opId` until definite; a second call while one runs joins the first. */
  resolve(opId: string, attempt: AttemptFn): Promise<RetryResult>;
  /**
   * Starts a retry loop for each unresolved operation `attemptFor` knows how to retry (null
   * leaves it for a supervisor, e.g. a call that must not be repeated blindly).
   */
  resumeUnresolved(
    attemptFor: (operation: JournalOperation) => AttemptFn | null,
  ): Promise<Array<{ opId: string; result: RetryResult }>>;
  /** op_ids being retried now. */
  running(): string[];
  /** Stops every loop (they end as unknown, `cancelled`) and waits for them to finish writing. */
  cancel(): Promise<void>;
};

export function createResolver(options: ResolverOptions): Resolver {
  const controller = new AbortController();
  const inFlight = new Map<string, Promise<RetryResult>>();

  const resolve = (opId: string, attempt: AttemptFn): Promise<RetryResult> => {
    const existing = inFlight.get(opId);
    if (existing) return existing;
    const run = runWithRetry({ ...options, opId, attempt, signal: controller.signal }).finally(() =>
      inFlight.delete(opId),
    );
    inFlight.set(opId, run);
    return run;
  };

  return {
    resolve,
    async resumeUnresolved(attemptFor) {
      const runs: Array<Promise<{ opId: string; result: RetryResult }>> = [];
      for (const operation of await options.journal.unresolved()) {
        const attempt = attemptFor(operation);
        if (attempt) {
          runs.push(
            resolve(operation.op_id, attempt).then((result) => ({ opId: operation.op_id, result })),
          );
        }
      }
      return Promise.all(runs);
    },
    running: () => [...inFlight.keys()],
    async cancel() {
      controller.abort();
      await Promise.allSettled([...inFlight.values()]);
    },
  };
}
