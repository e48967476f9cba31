// A customer's erasure on request at a counter (issue 37; docs/personal-data.md "Erasure on
// request"), as a supervisor does it: Settings (F8, PIN) → Datos personales de los clientes, the
// DNI and their name, what this counter holds, then the erasure and what Mostrador cannot reach.
// Afterwards the customer shows masked where the counter shows its own record of them (F6's
// reconciliation), and the paper prints them masked. At 1366×768 and 1024×768, es and en.
import type { Locator, Page } from '@playwright/test';
import { applyCase, collectAndConfirm, useEnglish, verify } from './cashier';
import {
  COUNTER_SIZES,
  expect,
  expectNoAxeViolations,
  SUPERVISOR_PIN,
  saveElementScreenshot,
  test,
} from './fixtures';

async function unlockSettings(page: Page, english = false) {
  await page.keyboard.press('F8');
  await page.getByLabel(english ? 'Supervisor PIN' : 'PIN del supervisor').fill(SUPERVISOR_PIN);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('customer-data')).toBeVisible();
}

/** The card at both counter sizes, with zero axe violations at each. */
async function saveCard(page: Page, card: Locator, name: string) {
  for (const size of COUNTER_SIZES) {
    await page.setViewportSize(size);
    await saveElementScreenshot(card, `${name}-${size.width}`);
    await expectNoAxeViolations(page);
  }
}

test('a supervisor sees what is kept of a customer, erases it, and is told what it cannot reach', async ({
  app: page,
}) => {
  await applyCase(page, 'Venta simple');
  await verify(page);
  await collectAndConfirm(page, 30000);
  await expect(page.getByTestId('paid-and-billed')).toBeVisible();

  await unlockSettings(page);
  const card = page.getByTestId('customer-data');
  await expect(card).toContainText('después de 90 días');
  await card.getByLabel('DNI del cliente (8 dígitos)').fill('41000001');
  // The supervisor's name is asked before anything is looked at.
  await card.getByRole('button', { name: 'Ver lo que se guarda' }).click();
  await expect(card.getByText('Su nombre queda registrado')).toBeVisible();
  await expect(card.getByTestId('customer-found')).toHaveCount(0);
  await card.getByLabel('Supervisor (nombre)').fill('Rosa Quispe');
  await card.getByRole('button', { name: 'Ver lo que se guarda' }).click();
  const found = card.getByTestId('customer-found');
  await expect(found).toContainText('Cliente *****001');
  // This test's Verify and paid-and-billed, and what earlier tests of this worker's terminal
  // sold to the same training customer: as many as the journal holds, then that many masked.
  await expect(found).toContainText(/En esta caja: \d+ operaciones con su DNI completo\./);
  const held = Number(
    /En esta caja: (\d+) operaciones/.exec((await found.textContent()) ?? '')?.[1] ?? 0,
  );
  expect(held).toBeGreaterThanOrEqual(2);
  await expect(found).toContainText('Esta caja no tiene base de datos de la tienda.');
  await saveCard(page, card, 'settings-customer-found');

  await found.getByRole('button', { name: 'Borrar los datos de este cliente' }).click();
  const erased = card.getByTestId('customer-erased');
  await expect(erased).toContainText('Datos de *****001 borrados');
  await expect(erased).toContainText(`Esta caja enmascaró ${held} operaciones.`);
  const notReached = erased.getByTestId('customer-not-reached');
  for (const what of [
    'papel ya impreso',
    'archivos exportados',
    'servicio de financiamiento',
    'copias de seguridad',
  ])
    await expect(notReached).toContainText(what);
  // The DNI typed is cleared: nothing of it is left on the screen.
  await expect(card.getByLabel('DNI del cliente (8 dígitos)')).toHaveValue('');
  await expect(card).not.toContainText('41000001');
  await saveCard(page, card, 'settings-customer-erased');

  // F6: this counter's record names the customer by their mask from now on, and still balances
  // with the service's summary (which keeps the DNI: the service is not reached).
  await page.keyboard.press('F6');
  const recon = page.getByRole('region', { name: 'Conciliación con este terminal' }).first();
  await expect(recon.getByRole('row').filter({ hasText: '*****001' })).toContainText('Coincide');
  await expect(recon).not.toContainText('41000001');
  for (const size of COUNTER_SIZES) {
    await page.setViewportSize(size);
    // Matched rows come last: the table scrolled to them, as the supervisor would.
    await recon.locator('.table-scroll').evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await saveElementScreenshot(recon, `day-summary-customer-masked-${size.width}`);
    await expectNoAxeViolations(page);
  }
});

test('in English: the same card, found and erased', async ({ app: page }) => {
  await applyCase(page, 'Venta simple');
  await verify(page);
  await collectAndConfirm(page, 30000);
  await expect(page.getByTestId('paid-and-billed')).toBeVisible();
  await useEnglish(page);
  await unlockSettings(page, true);
  const card = page.getByTestId('customer-data');
  await card.getByLabel('Customer DNI (8 digits)').fill('41000001');
  await card.getByLabel('Supervisor (name)').fill('Rosa Quispe');
  await card.getByRole('button', { name: 'See what is kept' }).click();
  await expect(card.getByTestId('customer-found')).toContainText('Customer *****001');
  await saveCard(page, card, 'settings-customer-found-en');
  await card.getByRole('button', { name: "Erase this customer's data" }).click();
  await expect(card.getByTestId('customer-erased')).toContainText('Data of *****001 erased');
  await saveCard(page, card, 'settings-customer-erased-en');
});
