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
import { fmt, formatMisses, formatTable, type Row, rowsOfParts } from './report-table';
import { now, round } from './stats';
import { measureStoreClose } from './store-close';
import { measureStoreDb } from './store-db';
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
  storeclose: { counters: 10, perCounter: 1_000, runs: 5 },
  memory: { sales: 200, summaryEvery: 20, fundings: 100_000 },
  storedb: {
    catchupLines: 20_000,
    lagTerminals: 50,
    lagSeconds: 10,
    dayCounters: 10,
    dayOps: 1_000,
    chainStores: 100,
    chainDays: 365,
    chainOpsPerDay: 200,
    overheadCalls: 100,
    overheadWarmup: 15,
    pooledCounters: 1_000,
    pooledStores: 100,
    pooledProcesses: 4,
    pooledSeconds: 30,
    pooledServerConnections: 15,
    pooledFloorSeconds: 15,
  },
};

/**
 * `npm run bench -- --only overhead,rps` measures a few parts (each still beside its own
 * baseline, in the same run): bundle, cold, overhead, rps, load, summary, storeclose, memory,
 * storedb.
 */
const onlyArg = process.argv.find((a) => a.startsWith('--only'));
const only = onlyArg
  ? new Set(
      (onlyArg.includes('=')
        ? onlyArg.split('=')[1]
        : process.argv[process.argv.indexOf(onlyArg) + 1]
      )
        ?.split(',')
        .filter(Boolean),
    )
  : null;
const wanted = (part: string) => !only || only.has(part);

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
// The renderer build (dist/renderer) is also what cold start and the day summary load.
const bundles =
  wanted('bundle') || wanted('cold') || wanted('summary')
    ? await step('bundle size', () => measureBundles(ROOT))
    : null;
const needsServers = ['cold', 'rps', 'load', 'memory'].some(wanted);
const built = needsServers ? await step('prebundle servers', () => prebundle(ROOT)) : null;
const template =
  wanted('cold') || wanted('memory')
    ? await step('template data dir', () => makeTemplateDataDir())
    : null;

const cold =
  wanted('cold') && built && template && bundles
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
const overhead = !wanted('overhead')
  ? null
  : await step('bridge overhead', () => measureBridgeOverhead(PLAN.overhead));
const rps =
  wanted('rps') && built
    ? await step('mock requests/s', () =>
        measureMockRps({
          root: ROOT,
          mockCli: built.mockCli,
          helloServer: built.helloServer,
          ...PLAN.rps,
        }),
      )
    : null;
const load =
  wanted('load') && built
    ? await step('mock load', () =>
        measureMockLoad({ root: ROOT, mockCli: built.mockCli, ...PLAN.load }),
      )
    : null;
const summary = !wanted('summary')
  ? null
  : await step('day summary', () => measureDaySummary(PLAN.summary));
const storeclose = !wanted('storeclose')
  ? null
  : await step('store close', () => measureStoreClose(PLAN.storeclose));
const memory =
  wanted('memory') && built && template
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
const storedb = !wanted('storedb')
  ? null
  : await step('store database', () => measureStoreDb(PLAN.storedb));

await bundles?.cleanup();
if (template) await rm(template, { recursive: true, force: true });

const ratio = (a: number | undefined, b: number | undefined) =>
  a === undefined || b === undefined ? null : round(a / b, 3);
const jsRatio = ratio(bundles?.renderer_js_gz, bundles?.baseline_js_gz);
const overheadMedians = overhead?.details as
  | { verify?: { median_ms?: { raw?: number } }; billed?: { median_ms?: { raw?: number } } }
  | undefined;
const rpsDetails = rps?.details as
  | {
      hello_rps?: number[];
      cpu_us_per_request_median?: {
        mock?: number;
        hello?: number;
        echo?: number;
        openapi?: number;
      };
    }
  | undefined;
const coldParts = cold?.details as
  | {
      parts_median_ms?: { host_ready?: number; page_load?: number };
      baseline_parts_median_ms?: { host_ready?: number; page_load?: number };
    }
  | undefined;
const at = (ok: boolean | undefined) => (ok === undefined ? null : ok);
const ms = (v: number | undefined | null, digits = 2) => fmt(v, ' ms', digits);

// Goals of issue 14, each against a figure taken in the same run.
const coldGoal = cold ? 2 * cold.baseline_cold_start_ms : undefined;
const hostGoal = memory ? memory.host_idle_rss_mb + 30 : undefined;
const mockGoal = memory ? memory.mock_idle_rss_mb + 40 : undefined;

/** Why a goal was missed, from the parts each bench measured (printed under the table). */
const overheadWhy = (kind: 'verify' | 'billed') => {
  const p = overhead?.parts[kind];
  if (!overhead || !p) return '';
  return (
    `journal ${ms(p.journal_ms)} (its 2 fsyncs ${ms(2 * overhead.fsync_ms)}, the rest of it ` +
    `entry checks, JSON and reads), HTTP exchange beyond the raw call ${ms(p.http_beyond_raw_ms)}, ` +
    `the rest ${ms(p.rest_ms)} (bridge and service-client zod checks, handler)`
  );
};

const everyRow: Row[] = [
  {
    metric: 'renderer_js_gz',
    part: 'bundle',
    value: bundles
      ? `${fmt(bundles.renderer_js_gz / 1024, ' KiB')} (${fmt(jsRatio, '×', 2)})`
      : '—',
    baseline: bundles ? fmt(bundles.baseline_js_gz / 1024, ' KiB') : '—',
    target: '≤ 2.2× baseline',
    met: at(jsRatio === null ? undefined : jsRatio <= 2.2),
    ...(jsRatio !== null ? { missedBy: `${fmt(jsRatio - 2.2, '×', 2)} over` } : {}),
    why: "the renderer's own modules; details.bundle.renderer_breakdown lists them",
  },
  {
    metric: 'cold_start_ms',
    part: 'cold',
    value: cold
      ? `${fmt(cold.cold_start_ms, ' ms', 0)} (${fmt(ratio(cold.cold_start_ms, cold.baseline_cold_start_ms), '×', 2)})`
      : '—',
    baseline: fmt(cold?.baseline_cold_start_ms, ' ms minimal React page', 0),
    target: `≤ 2× baseline (${fmt(coldGoal, ' ms', 0)})`,
    met: at(cold && coldGoal !== undefined ? cold.cold_start_ms <= coldGoal : undefined),
    ...(cold && coldGoal !== undefined ? { missedBy: ms(cold.cold_start_ms - coldGoal, 0) } : {}),
    why: coldParts
      ? `host ready ${ms(coldParts.parts_median_ms?.host_ready, 0)} vs ${ms(coldParts.baseline_parts_median_ms?.host_ready, 0)} ` +
        `for a bare node:http server (module loading, data dir, training mock); page load ` +
        `${ms(coldParts.parts_median_ms?.page_load, 0)} vs ${ms(coldParts.baseline_parts_median_ms?.page_load, 0)} ` +
        "(the renderer's script and first bridge calls)"
      : '',
  },
  {
    metric: 'verify_overhead_ms',
    part: 'overhead',
    value: overhead
      ? `${ms(overhead.verify_overhead_ms)} (${fmt(overhead.verify_overhead_ratio, '×', 2)} of raw)`
      : '—',
    baseline: overhead
      ? `raw ${ms(overheadMedians?.verify?.median_ms?.raw)}, fsync ${ms(overhead.fsync_ms)}`
      : '—',
    target: `≤ 2 fsyncs + 0.3 ms (${ms(overhead?.overhead_goal_ms)})`,
    met: at(overhead ? overhead.verify_overhead_ms <= overhead.overhead_goal_ms : undefined),
    ...(overhead ? { missedBy: ms(overhead.verify_overhead_ms - overhead.overhead_goal_ms) } : {}),
    why: overheadWhy('verify'),
  },
  {
    metric: 'billed_overhead_ms',
    part: 'overhead',
    value: overhead
      ? `${ms(overhead.billed_overhead_ms)} (${fmt(overhead.billed_overhead_ratio, '×', 2)} of raw)`
      : '—',
    baseline: overhead
      ? `raw ${ms(overheadMedians?.billed?.median_ms?.raw)}, fsync ${ms(overhead.fsync_ms)}`
      : '—',
    target: `≤ 2 fsyncs + 0.3 ms (${ms(overhead?.overhead_goal_ms)})`,
    met: at(overhead ? overhead.billed_overhead_ms <= overhead.overhead_goal_ms : undefined),
    ...(overhead ? { missedBy: ms(overhead.billed_overhead_ms - overhead.overhead_goal_ms) } : {}),
    why: overheadWhy('billed'),
  },
  {
    metric: 'mock_rps_ratio',
    part: 'rps',
    value: fmt(rps?.mock_rps_ratio, '×', 2),
    baseline: rpsDetails?.hello_rps ? `${rpsDetails.hello_rps.join('/')} req/s hello` : '—',
    target: '≥ 0.5×',
    met: at(rps ? rps.mock_rps_ratio >= 0.5 : undefined),
    ...(rps ? { missedBy: `${fmt(0.5 - rps.mock_rps_ratio, '×', 2)} short` } : {}),
    why: rpsDetails?.cpu_us_per_request_median
      ? `server CPU per request: verify ${fmt(rpsDetails.cpu_us_per_request_median.mock, ' µs')}, ` +
        `hello ${fmt(rpsDetails.cpu_us_per_request_median.hello, ' µs')}, a JSON POST echo ` +
        `${fmt(rpsDetails.cpu_us_per_request_median.echo, ' µs')}; autocannon shares the 2 cores`
      : '',
  },
  {
    metric: 'openapi_rps_ratio',
    part: 'rps',
    value: rps?.openapi_rps_ratio !== undefined ? fmt(rps.openapi_rps_ratio, '×', 2) : '—',
    baseline: rpsDetails?.hello_rps ? 'hello world, same rounds' : '—',
    target: '≥ 0.5× (served from memory)',
    met: at(rps?.openapi_rps_ratio !== undefined ? rps.openapi_rps_ratio >= 0.5 : undefined),
    ...(rps?.openapi_rps_ratio !== undefined
      ? { missedBy: `${fmt(0.5 - rps.openapi_rps_ratio, '×', 2)} short` }
      : {}),
    why: rpsDetails?.cpu_us_per_request_median
      ? `server CPU per request ${fmt(rpsDetails.cpu_us_per_request_median.openapi, ' µs')} ` +
        `vs hello ${fmt(rpsDetails.cpu_us_per_request_median.hello, ' µs')} (bytes on the wire)`
      : '',
  },
  {
    metric: 'load_verify_p99_ms',
    part: 'load',
    value: load
      ? `${load.verify.p99_ms} ms (p50 ${load.verify.p50_ms}, max ${load.verify.max_ms}, ${load.verify.rps} req/s)`
      : '—',
    baseline: '—',
    target: 'reported (20 s, 50 conn.)',
    met: load ? 'info' : null,
  },
  {
    metric: 'load_mixed_p99_ms',
    part: 'load',
    value: load
      ? `${load.mixed.p99_ms} ms (p50 ${load.mixed.p50_ms}, max ${load.mixed.max_ms}, ${load.mixed.rps} req/s)`
      : '—',
    baseline: '—',
    target: 'reported (20 s, 50 conn.)',
    met: load ? 'info' : null,
  },
  {
    metric: 'summary_render_ms',
    part: 'summary',
    value: fmt(summary?.summary_render_ms, ' ms', 0),
    baseline: '—',
    target: '≤ 300 ms',
    met: at(summary ? summary.summary_render_ms <= 300 : undefined),
    ...(summary ? { missedBy: ms(summary.summary_render_ms - 300, 0) } : {}),
    why: 'details.day_summary: bridge calls vs rendering',
  },
  {
    metric: 'summary_pdf_ms',
    part: 'summary',
    value: fmt(summary?.summary_pdf_ms, ' ms', 0),
    baseline: fmt(summary?.summary_pdf_chromium_ms, ' ms Chromium'),
    target: '≤ 2000 ms',
    met: at(summary ? summary.summary_pdf_ms <= 2000 : undefined),
    ...(summary ? { missedBy: ms(summary.summary_pdf_ms - 2000, 0) } : {}),
    why: 'details.day_summary.pdf_parts_median_ms',
  },
  {
    metric: 'store_close_open_ms',
    part: 'storeclose',
    value: fmt(storeclose?.store_close_open_ms, ' ms', 1),
    baseline: fmt(storeclose?.store_close_bare_select_ms, ' ms bare SELECT'),
    target: '≤ 1000 ms (10 × 1,000)',
    met: at(storeclose ? storeclose.store_close_open_ms <= 1000 : undefined),
    ...(storeclose ? { missedBy: ms(storeclose.store_close_open_ms - 1000, 0) } : {}),
    why: 'details.store_close: reads vs build and layout',
  },
  {
    metric: 'host_rss_mb',
    part: 'memory',
    value: fmt(memory?.host_rss_mb, ' MB'),
    baseline: fmt(memory?.host_idle_rss_mb, ' MB idle'),
    target: `≤ idle + 30 MB (${fmt(hostGoal, ' MB')})`,
    met: at(memory && hostGoal !== undefined ? memory.host_rss_mb <= hostGoal : undefined),
    ...(memory && hostGoal !== undefined
      ? { missedBy: fmt(memory.host_rss_mb - hostGoal, ' MB') }
      : {}),
    why: memory ? memory.host_why : '',
  },
  {
    metric: 'mock_rss_mb',
    part: 'memory',
    value: fmt(memory?.mock_rss_mb, ' MB'),
    baseline: fmt(memory?.mock_idle_rss_mb, ' MB idle'),
    target: `≤ idle + 40 MB (${fmt(mockGoal, ' MB')})`,
    met: at(memory && mockGoal !== undefined ? memory.mock_rss_mb <= mockGoal : undefined),
    ...(memory && mockGoal !== undefined
      ? { missedBy: fmt(memory.mock_rss_mb - mockGoal, ' MB') }
      : {}),
    why: memory ? memory.mock_why : '',
  },
  ...storeDbRows(),
];
// Only what ran: a part left out by `--only` is no "error" row (docs/decisions.md).
const rows = rowsOfParts(everyRow, only);

/** The store database's figures (issue 20), each beside its floor from the same run. */
function storeDbRows(): Row[] {
  if (!wanted('storedb')) return [];
  const o = storedb?.overhead;
  const beside = (kind: 'verify_ms' | 'billed_ms') =>
    o ? `${ms(o.configured[kind])} configured, ${ms(o.unreachable[kind])} unreachable` : '—';
  const same = (kind: 'verify_ms' | 'billed_ms') =>
    o ? Math.max(o.configured[kind], o.unreachable[kind]) <= o.none[kind] * 1.1 + 0.3 : undefined;
  const catchupRatio = storedb
    ? storedb.catchup_lines_per_s / storedb.plain_insert_lines_per_s
    : undefined;
  const chainRatio = storedb ? storedb.day_query_chain_ms / storedb.day_query_ms : undefined;
  const p = storedb?.pooled;
  return [
    {
      metric: 'storedb_catchup_lines_s',
      part: 'storedb',
      value: storedb
        ? `${fmt(storedb.catchup_lines_per_s, ' lines/s', 0)} (${fmt(catchupRatio, '×', 2)})`
        : '—',
      baseline: fmt(storedb?.plain_insert_lines_per_s, ' lines/s plain INSERT', 0),
      target: '≥ 0.5× plain INSERT',
      met: at(catchupRatio === undefined ? undefined : catchupRatio >= 0.5),
      ...(catchupRatio !== undefined
        ? { missedBy: `${fmt(0.5 - catchupRatio, '×', 2)} short` }
        : {}),
      why: 'reading the journal file, ON CONFLICT with RETURNING, the heartbeat and the cursor file',
    },
    {
      metric: 'storedb_lag_p99_ms',
      part: 'storedb',
      value: storedb ? `${ms(storedb.lag_p99_ms, 1)} (p50 ${ms(storedb.lag_p50_ms, 1)})` : '—',
      baseline: '—',
      target: `reported (${PLAN.storedb.lagTerminals} counters, a line / 100 ms)`,
      met: storedb ? 'info' : null,
    },
    {
      metric: 'storedb_day_read_ms',
      part: 'storedb',
      value: storedb
        ? `${ms(storedb.day_read_ms, 1)} (the query ${ms(storedb.day_query_ms, 1)})`
        : '—',
      baseline: '—',
      target: `reported (${PLAN.storedb.dayCounters} counters × ${PLAN.storedb.dayOps} ops)`,
      met: storedb ? 'info' : null,
    },
    {
      metric: 'storedb_day_query_chain_ratio',
      part: 'storedb',
      value: storedb
        ? `${fmt(chainRatio, '×', 2)}: ${ms(storedb.day_query_chain_ms, 1)} with ${storedb.chain_rows} more lines (the whole read ${ms(storedb.day_read_chain_ms, 1)})`
        : '—',
      baseline: fmt(storedb?.day_query_ms, ' ms without the chain', 1),
      target: '≤ 1.2× without the chain',
      met: at(chainRatio === undefined ? undefined : chainRatio <= 1.2),
      ...(chainRatio !== undefined ? { missedBy: `${fmt(chainRatio - 1.2, '×', 2)} over` } : {}),
      why: 'details.store_db.store_day',
    },
    {
      metric: 'storedb_chain_rows',
      part: 'storedb',
      value: storedb ? `${storedb.chain_rows} lines` : '—',
      baseline: '—',
      target: `≥ 14,000,000 (${PLAN.storedb.chainStores} stores × ${PLAN.storedb.chainDays} days × ${PLAN.storedb.chainOpsPerDay} operations)`,
      met: at(storedb ? storedb.chain_rows >= 14_000_000 : undefined),
      why: 'details.store_db.store_day (load, index build and VACUUM times)',
    },
    {
      metric: 'storedb_close_open_chain_ms',
      part: 'storedb',
      value: storedb ? ms(storedb.close_open_chain_ms, 1) : '—',
      baseline: fmt(storedb?.close_open_ms, ' ms without the chain', 1),
      target: '≤ 1,000 ms',
      met: at(storedb ? storedb.close_open_chain_ms <= 1_000 : undefined),
      why: 'the store close of 10 counters × 1,000 operations: 4 reads, built, laid out',
    },
    {
      metric: 'storedb_head_office_grid_ms',
      part: 'storedb',
      value: storedb ? ms(storedb.head_office_grid_ms, 1) : '—',
      baseline: fmt(storedb?.close_open_chain_ms, ' ms the store close, same database', 1),
      target: '≤ 1,000 ms',
      met: at(storedb ? storedb.head_office_grid_ms <= 1_000 : undefined),
      ...(storedb ? { missedBy: ms(storedb.head_office_grid_ms - 1_000, 0) } : {}),
      why: `every store (${PLAN.storedb.chainStores} + 1) × 14 days as the head-office login reads it, beside ${PLAN.storedb.chainStores} stores × ${PLAN.storedb.chainDays} days of lines (details.store_db.store_day)`,
    },
    {
      metric: 'storedb_head_office_day_ms',
      part: 'storedb',
      value: storedb ? ms(storedb.head_office_day_ms, 1) : '—',
      baseline: fmt(storedb?.close_open_chain_ms, ' ms the store close, same database', 1),
      target: '≤ 500 ms',
      met: at(storedb ? storedb.head_office_day_ms <= 500 : undefined),
      ...(storedb ? { missedBy: ms(storedb.head_office_day_ms - 500, 0) } : {}),
      why: `a store's closed day of ${PLAN.storedb.chainOpsPerDay} operations: its close, hash checked, figures, counters, operations`,
    },
    {
      metric: 'storedb_mask_day_ms',
      part: 'storedb',
      value: storedb
        ? `${ms(storedb.mask.mask_day_ms, 0)} (${storedb.mask.mask_day_lines} lines, ${storedb.mask.mask_day_stores} stores)`
        : '—',
      baseline: fmt(storedb?.close_open_chain_ms, ' ms the store close, same database', 1),
      target: '≤ 10,000 ms',
      met: at(storedb ? storedb.mask.mask_day_ms <= 10_000 : undefined),
      ...(storedb ? { missedBy: ms(storedb.mask.mask_day_ms - 10_000, 0) } : {}),
      why: `a day of every store of the chain (${PLAN.storedb.chainStores} × ${PLAN.storedb.chainOpsPerDay} operations) masked by the owner, as a close's retention or store-db forget --before does (bench/store-db-mask.ts)`,
    },
    {
      metric: 'storedb_mask_lag_p99_ms',
      part: 'storedb',
      value: storedb ? ms(storedb.mask.lag_masking_p99_ms, 1) : '—',
      baseline: fmt(storedb?.mask.lag_alone_p99_ms, ' ms the same counters without masking', 1),
      target: 'reported (beside its baseline)',
      met: storedb ? 'info' : null,
      why: `${PLAN.storedb.lagTerminals} counters journaling a line / 100 ms in the chain's database while its next days are masked one after another (details.store_db.store_day.mask.mask_days_during_ms)`,
    },
    {
      metric: 'storedb_pooled_counters',
      part: 'storedb',
      value: p
        ? `${p.pooled_counters} counters of ${p.pooled_stores} stores, ${p.pooled_lines} lines, ${p.pooled_errors} errors, ≤ ${p.server_connections_max} server connections`
        : '—',
      baseline: p
        ? `${p.direct_counters} counters directly (max_connections ${p.max_connections})`
        : '—',
      target: `≥ 1,000 through PgBouncer (transaction mode, ${PLAN.storedb.pooledServerConnections} server connections)`,
      met: at(p ? p.pooled_counters >= 1_000 && p.pooled_errors === 0 : undefined),
      why: 'details.store_db.pooled',
    },
    {
      metric: 'storedb_pooled_lag_p99_ms',
      part: 'storedb',
      value: p
        ? `${ms(p.pooled_lag_p99_ms, 1)} (p50 ${ms(p.pooled_lag_p50_ms, 1)}, max ${ms(p.pooled_lag_max_ms, 0)})`
        : '—',
      baseline: p
        ? `floor: plain signed calls p99 ${ms(p.floor.p99_ms, 1)} (p50 ${ms(p.floor.p50_ms, 1)}, ${p.floor.lines} lines, ${p.floor.errors} errors)`
        : '—',
      target:
        '≤ 250 ms (a line per counter per second; simulated counters: the real replicator, journals in memory)',
      met: at(p ? p.pooled_lag_p99_ms <= 250 : undefined),
      ...(p ? { missedBy: `${ms(p.pooled_lag_p99_ms - 250, 0)} over` } : {}),
      why: p
        ? `the 1,000 counters share the 2 cores with the server: CPU per line counters ${p.cpu_ms_per_line.counters} ms, PostgreSQL ${p.cpu_ms_per_line.postgresql} ms, PgBouncer ${p.cpu_ms_per_line.pgbouncer} ms (load average ${p.load_average.join(' ')}); the server side alone (floor) p99 ${ms(p.floor.p99_ms, 1)}`
        : '',
    },
    {
      metric: 'storedb_pooled_per_store_lag_p99_ms',
      part: 'storedb',
      value: storedb?.pooled_per_store
        ? `${ms(storedb.pooled_per_store.pooled_lag_p99_ms, 1)} (p50 ${ms(storedb.pooled_per_store.pooled_lag_p50_ms, 1)}, ${storedb.pooled_per_store.pooled_lines} lines, ${storedb.pooled_per_store.pooled_errors} errors)`
        : '—',
      baseline: p ? `one chain login: p99 ${ms(p.pooled_lag_p99_ms, 1)}` : '—',
      target: 'reported: a login per store, a pool each, the same 15 server connections',
      met: storedb?.pooled_per_store ? 'info' : null,
      why: 'docs/decisions.md "One chain login, signed reads (issue 33)"',
    },
    {
      metric: 'storedb_verify_ms',
      part: 'storedb',
      value: beside('verify_ms'),
      baseline: o ? `${ms(o.none.verify_ms)} no store database` : '—',
      target: 'the same (≤ +10% + 0.3 ms)',
      met: at(same('verify_ms')),
      why: 'the replicator beside the journal; details.store_db.overhead',
    },
    {
      metric: 'storedb_billed_ms',
      part: 'storedb',
      value: beside('billed_ms'),
      baseline: o ? `${ms(o.none.billed_ms)} no store database` : '—',
      target: 'the same (≤ +10% + 0.3 ms)',
      met: at(same('billed_ms')),
      why: 'the replicator beside the journal; details.store_db.overhead',
    },
  ];
}

const results = {
  renderer_js_gz: bundles?.renderer_js_gz ?? null,
  baseline_js_gz: bundles?.baseline_js_gz ?? null,
  cold_start_ms: cold?.cold_start_ms ?? null,
  verify_overhead_ratio: overhead?.verify_overhead_ratio ?? null,
  billed_overhead_ratio: overhead?.billed_overhead_ratio ?? null,
  verify_overhead_ms: overhead?.verify_overhead_ms ?? null,
  billed_overhead_ms: overhead?.billed_overhead_ms ?? null,
  overhead_goal_ms: overhead?.overhead_goal_ms ?? null,
  mock_rps_ratio: rps?.mock_rps_ratio ?? null,
  openapi_rps_ratio: rps?.openapi_rps_ratio ?? null,
  summary_render_ms: summary?.summary_render_ms ?? null,
  summary_pdf_ms: summary?.summary_pdf_ms ?? null,
  summary_pdf_chromium_ms: summary?.summary_pdf_chromium_ms ?? null,
  store_close_open_ms: storeclose?.store_close_open_ms ?? null,
  store_close_bare_select_ms: storeclose?.store_close_bare_select_ms ?? null,
  storedb_pooled_counters: storedb?.pooled.pooled_counters ?? null,
  storedb_pooled_lag_p99_ms: storedb?.pooled.pooled_lag_p99_ms ?? null,
  // The same 1,000 counters' signed calls a second through the same pooler without the counters'
  // own work (journal, files, replicator): the server side alone, which 2 cores can host.
  storedb_pooled_floor_p99_ms: storedb?.pooled.floor.p99_ms ?? null,
  storedb_pooled_per_store_lag_p99_ms: storedb?.pooled_per_store.pooled_lag_p99_ms ?? null,
  storedb_chain_rows: storedb?.chain_rows ?? null,
  storedb_day_query_chain_ratio: storedb
    ? round(storedb.day_query_chain_ms / storedb.day_query_ms, 2)
    : null,
  storedb_close_open_chain_ms: storedb?.close_open_chain_ms ?? null,
  storedb_head_office_grid_ms: storedb?.head_office_grid_ms ?? null,
  storedb_head_office_day_ms: storedb?.head_office_day_ms ?? null,
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
    store_db: storedb?.details ?? null,
    store_close: storeclose?.details ?? null,
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
const misses = formatMisses(rows);
if (misses) process.stdout.write(`${misses}\n\n`);
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
