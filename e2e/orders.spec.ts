// Online orders at the counter (F9): create within the funding limits, the service's fragments
// in a sandboxed iframe, look up, the trainer's moves, confirm, cancel refusals, and refunds —
// total, partial, and an unknown outcome that stays amber until the same refund resolves.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { bridge } from './bridge-helper';
import { expectDetails, firstClickOfDoubleClick, guidance } from './cashier';
import {
  expect,
  expectNoAxeViolations,
  SUPERVISOR_PIN,
  saveElementScreenshot,
  saveScreenshot,
  test,
} from './fixtures';

/**
 * axe with the service's fragments on screen. A sandbox without scripts cannot take axe's script
 * (that is the point of it), so axe runs in its same-origin mode: the app's own page is checked
 * in full, the iframes as elements (title and so on), their foreign content not at all.
 */
async function expectNoAxeViolationsWithSandboxedFrames(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode()
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

async function openOrders(page: Page, task?: 'Consultar estado' | 'Devolución'): Promise<void> {
  await page.keyboard.press('F9');
  await expect(page.getByRole('heading', { level: 1, name: 'Pedidos en línea' })).toBeVisible();
  if (task) await page.getByRole('radio', { name: task }).check();
}

/** An order made through the bridge and moved as the customer's application would. */
async function orderIn(page: Page, path: Array<'created' | 'approved' | 'validated' | 'funded'>) {
  const made = await bridge(page, 'orders.create', {
    amount_cents: 150_000,
    description: 'Refrigeradora',
    customer: { name: 'Ana Quispe' },
    send_sms: false,
  });
  if (made.status !== 'succeeded') throw new Error(`order not created: ${made.status}`);
  for (const status of path)
    await bridge(page, 'training.setOrderStatus', { order_id: made.order_id, status });
  return made.order_id;
}

async function lookUp(page: Page, orderId: string): Promise<void> {
  await page.getByLabel('Número de pedido').fill(orderId);
  await page.getByLabel('Número de pedido').press('Enter');
  await expect(page.getByTestId('order-status')).toContainText(orderId);
}

test('creates an order within the limits; outside them nothing is sent', async ({ app: page }) => {
  await openOrders(page);
  await expect(page.getByTestId('order-limits')).toHaveText(
    /Se financia entre S\/\sS?100\.00 y S\/\s15,000\.00/,
  );
  const amount = page.getByLabel('Monto a financiar (S/)');
  await expect(amount).toBeFocused();

  await amount.fill('20,000');
  await expect(page.getByText(/Fuera de los límites: se financia entre/)).toBeVisible();
  await page.getByRole('button', { name: 'Crear pedido' }).click();
  await expect(amount).toBeFocused();
  await expect(page.getByTestId('order-created')).toHaveCount(0);

  await amount.fill('1,500.00');
  await expect(page.getByText('Dentro de los límites de financiamiento')).toBeVisible();
  await page.getByLabel('Descripción de la compra (opcional)').fill('Refrigeradora 300 L');
  await page.getByLabel('Nombre').fill('Ana Quispe');
  await page.getByLabel('DNI (8 dígitos)').fill('123456789');
  await expect(page.getByRole('button', { name: 'Usar 12345678' })).toBeVisible();
  await page.getByRole('button', { name: 'Usar 12345678' }).click();
  await page.getByLabel('Celular').fill('+51 987654321');
  await page.getByLabel('Correo electrónico').fill('ana@example');
  await page.getByLabel('Correo electrónico').press('Enter');
  await expect(page.getByLabel('Correo electrónico')).toBeFocused();
  await page.getByLabel('Correo electrónico').fill('ana@example.pe');
  await page.getByLabel('Enviar el enlace de la solicitud por SMS al cliente').check();
  await page.getByLabel('Correo electrónico').press('Enter');

  const created = page.getByTestId('order-created');
  await expect(created.getByRole('heading', { name: 'Pedido creado' })).toBeVisible();
  await expect(page.getByTestId('order-id')).not.toBeEmpty();
  await expect(page.getByTestId('order-link')).toHaveText(/^https?:\/\/\S+/);
  await expect(created.getByTestId('order-status')).toContainText('Inicial');

  // The service's fragments: only in iframes with an empty sandbox (no scripts, no same origin).
  const frames = page.locator('iframe.sandboxed-html');
  await expect(frames).toHaveCount(2);
  for (const title of [
    'Resumen de financiamiento del servicio',
    'Pasos y requisitos del servicio',
  ]) {
    const frame = page.locator(`iframe[title="${title}"]`);
    await expect(frame).toHaveAttribute('sandbox', '');
    const facts = await frame.evaluate((element) => {
      const iframe = element as HTMLIFrameElement;
      let reachable = false;
      try {
        // An opaque origin: the parent cannot reach in, so the fragment cannot reach out either.
        reachable = iframe.contentDocument !== null || iframe.contentWindow?.document !== undefined;
      } catch {
        reachable = false;
      }
      return { reachable, src: iframe.src, sandbox: iframe.getAttribute('sandbox') };
    });
    expect(facts.sandbox).toBe('');
    expect(facts.reachable).toBe(false);
    // Served as a document of its own, under a policy that lets its <style> apply.
    expect(facts.src).toMatch(/\/fragment\/[0-9a-f]{32}$/);
    await expect(
      page.frameLocator(`iframe[title="${title}"]`).locator('.svc-fragment').first(),
    ).toHaveCSS('border-top-left-radius', '8px');
  }
  await expect(
    page.frameLocator('iframe[title="Resumen de financiamiento del servicio"]').locator('body'),
  ).toContainText(/S\/\s1,500\.00|cuota|financ/i);
  // The frames load lazily: bring the second into view so the screenshot shows it filled.
  const steps = page.locator('iframe[title="Pasos y requisitos del servicio"]');
  await steps.scrollIntoViewIfNeeded();
  await expect(
    page.frameLocator('iframe[title="Pasos y requisitos del servicio"]').locator('body'),
  ).not.toBeEmpty();
  await saveScreenshot(page, 'orders-create');
  await saveElementScreenshot(page.locator('figure.order-fragment').first(), 'orders-fragment');
  await expectNoAxeViolationsWithSandboxedFrames(page);

  // The link is text to read out; nothing navigated.
  expect(page.url()).toMatch(/#\/orders$/);
  await page.getByRole('button', { name: 'Ver estado del pedido' }).click();
  await expect(page.getByRole('radio', { name: 'Consultar estado' })).toBeChecked();
  await expect(page.getByTestId('order-status')).toContainText('Inicial');
});

test('the second click of a double click that lands after the order is created makes no second order', async ({
  app: page,
}) => {
  await openOrders(page);
  await page.getByLabel('Monto a financiar (S/)').fill('1,500.00');
  await page.getByLabel('Nombre').fill('Ana Quispe');
  const submit = page.getByRole('button', { name: 'Crear pedido' });
  const creates = async () =>
    (await bridge(page, 'journal.operations', {})).operations.filter(
      (op) => op.operation === 'orders.create',
    ).length;
  const before = await creates();
  const secondClick = await firstClickOfDoubleClick(page, submit);
  await expect(page.getByTestId('order-id')).not.toBeEmpty();
  const first = await page.getByTestId('order-id').textContent();
  // The service answered between the two clicks: the second one must not create another order.
  await secondClick();
  // Enter in a field of the unchanged form does not either.
  await page.getByLabel('Nombre').press('Enter');
  await expect(page.getByTestId('order-id')).toHaveText(first ?? '');
  expect(await creates()).toBe(before + 1);
  await expect(page.getByText('Falta completar este dato')).toHaveCount(0);
  // A new form is a new order, made deliberately.
  await page.getByLabel('Monto a financiar (S/)').fill('1,500.00');
  await page.getByLabel('Nombre').fill('Ana María Quispe');
  await submit.click();
  await expect(page.getByTestId('order-id')).not.toHaveText(first ?? '');
});

test('looks up, moves in training, confirms; cancel of a confirmed order is explained', async ({
  app: page,
}) => {
  const orderId = await orderIn(page, []);
  await openOrders(page, 'Consultar estado');

  await page.getByLabel('Número de pedido').fill('MOS-NO-EXISTE');
  await page.getByLabel('Número de pedido').press('Enter');
  await expect(page.getByRole('heading', { name: /Ese pedido no existe/ })).toBeVisible();
  await expectDetails(page, 'Order does not exist');

  await lookUp(page, orderId);
  const status = page.getByTestId('order-status');
  await expect(status).toContainText('Inicial: el cliente aún no empieza');
  await expect(page.getByRole('button', { name: 'Confirmar pedido' })).toBeDisabled();
  await expect(page.getByText('Se confirma cuando esté aprobado o validado.')).toBeVisible();

  await page.getByRole('button', { name: 'Pasar a: Solicitud creada' }).click();
  await expect(status).toContainText('Solicitud creada');
  await page.getByRole('button', { name: 'Pasar a: Aprobado' }).click();
  await expect(status).toContainText('Aprobado');
  await expect(status).toContainText('S/\u00a01,500.00');

  await page.getByRole('button', { name: 'Confirmar pedido' }).click();
  await expect(page.getByText('Pedido confirmado.')).toBeVisible();
  await expect(status).toContainText(/Confirmado por la tienda\s*✓\s*Sí/);
  await expect(page.getByRole('button', { name: 'Cancelar pedido…' })).toBeDisabled();
  await expect(
    page.getByText(/Un pedido confirmado no se puede cancelar: use una devolución/),
  ).toBeVisible();
  await saveScreenshot(page, 'orders-status');
  await expectNoAxeViolations(page);

  // Another order, confirmed behind this screen's back (the web shop, another till): the
  // screen still offers cancel, and the service's refusal is explained.
  const other = await orderIn(page, ['created', 'approved']);
  await lookUp(page, other);
  await bridge(page, 'orders.confirm', { order_id: other });
  await page.getByRole('button', { name: 'Cancelar pedido…' }).click();
  await expect(page.getByLabel('PIN del supervisor')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('PIN del supervisor')).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancelar pedido…' }).click();
  await page.getByLabel('PIN del supervisor').fill(SUPERVISOR_PIN);
  await page.getByLabel('PIN del supervisor').press('Enter');
  await expect(
    guidance(page).getByRole('heading', { name: /Un pedido confirmado no se puede cancelar/ }),
  ).toBeVisible();
  await expectDetails(page, 'Cannot cancel a confirmed order');
  await expect(status).toContainText(/Confirmado por la tienda\s*✓\s*Sí/);
});

test('cancels an unconfirmed order with the supervisor PIN', async ({ app: page }) => {
  const orderId = await orderIn(page, ['created']);
  await openOrders(page, 'Consultar estado');
  await lookUp(page, orderId);
  await page.getByRole('button', { name: 'Cancelar pedido…' }).click();
  await page.getByLabel('PIN del supervisor').fill(SUPERVISOR_PIN);
  await page.getByRole('button', { name: 'Sí, cancelar el pedido' }).click();
  await expect(page.getByText('Pedido cancelado.')).toBeVisible();
  await expect(page.getByTestId('order-status')).toContainText('Cancelado');
});

test('an order number typed in lower case finds the order, and the field shows what is sent', async ({
  app: page,
}) => {
  const orderId = await orderIn(page, ['created', 'approved']);
  await bridge(page, 'orders.confirm', { order_id: orderId });
  await openOrders(page, 'Consultar estado');
  const field = page.getByLabel('Número de pedido');
  // Mostrador's own order numbers (MOS-…) are upper case: typed in lower case they become so.
  await field.fill(orderId.toLowerCase());
  await expect(field).toHaveValue(orderId);
  await field.press('Enter');
  await expect(page.getByTestId('order-status')).toContainText(orderId);
  await expect(page.getByRole('heading', { name: /Ese pedido no existe/ })).toHaveCount(0);
  // Another system's order number is sent as typed, so the field shows it as typed: no style
  // may show upper case where lower case is sent.
  await field.fill('web-00017');
  await expect(field).toHaveValue('web-00017');
  expect(await field.evaluate((el) => getComputedStyle(el).textTransform)).toBe('none');

  await page.getByRole('radio', { name: 'Devolución' }).check();
  const refundField = page.getByLabel('Número de pedido');
  await refundField.fill(orderId.toLowerCase());
  await expect(refundField).toHaveValue(orderId);
  expect(await refundField.evaluate((el) => getComputedStyle(el).textTransform)).toBe('none');
  await page.getByLabel('Motivo (queda registrado)').fill('Producto devuelto');
  await page.getByLabel('Motivo (queda registrado)').press('Enter');
  await expect(page.getByText(`¿Devolver TODO el pedido ${orderId}?`)).toBeVisible();
});

test('total and partial refunds, with a confirmation step, made once', async ({ app: page }) => {
  const total = await orderIn(page, ['created', 'approved']);
  await bridge(page, 'orders.confirm', { order_id: total });
  const partial = await orderIn(page, ['created', 'approved']);
  await bridge(page, 'orders.confirm', { order_id: partial });
  await openOrders(page, 'Devolución');
  await expect(page.getByTestId('refund-author')).toContainText('CAJA-01');

  // Without a reason nothing is asked.
  await page.getByLabel('Número de pedido').fill(total);
  await page.getByRole('button', { name: 'Revisar devolución' }).click();
  await expect(page.getByLabel('Motivo (queda registrado)')).toBeFocused();

  await page.getByLabel('Motivo (queda registrado)').fill('Producto devuelto');
  await page.getByLabel('Motivo (queda registrado)').press('Enter');
  await expect(page.getByRole('heading', { name: 'Confirmar la devolución' })).toBeVisible();
  await expect(page.getByText(`¿Devolver TODO el pedido ${total}?`)).toBeVisible();
  // Esc goes back to the form; Enter there comes back to the question.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Confirmar la devolución' })).toHaveCount(0);
  await page.getByLabel('Motivo (queda registrado)').press('Enter');
  // A double click starts one refund only.
  await page.getByRole('button', { name: 'Sí, devolver' }).dblclick();
  const result = page.getByTestId('refund-result');
  await expect(result.getByRole('heading', { name: 'Devolución hecha' })).toBeVisible();
  await expect(result).toContainText('Código de seguimiento');
  const journal = await bridge(page, 'journal.operations', {});
  const refundsOfTotal = journal.operations.filter(
    (op) => op.intent.order_id === total && /refund/i.test(op.operation),
  );
  expect(refundsOfTotal).toHaveLength(1);

  await page.getByRole('button', { name: 'Otra devolución' }).click();
  await page.getByLabel('Número de pedido').fill(partial);
  await page.getByRole('radio', { name: 'Parcial (un monto)' }).check();
  await page.getByLabel('Monto a devolver (S/)').fill('100.00');
  await page.getByLabel('Motivo (queda registrado)').fill('Faltó un accesorio');
  await page.getByRole('button', { name: 'Revisar devolución' }).click();
  await expect(page.getByText(`¿Devolver S/\u00a0100.00 del pedido ${partial}?`)).toBeVisible();
  await page.getByRole('button', { name: 'Sí, devolver' }).click();
  await expect(result.getByRole('heading', { name: 'Deuda del cliente reducida' })).toBeVisible();
  await expect(result).toContainText('Monto descontado de la deuda: S/\u00a0100.00');
  await saveScreenshot(page, 'orders-refund');
  await expectNoAxeViolations(page);

  // The service's refusal of a partial refund that is too large, in words.
  await page.getByRole('button', { name: 'Otra devolución' }).click();
  await page.getByLabel('Número de pedido').fill(partial);
  await page.getByRole('radio', { name: 'Parcial (un monto)' }).check();
  await page.getByLabel('Monto a devolver (S/)').fill('5,000.00');
  await page.getByLabel('Motivo (queda registrado)').fill('Devolución');
  await page.getByRole('button', { name: 'Revisar devolución' }).click();
  await page.getByRole('button', { name: 'Sí, devolver' }).click();
  await expect(
    page.getByRole('heading', { name: /El monto supera lo que se puede devolver/ }),
  ).toBeVisible();
  await expectDetails(page, 'Amount must be less than the approved amount');
});

test('the second click of a double click that lands after the refund is done keeps the result', async ({
  app: page,
}) => {
  // On a fast service the refund is answered between the two clicks of a double click, and
  // "Otra devolución" sits where "Sí, devolver" was: the second click must not wipe the result.
  const order = await orderIn(page, ['created', 'approved']);
  await bridge(page, 'orders.confirm', { order_id: order });
  await openOrders(page, 'Devolución');
  await page.getByLabel('Número de pedido').fill(order);
  await page.getByLabel('Motivo (queda registrado)').fill('Producto devuelto');
  await page.getByLabel('Motivo (queda registrado)').press('Enter');
  const secondClick = await firstClickOfDoubleClick(
    page,
    page.getByRole('button', { name: 'Sí, devolver' }),
  );
  const result = page.getByTestId('refund-result');
  await expect(result.getByRole('heading', { name: 'Devolución hecha' })).toBeVisible();
  const another = await page.getByRole('button', { name: 'Otra devolución' }).boundingBox();
  expect(another).not.toBeNull();
  await secondClick();
  await expect(result.getByRole('heading', { name: 'Devolución hecha' })).toBeVisible();
  await expect(result).toContainText('Código de seguimiento');
  // A deliberate click afterwards still starts another refund.
  await page.getByRole('button', { name: 'Otra devolución' }).click();
  await expect(result).toHaveCount(0);
  await expect(page.getByLabel('Número de pedido')).toBeFocused();
});

test('an unknown refund stays amber, says not to refund again, and resolves as the same refund', async ({
  app: page,
}) => {
  const orderId = await orderIn(page, ['created', 'approved']);
  await bridge(page, 'orders.confirm', { order_id: orderId });
  // Enough lost answers that the terminal's own retries cannot finish it while the test looks.
  const lose = (times: number) =>
    bridge(page, 'training.injectFault', {
      operation: 'orders.refund',
      fault: 'lose-response',
      times,
    });
  await lose(20);
  await openOrders(page, 'Devolución');
  await page.getByLabel('Número de pedido').fill(orderId);
  await page.getByLabel('Motivo (queda registrado)').fill('Producto devuelto');
  await page.getByRole('button', { name: 'Revisar devolución' }).click();
  await page.getByRole('button', { name: 'Sí, devolver' }).click();

  const panel = guidance(page);
  const amber = panel.getByRole('heading', { name: /No se sabe si la devolución se hizo/ });
  await expect(amber).toBeVisible();
  await expect(panel).toHaveClass(/guidance--unknown/);
  await expect(panel).toContainText(
    'No devuelva de nuevo: el terminal reintenta con el mismo código de devolución.',
  );
  await expect(page.getByTestId('refund-result')).toHaveCount(0);
  // The form is locked while the outcome is unknown: no second refund can be asked for.
  await expect(page.getByRole('button', { name: 'Revisar devolución' })).toBeDisabled();
  await expectNoAxeViolations(page);

  const retry = panel.getByRole('button', { name: 'Reintentar ahora (la misma devolución)' });
  await retry.click();
  await expect(amber).toBeVisible();

  // The connection comes back (one more lost answer, then answers): the same refund resolves.
  await lose(1);
  const result = page.getByTestId('refund-result');
  await expect(async () => {
    if (await retry.isVisible()) await retry.click();
    await expect(result).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 40_000 });
  // "success", not "already refunded": every call carried the first call's token.
  await expect(result.getByRole('heading', { name: 'Devolución hecha' })).toBeVisible();
  const journal = await bridge(page, 'journal.operations', {});
  const refunds = journal.operations.filter(
    (op) => op.intent.order_id === orderId && /refund/i.test(op.operation),
  );
  expect(refunds).toHaveLength(1);
  expect(refunds[0]?.status).toBe('succeeded');
});
