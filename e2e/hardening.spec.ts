// What the cashier and the supervisor see when the terminal's journal is in trouble. The
// journal's own behaviour (disk full, emptied file) is tested under Node with the real files
// (electron/ipc/compose/journal-full.test.ts); here the bridge's answers are replaced to show the screens.
import { expect, saveScreenshot, test } from './fixtures';

test('a journal that cannot be written covers every screen until it can', async ({ app: page }) => {
  await page.route('**/bridge/**', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        ok: false,
        error: { code: 'journal-unavailable', message: 'The journal cannot be written.' },
      }),
    }),
  );
  await page.keyboard.press('F6');
  const block = page.getByRole('alertdialog');
  await expect(block).toContainText('Esta caja requiere atención: no puede registrar operaciones');
  await expect(block).toContainText('No se puede iniciar ninguna venta');
  await saveScreenshot(page, 'journal-unavailable');
  await page.setViewportSize({ width: 1024, height: 768 });
  await saveScreenshot(page, 'journal-unavailable-1024');
  await page.unroute('**/bridge/**');
  await block.getByRole('button', { name: 'Volver a intentar' }).click();
  await expect(block).toBeHidden();
});

test('the day summary says when the journal was found emptied', async ({ app: page }) => {
  await page.route('**/bridge/journal.health', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        ok: true,
        result: { writable: true, shortened: { expected_seq: 48, found_seq: 0 } },
      }),
    }),
  );
  await page.keyboard.press('F6');
  await expect(page.getByRole('heading', { level: 1, name: 'Resumen del día' })).toBeVisible();
  const notice = page.getByTestId('journal-shortened');
  await expect(notice).toContainText('Al registro de esta caja le faltan operaciones');
  await expect(notice).toContainText('entrada 0');
  await expect(notice).toContainText('entrada 48');
  await saveScreenshot(page, 'journal-shortened');
});
