// cold_start_ms: browser mode from nothing to the sale screen ready. Each run copies the
// template data dir (PIN set, cashier on shift) to a fresh temp dir and launches a fresh headless
// Chromium (not timed: the Electron shell starts its own), then times from spawning the
// prebundled host to the sale screen being ready in a new page. "Ready": the funding-code input
// (#sale-code) is laid out, visible, enabled and not read-only, and the next frame is produced.
// Beside it, the same run times the yardstick: a bare node:http static server and the baseline
// React + zustand page, to its button.
import { cp, rm } from 'node:fs/promises';
import { launchChromium, waitInPage } from './chromium';
import { hasUrl, startJsonLineProcess } from './json-line-process';
import { readyProbe, SALE_READY_PROBE, usableElement } from './ready-probe';
import { median, now, round, roundAll, spread } from './stats';
import { makeTempDir } from './terminal-setup';

type Run = {
  total_ms: number;
  host_ready_ms: number;
  page_load_ms: number;
  /** Inside page_load, from goto: the document's response, DOMContentLoaded, condition met. */
  document_response_ms: number;
  dom_content_loaded_ms: number;
  condition_ms: number;
  browser_launch_ms: number;
};

export type ColdStartResult = {
  cold_start_ms: number;
  baseline_cold_start_ms: number;
  details: Record<string, unknown>;
};

const epoch = (t: number) => performance.timeOrigin + t;
const SETTLE_MS = 500;

async function oneRun(root: string, command: string[], probe: string): Promise<Run> {
  const launchStart = now();
  const browser = await launchChromium();
  const browserLaunch = now() - launchStart;
  const [bin = 'node', ...args] = command;
  try {
    const page = await browser.newPage();
    await page.addInitScript(probe);
    // Headless Chromium keeps starting helper processes for a moment after launch; on 2 cores
    // that tail would be charged to the app. The Electron shell's own start is not measured here.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const host = await startJsonLineProcess(bin, args, { cwd: root, accept: hasUrl });
    try {
      const gotoAt = now();
      await page.goto(host.info.url, { waitUntil: 'commit' });
      await waitInPage(page, 'window.__benchPainted !== undefined');
      const marks = (await page.evaluate(`(() => {
        const nav = performance.getEntriesByType('navigation')[0];
        return {
          ready: window.__benchReady,
          painted: window.__benchPainted,
          origin: performance.timeOrigin,
          responseEnd: nav ? nav.responseEnd : 0,
          dcl: nav ? nav.domContentLoadedEventEnd : 0,
        };
      })()`)) as {
        ready: number;
        painted: number;
        origin: number;
        responseEnd: number;
        dcl: number;
      };
      const fromGoto = (epochMs: number) => epochMs - epoch(gotoAt);
      return {
        total_ms: marks.painted - epoch(host.spawnedAt),
        host_ready_ms: host.readyAt - host.spawnedAt,
        page_load_ms: fromGoto(marks.painted),
        document_response_ms: fromGoto(marks.origin + marks.responseEnd),
        dom_content_loaded_ms: fromGoto(marks.origin + marks.dcl),
        condition_ms: fromGoto(marks.ready),
        browser_launch_ms: browserLaunch,
      };
    } finally {
      await host.stop();
    }
  } finally {
    await browser.close();
  }
}

async function appRun(root: string, webCli: string, template: string): Promise<Run> {
  const dataDir = await makeTempDir('cold');
  await cp(template, dataDir, { recursive: true });
  try {
    const command = [process.execPath, webCli, '--port', '0', '--data-dir', dataDir];
    return await oneRun(root, command, SALE_READY_PROBE);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Host start only, through tsx as `npm run web` does, for comparison with the bundle. */
async function tsxHostReady(root: string, template: string): Promise<number> {
  const dataDir = await makeTempDir('cold-tsx');
  await cp(template, dataDir, { recursive: true });
  try {
    const host = await startJsonLineProcess(
      'node_modules/.bin/tsx',
      ['electron/web/cli.ts', '--port', '0', '--data-dir', dataDir],
      { cwd: root, accept: hasUrl },
    );
    await host.stop();
    return host.readyAt - host.spawnedAt;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const medianOf = (runs: Run[], key: keyof Run) => round(median(runs.map((r) => r[key])), 1);
const rounded = (runs: Run[]) =>
  runs.map((s) => Object.fromEntries(Object.entries(s).map(([k, v]) => [k, round(v, 1)])));

export async function measureColdStart(options: {
  root: string;
  webCli: string;
  staticServer: string;
  baselineDir: string;
  template: string;
  runs: number;
  tsxRuns: number;
}): Promise<ColdStartResult> {
  const { root } = options;
  const baselineCommand = [process.execPath, options.staticServer, options.baselineDir];
  const baselineProbe = readyProbe(usableElement('button'));
  // Warm-up of each (page cache, Chromium's first launch): not counted.
  await appRun(root, options.webCli, options.template);
  await oneRun(root, baselineCommand, baselineProbe);
  const app: Run[] = [];
  const baseline: Run[] = [];
  for (let i = 0; i < options.runs; i++) {
    app.push(await appRun(root, options.webCli, options.template));
    baseline.push(await oneRun(root, baselineCommand, baselineProbe));
  }
  const tsx: number[] = [];
  for (let i = 0; i < options.tsxRuns; i++) tsx.push(await tsxHostReady(root, options.template));
  return {
    cold_start_ms: medianOf(app, 'total_ms'),
    baseline_cold_start_ms: medianOf(baseline, 'total_ms'),
    details: {
      runs: options.runs,
      warmup_runs: 1,
      browser_settle_ms: SETTLE_MS,
      host: 'node dist/bench/web-cli.mjs: electron/web/cli.ts prebundled with esbuild (node_modules external), fresh copy of a data dir with PIN and cashier set',
      ready:
        '#sale-code laid out, visible, enabled, not read-only, then the next frame (rAF + task)',
      baseline:
        'node dist/bench/static-server.mjs (bare node:http) serving the baseline React + zustand page, to its button, same Chromium flags',
      parts_median_ms: {
        host_ready: medianOf(app, 'host_ready_ms'),
        page_load: medianOf(app, 'page_load_ms'),
        document_response: medianOf(app, 'document_response_ms'),
        dom_content_loaded: medianOf(app, 'dom_content_loaded_ms'),
        condition_met: medianOf(app, 'condition_ms'),
        browser_launch_untimed: medianOf(app, 'browser_launch_ms'),
      },
      baseline_parts_median_ms: {
        host_ready: medianOf(baseline, 'host_ready_ms'),
        page_load: medianOf(baseline, 'page_load_ms'),
      },
      total: spread(app.map((s) => s.total_ms)),
      samples: rounded(app),
      baseline_samples: rounded(baseline),
      ...(tsx.length > 0 ? { tsx_host_ready_ms: roundAll(tsx, 1) } : {}),
    },
  };
}
