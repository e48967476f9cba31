// A lane: one data dir and one host process that runs the kill runs of its share one after the
// other. A run begins on the host the previous run restarted, so each run costs one start less,
// and recovery is tested on a journal with the history of the runs before it.
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Step } from './cashier-script';
import { type Host, type MockServer, startHost } from './processes';

export type Lane = {
  dataDir: string;
  entry: string;
  rendererDir: string;
  mock: MockServer;
  timing: StepTiming;
  /** The live host; replaced at every restart. */
  host: Host;
  restart(): Promise<Host>;
  close(): Promise<void>;
};

export async function openLane(options: {
  entry: string;
  rendererDir: string;
  /** settings.json and token.json configured through the bridge once (live mode, PIN, token). */
  templateDir: string;
  mock: MockServer;
  timing: StepTiming;
  /** Extra environment of the host (the till runs set MOSTRADOR_INTEGRATION_KEY). */
  env?: Record<string, string>;
}): Promise<Lane> {
  const dataDir = await mkdtemp(join(tmpdir(), 'mostrador-kill-'));
  for (const file of ['settings.json', 'token.json']) {
    await copyFile(join(options.templateDir, file), join(dataDir, file));
  }
  const start = () => startHost(options.entry, dataDir, options.rendererDir, options.env);
  const lane: Lane = {
    ...options,
    dataDir,
    host: await start(),
    async restart() {
      lane.host = await start();
      return lane.host;
    },
    async close() {
      await lane.host.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return lane;
}

/** How long each step takes now (a running mean over answered steps), to aim the kills. */
export type StepTiming = { typical(step: Step): number; record(step: Step, ms: number): void };

export function createStepTiming(initialMs: number): StepTiming {
  const means = new Map<Step, { mean: number; n: number }>();
  return {
    typical: (step) => means.get(step)?.mean ?? initialMs,
    record: (step, ms) => {
      const seen = means.get(step) ?? { mean: initialMs, n: 0 };
      const n = Math.min(seen.n + 1, 50);
      means.set(step, { mean: seen.mean + (ms - seen.mean) / n, n });
    },
  };
}
