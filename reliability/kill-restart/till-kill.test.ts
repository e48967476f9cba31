// Kill-and-restart runs of the till's sale requests (semi-integrated mode): the browser-mode
// host with MOSTRADOR_INTEGRATION_KEY set is SIGKILLed during the till's POST, the cashier's
// Verify or the confirm, against one mock server process that lives through every kill.
// Replay: RELIABILITY_SEED=<base> RELIABILITY_RUN=<index> npx vitest run reliability/kill-restart/till-kill
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayOptions, runSeed } from '../support/seeded-random';
import { createStepTiming, openLane } from './kill-lane';
import { type KillSuite, openKillSuite } from './kill-suite';
import { type TillKillReport, tillKillRun } from './till-kill-run';
import { TILL_KEY } from './till-script';

/** Modest: each run starts the host twice; the whole kill suite has its own 200 runs. */
const RUNS = Number(process.env.RELIABILITY_TILL_KILL_RUNS ?? 24);
const DEFAULT_SEED = 20261124;

let suite: KillSuite;

beforeAll(async () => {
  suite = await openKillSuite('till-kill');
}, 120_000);

afterAll(async () => {
  await suite?.close();
});

describe('kill and restart with till sale requests', () => {
  it(`${RUNS} seeded SIGKILLs: 0 false billed, 0 double effects, nothing left unknown`, async () => {
    const { base, only } = replayOptions(DEFAULT_SEED);
    const lane = await openLane({
      entry: suite.host.entry,
      rendererDir: suite.rendererDir,
      templateDir: suite.templateDir,
      mock: suite.mock,
      timing: createStepTiming(30),
      env: { MOSTRADOR_INTEGRATION_KEY: TILL_KEY },
    });
    const reports: TillKillReport[] = [];
    try {
      for (let index = 0; index <= (only ?? RUNS - 1); index++) {
        if (only !== null && index !== only) continue;
        reports.push(await tillKillRun(lane, index, runSeed(base, index)));
      }
    } finally {
      await lane.close();
    }
    const states: Record<string, number> = {};
    for (const r of reports) states[r.finalState] = (states[r.finalState] ?? 0) + 1;
    const sum = (pick: (r: TillKillReport) => number) => reports.reduce((s, r) => s + pick(r), 0);
    console.log(
      `till kill runs (seed ${base}): runs ${reports.length}, final states ${JSON.stringify(states)}, ` +
        `false billed ${sum((r) => r.falseBilled)}, double effects ${sum((r) => r.doubleEffects)}, ` +
        `violations ${sum((r) => r.violations.length)}`,
    );
    const failed = reports
      .filter((r) => r.violations.length > 0)
      .map(
        (r) =>
          `run ${r.index} (seed ${r.seed}, killed during ${r.killedDuring}) — replay: ` +
          `RELIABILITY_SEED=${base} RELIABILITY_RUN=${r.index} npx vitest run reliability/kill-restart/till-kill\n  ` +
          r.violations.join('\n  '),
      );
    expect(failed.slice(0, 10)).toEqual([]);
  }, 600_000);
});
