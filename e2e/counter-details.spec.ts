import { applyCase, guidance, saleFields, useEnglish, verify } from './cashier';
import { expect, expectNoAxeViolations, openReadyApp, saveScreenshot, test } from './fixtures';

test('PARCI1: the breakdown shows the part of the down payment already paid online (es-PE)', async ({
  app: page,
}) => {
  await applyCase(page, 'Inicial pagada en parte en línea');
  await verify(page);
  const breakdown = page.locator('.to-collect');
  await expect(breakdown).toContainText(/Inicial ya pagada\s*S\/\s100\.00/);
  await expect(breakdown).toContainText(/Inicial a cobrar en tienda\s*S\/\s150\.00/);
  await saveScreenshot(page, 'sale-paid-online');
  await expectNoAxeViolations(page);
});

test('SOBRE1: overpaid online says not to refund anything at the counter (en)', async ({
  app: page,
}) => {
  await useEnglish(page);
  await page.getByRole('link', { name: /Training/ }).click();
  await page.getByRole('button', { name: 'Use case: Down payment overpaid online' }).click();
  await page.getByRole('button', { name: /^Verify/ }).click();
  const breakdown = page.locator('.to-collect');
  await expect(breakdown).toContainText(/Down payment already paid\s*S\/\s250\.00/);
  await expect(breakdown).toContainText(/Do not refund anything at the counter/);
  await saveScreenshot(page, 'sale-overpaid-online-en');
  await expectNoAxeViolations(page);
});

test('DNIX01: the DNI field is marked wrong and focused, not "Correcto"', async ({ app: page }) => {
  await applyCase(page, 'DNI no coincide');
  await saleFields(page).amount.focus();
  await page.keyboard.press('Enter');
  await expect(guidance(page)).toBeVisible();
  await expect(saleFields(page).dni).toBeFocused();
  await expect(saleFields(page).dni).toHaveAttribute('aria-invalid', 'true');
  const dniMessage = page.locator('.identity-field .field-message');
  await expect(dniMessage).toContainText('No coincide con el DNI del financiamiento');
  await expect(dniMessage).not.toContainText('Correcto');
  await saveScreenshot(page, 'sale-dni-mismatch');
  await expectNoAxeViolations(page);
});

test('a DNI typed with spaces or pasted with its label is the 8 digits, and verifies', async ({
  app: page,
}) => {
  await applyCase(page, 'Venta simple');
  const { dni } = saleFields(page);
  // Pasted from a document that labels it: nothing is cut, the label goes.
  await dni.fill('');
  await dni.focus();
  await page.keyboard.insertText('DNI41000001');
  await expect(dni).toHaveValue('41000001');
  // Typed in groups, with spaces around: the spaces go.
  await dni.fill('');
  await page.keyboard.type(' 4100 0001 ');
  await expect(dni).toHaveValue('41000001');
  await expect(page.locator('.identity-field .field-message')).toContainText('Correcto');
  await verify(page);
  await expect(page.getByTestId('amount-to-collect')).toBeVisible();
});

test('after a refusal with no field to fix, focus lands on the message (en)', async ({
  app: page,
}) => {
  await useEnglish(page);
  await page.getByRole('link', { name: /Training/ }).click();
  await page.getByRole('button', { name: 'Use case: Inactive code' }).click();
  await page.getByLabel(/Billed amount/).focus();
  await page.keyboard.press('Enter');
  await expect(guidance(page)).toBeVisible();
  const focused = await page.evaluate(() => document.activeElement?.tagName ?? '');
  expect(focused).not.toBe('BODY');
  await expect(page.locator('.sale-outcome')).toBeFocused();
});

test('F6 and F7 from a refusal put focus on the new screen heading', async ({ app: page }) => {
  await applyCase(page, 'Código inactivo');
  await verify(page);
  await expect(guidance(page)).toBeVisible();
  await page.keyboard.press('F6');
  await expect(page.getByRole('heading', { level: 1, name: 'Resumen del día' })).toBeFocused();
  await page.keyboard.press('F7');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

test('a screen whose code arrives after its F-key still gets focus on its heading', async ({
  app: page,
}) => {
  // The day summary is a chunk of its own (renderer/lazy-views.ts): hold it back, so F6 finds
  // it not loaded yet, as on a terminal that just started.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/day-summary-screen-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Venta con financiamiento' }),
  ).toBeVisible();
  await page.keyboard.press('F6');
  await expect(page.getByRole('status').filter({ hasText: 'Cargando…' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Resumen del día' })).toBeFocused();
});

test('a supervisor screen already fetched opens at once: the PIN typed right after F8 lands in its field', async ({
  app: page,
}) => {
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Venta con financiamiento' }),
  ).toBeVisible();
  // The background fetch of the deferred screens is done (renderer/lazy-views.ts marks it).
  await expect(page.locator('html[data-views-loaded]')).toHaveCount(1);
  await page.keyboard.press('F8');
  await page.keyboard.type('2468');
  await expect(page.getByLabel('PIN del supervisor')).toHaveValue('2468');
});

test('an F-key pressed while the app is still starting opens its screen; nothing typed lands in the old one', async ({
  app: page,
}) => {
  await page.keyboard.press('F4');
  await expect(page.getByRole('heading', { level: 1, name: 'Deshacer facturación' })).toBeVisible();
  // Hold the settings back, as on a slow start after a reload.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/bridge/settings.get', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Cargando…' })).toBeVisible();
  await page.keyboard.press('F9');
  await page.keyboard.type('1500');
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Pedidos en línea' })).toBeVisible();
  await expect(page.getByLabel('Monto a financiar (S/)')).toBeFocused();
  await page.keyboard.press('F4');
  await expect(page.getByLabel('DNI del cliente (8 dígitos)')).toHaveValue('');
});

test('a screen whose code cannot be loaded says so and offers a reload; the other screens work', async ({
  app: page,
}) => {
  // As when the renderer is rebuilt under an open browser-mode page: the chunk is gone.
  await page.route(/day-summary-screen-[^/]*\.js$/, (route) => route.fulfill({ status: 404 }));
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Venta con financiamiento' }),
  ).toBeVisible();
  await page.keyboard.press('F6');
  const failed = page.getByRole('alert').filter({ hasText: 'No se pudo abrir esta pantalla' });
  await expect(failed).toBeVisible();
  await expect(failed).toContainText('Ninguna venta se vio afectada');
  await expect(failed.getByRole('button', { name: 'Recargar Mostrador' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('F2');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Venta con financiamiento' }),
  ).toBeVisible();
  await expect(failed).toHaveCount(0);
});

test('undo: a wrong PIN marks the PIN field, never blames the service, and the lockout says how long', async ({
  page,
  freshBrowserMode,
}) => {
  // A terminal of its own: the lockout would refuse the PIN to the worker's later tests.
  await openReadyApp(page, freshBrowserMode.url);
  await applyCase(page, 'Deshacer facturación permitido');
  const pin = page.getByLabel('PIN del supervisor');
  const submit = page.getByRole('button', { name: 'Deshacer facturación', exact: true });
  await page.getByLabel('Motivo (queda registrado)').fill('Cambio de talla');
  await pin.fill('9999');
  await submit.click();
  await expect(page.getByRole('heading', { name: /PIN incorrecto/ })).toBeVisible();
  await expect(page.locator('#undo-pin-message')).toContainText(
    'PIN incorrecto: escríbalo de nuevo',
  );
  await expect(page.getByText('Falta completar este dato')).toHaveCount(0);
  await expect(page.getByText(/mensaje exacto del servicio/)).toHaveCount(0);
  await expect(page.getByText('Detalles técnicos (no se consultó al servicio)')).toBeVisible();
  await saveScreenshot(page, 'undo-wrong-pin');
  await expectNoAxeViolations(page);
  for (let i = 0; i < 4; i++) {
    await pin.fill('9999');
    await submit.click();
    await expect(pin).toHaveValue('');
  }
  await expect(page.getByRole('heading', { name: /PIN bloqueado/ })).toBeVisible();
  await expect(guidance(page)).toContainText(/Espere \d+ min y vuelva a intentar/);
  // The field agrees with the panel: wait, not "type it again".
  await expect(page.locator('#undo-pin-message')).toContainText('PIN bloqueado: espere');
  await saveScreenshot(page, 'undo-pin-locked');
});

test('day summary: the chosen day reads dd/mm/aaaa in es-PE beside the date picker', async ({
  app: page,
}) => {
  await page.keyboard.press('F6');
  const day = page.getByLabel(/^Día/);
  await day.fill('2026-11-03');
  await expect(page.locator('#summary-day-read')).toHaveText('Día elegido: 03/11/2026');
  await expect(day).toHaveAttribute('aria-describedby', 'summary-day-read');
  await saveScreenshot(page, 'summary-day-read');
  await expectNoAxeViolations(page);
});
