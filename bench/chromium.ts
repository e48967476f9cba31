// Headless Debian Chromium through playwright-core, with the launch arguments every browser
// measurement shares (no sandbox in containers, nothing in the background to add noise).
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/**
 * Waits until `expression` is truthy in the page. The app's CSP forbids eval, which Playwright's
 * waitForFunction uses for a string predicate; page.evaluate goes through DevTools instead, so
 * the polling loop lives in one evaluated promise.
 */
export async function waitInPage(
  page: { evaluate(expression: string): Promise<unknown> },
  expression: string,
  timeoutMs = 30_000,
): Promise<void> {
  const ok = await page.evaluate(`new Promise((resolve) => {
    const deadline = performance.now() + ${timeoutMs};
    const poll = () => {
      if (${expression}) resolve(true);
      else if (performance.now() > deadline) resolve(false);
      else setTimeout(poll, 5);
    };
    poll();
  })`);
  if (ok !== true) throw new Error(`timed out after ${timeoutMs} ms waiting for ${expression}`);
}
