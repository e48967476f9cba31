// The terminal needs attention (issue 19, items 4 and 9): what the cashier and the technician
// see when the settings file is damaged with no usable backup, and when the data folder cannot
// be written. Nothing else works: no F-keys, no PIN set over it, no sale.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { bridgeRaw } from './bridge-helper';
import {
  expect,
  expectNoAxeViolations,
  openReadyApp,
  saveAtCounterSizes,
  startBrowserMode,
  test,
} from './fixtures';

async function expectAttention(page: Page, reason: RegExp, dataDir: string) {
  const screen = page.getByTestId('attention-screen');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Esta caja requiere atención' }),
  ).toBeVisible();
  await expect(screen).toContainText('No venda ni cobre en esta caja');
  await expect(screen).toContainText(reason);
  // Where the files are, for the technician.
  await expect(screen.locator('code')).toHaveText(dataDir);
  // No F-key leads anywhere: the sale and settings screens are not there.
  await page.keyboard.press('F8');
  await page.keyboard.press('F2');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Esta caja requiere atención/);
  await expect(page.getByRole('navigation')).toHaveCount(0);
}

test('a damaged settings file with no usable backup: the technician’s screen, and no PIN over it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  const first = await startBrowserMode();
  const { dataDir } = first.server;
  await openReadyApp(page, first.server.url);
  await first.stop({ keepData: true });
  // Both copies damaged, as a failing disk or a bad hand edit would leave them.
  await writeFile(join(dataDir, 'settings.json'), '{"mode": "live", "supervisor_pin": {"alg');
  await writeFile(join(dataDir, 'settings.backup.json'), '');

  const second = await startBrowserMode(dataDir);
  try {
    await page.goto(second.server.url);
    await expectAttention(page, /settings\.json\) está dañado/, dataDir);
    await expect(page.getByTestId('attention-screen')).toContainText('No borre journal.jsonl');
    // Whatever a hostile user sends to the bridge: no new PIN, no settings.
    for (const [method, args] of [
      ['supervisor.setPin', { pin: '1357' }],
      ['settings.update', { pin: '1357', change: { mode: 'training' } }],
      ['limits.get', {}],
    ] as const) {
      expect(await bridgeRaw(page, method, args)).toMatchObject({
        ok: false,
        error: { code: 'needs-attention', attention: 'settings-damaged' },
      });
    }
    await saveAtCounterSizes(page, 'terminal-attention-settings');
    await page.getByRole('radio', { name: 'English' }).check();
    await expect(
      page.getByRole('heading', { level: 1, name: 'This terminal needs attention' }),
    ).toBeVisible();
    await expect(page.getByTestId('attention-screen')).toContainText('For the technician');
    await expectNoAxeViolations(page);
    expect(pageErrors).toEqual([]);
  } finally {
    await second.stop();
  }
});

test('an unwritable data folder: the page is served and says so', async ({ page }) => {
  test.setTimeout(120_000);
  // A read-only mount, simulated by a data dir under a regular file (ENOTDIR): the e2e runs as
  // root, which chmod does not stop. Before issue 19 browser mode exited with a stack trace.
  const root = await mkdtemp(join(tmpdir(), 'mostrador-e2e-ro-'));
  await writeFile(join(root, 'a-file'), 'not a folder');
  const dataDir = join(root, 'a-file', 'data');
  const mode = await startBrowserMode(dataDir);
  try {
    await page.goto(mode.server.url);
    await expectAttention(page, /no puede escribir en su carpeta de datos/, dataDir);
    await saveAtCounterSizes(page, 'terminal-attention-data-dir');
  } finally {
    await mode.stop({ keepData: true });
    await rm(root, { recursive: true, force: true });
  }
});
