// Quick taps as a hurried cashier makes them, each carrying the time it was made
// (a busy page may handle it later; what counts is when the cashier pressed).
import type { Page } from '@playwright/test';

/** Enter pressed and let go `times` times, `gapMs` apart, from `start` (ms since the epoch). */
export async function tapEnter(
  page: Page,
  times: number,
  gapMs = 150,
  start = Date.now(),
): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const key = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, nativeVirtualKeyCode: 13 };
  try {
    for (let i = 0; i < times; i++) {
      const at = start + i * gapMs;
      const wait = at - Date.now();
      if (wait > 0) await page.waitForTimeout(wait);
      await cdp.send('Input.dispatchKeyEvent', {
        type: 'keyDown',
        ...key,
        text: '\r',
        unmodifiedText: '\r',
        timestamp: at / 1000,
      });
      await cdp.send('Input.dispatchKeyEvent', {
        type: 'keyUp',
        ...key,
        timestamp: (at + 40) / 1000,
      });
    }
  } finally {
    await cdp.detach();
  }
}
