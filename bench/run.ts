// `npm run bench`: every figure of the performance budget beside its baseline, measured in one
// run, printed as a table and written to bench/results.json. Benchmarks never fail the command:
// a missed target is a finding; a bench that throws is reported as an error (and is a bug).
import { rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { measureBridgeOverhead } from './bridge-overhead';
import { measureBundles } from './bundle-size';
import { measureColdStart } from './cold-start';
import { measureDaySummary } from './day-summary';
import { describeEnvironment, loadAverage } from './environment';
import { measureMemory } from './memory';
import { measureMockLoad } from './mock-load';
import { measureMockRps } from './mock-rps';
import { prebundle } from './prebundle';
import { fmt, formatTable, type Row } from './report-table';
import { now, round } from './stats';
import { makeTemplateDataDir } from './terminal-setup';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = fileURLToPath(new URL('./results.json', import.meta.url));

/** How much of each; the whole run stays within a few minutes on 2 cores. */
const PLAN = {
  coldStart: { runs: 5, tsxRuns: 2 },
  overhead: { calls: 200, warmup: 30 },
  rps: { connections: 10, durationS: 5, warmupS: 1, rounds: 3 },
  load: { connections: 50, durationS: 20 },
  summary: { rows: 10_000, renderRuns: 5, pdfRuns: 2 },
  memory: { sales: 200, summaryEvery: 20, fundings: 100_000 },
};

const log = (text: string) => process.stderr.write(`${text}\n`);
const steps: Record<string, { seconds: number; load_before: number[]; load_after: number[] }> = {};
const errors: Record<string, string> = {};

async function step<T>(name: string, task: () => Promise<T>): Promise<T | null> {
  log(`bench: ${name}…`);
  const started = now();
  const before = loadAverage();
  try {
    return await task();
  } catch (error) {
    errors[name] = error instanceof Error ? (error.stack ?? error.message) : String(error);
    log(`bench: ${name} FAILED\n${errors[name]}`);
    return null;
  } finally {
    steps[name] = {
      seconds: round((now() - started) / 1000, 1),
      load_before: before,
      load_after: loadAverage(),
    };
  }
}

const runStarted = now();
const environment = await describeEnvironment();
const bundles = await step('bundle size', () => measureBundles(ROOT));
const built = await step('prebundle servers', () => prebundle(ROOT));
const template = await step('template data dir', () => makeTemplateDataDir());

const cold =
  built && template && bundles
    ? await step('cold start', () =>
        measureColdStart({
          root: ROOT,
          webCli: built.webCli,
          staticServer: built.staticServer,
          baselineDir: bundles.baselineOutDir,
          template,
          ...PLAN.coldStart,
        }),
      )
    : null;
const overhead = await step('bridge overhead', () => measureBridgeOverhead(PLAN.overhead));
const rps = built
  ? await step('mock requests/s', () =>
      measureMockRps({
        root: ROOT,
        mockCli: built.mockCli,
        helloServer: built.helloServer,
        ...PLAN.rps,
      }),
    )
  : null;
const load = built
  ? await step('mock load', () =>
      measureMockLoad({ root: ROOT, mockCli: built.mockCli, ...PLAN.load }),
    )
  : null;
const summary = await step('day summary', () => measureDaySummary(PLAN.summary));
const memory =
  built && template
    ? await step('memory', () =>
        measureMemory({
          root: ROOT,
          webCli: built.webCli,
          mockCli: built.mockCli,
          template,
          ...PLAN.memory,
        }),
      )
    : null;

await bundles?.cleanup();
if (template) await rm(template, { recursive: true, force: true });

const ratio = (a: number | undefined, b: number | undefined) =>
  a === undefined || b === undefined ? null : round(a / b, 3);
const jsRatio = ratio(bundles?.renderer_js_gz, bundles?.baseline_js_gz);
const overheadMedians = overhead?.details as
  | { verify?: { median_ms?: { raw?: number } }; billed?: { median_ms?: { raw?: number } } }
  | undefined;
const rpsDetails = rps?.details as { hello_rps?: number[] } | undefined;
const at = (ok: boolean | undefined) => (ok === undefined ? null : ok);

const rows: Row[] = [
  {
    metric: 'renderer_js_gz',
    value: bundles
      ? `${fmt(bundles.renderer_js_gz / 1024, ' KiB')} (${fmt(jsRatio, '×', 2)})`
      : '—',
    baseline: bundles ? fmt(bundles.baseline_js_gz / 1024, ' KiB') : '—',
    target: '≤ 2.2× baseline',
    met: at(jsRatio === null ? undefined : jsRatio <= 2.2),
  },
  {
    metric: 'cold_start_ms',
    value: fmt(cold?.cold_start_ms, ' ms', 0),
    baseline: fmt(cold?.baseline_cold_start_ms, ' ms', 0),
    target: '≤ 800 ms',
    met: at(cold ? cold.cold_start_ms <= 800 : undefined),
  },
  {
    metric: 'verify_overhead_ratio',
    value: fmt(overhead?.verify_overhead_ratio, '×', 2),
    baseline: fmt(overheadMedians?.verify?.median_ms?.raw, ' ms raw', 2),
    target: '≤ 1.3×',
    met: at(overhead ? overhead.verify_overhead_ratio <= 1.3 : undefined),
  },
  {
    metric: 'billed_overhead_ratio',
    value: fmt(overhead?.billed_overhead_ratio, '×', 2),
    baseline: fmt(overheadMedians?.billed?.median_ms?.raw, ' ms raw', 2),
    target: '≤ 1.3×',
    met: at(overhead ? overhead.billed_overhead_ratio <= 1.3 : undefined),
  },
  {
    metric: 'mock_rps_ratio',
    value: fmt(rps?.mock_rps_ratio, '×', 2),
    baseline: rpsDetails?.hello_rps ? `${rpsDetails.hello_rps.join('/')} req/s hello` : '—',
    target: '≥ 0.5×',
    met: at(rps ? rps.mock_rps_ratio >= 0.5 : undefined),
  },
  {
    metric: 'load_verify_p99_ms',
    value: load
      ? `${load.verify.p99_ms} ms (p50 ${load.verify.p50_ms}, ${load.verify.rps} req/s)`
      : '—',
    baseline: '—',
    target: 'reported (20 s, 50 conn.)',
    met: load ? 'info' : null,
  },
  {
    metric: 'load_mixed_p99_ms',
    value: load
      ? `${load.mixed.p99_ms} ms (p50 ${load.mixed.p50_ms}, ${load.mixed.rps} req/s)`
      : '—',
    baseline: '—',
    target: 'reported (20 s, 50 conn.)',
    met: load ? 'info' : null,
  },
  {
    metric: 'summary_render_ms',
    value: fmt(summary?.summary_render_ms, ' ms', 0),
    baseline: '—',
    target: '≤ 300 ms',
    met: at(summary ? summary.summary_render_ms <= 300 : undefined),
  },
  {
    metric: 'summary_pdf_ms',
    value: fmt(summary?.summary_pdf_ms, ' ms', 0),
    baseline: fmt(summary?.summary_pdf_chromium_ms, ' ms Chromium'),
    target: '≤ 2000 ms',
    met: at(summary ? summary.summary_pdf_ms <= 2000 : undefined),
  },
  {
    metric: 'host_rss_mb',
    value: fmt(memory?.host_rss_mb, ' MB'),
    baseline: fmt(memory?.host_idle_rss_mb, ' MB idle'),
    target: '≤ 120 MB',
    met: at(memory ? memory.host_rss_mb <= 120 : undefined),
  },
  {
    metric: 'mock_rss_mb',
    value: fmt(memory?.mock_rss_mb, ' MB'),
    baseline: fmt(memory?.mock_idle_rss_mb, ' MB idle'),
    target: '≤ 100 MB',
    met: at(memory ? memory.mock_rss_mb <= 100 : undefined),
  },
];

const results = {
  renderer_js_gz: bundles?.renderer_js_gz ?? null,
  baseline_js_gz: bundles?.baseline_js_gz ?? null,
  cold_start_ms: cold?.cold_start_ms ?? null,
  verify_overhead_ratio: overhead?.verify_overhead_ratio ?? null,
  billed_overhead_ratio: overhead?.billed_overhead_ratio ?? null,
  mock_rps_ratio: rps?.mock_rps_ratio ?? null,
  summary_render_ms: summary?.summary_render_ms ?? null,
  summary_pdf_ms: summary?.summary_pdf_ms ?? null,
  summary_pdf_chromium_ms: summary?.summary_pdf_chromium_ms ?? null,
  host_rss_mb: memory?.host_rss_mb ?? null,
  mock_rss_mb: memory?.mock_rss_mb ?? null,
  details: {
    generated_at: new Date().toISOString(),
    environment,
    plan: PLAN,
    table: rows,
    bundle: bundles?.details ?? null,
    prebundle_ms: built ? round(built.buildMs, 0) : null,
    cold_start: cold
      ? { baseline_cold_start_ms: cold.baseline_cold_start_ms, ...cold.details }
      : null,
    bridge_overhead: overhead?.details ?? null,
    mock_rps: rps?.details ?? null,
    mock_load: load ?? null,
    day_summary: summary?.details ?? null,
    memory: memory
      ? {
          host_idle_rss_mb: memory.host_idle_rss_mb,
          mock_idle_rss_mb: memory.mock_idle_rss_mb,
          ...memory.details,
        }
      : null,
    steps,
    errors,
    total_seconds: round((now() - runStarted) / 1000, 1),
  },
};
await writeFile(RESULTS, `${JSON.stringify(results, null, 2)}\n`);

process.stdout.write(`\n${formatTable(rows)}\n\n`);
process.stdout.write(
  `node ${environment.node}, ${environment.chromium}, ${environment.cpu_count} CPUs; ` +
    `load average ${loadAverage().join(' ')}; ${results.details.total_seconds} s; ` +
    `medians of: cold start ${PLAN.coldStart.runs} runs, bridge ${PLAN.overhead.calls} calls ` +
    `(after ${PLAN.overhead.warmup}), autocannon ${PLAN.rps.rounds}×${PLAN.rps.durationS} s at ` +
    `${PLAN.rps.connections} connections, summary ${PLAN.summary.renderRuns} renders / ` +
    `${PLAN.summary.pdfRuns} PDFs; RSS is VmHWM (peak) of one run.\n`,
);
if (Object.keys(errors).length > 0) {
  process.stdout.write(`benches that failed (bugs): ${Object.keys(errors).join(', ')}\n`);
}
process.stdout.write(`written: ${RESULTS}\n`);
