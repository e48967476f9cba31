// 5 counters × 200 operations replicating to one real PostgreSQL through cut, silent, reset and
// slow links, with SIGKILLed counters and a database restart (store-db-run.ts). Replay a seed:
//   RELIABILITY_SEED=<seed> npx vitest run reliability/store-db
import { describe, expect, it } from 'vitest';
import { replayOptions } from '../support/seeded-random';
import { storeDbRun, summarize } from './store-db-run';

const DEFAULT_SEED = 20261126;

describe('store database replication under faults', () => {
  it('5 counters × 200 operations beside a hostile counter login: once drained, every journal line is in the database exactly once, byte-identical, and nothing forged was taken', async () => {
    const { base } = replayOptions(DEFAULT_SEED);
    const report = await storeDbRun({ seed: base, terminals: 5, ops: 200, hostile: true });
    console.log(summarize(report));
    expect(
      report.violations,
      `replay: RELIABILITY_SEED=${base} npx vitest run reliability/store-db`,
    ).toEqual([]);
    expect(report.operations).toBe(1_000);
    expect(report.database_lines).toBe(report.journal_lines);
    expect(report.sigkills).toBeGreaterThan(0);
    expect(report.cuts_refused + report.cuts_silent).toBeGreaterThan(0);
    expect(report.database_restarts).toBe(1);
    expect(report.hostile?.tries).toBeGreaterThan(100);
    expect(report.hostile?.taken).toEqual([]);
    expect(report.hostile?.odd_held).toBeGreaterThan(0);
  }, 240_000);
});
