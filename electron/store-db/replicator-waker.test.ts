// When the replication waits and what ends the wait (replicator-waker.ts), on fake timers: an
// append's wake lingers, then ends a wakeable pause; a wake before the pause means no wait; a stop
// ends any pause and refuses later wakes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { replicationWaker } from './replicator-waker';

const settings = {
  lingerMs: 20,
  policy: { baseMs: 500, maxMs: 30_000, maxAttempts: Number.POSITIVE_INFINITY },
  random: () => 0.5,
};

/** Whether `promise` has settled once pending timers up to `ms` have run. */
async function settledAfter(promise: Promise<void>, ms: number) {
  let settled = false;
  promise.then(() => {
    settled = true;
  });
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
}

describe('the waker of the replication', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a wake ends a wakeable pause after its linger, not a backoff', async () => {
    const waker = replicationWaker(settings);
    const idle = waker.pause(5_000, true);
    waker.wake();
    expect(await settledAfter(idle, 19)).toBe(false);
    expect(await settledAfter(idle, 1)).toBe(true);
    const backingOff = waker.backoff(0);
    waker.wake();
    expect(await settledAfter(backingOff, 100)).toBe(false);
    // Full jitter: half of the first attempt's 500 ms with random() = 0.5.
    expect(await settledAfter(backingOff, 150)).toBe(true);
  });

  it('a wake that lands between pauses ends the next wakeable one at once', async () => {
    const waker = replicationWaker(settings);
    waker.wake();
    await vi.advanceTimersByTimeAsync(20);
    expect(await settledAfter(waker.pause(5_000, true), 0)).toBe(true);
    expect(await settledAfter(waker.pause(5_000, true), 0)).toBe(false);
  });

  it('a stop ends every pause and what waits for it, and no wake comes after', async () => {
    const waker = replicationWaker(settings);
    const pausing = waker.pause(60_000, false);
    const untilStopped = waker.untilStopped();
    waker.stop();
    expect(waker.stopped).toBe(true);
    expect(await settledAfter(pausing, 0)).toBe(true);
    expect(await settledAfter(untilStopped, 0)).toBe(true);
    waker.wake();
    expect(vi.getTimerCount()).toBe(0);
  });
});
