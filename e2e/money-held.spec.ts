// Issue 18 items 3, 5 and 11 as a hurried cashier meets them: money collected for a sale the
// service refused is held (amount, when, why) until it is given back or used, also after a
// reload, and never asked for again; ending a shift mid-sale warns first; a cashier code is one
// code whatever its case; the till sale's cancel on "¿Recibió…?" asks first and says how much
// to give back.
import type { Page } from '@playwright/test';
import { bridge } from './bridge-helper';
import {
  amountToCollect,
  applyCase,
  collectAndConfirm,
  goTo,
  guidance,
  paidAndBilled,
  saleFields,
  verify,
} from './cashier';
import {
  expect,
  expectNoAxeViolations,
  openReadyApp,
  saveAtCounterSizes,
  saveElementScreenshot,
  TILL_KEY,
  test,
} from './fixtures';

/** The customer of CRONO1 on an empty sale form, as the cashier types them when they return. */
async function typeCrono(page: Page): Promise<void> {
  const fields = saleFields(page);
  await fields.dni.fill('41000007');
  await fields.code.fill('CRONO1');
  await fields.amount.fill('1000.00');
}

test('CRONO1: money collected for a refused sale is held across a reload and used, never collected again (es-PE)', async ({
  app: page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await applyCase(page, 'Falta aceptar el nuevo cronograma');
  await verify(page);
  await collectAndConfirm(page, 25000);
  await expect(guidance(page)).toContainText('acepte el nuevo cronograma');

  // Leaving asks whether the money went back; the sale stays on screen until answered.
  await page.getByRole('button', { name: 'Dejar esta venta' }).click();
  const leave = page.getByRole('alertdialog', { name: '¿Devolvió el dinero al cliente?' });
  await expect(leave).toContainText(/Recibió S\/\s250\.00 por esta venta/);
  await expect(saleFields(page).code).toHaveValue('CRONO1');
  await saveAtCounterSizes(page, 'sale-money-held-leave');
  await page.setViewportSize({ width: 1366, height: 768 });
  await leave.getByRole('button', { name: 'No, queda retenido para cuando vuelva' }).click();
  await expect(saleFields(page).code).toHaveValue('');

  // A reload (or a restart) keeps it: the journal is the source.
  await page.reload();
  await typeCrono(page);
  const held = page.getByTestId('held-money');
  await expect(held).toContainText('Dinero retenido por una venta rechazada');
  await expect(held).toContainText(/S\/\s250\.00 recibido el \d{2}\/\d{2}\/\d{4}/);
  await expect(held).toContainText('El cliente no ha aceptado el nuevo cronograma de cuotas');
  await saveAtCounterSizes(page, 'sale-money-held');
  await page.setViewportSize({ width: 1366, height: 768 });

  // The day summary counts it apart, with its total.
  await goTo(page, 'F6');
  const summary = page.getByTestId('held-summary');
  await expect(summary).toContainText('Dinero retenido por ventas rechazadas (1)');
  await expect(summary).toContainText(/Código CRONO1 · 41000007: S\/\s250\.00/);
  await expect(summary).toContainText(/Total retenido \(en caja, del cliente\): S\/\s250\.00/);
  await saveElementScreenshot(summary, 'day-summary-money-held');

  // The customer comes back having accepted the schedule: use the money held.
  await bridge(page, 'training.acceptSchedule', { funding_code: 'CRONO1' });
  await goTo(page, 'F2');
  await typeCrono(page);
  await verify(page);
  await expect(amountToCollect(page)).toHaveText(/S\/\s0\.00/);
  await expect(page.getByTestId('held-in-use')).toHaveText(
    /Ya recibido \(retenido a las \d{2}:\d{2}(:\d{2})?\): S\/\s250\.00/,
  );
  await expect(page.getByRole('button', { name: /^Cobrar S\/\s250\.00$/ })).toHaveCount(0);
  await page.getByRole('button', { name: /^Usar lo ya recibido \(S\/\s250\.00\)$/ }).click();
  await expect(page.getByRole('heading', { name: 'Confirmar el cobro' })).toBeVisible();
  await expect(page.getByText(/¿Usa los S\/\s250\.00 ya recibidos/)).toBeVisible();
  await expect(page.getByText(/¿Recibió S\/\s250\.00/)).toHaveCount(0);
  await expect(page.getByTestId('held-in-use')).toBeVisible();
  await page.getByRole('button', { name: /^Sí, usar los S\/\s250\.00 retenidos/ }).click();
  await expect(paidAndBilled(page)).toBeVisible();

  // Used: no longer held anywhere.
  await goTo(page, 'F6');
  await expect(page.getByTestId('held-summary')).toContainText(
    'Dinero retenido por ventas rechazadas (0)',
  );
});

test('CRONO1 in English at 1024×768: given back is no longer held; kept is used at the next Verify', async ({
  app: page,
}) => {
  await bridge(page, 'settings.update', { pin: '2468', change: { language: 'en' } });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.reload();
  const openCase = async () => {
    await page.getByRole('link', { name: /Training/ }).click();
    await page.getByRole('button', { name: 'Use case: New schedule not accepted yet' }).click();
    await page.getByRole('button', { name: /^Verify/ }).click();
  };
  const collectAndRefuse = async () => {
    await page.getByRole('button', { name: /^Collect S\/\s250\.00$/ }).click();
    await page.getByRole('button', { name: /^Yes, I received S\/\s250\.00/ }).click();
    await expect(guidance(page)).toContainText('new installment schedule');
    await page.getByRole('button', { name: 'Leave this sale' }).click();
  };
  await openCase();
  await collectAndRefuse();
  const leave = page.getByRole('alertdialog', {
    name: 'Did you give the money back to the customer?',
  });
  await expect(leave).toBeInViewport();
  await leave.getByRole('button', { name: /^Yes, I gave back S\/\s250\.00$/ }).click();

  // Given back: the next Verify collects the whole amount again, and nothing is held.
  await openCase();
  await expect(page.getByTestId('held-money')).toHaveCount(0);
  await collectAndRefuse();
  await leave.getByRole('button', { name: 'No, keep it held for when they return' }).click();

  await openCase();
  const held = page.getByTestId('held-money');
  await expect(held).toContainText('Money held for a refused sale');
  await expect(held).toContainText(/S\/\s250\.00 received on/);
  await expect(held).toBeInViewport();
  await expect(page.getByRole('button', { name: /^Collect S\/\s250\.00$/ })).toHaveCount(0);
  const use = page.getByRole('button', {
    name: /^Use the money already received \(S\/\s250\.00\)$/,
  });
  await expect(use).toBeInViewport();
  await use.click();
  await expect(page.getByTestId('held-in-use')).toHaveText(
    /Already received \(held at \d{1,2}:\d{2}(:\d{2})?\s?([AP]M)?\): S\/\s250\.00/,
  );
  await expect(
    page.getByRole('button', { name: /^Yes, use the S\/\s250\.00 held/ }),
  ).toBeInViewport();
  await expectNoAxeViolations(page);
});

test('ending the shift on "¿Recibió…?" warns first; the next cashier’s code is upper case and the refusal names the previous one', async ({
  app: page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await applyCase(page, 'Venta simple');
  await verify(page);
  await page.getByRole('button', { name: /^Cobrar S\/\s300\.00$/ }).click();
  await expect(page.getByRole('heading', { name: 'Confirmar el cobro' })).toBeVisible();

  await page.getByRole('button', { name: 'Cerrar turno' }).click();
  const warning = page.getByRole('alertdialog', { name: /Cerrar el turno con asuntos pendientes/ });
  await expect(warning).toContainText(
    'Hay una venta a medias en Venta (F2): en "¿Recibió…?", quizá ya cobrada.',
  );
  await saveAtCounterSizes(page, 'end-shift-warning');
  await page.setViewportSize({ width: 1366, height: 768 });
  // Enter out of habit keeps the shift: the safe answer has the focus.
  await page.keyboard.press('Enter');
  await expect(warning).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Confirmar el cobro' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Cajero: CAJA-01');

  await page.getByRole('button', { name: 'Cerrar turno' }).click();
  await warning.getByRole('button', { name: 'Cerrar el turno de todos modos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inicio de turno' })).toBeVisible();
  await page.getByLabel('Código de cajero').fill('caja-02');
  await expect(page.getByLabel('Código de cajero')).toHaveValue('CAJA-02');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('banner')).toContainText('Cajero: CAJA-02');

  // The sale CAJA-01 verified here: the refusal names CAJA-01, not "otra caja".
  const fields = saleFields(page);
  await fields.dni.fill('41000001');
  await fields.code.fill('VENTA1');
  await fields.amount.fill('1200.00');
  await verify(page);
  await expect(guidance(page)).toContainText(
    'El cajero CAJA-01 empezó esta venta en este terminal',
  );
  await expect(guidance(page)).not.toContainText('Otra caja');
});

test('ending the shift with money held for a refused sale warns with the amount', async ({
  app: page,
}) => {
  await applyCase(page, 'Falta aceptar el nuevo cronograma');
  await verify(page);
  await collectAndConfirm(page, 25000);
  await page.getByRole('button', { name: 'Dejar esta venta' }).click();
  await page.getByRole('button', { name: 'No, queda retenido para cuando vuelva' }).click();
  await expect(saleFields(page).code).toHaveValue('');
  await page.getByRole('button', { name: 'Cerrar turno' }).click();
  const warning = page.getByRole('alertdialog', { name: /Cerrar el turno con asuntos pendientes/ });
  await expect(warning).toContainText(
    /Dinero retenido por ventas rechazadas: S\/\s250\.00 \(1\)\./,
  );
  await page.keyboard.press('Escape');
  await expect(warning).toHaveCount(0);
  await expect(page.getByRole('banner')).toContainText('Cajero: CAJA-01');
});

test('the till sale’s cancel on "¿Recibió…?" asks first and says how much to give back', async ({
  page,
  tillBrowserMode,
}) => {
  const url = tillBrowserMode.integrationUrl as string;
  await openReadyApp(page, tillBrowserMode.url);
  const posted = await fetch(new URL('integration/v1/sale-requests', url), {
    method: 'POST',
    headers: { authorization: `Bearer ${TILL_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ request_id: 'G001-1', billed_amount: 1200 }),
  });
  expect(posted.status).toBe(201);
  const card = page.getByTestId('till-current');
  await expect(card).toContainText('G001-1');
  const fields = saleFields(page);
  await fields.dni.fill('41000001');
  await fields.code.fill('VENTA1');
  await verify(page);
  await page.getByRole('button', { name: /^Cobrar S\/\s300\.00$/ }).click();
  await expect(page.getByRole('heading', { name: 'Confirmar el cobro' })).toBeVisible();

  // On "¿Recibió…?" the customer may have paid: no "nothing collected", and a question first.
  await expect(
    page.getByRole('button', { name: 'Cancelar esta venta (no se cobró nada)' }),
  ).toHaveCount(0);
  await card.getByRole('button', { name: 'Cancelar esta venta' }).click();
  const ask = page.getByRole('alertdialog', { name: /¿Cancelar esta venta\?/ });
  await expect(ask).toContainText(/Si ya recibió S\/\s300\.00, devuélvaselo al cliente\./);
  await ask.getByRole('button', { name: 'No, seguir con la venta' }).click();
  await expect(page.getByRole('heading', { name: 'Confirmar el cobro' })).toBeVisible();
  const read = async () =>
    (
      (await (
        await fetch(new URL('integration/v1/sale-requests/G001-1', url), {
          headers: { authorization: `Bearer ${TILL_KEY}` },
        })
      ).json()) as { state: string }
    ).state;
  expect(await read()).not.toBe('canceled');

  await card.getByRole('button', { name: 'Cancelar esta venta' }).click();
  await ask.getByRole('button', { name: 'Sí, cancelar la venta' }).click();
  await expect(
    page.getByText(
      /^⚠ Venta G001-1 cancelada en este mostrador\. Si recibió S\/\s300\.00, devuélvaselo al cliente\./,
    ),
  ).toBeVisible();
  await expect(page.getByText(/La caja canceló/)).toHaveCount(0);
  expect(await read()).toBe('canceled');
});
