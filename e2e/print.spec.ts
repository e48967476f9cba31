// Print views are real pages: the one layout of each document, as the receipt printer's lines
// (80 mm) or an A4 page, printed through print.document (in browser mode the page prints itself),
// and marked as not valid in training on every copy.
import type { Page } from '@playwright/test';
import { applyCase, collectAndConfirm, paidAndBilled, verify } from './cashier';
import { expect, expectNoAxeViolations, saveScreenshot, test } from './fixtures';

/** Page width and height in points of the PDF Chromium makes of the current page. */
async function pdfPageSize(page: Page): Promise<{ width: number; height: number; pages: number }> {
  const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString(
    'latin1',
  );
  const box = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(pdf);
  if (!box) throw new Error('no MediaBox in the PDF');
  return {
    width: Number(box[1]),
    height: Number(box[2]),
    pages: (pdf.match(/\/Type\s*\/Page\b/g) ?? []).length,
  };
}

const MM = 72 / 25.4;

async function printedCount(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __printed: number }).__printed);
}

test('day close: A4 and 80 mm previews from one layout, PDF page sizes, training mark', async ({
  app: page,
}) => {
  await applyCase(page, 'Venta simple');
  await verify(page);
  await collectAndConfirm(page, 30000);
  await expect(paidAndBilled(page)).toBeVisible();
  await page.keyboard.press('F6');
  await expect(page.getByTestId('summary-totals')).toBeVisible();

  await page.getByRole('button', { name: 'Vista previa A4' }).click();
  await expect(page).toHaveURL(/#\/print\/day-summary\?day=\d{4}-\d{2}-\d{2}&layout=a4$/);
  const doc = page.getByRole('article', { name: 'Cierre del día' });
  await expect(doc.getByTestId('training-mark')).toHaveCount(2);
  for (const heading of [
    'Totales del servicio',
    'Este terminal',
    'Operaciones abiertas (0)',
    'Conciliación con el servicio',
    'Detalle por origen del pago',
  ]) {
    await expect(doc.getByRole('heading', { name: heading })).toBeVisible();
  }
  // On paper the customer shows masked (docs/personal-data.md "Prints and exports").
  await expect(doc.getByRole('row').filter({ hasText: '*****001' })).toContainText(/S\/\s300\.00/);
  await expect(doc).not.toContainText('41000001');
  await expect(doc).toContainText('Firma del supervisor');
  await saveScreenshot(page, 'print-day-summary-a4');
  await expectNoAxeViolations(page);

  // On paper: no toolbar; the watermark repeats on every sheet.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Imprimir', exact: true })).toBeHidden();
  await page.emulateMedia({ media: null });
  const a4 = await pdfPageSize(page);
  expect(Math.abs(a4.width - 210 * MM)).toBeLessThan(2);
  expect(Math.abs(a4.height - 297 * MM)).toBeLessThan(2);

  await page.getByRole('button', { name: 'Ver en ticket 80 mm' }).click();
  await expect(page).toHaveURL(/layout=receipt80$/);
  const lines = page.getByTestId('receipt-lines');
  await expect(lines).toContainText('Cierre del día');
  await expect(lines).toContainText('ENTRENAMIENTO - NO VÁLIDO');
  const text = (await lines.innerText()).split('\n');
  const columns = Number(await lines.getAttribute('data-columns'));
  expect(columns).toBe(48);
  for (const line of text) expect([...line].length).toBeLessThanOrEqual(columns);
  // The amount of the sale is whole on one line, beside its order id.
  expect(
    text.some((line) => /MOSTRADOR-\d+ +S\/ 300\.00$/.test(line) || /S\/ 300\.00/.test(line)),
  ).toBe(true);
  await saveScreenshot(page, 'print-day-summary-receipt80');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Volver' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Resumen del día' })).toBeVisible();
});

test('print buttons go through print.document and the page prints itself in browser mode', async ({
  app: page,
}) => {
  await page.keyboard.press('F6');
  await expect(page.getByTestId('summary-totals')).toBeVisible();
  const asked = page.waitForRequest('**/bridge/print.document');
  await page.getByRole('button', { name: 'Imprimir A4' }).click();
  const request = await asked;
  expect(JSON.parse(request.postData() ?? '{}')).toMatchObject({
    document: 'day-summary',
    layout: 'a4',
    target: 'printer',
  });
  await expect(page).toHaveURL(/#\/print\/day-summary\?.*layout=a4&auto=1$/);
  await expect.poll(() => printedCount(page)).toBe(1);
});

test('sale record after paid and billed prints on the 80 mm roll, marked in training', async ({
  app: page,
}) => {
  await applyCase(page, 'Venta simple');
  await verify(page);
  await collectAndConfirm(page, 30000);
  await page.getByRole('button', { name: 'Imprimir constancia (80 mm)' }).click();
  await expect(page).toHaveURL(/#\/print\/sale-receipt\?op=[0-9a-f-]{36}&layout=receipt80&auto=1$/);
  const doc = page.getByTestId('receipt-lines');
  await expect(doc).toContainText('PAGADO Y FACTURADO');
  await expect(doc).toContainText(/DNI +\*{5}001/);
  await expect(doc).not.toContainText('41000001');
  await expect(doc).toContainText(/Código +VENTA1/);
  await expect(doc).toContainText(/Cobrado en tienda +S\/ 300\.00/);
  await expect(doc).toContainText('Emita la boleta en el sistema de la tienda.');
  await expect(doc).toContainText('ENTRENAMIENTO - NO VÁLIDO');
  await expect.poll(() => printedCount(page)).toBe(1);
  await saveScreenshot(page, 'print-sale-receipt');
  await expectNoAxeViolations(page);
  const roll = await pdfPageSize(page);
  expect(Math.abs(roll.width - 80 * MM)).toBeLessThan(2);
  // Back on the sale, still green: printing did not lose the outcome.
  await page.getByRole('button', { name: 'Volver' }).click();
  await expect(paidAndBilled(page)).toBeVisible();
});
