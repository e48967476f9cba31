// Browser mode per worker: a fresh data dir, `electron/web/cli.ts` on a free port, its URL read
// from the one JSON line it prints, and the process group stopped after. Each test starts from
// a reset training state with a supervisor PIN and a cashier on shift, like a till after the
// morning's setup.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { bridge } from './bridge-helper';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SUPERVISOR_PIN = '2468';
export const CASHIER_ID = 'CAJA-01';
export const STORE_NAME = 'Tienda Centro';

export type BrowserMode = { url: string; dataDir: string; integrationUrl: string | null };

/** The integration key of the till e2e (MOSTRADOR_INTEGRATION_KEY of its browser mode). */
export const TILL_KEY = 'e2e-till-key-0123456789abcdefghijklmnopq';

type StopOptions = { keepData?: boolean; signal?: 'SIGTERM' | 'SIGKILL' };

/**
 * Browser mode on a free port; on `dataDir` (a host restart) or a fresh one. `till` turns the
 * till's integration API on (MOSTRADOR_INTEGRATION_KEY, a free port).
 */
export async function startBrowserMode(
  existingDataDir?: string,
  options: { till?: boolean; env?: Record<string, string> } = {},
): Promise<{ server: BrowserMode; stop: (options?: StopOptions) => Promise<void> }> {
  const dataDir = existingDataDir ?? (await mkdtemp(join(tmpdir(), 'mostrador-e2e-')));
  const child: ChildProcess = spawn(
    'npx',
    [
      'tsx',
      'electron/web/cli.ts',
      '--port',
      '0',
      '--data-dir',
      dataDir,
      ...(options.till ? ['--integration-port', '0'] : []),
    ],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so npx, tsx and node stop together.
      detached: true,
      env: {
        ...process.env,
        NO_COLOR: '1',
        ...(options.till ? { MOSTRADOR_INTEGRATION_KEY: TILL_KEY } : {}),
        ...options.env,
      },
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let integrationUrl: string | null = null;
  const url = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(
      () => reject(new Error(`browser mode did not start:\n${stderr}`)),
      60_000,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      for (const line of buffer.split('\n')) {
        try {
          const parsed = JSON.parse(line) as { url?: unknown; integration_url?: unknown };
          if (typeof parsed.url === 'string') {
            if (typeof parsed.integration_url === 'string') integrationUrl = parsed.integration_url;
            clearTimeout(timer);
            resolve(parsed.url);
            return;
          }
        } catch {
          // Not the JSON line (yet).
        }
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`browser mode exited (${code}):\n${stderr}`));
    });
  });
  const groupAlive = (pid: number) => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const stop = async (options: StopOptions = {}) => {
    const pid = child.pid;
    if (pid !== undefined && groupAlive(pid)) {
      try {
        process.kill(-pid, options.signal ?? 'SIGTERM');
      } catch {
        // Already gone.
      }
      // npx exits first; the server itself may still be closing its journal. Wait for the whole
      // group (bounded), then force what is left.
      for (let i = 0; i < 100 && groupAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
      if (groupAlive(pid)) process.kill(-pid, 'SIGKILL');
    }
    if (options.keepData) return;
    await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  };
  return { server: { url, dataDir, integrationUrl }, stop };
}

/** Opens the app and brings the terminal to the state every test starts from. */
export async function openReadyApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  const settings = await bridge(page, 'settings.get', {});
  if (!settings.supervisor_pin_set)
    await bridge(page, 'supervisor.setPin', { pin: SUPERVISOR_PIN });
  if (settings.cashier_id !== CASHIER_ID)
    await bridge(page, 'shift.start', { cashier_id: CASHIER_ID });
  const change: Record<string, string> = {};
  if (settings.language !== 'es-PE') change.language = 'es-PE';
  if (settings.mode !== 'training') change.mode = 'training';
  if (settings.api_generation !== 'v3') change.api_generation = 'v3';
  if (settings.store_name !== STORE_NAME) change.store_name = STORE_NAME;
  if (Object.keys(change).length > 0)
    await bridge(page, 'settings.update', { pin: SUPERVISOR_PIN, change });
  await bridge(page, 'training.reset', {});
  await page.goto(`${url}#/sale`);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

type WorkerFixtures = { browserMode: BrowserMode };
type TestFixtures = { app: Page; freshBrowserMode: BrowserMode; tillBrowserMode: BrowserMode };

export const test = base.extend<TestFixtures, WorkerFixtures>({
  browserMode: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const { server, stop } = await startBrowserMode();
      await use(server);
      await stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  /** A browser mode of its own, for tests that need an empty journal or a first run. */
  freshBrowserMode: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const { server, stop } = await startBrowserMode();
      await use(server);
      await stop();
    },
    { timeout: 90_000 },
  ],
  /** A browser mode with the till's integration API on (MOSTRADOR_INTEGRATION_KEY set). */
  tillBrowserMode: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const { server, stop } = await startBrowserMode(undefined, { till: true });
      await use(server);
      await stop();
    },
    { timeout: 90_000 },
  ],
  app: async ({ page, browserMode }, use) => {
    // The page prints itself in browser mode; headless Chromium has no dialog, so printing is
    // recorded instead, for the tests to assert it was asked for.
    await page.addInitScript(() => {
      const w = window as unknown as { __printed: number; print: () => void; __csp: string[] };
      w.__printed = 0;
      w.print = () => {
        w.__printed += 1;
      };
      // The app must run under its strict CSP without tripping it (no inline script or style).
      w.__csp = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        w.__csp.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    await openReadyApp(page, browserMode.url);
    await use(page);
    const violations = await page
      .evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])
      .catch(() => []);
    expect(violations, 'CSP violations').toEqual([]);
    expect(pageErrors, 'uncaught errors in the page').toEqual([]);
  },
});

export { expect };

/** Zero axe violations against WCAG 2.2 A and AA. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const summary = results.violations.map((v) => ({
    id: v.id,
    help: v.help,
    nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`),
  }));
  expect(summary).toEqual([]);
}

/**
 * Saves a screenshot of the screen as the README shows it. A test run writes it under
 * test-results/ and leaves the repository untouched; `npm run screenshots` (which sets
 * MOSTRADOR_SCREENSHOTS=docs) writes the copies the README shows, in docs/screenshots.
 */
const screenshotFolder = () =>
  process.env.MOSTRADOR_SCREENSHOTS === 'docs'
    ? join(ROOT, 'docs', 'screenshots')
    : join(ROOT, 'test-results', 'screenshots');

/**
 * One element as it shows in the viewport. Chromium's full-page capture leaves frames that
 * render in another process (the service fragments) blank below the fold; this one does not.
 */
export async function saveElementScreenshot(element: Locator, name: string): Promise<void> {
  await element.scrollIntoViewIfNeeded();
  await element.screenshot({
    path: join(screenshotFolder(), `${name}.png`),
    animations: 'disabled',
  });
}

export async function saveScreenshot(page: Page, name: string): Promise<void> {
  const folder = screenshotFolder();
  await page.screenshot({
    path: join(folder, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}

/** The two counter screens the app is laid out for (docs/decisions.md, issue 10). */
export const COUNTER_SIZES = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
] as const;

/**
 * The state on screen at both counter sizes, `<name>-1366.png` and `<name>-1024.png`, with zero
 * axe violations at each; the viewport is left at the last size.
 */
export async function saveAtCounterSizes(page: Page, name: string): Promise<void> {
  for (const size of COUNTER_SIZES) {
    await page.setViewportSize(size);
    await saveScreenshot(page, `${name}-${size.width}`);
    await expectNoAxeViolations(page);
  }
}
