// What every seeded fault run starts with: its fault plan (how many faults, how likely), the
// effect tracker that counts what really reached the mock, and a backend whose service calls go
// through the chaos transport. Two random streams: the flow's choices do not shift when a retry
// draws one more fault decision.
import { createInjectTransport } from '../../electron/service/transports';
import { type SeededRandom, seededRandom } from '../support/seeded-random';
import { createChaosTransport, type FaultPlan, noFaults } from './chaos-transport';
import { createEffectTracker, type EffectTracker } from './effect-tracker';
import { createFullDisk } from './full-disk';
import { openRunBackend, type RunBackend } from './run-backend';
import type { RunOptions } from './run-options';

export type ChaosRun = {
  /** The flow's own choices. */
  rng: SeededRandom;
  plan: FaultPlan;
  tracker: EffectTracker;
  run: RunBackend;
};

/** `diskFaults`: the run may meet a disk that fills between a call's intent and its outcome. */
export async function openChaosRun(
  options: RunOptions,
  { diskFaults = false } = {},
): Promise<ChaosRun> {
  const rng = seededRandom(options.seed);
  const plan: FaultPlan = {
    rng: seededRandom(options.seed ^ 0x5bd1e995),
    enabled: true,
    budget: rng.int(0, 8),
    probability: rng.pick([0.2, 0.4, 0.7]),
    counts: noFaults(),
    log: [],
    spuriousTimeouts: 0,
    disk: diskFaults ? await createFullDisk() : null,
  };
  const tracker = createEffectTracker(options.mock, createInjectTransport(options.mock));
  const run = await openRunBackend({
    mock: options.mock,
    transport: createChaosTransport(tracker.transport, plan),
    settingsText: options.settingsText,
    timeoutMs: options.timeoutMs,
  });
  if (plan.disk) plan.disk.dir = run.dataDir;
  const remove = run.remove;
  run.remove = async () => {
    plan.disk?.release();
    await remove();
  };
  return { rng, plan, tracker, run };
}
