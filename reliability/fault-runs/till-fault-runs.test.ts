// Seeded fault runs of the till's sale requests (till-run.ts): faults between the client and the
// mock while the cashier finishes a sale the till sent, sometimes with a cancel from the till at
// the same moment or a restart while the retry loop waits. Replay one run:
//   RELIABILITY_SEED=<base> RELIABILITY_RUN=<index> npx vitest run reliability/fault-runs/till-fault-runs
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockApp } from '../../electron/mock/app';
import { freshMock } from '../../electron/mock/mock-test-support';
import { inPool, replayOptions, runSeed } from '../support/seeded-random';
import { settingsFileText } from './run-backend';
import { type TillRunReport, tillRun } from './till-run';

const RUNS = Number(process.env.RELIABILITY_TILL_RUNS ?? 200);
const CONCURRENCY = 8;
const TIMEOUT_MS = 60;
const DEFAULT_SEED = 20261124;

const mocks: MockApp[] = [];
beforeAll(async () => {
  for (let lane = 0; lane < CONCURRENCY; lane += 1) mocks.push(await freshMock());
});
afterAll(async () => {
  for (const mock of mocks) await mock.close();
});

describe('fault injection under till sale requests', () => {
  it(`${RUNS} seeded runs: 0 false billed, 0 double effects, none left unknown`, async () => {
    const { base, only } = replayOptions(DEFAULT_SEED);
    const indexes = only === null ? Array.from({ length: RUNS }, (_, i) => i) : [only];
    const settingsText = settingsFileText();
    const reports: TillRunReport[] = [];
    await inPool(indexes, CONCURRENCY, async (index, lane) => {
      const mock = mocks[lane] as MockApp;
      reports.push(
        await tillRun({
          index,
          seed: runSeed(base, index),
          mock,
          settingsText,
          timeoutMs: TIMEOUT_MS,
        }),
      );
    });
    reports.sort((a, b) => a.index - b.index);
    const states: Record<string, number> = {};
    for (const r of reports) states[r.state] = (states[r.state] ?? 0) + 1;
    const sum = (pick: (r: TillRunReport) => number) => reports.reduce((s, r) => s + pick(r), 0);
    console.log(
      `till fault runs (seed ${base}): runs ${reports.length}, final states ${JSON.stringify(states)}, ` +
        `false billed ${sum((r) => r.falseBilled)}, double effects ${sum((r) => r.doubleEffects)}`,
    );
    const failed = reports
      .filter((r) => r.violations.length > 0)
      .map(
        (r) =>
          `run ${r.index} (seed ${r.seed}) — replay: RELIABILITY_SEED=${base} RELIABILITY_RUN=${r.index} ` +
          `npx vitest run reliability/fault-runs/till-fault-runs\n  ${r.violations.join('\n  ')}`,
      );
    expect(failed.slice(0, 10)).toEqual([]);
  }, 600_000);
});
