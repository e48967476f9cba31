// Every mock endpoint (the service catalogue and the trainer controls) fuzzed with 10,000
// arbitrary requests each (mock-fuzz.ts), spread over worker processes so every core works.
// Replay: RELIABILITY_SEED=<base> npx vitest run reliability/fuzz/mock-fuzz — a failure prints
// fast-check's seed and path for its endpoint too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bundle, bundleEntry } from '../support/bundle-entry';
import { runShards } from '../support/run-shards';
import { replayOptions } from '../support/seeded-random';
import type { TargetResult } from './mock-fuzz';
import { TARGETS } from './mock-targets';

const CASES = 10_000;

let worker: Bundle;
beforeAll(async () => {
  worker = await bundleEntry('reliability/fuzz/mock-fuzz-worker.ts');
});
afterAll(() => worker.remove());

describe('mock endpoint fuzzing', () => {
  it(`${TARGETS.length} endpoints × ${CASES} arbitrary requests: no 5xx, documented 4xx`, async () => {
    const { base } = replayOptions(20260313);
    const shards = await runShards<TargetResult[]>(worker.entry, [
      '--seed',
      String(base),
      '--cases',
      String(CASES),
    ]);
    const results = shards.flat();
    const statuses: Record<string, number> = {};
    for (const result of results) {
      for (const [status, count] of Object.entries(result.statuses)) {
        statuses[status] = (statuses[status] ?? 0) + count;
      }
    }
    const failures = results.filter((result) => result.failure !== null);
    console.log(
      `mock fuzz (seed ${base}): ${results.length} endpoints, ` +
        `${results.reduce((sum, r) => sum + r.cases, 0)} requests ` +
        `(${Object.entries(statuses)
          .sort()
          .map(([status, count]) => `${status} ${count}`)
          .join(', ')}), failing endpoints ${failures.length}`,
    );
    expect(results.map((result) => result.target).sort()).toEqual(
      TARGETS.map((t) => t.name).sort(),
    );
    expect(results.every((result) => result.cases === CASES || result.failure !== null)).toBe(true);
    expect(failures.map((result) => `${result.target}: ${result.failure}`)).toEqual([]);
  }, 900_000);
});
