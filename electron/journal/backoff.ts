// Exponential backoff with full jitter: each wait is uniform in [0, min(max, base·2^n)), so
// terminals that lost the service together do not all call again at the same instant. Random
// and sleep are injected so tests are instant and deterministic.

export type RetryPolicy = {
  baseMs: number;
  maxMs: number;
  /** Calls this run may make; unknown paid-and-billed is retried until definite, so no limit. */
  maxAttempts: number;
};

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  baseMs: 1_000,
  maxMs: 60_000,
  maxAttempts: Number.POSITIVE_INFINITY,
};

/** The wait before retry number `retry` (0 for the first), `random` in [0, 1). */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** retry);
  return Math.floor(random() * ceiling);
}

/** Resolves after `ms`, or at once when `signal` aborts (the caller checks `signal.aborted`). */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

export const sleep: Sleep = (ms, signal) =>
  new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
