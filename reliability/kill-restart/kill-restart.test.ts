// 200 runs SIGKILLing the browser-mode host during a cashier's flow and starting it again on the
// same data dir (kill-run.ts), against one mock server process that lives through every kill.
// The runs are dealt to lanes (kill-lane.ts): run i goes to lane i mod LANES, after the lane's
// earlier runs. Replay run i (with its lane's earlier runs, whose journal it starts from):
//   RELIABILITY_SEED=<base> RELIABILITY_RUN=<index> npx vitest run reliability/kill-restart
// The kills land by wall-clock time, so a replay repeats the choices, not the exact instants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inPool, replayOptions, runSeed } from '../support/seeded-random';
import { createStepTiming, openLane } from './kill-lane';
import { type KillReport, killRun } from './kill-run';
import { type KillSuite, openKillSuite } from './kill-suite';

const RUNS = 200;
/** Hosts alive at once: starting one is mostly CPU (module loading) on a 2-core machine. */
const LANES = 3;
const DEFAULT_SEED = 20260311;

let suite: KillSuite;

beforeAll(async () => {
  suite = await openKillSuite('kill-suite');
}, 120_000);

afterAll(async () => {
  await suite?.close();
});

function summarize(reports: KillReport[], base: number): string {
  const kills = reports.reduce((sum, r) => sum + r.killedDuring.length, 0);
  const steps: Record<string, number> = {};
  for (const r of reports) {
    for (const kill of r.killedDuring) {
      const step = kill.split('+')[0] ?? kill;
      steps[step] = (steps[step] ?? 0) + 1;
    }
  }
  const count = (pick: (r: KillReport) => number) => reports.reduce((sum, r) => sum + pick(r), 0);
  return (
    `kill runs (seed ${base}): runs ${reports.length}, SIGKILLs ${kills} ` +
    `(${Object.entries(steps)
      .map(([step, n]) => `${step} ${n}`)
      .join(', ')}), ` +
    `torn lines injected ${count((r) => (r.tornInjected ? 1 : 0))}, torn by a kill ${count((r) => r.tornByKill)}, ` +
    `paid-and-billed resumed to succeeded ${count((r) => r.resumed)}, ` +
    `reads left pending (not retried) ${count((r) => r.readsLeftPending)}, ` +
    `violations ${count((r) => r.violations.length)}`
  );
}

describe('kill and restart of the browser-mode host', () => {
  it(`${RUNS} seeded SIGKILLs: nothing lost, every paid-and-billed resolved, mock consistent`, async () => {
    const { base, only } = replayOptions(DEFAULT_SEED);
    const last = only ?? RUNS - 1;
    const lanes = Array.from({ length: LANES }, (_, lane) =>
      Array.from({ length: RUNS }, (_, i) => i).filter(
        (i) => i % LANES === lane && i <= last && (only === null || i % LANES === only % LANES),
      ),
    ).filter((indexes) => indexes.length > 0);
    const reports: KillReport[] = [];
    const timing = createStepTiming(30);
    await inPool(lanes, LANES, async (indexes) => {
      const lane = await openLane({
        entry: suite.host.entry,
        rendererDir: suite.rendererDir,
        templateDir: suite.templateDir,
        mock: suite.mock,
        timing,
      });
      try {
        for (const index of indexes) reports.push(await killRun(lane, index, runSeed(base, index)));
      } finally {
        await lane.close();
      }
    });
    reports.sort((a, b) => a.index - b.index);
    console.log(summarize(reports, base));
    const failed = reports
      .filter((r) => r.violations.length > 0)
      .map(
        (r) =>
          `run ${r.index} (seed ${r.seed}, killed during ${r.killedDuring.join(', ')}) — replay: ` +
          `RELIABILITY_SEED=${base} RELIABILITY_RUN=${r.index} npx vitest run reliability/kill-restart\n  ` +
          r.violations.join('\n  '),
      );
    expect(failed.slice(0, 10)).toEqual([]);
  }, 900_000);
});
