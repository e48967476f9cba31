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
import { type JournalOperation, traitsOf } from '../shared/journal-entry';
import { bridge, bridgeRaw } from './bridge-helper';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SUPERVISOR_PIN = '2468';
export const CASHIER_ID = 'CAJA-01';
export const STORE_NAME = 'Tienda Centro';

export type BrowserMode = { url: string; dataDir: string; integrationUrl: string | null };

/** The integration key of the till e2e (MOSTRADOR_INTEGRATION_KEY of its browser mode). */
export const TILL_KEY = 'e2e-till-key-0123456789abcdefghijklmnopq';

type StopOptions = { keepData?: boolean; signal?: 'SIGTERM' | 'SIGKILL' };

let started = 0;

/**
 * The port browser mode listens on: a free one (`0`), or, with `MOSTRADOR_E2E_PORTS=FROM-TO`
 * (say, a range a firewall or another engineer's servers leave free), the next port of that
 * range for this worker: worker `w`'s `n`-th start takes `FROM + (w * 16 + n) mod size`.
 */
export function browserModePort(env: NodeJS.ProcessEnv = process.env, start = started++): string {
  const range = /^(\d+)-(\d+)$/.exec(env.MOSTRADOR_E2E_PORTS ?? '');
  if (!range) return '0';
  const from = Number(range[1]);
  const size = Number(range[2]) - from + 1;
  if (size < 1) throw new Error(`MOSTRADOR_E2E_PORTS=${env.MOSTRADOR_E2E_PORTS}: an empty range`);
  const worker = Number(env.TEST_WORKER_INDEX ?? 0);
  return String(from + ((worker * 16 + start) % size));
}

/**
 * Browser mode on a free port (or in MOSTRADOR_E2E_PORTS's range); on `dataDir` (a host restart) or a fresh one. `till` turns the
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
      browserModePort(),
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

/** Longest wait for an earlier test's billing: the journal's backoff is at most 60 s. */
const EARLIER_BILLING_WAIT_MS = 90_000;

/**
 * Every operation an earlier test left without an answer gets one, so none shows in this test's
 * tray or is announced in the middle of it (issue 18, item 15): its faults released, a billing's
 * retry waited for, a refund retried now, a Verify, Info or undo closed by the supervisor.
 */
async function answerEarlierOperations(page: Page): Promise<void> {
  await bridge(page, 'training.releaseFaults', {});
  const until = Date.now() + EARLIER_BILLING_WAIT_MS;
  for (;;) {
    const { operations } = await bridge(page, 'journal.unresolved', {});
    const waiting: string[] = [];
    for (const op of operations) {
      // The calls a supervisor closes with a note (their traits: shared/journal-entry.ts).
      if (traitsOf(op.operation).closable) {
        await bridge(page, 'journal.close', {
          op_id: op.op_id,
          pin: SUPERVISOR_PIN,
          note: 'e2e: left open by an earlier test',
        });
      } else if (op.operation.startsWith('orders.refund')) {
        await bridge(page, 'orders.refundRetry', { op_id: op.op_id });
        waiting.push(`${op.operation} ${op.op_id}`);
      } else if (op.operation.endsWith('.paidAndBilled')) {
        waiting.push(`${op.operation} ${op.op_id}`);
      }
      // Anything else (an order's create, confirm or cancel) is never retried nor closed: if it
      // shows, the screenshot helper refuses the screen (expectCleanTerminal).
    }
    if (waiting.length === 0) return;
    if (Date.now() > until)
      throw new Error(`An earlier test left these without an answer: ${waiting.join(', ')}`);
    await page.waitForTimeout(500);
  }
}

/**
 * The session a browser gets from the launch URL (its one-time key exchanged for the session
 * cookie), taken once by Node so every test's browser context can hold it.
 */
async function openSession(launchUrl: string): Promise<{ name: string; value: string }> {
  const answer = await fetch(launchUrl, { redirect: 'manual' });
  const [pair = ''] = (answer.headers.get('set-cookie') ?? '').split(';');
  const at = pair.indexOf('=');
  if (answer.status !== 303 || at < 1) {
    throw new Error(`the launch URL opened no session (${answer.status})`);
  }
  return { name: pair.slice(0, at), value: pair.slice(at + 1) };
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
  await answerEarlierOperations(page);
  await bridge(page, 'training.reset', {});
  // Late answers of earlier tests, acknowledged as the cashier would ("Entendido").
  for (const op of (await bridge(page, 'journal.announcements', {})).operations)
    await bridge(page, 'journal.acknowledge', { op_id: op.op_id });
  await page.goto(`${url}#/sale`);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** The worker's browser mode and the session its launch key opened once, for every test. */
type SharedBrowserMode = BrowserMode & { session: { name: string; value: string } };

type WorkerFixtures = { workerBrowserMode: SharedBrowserMode };
type TestFixtures = {
  /**
   * The worker's browser mode, for a test: its `url` is the page's address (no key), and the
   * test's browser context holds the session the launch key was exchanged for. The key opens
   * one session only (docs/decisions.md "The launch key works once"), and every test has a
   * context of its own.
   */
  browserMode: BrowserMode;
  app: Page;
  freshBrowserMode: BrowserMode;
  tillBrowserMode: BrowserMode;
  testStart: number;
};

/** When the running test began: what the journal holds from before is an earlier test's. */
let testStartedAt = 0;

export const test = base.extend<TestFixtures, WorkerFixtures>({
  testStart: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      testStartedAt = Date.now();
      await use(testStartedAt);
    },
    { auto: true },
  ],
  workerBrowserMode: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const { server, stop } = await startBrowserMode();
      try {
        await use({ ...server, session: await openSession(server.url) });
      } finally {
        await stop();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  browserMode: async ({ workerBrowserMode, context }, use) => {
    const { session, ...server } = workerBrowserMode;
    const origin = new URL(server.url).origin;
    await context.addCookies([
      { ...session, url: `${origin}/`, httpOnly: true, sameSite: 'Strict' },
    ]);
    await use({ ...server, url: `${origin}/` });
  },
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
  // Its own time-out: the clean start may wait for an earlier test's billing (openReadyApp).
  app: [
    async ({ page, browserMode }, use) => {
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
    { timeout: 150_000 },
  ],
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
export const screenshotFolder = (): string =>
  process.env.MOSTRADOR_SCREENSHOTS === 'docs'
    ? join(ROOT, 'docs', 'screenshots')
    : join(ROOT, 'test-results', 'screenshots');

/**
 * Refuses a screen that shows what an earlier test left (issue 18, item 15): an announcement of
 * an operation, or an operation in the tray, that began before this test did. The e2e workers
 * share a terminal; a screenshot shows only what its own test did.
 */
export async function expectCleanTerminal(page: Page): Promise<void> {
  const earlier = (op: JournalOperation) => Date.parse(op.started_at) < testStartedAt;
  const named = (op: JournalOperation) =>
    `${op.operation} ${op.intent.funding_code ?? op.intent.order_id ?? ''} (${op.op_id}, ${op.started_at})`;
  const problems: string[] = [];
  const announced = await page
    .getByTestId('announcement')
    .evaluateAll((nodes) =>
      nodes.map((node) => (node.getAttribute('aria-labelledby') ?? '').replace(/^announce-/, '')),
    );
  for (const opId of announced) {
    const op = await bridge(page, 'journal.operation', { op_id: opId });
    if (earlier(op)) problems.push(`an announcement of an earlier test: ${named(op)}`);
  }
  // What the tray shows (renderer/stores/open-operations-store.ts, isShownOpen: unknown, or
  // pending past every call's time-out); a screen without the journal (the terminal needs attention) has none.
  const unresolved = (await bridgeRaw(page, 'journal.unresolved', {}).catch(() => null)) as {
    ok?: boolean;
    result?: { operations: JournalOperation[] };
  } | null;
  const now = Date.now();
  for (const op of unresolved?.ok ? (unresolved.result?.operations ?? []) : [])
    if (earlier(op) && (op.status === 'unknown' || now - Date.parse(op.started_at) > 60_000))
      problems.push(`an open operation of an earlier test in the tray: ${named(op)}`);
  if (problems.length > 0)
    throw new Error(
      `Not a clean terminal, each screenshot shows only what its own test did: ${problems.join('; ')}`,
    );
}

/**
 * One element as it shows in the viewport. Chromium's full-page capture leaves frames that
 * render in another process (the service fragments) blank below the fold; this one does not.
 */
export async function saveElementScreenshot(element: Locator, name: string): Promise<void> {
  await expectCleanTerminal(element.page());
  await afterTheDwell(element.page());
  await element.scrollIntoViewIfNeeded();
  await element.screenshot({
    path: join(screenshotFolder(), `${name}.png`),
    animations: 'disabled',
  });
}

/**
 * A step as the cashier reads it: its money and "new sale" buttons are greyed only for their
 * first half second (DeliberateButton's dwell), so the picture waits that out (bounded: a button
 * that stays unavailable is shown so).
 */
async function afterTheDwell(page: Page): Promise<void> {
  await page
    .waitForFunction(() => document.querySelector('button[aria-disabled="true"]') === null, null, {
      timeout: 2_000,
    })
    .catch(() => undefined);
}

export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await expectCleanTerminal(page);
  await afterTheDwell(page);
  const folder = screenshotFolder();
  // A modal step is what the window shows: its backdrop covers the window, not a longer page.
  const modal = (await page.locator('[aria-modal="true"]').count()) > 0;
  await page.screenshot({
    path: join(folder, `${name}.png`),
    fullPage: !modal,
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
