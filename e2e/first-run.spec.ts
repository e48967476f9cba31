// A fresh install: create the supervisor PIN, then the cashier starts a shift; ending it asks
// for the next cashier.
import { expect, expectNoAxeViolations, saveScreenshot, test } from './fixtures';

test('first run: supervisor PIN, then shift start, then the sale screen', async ({
  page,
  freshBrowserMode,
}) => {
  await page.goto(freshBrowserMode.url);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Crear el PIN del supervisor' }),
  ).toBeVisible();
  await expect(page.getByText('MODO ENTRENAMIENTO')).toBeVisible();
  await expect(page.getByLabel('PIN nuevo')).toBeFocused();
  await saveScreenshot(page, 'first-run-pin');
  await expectNoAxeViolations(page);

  await page.getByLabel('PIN nuevo').fill('1357');
  await page.getByLabel('Repita el PIN').fill('1358');
  await page.getByRole('button', { name: 'Crear PIN' }).click();
  await expect(page.getByText('Los dos PIN no son iguales')).toBeVisible();
  await page.getByLabel('Repita el PIN').fill('1357');
  await page.getByRole('button', { name: 'Crear PIN' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Inicio de turno' })).toBeVisible();
  await expect(page.getByLabel('Código de cajero')).toBeFocused();
  await saveScreenshot(page, 'shift-start');
  await expectNoAxeViolations(page);
  await page.getByLabel('Código de cajero').fill('caja 07');
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Use letras, números, punto, guion/)).toBeVisible();
  await page.getByLabel('Código de cajero').fill('CAJA-07');
  await page.keyboard.press('Enter');

  await expect(
    page.getByRole('heading', { level: 1, name: 'Venta con financiamiento' }),
  ).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Cajero: CAJA-07');

  await page.getByRole('button', { name: 'Cerrar turno' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inicio de turno' })).toBeVisible();
});

test('first run in English: the language switch is on the first screen and on shift start', async ({
  page,
  freshBrowserMode,
}) => {
  // Every request the page makes is answered: no 404 for a favicon or anything else.
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(freshBrowserMode.url);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Crear el PIN del supervisor' }),
  ).toBeVisible();
  // The page names its icon, so a browser does not ask for /favicon.ico (browsers fetch icons
  // outside the page's own requests, so the icon is fetched here as the browser would).
  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(icon).toMatch(/\.svg$/);
  const iconAnswer = await page.request.get(new URL(String(icon), page.url()).href);
  expect(iconAnswer.status()).toBe(200);
  expect(iconAnswer.headers()['content-type']).toBe('image/svg+xml');
  await page.getByRole('radio', { name: 'English' }).check();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Create the supervisor PIN' }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await saveScreenshot(page, 'first-run-pin-en');
  await expectNoAxeViolations(page);

  await page.getByLabel('New PIN').fill('1357');
  await page.getByLabel('Repeat the PIN').fill('1357');
  await page.getByRole('button', { name: 'Create PIN' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shift start' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();

  // Kept after a reload: the choice is the terminal's setting, not the page's.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Shift start' })).toBeVisible();
  await page.getByRole('radio', { name: 'Español (Perú)' }).check();
  await expect(page.getByRole('heading', { level: 1, name: 'Inicio de turno' })).toBeVisible();
  expect(failed).toEqual([]);
});

test('choosing English stays chosen while its words load (a slow disk or a busy terminal)', async ({
  page,
  freshBrowserMode,
}) => {
  // The English texts are loaded only when chosen; here they take a while to arrive.
  await page.route(/\/assets\/en-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.goto(freshBrowserMode.url);
  const english = page.getByRole('radio', { name: 'English' });
  await english.check();
  // The choice never jumps back to Spanish while the words are on their way.
  for (let i = 0; i < 10; i++) {
    await expect(english).toBeChecked({ timeout: 100 });
    await page.waitForTimeout(100);
  }
  await expect(
    page.getByRole('heading', { level: 1, name: 'Create the supervisor PIN' }),
  ).toBeVisible();
  await expect(english).toBeChecked();
});
