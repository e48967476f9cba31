// 1,000 seeded fault-injection runs of the cashier's operations (see cashier-run.ts). Every run's
// choices and faults come from its seed; a failure prints the seeds and how to replay one run:
//   RELIABILITY_SEED=<base> RELIABILITY_RUN=<index> npx vitest run reliability/fault-runs
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockApp } from '../../electron/mock/app';
import { freshMock } from '../../electron/mock/mock-test-support';
import { inPool, replayOptions, runSeed } from '../support/seeded-random';
import { cashierRun } from './cashier-run';
import { settingsFileText } from './run-backend';
import { describeFailure, type RunReport, summarize } from './run-report';

const RUNS = 1_000;
/** Runs in flight at once: most of a run's time is fsync and timeouts, not CPU. */
const CONCURRENCY = 16;
/**
 * The client's timeout for this suite. Timeout and slow-body faults wait for it, so it is short;
 * a call without a fault that still runs past it is counted and printed (it can only make an
 * answer unknown, never a success, so no invariant depends on it).
 */
const TIMEOUT_MS = 60;
const DEFAULT_SEED = 20260310;

// A mock per lane of the pool, reset before each run: the mock's day summary walks every funding
// it holds, so one mock for all 1,000 runs would make the later runs ever slower.
const mocks: MockApp[] = [];
beforeAll(async () => {
  for (let lane = 0; lane < CONCURRENCY; lane += 1) mocks.push(await freshMock());
});
afterAll(async () => {
  for (const mock of mocks) await mock.close();
});

async function resetMock(mock: MockApp): Promise<MockApp> {
  const response = await mock.inject({
    method: 'POST',
    url: '/__mock/reset',
    headers: { authorization: `Bearer ${mock.mockContext.credentials.token}` },
    payload: {},
  });
  if (response.statusCode !== 200) throw new Error(`mock reset failed: ${response.body}`);
  return mock;
}

describe('fault injection between the client and the mock', () => {
  it(`${RUNS} seeded runs: no false success, no double effect, every billing resolved`, async () => {
    const { base, only } = replayOptions(DEFAULT_SEED);
    const indexes = only === null ? Array.from({ length: RUNS }, (_, i) => i) : [only];
    const settingsText = settingsFileText();
    const reports: RunReport[] = [];
    await inPool(indexes, CONCURRENCY, async (index, lane) => {
      const mock = await resetMock(mocks[lane] as MockApp);
      const seed = runSeed(base, index);
      reports.push(await cashierRun({ index, seed, mock, settingsText, timeoutMs: TIMEOUT_MS }));
    });
    reports.sort((a, b) => a.index - b.index);
    console.log(summarize(reports, `fault runs (seed ${base})`));
    const failed = reports.filter((report) => report.violations.length > 0);
    const replay = (index: number) =>
      `RELIABILITY_SEED=${base} RELIABILITY_RUN=${index} npx vitest run reliability/fault-runs`;
    expect(
      failed.slice(0, 10).map((report) => describeFailure(report, replay(report.index))),
    ).toEqual([]);
  }, 600_000);
});
