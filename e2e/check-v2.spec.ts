// v2: Check funding code shows PENDING in amber with a clock (not a refusal's red ✕) and FULFILLED in green, each with words and an
// icon too, the channel, and Paid-and-billed v2.
import { applyCase, paidAndBilled } from './cashier';
import {
  expect,
  expectNoAxeViolations,
  saveAtCounterSizes,
  saveScreenshot,
  test,
} from './fixtures';

async function statusColours(page: import('@playwright/test').Page) {
  return page.getByTestId('downpayment-status').evaluate((el) => {
    const style = getComputedStyle(el);
    return { background: style.backgroundColor, border: style.borderTopColor };
  });
}

test('pending down payment: amber, PENDIENTE with ◷, channel Tienda, then paid and billed v2', async ({
  app: page,
}) => {
  await page.keyboard.press('F3');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Consulta de código (v2)' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await applyCase(page, 'v2: inicial pendiente');
  await expect(page.getByLabel('DNI del cliente (8 dígitos)')).toHaveValue('42000001');
  await page.getByRole('button', { name: /^Consultar/ }).click();

  const status = page.getByTestId('downpayment-status');
  await expect(status.getByRole('heading')).toHaveText(/◷\s*PENDIENTE: inicial pendiente de cobro/);
  // Not a refusal: no red ✕ and not the refusal's red border.
  await expect(status).not.toContainText('✕');
  expect((await statusColours(page)).border).toBe('rgb(176, 96, 0)');
  await expect(page.getByText('Tienda (se paga en caja)')).toBeVisible();
  await saveScreenshot(page, 'check-pending');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: /^Cobrar S\/\s225\.00$/ }).click();
  await page.getByRole('button', { name: /^Sí, recibí S\/\s225\.00/ }).click();
  await expect(paidAndBilled(page)).toContainText('PAGADO Y FACTURADO');
  await saveScreenshot(page, 'check-billed');

  // The code now reads FULFILLED and billed: nothing more to collect.
  await page.getByRole('button', { name: 'Nueva consulta' }).click();
  await page.getByLabel('DNI del cliente (8 dígitos)').fill('42000001');
  await page.getByLabel('Código de financiamiento (6 caracteres)').fill('PEND01');
  await page.getByRole('button', { name: /^Consultar/ }).click();
  await expect(
    page.getByRole('heading', { name: 'Este código ya está pagado y facturado' }),
  ).toBeVisible();
  // One instruction: the billed state wins. No green "CUMPLIDO … Marque pagado y facturado"
  // above the amber "No cobre nada" (issue "A counter that has gone silent", item 7).
  await expect(page.getByTestId('downpayment-status')).toHaveCount(0);
  await expect(page.getByText(/Marque pagado y facturado/)).toHaveCount(0);
  await expect(page.getByText('Tienda (se paga en caja)')).toBeVisible();
  await saveAtCounterSizes(page, 'check-already-billed');
});

test('fulfilled down payment: green, CUMPLIDO with ✓, channel Service, nothing to collect', async ({
  app: page,
}) => {
  await applyCase(page, 'v2: inicial cumplida');
  await page.getByRole('button', { name: /^Consultar/ }).click();
  const status = page.getByTestId('downpayment-status');
  await expect(status.getByRole('heading')).toHaveText(/✓\s*CUMPLIDO: no hay inicial pendiente/);
  expect((await statusColours(page)).border).toBe('rgb(19, 115, 51)');
  await expect(page.getByText('En línea (pagada directamente al servicio)')).toBeVisible();
  await expect(page.getByTestId('amount-to-collect')).toHaveText(/S\/\s0\.00/);
  await saveScreenshot(page, 'check-fulfilled');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Continuar: no hay nada que cobrar' }).click();
  await page.getByRole('button', { name: /^Sí, confirmar la facturación/ }).click();
  await expect(paidAndBilled(page)).toBeVisible();
});

test('v2 check of an unknown code explains what to do', async ({ app: page }) => {
  await page.keyboard.press('F3');
  // The sale screen has fields with the same labels: type only once the check screen is there.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Consulta de código (v2)' }),
  ).toBeVisible();
  await page.getByLabel('DNI del cliente (8 dígitos)').fill('42000009');
  await page.getByLabel('Código de financiamiento (6 caracteres)').fill('NOPE99');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /no existe o no está activo/ })).toBeVisible();
});
