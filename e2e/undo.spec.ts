// Undo billing needs the supervisor's PIN and a reason; refusals are explained plainly.
import { bridge } from './bridge-helper';
import { applyCase, expectDetails, firstClickOfDoubleClick } from './cashier';
import { expect, expectNoAxeViolations, SUPERVISOR_PIN, saveScreenshot, test } from './fixtures';

test('undo with a wrong PIN is refused, then done with the right one', async ({ app: page }) => {
  await page.keyboard.press('F4');
  await expect(page.getByRole('heading', { level: 1, name: 'Deshacer facturación' })).toBeVisible();
  await saveScreenshot(page, 'undo');
  await expectNoAxeViolations(page);
  await applyCase(page, 'Deshacer facturación permitido');
  const submit = page.getByRole('button', { name: 'Deshacer facturación', exact: true });

  // Without reason and PIN nothing is sent.
  await submit.click();
  await expect(page.getByLabel('Motivo (queda registrado)')).toBeFocused();

  await page.getByLabel('Motivo (queda registrado)').fill('Cambio de talla');
  await page.getByLabel('PIN del supervisor').fill('9999');
  await submit.click();
  await expect(page.getByRole('heading', { name: /PIN incorrecto/ })).toBeVisible();
  await expect(page.getByLabel('PIN del supervisor')).toHaveValue('');

  await page.getByLabel('PIN del supervisor').fill(SUPERVISOR_PIN);
  await submit.click();
  await expect(page.getByRole('heading', { name: 'Facturación deshecha' })).toBeVisible();
  await expect(page.getByText(/La inicial sigue pagada/)).toBeVisible();
});

test('the second click of a double click that lands after the undo is done leaves the result alone', async ({
  app: page,
}) => {
  await applyCase(page, 'Deshacer facturación permitido');
  await page.getByLabel('Motivo (queda registrado)').fill('Cambio de talla');
  await page.getByLabel('PIN del supervisor').fill(SUPERVISOR_PIN);
  const submit = page.getByRole('button', { name: 'Deshacer facturación', exact: true });
  const secondClick = await firstClickOfDoubleClick(page, submit);
  await expect(page.getByRole('heading', { name: 'Facturación deshecha' })).toBeVisible();
  await secondClick();
  // Nothing was asked again: no "missing" PIN under a green result.
  await expect(page.getByRole('heading', { name: 'Facturación deshecha' })).toBeVisible();
  await expect(page.getByText('Falta completar este dato')).toHaveCount(0);
  await expect(page.getByLabel('PIN del supervisor')).not.toHaveAttribute('aria-invalid', 'true');
});

test('the three refusals and "Not billed yet" say what happened', async ({ app: page }) => {
  const cases: Array<[string, RegExp, string]> = [
    [
      'Deshacer sin facturar',
      /Todavía no está facturado: no hay nada que deshacer/,
      'Not billed yet',
    ],
    [
      'Deshacer: préstamo sin inicial',
      /El préstamo no tiene inicial registrada/,
      "This lend don't have downpayment",
    ],
    [
      'Deshacer: inicial pagada en línea',
      /La inicial no se pagó en tienda/,
      'The origin of the first payment is not external',
    ],
    [
      'Deshacer: varios pagos',
      /El préstamo ya tiene más de un pago/,
      'This lend has not only 1 (one) payment',
    ],
  ];
  for (const [title, heading, message] of cases) {
    await applyCase(page, title);
    await page.getByLabel('Motivo (queda registrado)').fill('Cambio de producto');
    await page.getByLabel('PIN del supervisor').fill(SUPERVISOR_PIN);
    await page.getByRole('button', { name: 'Deshacer facturación', exact: true }).click();
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expectDetails(page, message);
    if (title === 'Deshacer: inicial pagada en línea') {
      await saveScreenshot(page, 'undo-refused');
      await expectNoAxeViolations(page);
    }
  }
});

test('undo through v2, and the code can be sold again', async ({ app: page }) => {
  await applyCase(page, 'Deshacer facturación permitido');
  await page.getByRole('radio', { name: 'v2 (consulta)' }).check();
  await page.getByLabel('Motivo (queda registrado)').fill('Cambio de producto');
  await page.getByLabel('PIN del supervisor').fill(SUPERVISOR_PIN);
  await page.getByRole('button', { name: 'Deshacer facturación', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Facturación deshecha' })).toBeVisible();
  // A second undo of the same code: nothing left to undo.
  await page.getByLabel('PIN del supervisor').fill(SUPERVISOR_PIN);
  await page.getByRole('button', { name: 'Deshacer facturación', exact: true }).click();
  await expect(page.getByRole('heading', { name: /Todavía no está facturado/ })).toBeVisible();
});

test('an undo whose answer is lost says what really happens: not repeated by the terminal, in the tray and the day close', async ({
  app: page,
}) => {
  await page.keyboard.press('F4');
  await applyCase(page, 'Deshacer facturación permitido');
  await bridge(page, 'training.injectFault', {
    operation: 'v3.undoBilling',
    fault: 'lose-response',
    times: 1,
  });
  await page.getByLabel('Motivo (queda registrado)').fill('Cambio de talla');
  await page.getByLabel('PIN del supervisor').fill(SUPERVISOR_PIN);
  await page.getByRole('button', { name: 'Deshacer facturación', exact: true }).click();

  await page.getByRole('button', { name: /sin respuesta definitiva/ }).click();
  const item = page.getByTestId('open-operation');
  await expect(item).toContainText('El terminal no repite un deshacer solo');
  await expect(item).toContainText('si ya no figura facturado, el deshacer se hizo');

  await page.keyboard.press('Escape');
  await page.keyboard.press('F6');
  const recon = page.getByRole('region', { name: 'Conciliación con este terminal' }).first();
  const pending = recon.getByRole('row').filter({ hasText: 'Pendiente' });
  await expect(pending).toContainText('el terminal no lo repite solo');
  await expect(recon).not.toContainText('el terminal reintenta');
});
