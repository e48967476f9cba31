// Exponential backoff with full jitter: the wait before retry n is uniform in
// [0, min(cap, base · 2^(n−1))), so receivers that failed together do not retry together.

export type BackoffSettings = { baseDelayMs: number; maxDelayMs: number };

/** Delay before the retry that follows failed attempt `attempt` (1-based). */
export function backoffDelay(
  attempt: number,
  settings: BackoffSettings,
  random: () => number,
): number {
  const ceiling = Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** (attempt - 1));
  // random() may return exactly 0 but never 1; clamp anyway in case an injected one does.
  return Math.floor(Math.min(Math.max(random(), 0), 1) * ceiling);
}
