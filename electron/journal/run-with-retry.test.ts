import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, DEFAULT_RETRY_POLICY, sleep } from './backoff';
import { type Journal, openJournal } from './journal';
import { JournalError } from './journal-error';
import { type AttemptAnswer, type AttemptFn, runWithRetry } from './run-with-retry';
import { makeTempDir, paidAndBilledIntent, seededRandom, testClock } from './test-support';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let journal: Journal;
const time = testClock();

beforeEach(async () => {
  temp = await makeTempDir();
  journal = await openJournal({ dir: temp.dir, clock: time.clock });
});
afterEach(async () => {
  await journal.close();
  await temp.remove();
});

/** An operation whose first call timed out, as the ipc handler leaves it. */
async function unknownOperation(): Promise<string> {
  const opId = await journal.recordIntent(paidAndBilledIntent());
  await journal.recordOutcome(opId, { status: 'unknown', error_category: 'timeout' });
  return opId;
}

/** Answers in turn, then keeps repeating the last one. */
function answering(...answers: AttemptAnswer[]): AttemptFn & { calls: number[] } {
  const calls: number[] = [];
  const fn = async ({ attempt }: { attempt: number }) => {
    calls.push(attempt);
    return answers[Math.min(calls.length, answers.length) - 1] ?? { kind: 'unknown' as const };
  };
  return Object.assign(fn, { calls });
}

const timeout: AttemptAnswer = { kind: 'unknown', error_category: 'timeout' };
const server: AttemptAnswer = { kind: 'unknown', http_status: 503, error_category: 'server' };
const ok: AttemptAnswer = { kind: 'definite', status: 'succeeded', http_status: 200, result: {} };

describe('backoff', () => {
  it('waits a full-jitter delay under a doubling ceiling capped at maxMs', () => {
    const random = seededRandom(42);
    const policy = { baseMs: 1_000, maxMs: 8_000, maxAttempts: 10 };
    const delays = Array.from({ length: 7 }, (_, retry) => backoffDelay(retry, policy, random));
    const again = seededRandom(42);
    const ceilings = [1_000, 2_000, 4_000, 8_000, 8_000, 8_000, 8_000];
    expect(delays).toEqual(ceilings.map((ceiling) => Math.floor(again() * ceiling)));
    delays.forEach((delay, i) => {
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThan(ceilings[i] ?? 0);
    });
  });

  it('reaches the bounds of the jitter with random at its extremes', () => {
    expect(backoffDelay(3, DEFAULT_RETRY_POLICY, () => 0)).toBe(0);
    expect(backoffDelay(3, DEFAULT_RETRY_POLICY, () => 0.999_999)).toBe(7_999);
    expect(backoffDelay(500, DEFAULT_RETRY_POLICY, () => 0.5)).toBe(30_000);
  });

  it('sleeps the real delay, and wakes at once when aborted', async () => {
    vi.useFakeTimers();
    try {
      const controller = new AbortController();
      let woke = false;
      const sleeping = sleep(60_000, controller.signal).then(() => {
        woke = true;
      });
      await vi.advanceTimersByTimeAsync(59_999);
      expect(woke).toBe(false);
      controller.abort();
      await sleeping;
      expect(woke).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('runWithRetry', () => {
  it('retries with the seeded backoff until the first definite answer, journaling each call', async () => {
    const opId = await unknownOperation();
    const slept: number[] = [];
    const attempt = answering(timeout, server, ok, timeout);

    const result = await runWithRetry({
      journal,
      opId,
      attempt,
      random: seededRandom(7),
      sleep: async (ms) => {
        slept.push(ms);
      },
    });

    expect(result).toEqual({ status: 'succeeded', calls: 4 });
    expect(attempt.calls).toEqual([2, 3, 4]); // the original call was number 1
    const expected = seededRandom(7);
    expect(slept).toEqual([1_000, 2_000, 4_000].map((c) => Math.floor(expected() * c)));
    const operation = await journal.operation(opId);
    expect(operation).toMatchObject({ status: 'succeeded', calls: 4 });
    expect(operation?.outcome).toMatchObject({ status: 'succeeded', http_status: 200 });
  });

  it('writes attempt then outcome for every call, in order', async () => {
    const opId = await unknownOperation();
    await runWithRetry({ journal, opId, attempt: answering(server, ok), sleep: async () => {} });
    await journal.close();
    const { readFile } = await import('node:fs/promises');
    const lines = (await readFile(journal.path, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((e) => [e.type, e.attempt ?? e.status])).toEqual([
      ['intent', undefined],
      ['outcome', 'unknown'],
      ['attempt', 2],
      ['outcome', 'unknown'],
      ['attempt', 3],
      ['outcome', 'succeeded'],
    ]);
    journal = await openJournal({ dir: temp.dir, clock: time.clock });
  });

  it('stops on a refusal and keeps the service message', async () => {
    const opId = await unknownOperation();
    const refused: AttemptAnswer = {
      kind: 'definite',
      status: 'refused',
      http_status: 400,
      service_message: 'cashier_id changed',
    };
    const attempt = answering(refused, ok);
    const result = await runWithRetry({ journal, opId, attempt, sleep: async () => {} });
    expect(result).toEqual({ status: 'refused', calls: 2 });
    expect(attempt.calls).toEqual([2]);
    expect((await journal.operation(opId))?.outcome?.service_message).toBe('cashier_id changed');
  });

  it('never turns an unknown, a throw or a malformed answer into success', async () => {
    const opId = await unknownOperation();
    let n = 0;
    const attempt: AttemptFn = async () => {
      n += 1;
      if (n === 1) throw new Error('socket hang up');
      if (n === 2) return { kind: 'definite', status: 'unknown' } as unknown as AttemptAnswer;
      return { kind: 'unknown', http_status: 200 } as AttemptAnswer;
    };
    const result = await runWithRetry({
      journal,
      opId,
      attempt,
      policy: { maxAttempts: 3 },
      sleep: async () => {},
    });
    expect(result).toEqual({ status: 'unknown', calls: 4, reason: 'gave-up' });
    expect(await journal.operation(opId)).toMatchObject({ status: 'unknown', calls: 4 });
    expect((await journal.unresolved()).map((o) => o.op_id)).toEqual([opId]);
  });

  it('makes no call for an operation that already has a definite answer', async () => {
    const opId = await journal.recordIntent(paidAndBilledIntent());
    await journal.recordOutcome(opId, { status: 'succeeded' });
    const attempt = answering(ok);
    expect(await runWithRetry({ journal, opId, attempt })).toEqual({
      status: 'succeeded',
      calls: 1,
    });
    expect(attempt.calls).toEqual([]);
  });

  it('stops when cancelled while waiting, leaving the operation unknown', async () => {
    const opId = await unknownOperation();
    const controller = new AbortController();
    const attempt = answering(timeout);
    const result = await runWithRetry({
      journal,
      opId,
      attempt,
      signal: controller.signal,
      sleep: async (ms) => {
        if (ms >= 0 && attempt.calls.length === 2) controller.abort();
      },
    });
    expect(result).toEqual({ status: 'unknown', calls: 3, reason: 'cancelled' });
    expect(attempt.calls).toEqual([2, 3]);
    expect((await journal.operation(opId))?.status).toBe('unknown');
  });

  it('passes the abort to a call in flight and records what that call answered', async () => {
    const opId = await unknownOperation();
    const controller = new AbortController();
    const attempt: AttemptFn = ({ signal }) =>
      new Promise((resolve) => {
        signal.addEventListener('abort', () =>
          resolve({ kind: 'unknown', error_category: 'network' }),
        );
        controller.abort();
      });
    const result = await runWithRetry({
      journal,
      opId,
      attempt,
      signal: controller.signal,
      sleep: async () => {},
    });
    expect(result).toEqual({ status: 'unknown', calls: 2, reason: 'cancelled' });
    expect((await journal.operation(opId))?.outcome?.error_category).toBe('network');
  });

  it('does not call the service when the attempt cannot be journaled first', async () => {
    const opId = await unknownOperation();
    const attempt = answering(ok);
    const failing: Journal = {
      ...journal,
      recordAttempt: async () => {
        throw new JournalError('write-failed', 'disk full');
      },
    };
    // It keeps waiting for the disk instead of giving up (bounded here by maxAttempts).
    await expect(
      runWithRetry({
        journal: failing,
        opId,
        attempt,
        sleep: async () => {},
        policy: { maxAttempts: 5 },
      }),
    ).resolves.toEqual({ status: 'unknown', calls: 1, reason: 'gave-up' });
    expect(attempt.calls).toEqual([]);
    expect((await journal.operation(opId))?.status).toBe('unknown');
  });

  it('keeps going while the disk is full and settles once it takes entries again', async () => {
    const opId = await unknownOperation();
    const attempt = answering(ok);
    let attemptsRefused = 2;
    let outcomesRefused = 1;
    const full = () => new JournalError('write-failed', 'disk full');
    const filling: Journal = {
      ...journal,
      recordAttempt: async (id, info) => {
        if (attemptsRefused-- > 0) throw full();
        return journal.recordAttempt(id, info);
      },
      recordOutcome: async (id, outcome) => {
        if (outcomesRefused-- > 0) throw full();
        return journal.recordOutcome(id, outcome);
      },
    };
    const result = await runWithRetry({ journal: filling, opId, attempt, sleep: async () => {} });
    // No call while the attempt could not be journaled; the answer whose line failed is asked
    // again, and the second answer is the one written.
    expect(result).toEqual({ status: 'succeeded', calls: 3 });
    expect(attempt.calls).toEqual([2, 3]);
    expect(await journal.operation(opId)).toMatchObject({ status: 'succeeded', calls: 3 });
  });
});
