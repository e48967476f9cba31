// Every bridge method through `dispatch` with 10,000 arbitrary arguments each, plus arbitrary
// method names and callers (bridge-fuzz.ts), spread over worker processes so every core works.
// Replay: RELIABILITY_SEED=<base> npx vitest run reliability/fuzz/bridge-fuzz — a failure prints
// fast-check's seed and path for its method too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bundle, bundleEntry } from '../support/bundle-entry';
import { runShards } from '../support/run-shards';
import { replayOptions } from '../support/seeded-random';
import { type BridgeTargetResult, bridgeTargets } from './bridge-fuzz';

const CASES = 10_000;

let worker: Bundle;
beforeAll(async () => {
  worker = await bundleEntry('reliability/fuzz/bridge-fuzz-worker.ts');
});
afterAll(() => worker.remove());

describe('bridge fuzzing', () => {
  it(`every method × ${CASES} arbitrary arguments: the envelope, typed refusals, no throw`, async () => {
    const { base } = replayOptions(20260312);
    const shards = await runShards<BridgeTargetResult[]>(worker.entry, [
      '--seed',
      String(base),
      '--cases',
      String(CASES),
    ]);
    const results = shards.flat();
    const answers: Record<string, number> = {};
    for (const result of results) {
      for (const [key, count] of Object.entries(result.answers))
        answers[key] = (answers[key] ?? 0) + count;
    }
    const failures = results.filter((result) => result.failure !== null);
    console.log(
      `bridge fuzz (seed ${base}): ${results.length} targets, ` +
        `${results.reduce((sum, r) => sum + r.cases, 0)} calls ` +
        `(${Object.entries(answers)
          .sort((a, b) => b[1] - a[1])
          .map(([key, count]) => `${key} ${count}`)
          .join(', ')}), failing targets ${failures.length}`,
    );
    expect(results.map((result) => result.target).sort()).toEqual(bridgeTargets().sort());
    expect(failures.map((result) => `${result.target}: ${result.failure}`)).toEqual([]);
  }, 900_000);
});
