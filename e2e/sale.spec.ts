// The v3 sale as a cashier does it: the case from the catalogue, the amount to collect as the
// biggest thing on screen, an explicit confirmation, and green only after the service's 200.
import { bridge } from './bridge-helper';
import {
  amountToCollect,
  applyCase,
  catalogue,
  centsOf,
  collectAndConfirm,
  money,
  paidAndBilled,
  saleFields,
  verify,
} from './cashier';
import { expect, expectNoAxeViolations, saveScreenshot, test } from './fixtures';

test('plain sale: verify, collect the exact amount, paid and billed → boleta', async ({
  app: page,
}) => {
  const scenario = (await catalogue(page)).find((s) => s.name === 'plain-sale');
  const toCollect = centsOf(scenario?.to_collect);
  await saveScreenshot(page, 'sale-empty');
  await expectNoAxeViolations(page);

  await applyCase(page, 'Venta simple');
  const fields = saleFields(page);
  await expect(fields.dni).toHaveValue('41000001');
  await expect(fields.code).toHaveValue('VENTA1');
  await expect(fields.amount).toHaveValue('1200.00');
  await verify(page);

  await expect(amountToCollect(page)).toHaveText(money(toCollect));
  await expect(page.getByText('Inicial a cobrar en tienda')).toBeVisible();
  await expect(page.getByText('Parte no financiada')).toBeVisible();
  await expect(page.getByText(/^3 cuotas de S\/\s300\.00$/)).toBeVisible();
  await expect(page.getByText(/boleta \(cliente con DNI\)/)).toBeVisible();
  // The amount to collect is the largest text on the screen.
  const sizes = await page.evaluate(() => {
    const target = document.querySelector('[data-testid="amount-to-collect"]');
    const own = target ? Number.parseFloat(getComputedStyle(target).fontSize) : 0;
    let largest = 0;
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      if (el === target || !el.textContent?.trim()) continue;
      largest = Math.max(largest, Number.parseFloat(getComputedStyle(el).fontSize));
    }
    return { own, largest };
  });
  expect(sizes.own).toBeGreaterThan(sizes.largest);
  await expect(paidAndBilled(page)).toHaveCount(0);
  await saveScreenshot(page, 'sale-verified');
  await expectNoAxeViolations(page);

  await page
    .getByRole('button', { name: new RegExp(`^Cobrar ${money(toCollect).source}$`) })
    .click();
  await expect(
    page.getByText(new RegExp(`¿Recibió ${money(toCollect).source} del cliente\\?`)),
  ).toBeVisible();
  await saveScreenshot(page, 'sale-confirm');
  await page.getByRole('button', { name: /^Sí, recibí/ }).click();

  await expect(paidAndBilled(page)).toContainText('PAGADO Y FACTURADO');
  await expect(paidAndBilled(page)).toContainText('Ya puede emitir la boleta');
  await saveScreenshot(page, 'sale-billed');
  await expectNoAxeViolations(page);
  // The form is frozen once billed: nothing can be changed and sent again.
  await expect(fields.amount).toHaveAttribute('readonly', '');
});

test('RUC customer: factura hint and factura after billing', async ({ app: page }) => {
  const scenario = (await catalogue(page)).find((s) => s.name === 'ruc-customer');
  await applyCase(page, 'Cliente con RUC');
  await expect(saleFields(page).ruc).toHaveValue('20512333797');
  await expect(page.getByText('RUC de empresa: se emite factura')).toBeVisible();
  await verify(page);
  await expect(page.getByText(/factura \(cliente con RUC\)/)).toBeVisible();
  await collectAndConfirm(page, centsOf(scenario?.to_collect));
  await expect(paidAndBilled(page)).toContainText('Ya puede emitir la factura');
});

test('live validation: DNI check character, RUC check digit, code upper case, 2 decimals', async ({
  app: page,
}) => {
  const fields = saleFields(page);
  await fields.dni.fill('410000013');
  await expect(page.getByText(/Se escribió el 9\.º carácter del DNI/)).toBeVisible();
  await expect(fields.dni).toHaveAttribute('aria-invalid', 'true');
  await fields.code.fill('ve-nta 1');
  await expect(fields.code).toHaveValue('VENTA1');
  await fields.amount.fill('1200.505');
  await expect(page.getByText(/Como máximo 2 decimales/)).toBeVisible();
  await saveScreenshot(page, 'sale-validation');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Usar 41000001' }).click();
  await expect(fields.dni).toHaveValue('41000001');
  await expect(fields.dni).toHaveAttribute('aria-invalid', 'false');

  await page.getByRole('radio', { name: 'RUC' }).check();
  await fields.ruc.fill('20100070971');
  await expect(page.getByText(/El último dígito no corresponde/)).toBeVisible();
  await fields.ruc.fill('30100070970');
  await expect(page.getByText('Un RUC empieza con 10, 15, 17 o 20')).toBeVisible();

  // Nothing invalid leaves the screen: the verify button only marks what is missing.
  let verifyCalls = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/bridge/v3.verify')) verifyCalls += 1;
  });
  await verify(page);
  await expect(fields.ruc).toBeFocused();
  expect(verifyCalls).toBe(0);
});

test('buttons lock while the call is in flight', async ({ app: page }) => {
  await applyCase(page, 'Venta simple');
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/bridge/v3.verify', async (route) => {
    await held;
    await route.continue();
  });
  await verify(page);
  const busy = page.getByRole('button', { name: /Verificando/ });
  await expect(busy).toBeDisabled();
  release();
  await expect(amountToCollect(page)).toBeVisible();
});

test('an edit after verify voids the amount shown', async ({ app: page }) => {
  await applyCase(page, 'Venta simple');
  await verify(page);
  await expect(amountToCollect(page)).toBeVisible();
  await saleFields(page).amount.fill('1100');
  await expect(amountToCollect(page)).toHaveCount(0);
  await expect(page.getByText(/aquí aparecerá el monto exacto a cobrar/)).toBeVisible();
});

test('"billed_amount changed": verify again inline and use the money already received', async ({
  app: page,
}) => {
  await applyCase(page, 'Venta simple');
  await verify(page);
  await page.getByRole('button', { name: /^Cobrar/ }).click();
  // Meanwhile the same code is verified for another amount (as a second window would).
  await bridge(page, 'v3.verify', {
    identity: { kind: 'dni', value: '41000001' },
    funding_code: 'VENTA1',
    billed_cents: 100000,
  });
  await page.getByRole('button', { name: /^Sí, recibí/ }).click();
  await expect(
    page.getByRole('heading', { name: /El monto facturado cambió desde la verificación/ }),
  ).toBeVisible();
  await expect(paidAndBilled(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Verificar de nuevo' }).click();
  await expect(page.getByText(/Verificado de nuevo|El monto cambió/)).toBeVisible();
  // The S/ 300.00 collected before the refusal is held: it is used, never asked for again
  // (issue 18 item 3).
  await expect(page.getByTestId('held-in-use')).toContainText(/Ya recibido .*S\/\s300\.00/);
  await page.getByRole('button', { name: /^Usar lo ya recibido \(S\/\s300\.00\)$/ }).click();
  await page.getByRole('button', { name: /^Sí, usar los S\/\s300\.00 retenidos/ }).click();
  await expect(paidAndBilled(page)).toBeVisible();
});
