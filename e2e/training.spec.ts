// Training mode: a banner and a distinct theme on every screen, the trainer's catalogue in the
// current language, and a reset between classes.
import { bridge } from './bridge-helper';
import { applyCase, verify } from './cashier';
import { expect, expectNoAxeViolations, SUPERVISOR_PIN, saveScreenshot, test } from './fixtures';

test('banner and training theme on every screen', async ({ app: page }) => {
  for (const key of ['F2', 'F3', 'F4', 'F6', 'F7', 'F8']) {
    await page.keyboard.press(key);
    await expect(page.getByTestId('training-banner')).toContainText('MODO ENTRENAMIENTO');
    const topbar = await page
      .getByRole('banner')
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(topbar).toBe('rgb(74, 29, 110)');
  }
  await expect(page).toHaveTitle(/^ENTRENAMIENTO · Mostrador$/);
});

test('catalogue with title, description and what the cashier should see; reset', async ({
  app: page,
}) => {
  await page.keyboard.press('F7');
  await expect(page.getByRole('heading', { level: 2, name: 'Ventas (v3)' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Deshacer facturación' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Consultas (v2)' })).toBeVisible();
  const plain = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Venta simple', exact: true }) });
  await expect(plain).toContainText('El cliente compra exactamente el monto aprobado');
  await expect(plain).toContainText(/Qué debe ver el cajero:\s*Cobrar S\/\s300\.00/);
  await saveScreenshot(page, 'training');
  await expectNoAxeViolations(page);

  // Sell the plain case, then reset: the case is ready to be sold again.
  await applyCase(page, 'Venta simple');
  await verify(page);
  await page.getByRole('button', { name: /^Cobrar/ }).click();
  await page.getByRole('button', { name: /^Sí, recibí/ }).click();
  await expect(page.getByTestId('paid-and-billed')).toBeVisible();
  await page.keyboard.press('F7');
  await page.getByRole('button', { name: 'Reiniciar datos de práctica' }).click();
  await page.getByRole('button', { name: 'Sí, reiniciar todo' }).click();
  await expect(page.getByText('Datos de práctica reiniciados.')).toBeVisible();
  await applyCase(page, 'Venta simple');
  await verify(page);
  await expect(page.getByRole('button', { name: /^Cobrar S\/\s300\.00$/ })).toBeVisible();
});

test('the catalogue in English', async ({ app: page }) => {
  await bridge(page, 'settings.update', { pin: SUPERVISOR_PIN, change: { language: 'en' } });
  await page.reload();
  // After a reload the F-keys work once the app has started (in English): wait for that first.
  await expect(page.getByRole('heading', { level: 1, name: 'Financed sale' })).toBeVisible();
  await page.keyboard.press('F7');
  await expect(page.getByRole('heading', { level: 1, name: 'Training' })).toBeVisible();
  const plain = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Plain sale', exact: true }) });
  await expect(plain).toContainText(/What the cashier should see:\s*Collect S\/\s300\.00/);
  await page.getByRole('button', { name: 'Use case: Plain sale' }).click();
  await expect(page.getByRole('complementary', { name: 'Training case' })).toContainText(
    'Plain sale',
  );
  await page.getByRole('button', { name: 'Verify (Enter)' }).click();
  await expect(page.getByText('Amount to collect')).toBeVisible();
  await page.getByRole('button', { name: /^Collect S\/\s300\.00$/ }).click();
  await page.getByRole('button', { name: /^Yes, I received S\/\s300\.00/ }).click();
  await expect(page.getByTestId('paid-and-billed')).toContainText('PAID AND BILLED');
  await expect(page.getByTestId('paid-and-billed')).toContainText('You may now issue the boleta');
  await saveScreenshot(page, 'sale-billed-en');
  await expectNoAxeViolations(page);
});
