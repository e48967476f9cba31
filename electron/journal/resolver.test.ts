import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Journal, openJournal } from './journal';
import { createResolver } from './resolver';
import type { AttemptFn } from './run-with-retry';
import { makeTempDir, paidAndBilledIntent, seededRandom, testClock } from './test-support';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let journal: Journal;
const time = testClock();
const noWait = async () => {};

beforeEach(async () => {
  temp = await makeTempDir();
  journal = await openJournal({ dir: temp.dir, clock: time.clock });
});
afterEach(async () => {
  await journal.close();
  await temp.remove();
});

describe('resolver', () => {
  it('resumes the unresolved operations of the previous run after a restart', async () => {
    const unknown = await journal.recordIntent(paidAndBilledIntent());
    await journal.recordOutcome(unknown, { status: 'unknown', error_category: 'timeout' });
    const pendingVerify = await journal.recordIntent(
      paidAndBilledIntent({ operation: 'v3.verify' }),
    );
    const done = await journal.recordIntent(paidAndBilledIntent());
    await journal.recordOutcome(done, { status: 'succeeded' });
    await journal.close();

    journal = await openJournal({ dir: temp.dir, clock: time.clock });
    const resolver = createResolver({ journal, sleep: noWait, random: seededRandom(1) });
    const asked: string[] = [];
    const results = await resolver.resumeUnresolved((operation) => {
      asked.push(operation.op_id);
      // Only paid-and-billed is retried blindly; the rest waits for the supervisor.
      if (operation.operation !== 'v3.paidAndBilled') return null;
      return async () => ({ kind: 'definite', status: 'succeeded', http_status: 200 });
    });

    expect(asked).toEqual([unknown, pendingVerify]);
    expect(results).toEqual([{ opId: unknown, result: { status: 'succeeded', calls: 2 } }]);
    expect((await journal.unresolved()).map((o) => [o.op_id, o.status])).toEqual([
      [pendingVerify, 'pending'],
    ]);
  });

  it('runs one retry loop per operation however often it is asked', async () => {
    const opId = await journal.recordIntent(paidAndBilledIntent());
    let calls = 0;
    let answer: () => void = () => {};
    const attempt: AttemptFn = () => {
      calls += 1;
      return new Promise((resolve) => {
        answer = () => resolve({ kind: 'definite', status: 'succeeded' });
      });
    };
    const resolver = createResolver({ journal, sleep: noWait });
    const first = resolver.resolve(opId, attempt);
    const second = resolver.resolve(opId, attempt);
    expect(second).toBe(first);
    expect(resolver.running()).toEqual([opId]);
    await new Promise((r) => setTimeout(r, 20));
    answer();
    expect(await first).toEqual({ status: 'succeeded', calls: 2 });
    expect(calls).toBe(1);
    expect(resolver.running()).toEqual([]);
  });

  it('cancels every loop when the app quits and waits for their last entries', async () => {
    const ids = await Promise.all([1, 2].map(() => journal.recordIntent(paidAndBilledIntent())));
    const resolver = createResolver({
      journal,
      // A real wait that only the cancellation can end.
      sleep: (_ms, signal) =>
        new Promise((resolve) => signal.addEventListener('abort', () => resolve())),
    });
    const attempt: AttemptFn = async () => ({ kind: 'definite', status: 'succeeded' });
    const runs = ids.map((id) => resolver.resolve(id, attempt));
    await resolver.cancel();
    expect(await Promise.all(runs)).toEqual([
      { status: 'unknown', calls: 1, reason: 'cancelled' },
      { status: 'unknown', calls: 1, reason: 'cancelled' },
    ]);
    expect(resolver.running()).toEqual([]);
    // After quitting, nothing new starts.
    expect(await resolver.resolve(ids[0] ?? '', attempt)).toMatchObject({ reason: 'cancelled' });
    expect((await journal.unresolved()).map((o) => o.status)).toEqual(['pending', 'pending']);
  });
});
