// The receipt printer from the app: set up behind the supervisor PIN with a test page, then a
// sale record printed from its preview to a TCP receiver that decodes the ESC/POS; the paper
// gets the preview's lines. A printer that is off says so, and printing again works.
import type { Page } from '@playwright/test';
import {
  closedPortAddress,
  decodeEscPos,
  type Receiver,
  startReceiver,
} from '../electron/receipt-printer/test-support';
import { bridge } from './bridge-helper';
import { applyCase, collectAndConfirm, paidAndBilled, verify } from './cashier';
import { expect, expectNoAxeViolations, SUPERVISOR_PIN, saveScreenshot, test } from './fixtures';

let receiver: Receiver | null = null;
test.afterEach(async ({ app: page }) => {
  await receiver?.close();
  receiver = null;
  await bridge(page, 'settings.update', { pin: SUPERVISOR_PIN, change: { receipt_printer: null } });
});

/**
 * The latest paid-and-billed of a funding code in this terminal's journal: the worker's terminal
 * keeps the operations of the specs that ran before (a refused CRONO1 among them).
 */
async function latestBilling(page: Page, code: string) {
  const { operations } = await bridge(page, 'journal.operations', {});
  return operations
    .filter((op) => op.operation === 'v3.paidAndBilled' && op.intent.funding_code === code)
    .sort((a, b) => a.started_at.localeCompare(b.started_at))
    .at(-1);
}

async function unlockSettings(page: Page) {
  await page.keyboard.press('F8');
  await page.getByLabel('PIN del supervisor').fill(SUPERVISOR_PIN);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Impresora de tickets' })).toBeVisible();
}

test('set up the printer with a test page, then print a sale record as previewed', async ({
  app: page,
}) => {
  receiver = await startReceiver();
  await unlockSettings(page);
  const form = page.getByTestId('receipt-printer-form');
  await expect(form.getByTestId('printer-current')).toHaveText(
    'No hay impresora de tickets configurada.',
  );
  await form.getByLabel('Dirección de la impresora').fill('http://printer');
  await expect(form.getByText('Use tcp://host:puerto o queue:NOMBRE.')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Guardar impresora' })).toBeDisabled();
  await form.getByLabel('Dirección de la impresora').fill(receiver.address);
  await form.getByLabel('58 mm, 32 columnas').check();
  await form.getByRole('button', { name: 'Imprimir página de prueba' }).click();
  await expect(form.getByTestId('printer-notice')).toContainText('Página de prueba enviada');
  const test = decodeEscPos(await receiver.nextJob());
  expect(test.lines).toContain('Acentos: á é í ó ú ü ñ Ñ ¿ ¡');
  expect(test.cuts).toBe(1);
  await form.getByRole('button', { name: 'Guardar impresora' }).click();
  await expect(form.getByTestId('printer-current')).toContainText(
    `${receiver.address} (32 columnas)`,
  );
  await form.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'settings-receipt-printer');
  await expectNoAxeViolations(page);

  await page.keyboard.press('F2');
  await applyCase(page, 'Venta simple');
  await verify(page);
  await collectAndConfirm(page, 30000);
  await expect(paidAndBilled(page)).toBeVisible();
  const billed = await latestBilling(page, 'VENTA1');
  expect(billed?.status).toBe('succeeded');
  await page.goto(
    `${new URL(page.url()).origin}/#/print/sale-receipt?op=${billed?.op_id}&layout=receipt80`,
  );
  const lines = page.getByTestId('receipt-lines');
  await expect(lines).toContainText('PAGADO Y FACTURADO');
  expect(await lines.getAttribute('data-columns')).toBe('32');
  await saveScreenshot(page, 'print-sale-receipt-58mm');
  await page.getByTestId('print-receipt-printer').click();
  await expect(page.getByTestId('printer-notice')).toContainText(
    'Enviado a la impresora de tickets.',
  );
  const printed = decodeEscPos(await receiver.nextJob());
  const shown = String(await lines.textContent())
    .replace(/\n$/, '')
    .split('\n');
  const same = (list: string[]) =>
    list.map((line) => line.trimEnd()).filter((l) => !l.startsWith('Impreso'));
  expect(same(printed.lines.slice(0, shown.length))).toEqual(same(shown));
  expect(printed.codePages).toEqual([2]);
  expect(printed.cuts).toBe(1);
});

test('a printer that is off says what to check; the sale stays billed; printing again works', async ({
  app: page,
}) => {
  await applyCase(page, 'Venta simple');
  await verify(page);
  await collectAndConfirm(page, 30000);
  await expect(paidAndBilled(page)).toBeVisible();
  await bridge(page, 'settings.update', {
    pin: SUPERVISOR_PIN,
    change: { receipt_printer: { address: await closedPortAddress(), columns: 48 } },
  });
  await page.keyboard.press('F6');
  await expect(page.getByTestId('summary-totals')).toBeVisible();
  await page.getByRole('button', { name: 'Imprimir ticket 80 mm' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'rechazó la conexión' })).toContainText(
    'puede imprimir de nuevo',
  );
  receiver = await startReceiver();
  await bridge(page, 'settings.update', {
    pin: SUPERVISOR_PIN,
    change: { receipt_printer: { address: receiver.address, columns: 48 } },
  });
  await page.getByRole('button', { name: 'Imprimir ticket 80 mm' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Enviado a la impresora' }),
  ).toBeVisible();
  const printed = decodeEscPos(await receiver.nextJob());
  expect(printed.lines.join('\n')).toContain('Cierre del día');
  expect((await latestBilling(page, 'VENTA1'))?.status).toBe('succeeded');
});

test('with a 58 mm printer, a sale and an undo print their records from their own screens', async ({
  app: page,
}) => {
  receiver = await startReceiver();
  await bridge(page, 'settings.update', {
    pin: SUPERVISOR_PIN,
    change: { receipt_printer: { address: receiver.address, columns: 32 } },
  });
  // The screens read the settings when the app loads.
  await page.reload();
  await page.keyboard.press('F2');
  await applyCase(page, 'Venta simple');
  await verify(page);
  await collectAndConfirm(page, 30000);
  await expect(paidAndBilled(page)).toBeVisible();
  // One press from the green result: ESC/POS straight to the printer, named for its paper.
  await paidAndBilled(page).getByRole('button', { name: 'Imprimir constancia (58 mm)' }).click();
  await expect(
    paidAndBilled(page)
      .getByRole('status')
      .filter({ hasText: 'Enviado a la impresora de tickets.' }),
  ).toBeVisible();
  const sale = decodeEscPos(await receiver.nextJob());
  expect(sale.lines.map((line) => line.trim())).toContain('PAGADO Y FACTURADO');
  expect(Math.max(...sale.lines.map((line) => line.length))).toBeLessThanOrEqual(32);
  expect(sale.cuts).toBe(1);

  await page.keyboard.press('F4');
  await applyCase(page, 'Deshacer facturación permitido');
  await page.getByLabel('Motivo (queda registrado)').fill('Cambio de talla');
  await page.getByLabel('PIN del supervisor').fill(SUPERVISOR_PIN);
  await page.getByRole('button', { name: 'Deshacer facturación', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Facturación deshecha' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Imprimir constancia (58 mm)' }).click();
  await expect(page.getByText('Enviado a la impresora de tickets.', { exact: true })).toBeVisible();
  const undo = decodeEscPos(await receiver.nextJob());
  expect(undo.lines.join('\n')).toContain('Cambio de talla');
  expect(undo.cuts).toBe(1);

  // The preview of the same record shows those lines, and its toolbar names the 58 mm roll.
  await page.getByRole('button', { name: 'Vista previa de la constancia' }).click();
  const lines = page.getByTestId('receipt-lines');
  await expect(lines).toContainText('Cambio de talla');
  expect(await lines.getAttribute('data-columns')).toBe('32');
  await expect(page.getByText('Formato ticket 58 mm')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ver en A4' })).toBeVisible();
  await saveScreenshot(page, 'print-undo-record-58mm');
  const shown = String(await lines.textContent())
    .replace(/\n$/, '')
    .split('\n');
  const same = (list: string[]) =>
    list.map((line) => line.trimEnd()).filter((l) => !l.startsWith('Impreso'));
  expect(same(undo.lines.slice(0, shown.length))).toEqual(same(shown));
  await page.getByRole('button', { name: 'Volver' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Deshacer facturación' })).toBeVisible();
});
