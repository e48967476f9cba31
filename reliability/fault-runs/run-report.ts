// What one seeded run found, and the one-line summary of many.
import { FAULT_KINDS, type FaultCounts, noFaults } from './chaos-transport';

/**
 * - `false-success`: succeeded (bridge or journal) although the mock did not apply the call, or
 *   without a 2xx;
 * - `double-effect`: one operation billed, undid or recorded a payment more than once;
 * - `lost-effect`: the mock applied a call the journal closed as refused;
 * - `money`: the payment the mock recorded is not the amount the cashier was told to collect;
 * - `unresolved`: a paid-and-billed still open once the faults stopped, or anything pending;
 * - `contract`: an answer outside the bridge contract, or a bridge error in a normal flow;
 * - `crash`: the run itself threw.
 */
export type ViolationKind =
  | 'false-success'
  | 'double-effect'
  | 'lost-effect'
  | 'money'
  | 'unresolved'
  | 'contract'
  | 'crash';

export type Violation = { kind: ViolationKind; detail: string };

export type RunReport = {
  index: number;
  seed: number;
  faults: FaultCounts;
  faultLog: string[];
  spuriousTimeouts: number;
  violations: Violation[];
  /** `operation:status` of every journaled operation at the end of the run. */
  outcomes: Record<string, number>;
};

export function newReport(index: number, seed: number): RunReport {
  return {
    index,
    seed,
    faults: noFaults(),
    faultLog: [],
    spuriousTimeouts: 0,
    violations: [],
    outcomes: {},
  };
}

export function summarize(reports: readonly RunReport[], label: string): string {
  const faults = noFaults();
  let falseSuccesses = 0;
  let doubleEffects = 0;
  let other = 0;
  let spurious = 0;
  let stayedUnknown = 0;
  const billings = { succeeded: 0, refused: 0 };
  for (const report of reports) {
    for (const kind of FAULT_KINDS) faults[kind] += report.faults[kind];
    spurious += report.spuriousTimeouts;
    for (const [key, count] of Object.entries(report.outcomes)) {
      if (key.endsWith(':unknown')) stayedUnknown += count;
      if (key.endsWith('paidAndBilled:succeeded')) billings.succeeded += count;
      if (key.endsWith('paidAndBilled:refused')) billings.refused += count;
    }
    for (const violation of report.violations) {
      if (violation.kind === 'false-success') falseSuccesses += 1;
      else if (violation.kind === 'double-effect') doubleEffects += 1;
      else other += 1;
    }
  }
  const total = FAULT_KINDS.reduce((sum, kind) => sum + faults[kind], 0);
  const byKind = FAULT_KINDS.map((kind) => `${kind} ${faults[kind]}`).join(', ');
  return (
    `${label}: runs ${reports.length}, faults ${total} (${byKind}), ` +
    `paid-and-billed succeeded ${billings.succeeded} / refused ${billings.refused}, ` +
    `false successes ${falseSuccesses}, double effects ${doubleEffects}, ` +
    `other violations ${other}, unknown left (verify/info/undo, not retried) ${stayedUnknown}, ` +
    `unfaulted calls past the timeout ${spurious}`
  );
}

export function describeFailure(report: RunReport, replay: string): string {
  return [
    `run ${report.index} (seed ${report.seed}) — replay: ${replay}`,
    ...report.violations.map((v) => `  ${v.kind}: ${v.detail}`),
    `  faults: ${report.faultLog.join('; ') || 'none'}`,
  ].join('\n');
}
