// Keyboard first: a whole sale without the mouse, F-keys between screens, Esc to go back, and a
// focus ring that can always be seen.
import type { Page } from '@playwright/test';
import { amountToCollect, paidAndBilled } from './cashier';
import { expect, test } from './fixtures';

async function focusRingWidth(page: Page): Promise<number> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 0;
    return Number.parseFloat(getComputedStyle(el).outlineWidth) || 0;
  });
}

test('a whole sale with the keyboard only', async ({ app: page }) => {
  const dni = page.getByLabel('DNI del cliente (8 dígitos)');
  await expect(dni).toBeFocused();
  await page.keyboard.type('41000001');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Código de financiamiento (6 caracteres)')).toBeFocused();
  // As a scanner types it: lower case, then Enter.
  await page.keyboard.type('venta1');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Monto facturado (S/)')).toBeFocused();
  await page.keyboard.type('1,200.00');
  await page.keyboard.press('Enter');

  await expect(amountToCollect(page)).toHaveText(/S\/\s300\.00/);
  const collect = page.getByRole('button', { name: /^Cobrar S\/\s300\.00$/ });
  await expect(collect).toBeFocused();
  expect(await focusRingWidth(page)).toBeGreaterThanOrEqual(2);

  // Esc goes back one step, Enter goes on (once the step has been on screen half a second: a
  // money step takes no press sooner, docs/decisions.md "A half-second dwell on money steps").
  await expect(collect).toBeEnabled();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('button', { name: /^Sí, recibí S\/\s300\.00/ });
  await expect(confirm).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(collect).toBeFocused();
  await expect(collect).toBeEnabled();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeFocused();
  await expect(confirm).toBeEnabled();
  await page.keyboard.press('Enter');

  await expect(paidAndBilled(page)).toContainText('PAGADO Y FACTURADO');
  const next = page.getByRole('button', { name: 'Nueva venta' });
  await expect(next).toBeFocused();
  await expect(next).toBeEnabled();
  await page.keyboard.press('Enter');
  await expect(dni).toBeFocused();
  await expect(dni).toHaveValue('');
});

test('F-keys open every screen, shown on the navigation', async ({ app: page }) => {
  const screens: Array<[string, string]> = [
    ['F3', 'Consulta de código (v2)'],
    ['F4', 'Deshacer facturación'],
    ['F6', 'Resumen del día'],
    ['F7', 'Entrenamiento'],
    ['F8', 'Configuración'],
    ['F2', 'Venta con financiamiento'],
  ];
  for (const [key, title] of screens) {
    await page.keyboard.press(key);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(`^${key} `) })).toHaveAttribute(
      'aria-current',
      'page',
    );
  }
});

test('tab order follows the form, with a visible focus ring', async ({ app: page }) => {
  await expect(page.getByLabel('DNI del cliente (8 dígitos)')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Código de financiamiento (6 caracteres)')).toBeFocused();
  expect(await focusRingWidth(page)).toBeGreaterThanOrEqual(2);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Monto facturado (S/)')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /^Verificar/ })).toBeFocused();
  expect(await focusRingWidth(page)).toBeGreaterThanOrEqual(2);
});
