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
