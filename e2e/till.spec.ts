// Semi-integrated mode as it happens at a counter: the store's invoicing system (the example
// till client, plain Node, over the integration API) sends a sale to `npm run web` started with
// MOSTRADOR_INTEGRATION_KEY, and the cashier finishes it in Chromium. The till learns "billed"
// only after the service's 200, and receives the signed callback.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { bridge } from './bridge-helper';
import {
  amountToCollect,
  collectAndConfirm,
  money,
  paidAndBilled,
  saleFields,
  verify,
} from './cashier';
import {
  expect,
  expectNoAxeViolations,
  openReadyApp,
  ROOT,
  SUPERVISOR_PIN,
  saveAtCounterSizes,
  saveScreenshot,
  TILL_KEY,
  test,
} from './fixtures';

type ClientRun = { lines: Record<string, unknown>[]; exited: Promise<number | null> };

function runTillClient(url: string, args: string[]): ClientRun {
  const child = spawn(process.execPath, ['examples/till-client.mjs', '--url', url, ...args], {
    cwd: ROOT,
    env: { ...process.env, MOSTRADOR_INTEGRATION_KEY: TILL_KEY },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: Record<string, unknown>[] = [];
  let buffer = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    for (const part of parts) if (part.trim()) lines.push(JSON.parse(part));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { lines, exited };
}

async function postSale(url: string, body: Record<string, unknown>) {
  const response = await fetch(new URL('integration/v1/sale-requests', url), {
    method: 'POST',
    headers: { authorization: `Bearer ${TILL_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.status;
}

async function tillCancel(url: string, id: string) {
  const response = await fetch(new URL(`integration/v1/sale-requests/${id}/cancel`, url), {
    method: 'POST',
    headers: { authorization: `Bearer ${TILL_KEY}` },
  });
  return response.status;
}

const tillCard = (page: Page) => page.getByTestId('till-current');

test('the example till sends a sale; the cashier completes it; the till gets billed and a signed callback', async ({
  page,
  tillBrowserMode,
}) => {
  const url = tillBrowserMode.integrationUrl;
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  await openReadyApp(page, tillBrowserMode.url);
  const client = runTillClient(url as string, [
    '--amount',
    '1200',
    '--request-id',
    'B001-000123',
    '--document',
    'boleta',
    '--number',
    'B001-000123',
    '--callback',
  ]);

  // The sale arrives by itself: reference, invoice and the amount, locked.
  await expect(tillCard(page)).toContainText('Referencia de la caja: B001-000123');
  await expect(tillCard(page)).toContainText('boleta B001-000123');
  const fields = saleFields(page);
  await expect(fields.amount).toHaveValue('1200.00');
  await expect(fields.amount).toHaveAttribute('readonly', '');
  await expect(fields.dni).toBeFocused();
  await fields.amount.press('Backspace');
  await expect(fields.amount).toHaveValue('1200.00');
  await saveScreenshot(page, 'till-sale-arrived');
  await page.setViewportSize({ width: 1024, height: 768 });
  await saveScreenshot(page, 'till-sale-arrived-1024');
  await page.setViewportSize({ width: 1366, height: 768 });
  await expectNoAxeViolations(page);

  await fields.dni.fill('41000001');
  await fields.code.fill('VENTA1');
  await verify(page);
  await expect(amountToCollect(page)).toHaveText(money(30_000));
  await expect.poll(() => client.lines.map((l) => l.state).filter(Boolean)).toContain('verified');
  // Not billed before the confirm: the till has no outcome yet.
  expect(client.lines.some((l) => l.what === 'outcome')).toBe(false);

  await collectAndConfirm(page, 30_000);
  await expect(paidAndBilled(page)).toBeVisible();
  await expect(
    page.getByText('Venta B001-000123 facturada: la caja ya puede emitir el comprobante.'),
  ).toBeVisible();
  await saveScreenshot(page, 'till-sale-billed');

  expect(await client.exited).toBe(0);
  const outcome = client.lines.find((l) => l.what === 'outcome');
  expect(outcome).toMatchObject({ state: 'billed', collected_amount: 300 });
  const callback = client.lines.find((l) => l.what === 'callback');
  expect(callback).toMatchObject({ signature_valid: true, sale_request: { state: 'billed' } });
});

test('more sales wait in a visible queue; a cancel from the till clears the screen before billing', async ({
  page,
  tillBrowserMode,
}) => {
  const url = tillBrowserMode.integrationUrl as string;
  await openReadyApp(page, tillBrowserMode.url);
  expect(await postSale(url, { request_id: 'F001-1', billed_amount: 1200 })).toBe(201);
  expect(await postSale(url, { request_id: 'F001-2', billed_amount: 450.5 })).toBe(201);
  await expect(tillCard(page)).toContainText('F001-1');
  const queue = page.getByRole('heading', { name: 'Ventas de la caja en espera (1)' });
  await expect(queue).toBeVisible();
  await expect(page.getByText(/F001-2 · S\/\s450\.50/)).toBeVisible();
  await saveScreenshot(page, 'till-queue');

  // The cashier verified and is about to collect when the till cancels.
  const fields = saleFields(page);
  await fields.dni.fill('41000001');
  await fields.code.fill('VENTA1');
  await verify(page);
  await page.getByRole('button', { name: /^Cobrar / }).click();
  expect(await tillCancel(url, 'F001-1')).toBe(200);
  // Canceled on "¿Recibió…?": the notice says how much to give back (issue 18 item 11).
  const notice = page.getByText(
    /La caja canceló la venta F001-1\. No cobre; si recibió S\/\s300\.00, devuélvaselo al cliente\./,
  );
  await expect(notice).toBeVisible();
  // Read as one sentence: the amount right after "recibió", not set apart as a column of its own.
  const gap = await notice.evaluate((node) => {
    const amount = node.querySelector('.amount');
    const before = amount?.previousSibling;
    if (!amount || !before?.textContent) return Number.POSITIVE_INFINITY;
    const range = document.createRange();
    range.setStart(before, before.textContent.trimEnd().length - 1);
    range.setEnd(before, before.textContent.trimEnd().length);
    return amount.getBoundingClientRect().left - range.getBoundingClientRect().right;
  });
  expect(gap).toBeLessThan(16);
  await expect(fields.amount).toHaveValue('');
  await expect(page.getByRole('button', { name: /^Sí, recibí/ })).toHaveCount(0);
  await saveScreenshot(page, 'till-canceled');

  // Acknowledged: the next sale in the queue comes to the screen.
  await page.getByRole('button', { name: 'Entendido' }).click();
  await expect(tillCard(page)).toContainText('F001-2');
  await expect(fields.amount).toHaveValue('450.50');
  // The cashier can cancel it too while nothing was collected.
  await page.getByRole('button', { name: 'Cancelar esta venta (no se cobró nada)' }).click();
  await expect(tillCard(page)).toHaveCount(0);
  const read = await fetch(new URL('integration/v1/sale-requests/F001-2', url), {
    headers: { authorization: `Bearer ${TILL_KEY}` },
  });
  expect(await read.json()).toMatchObject({ state: 'canceled', canceled_by: 'cashier' });
});

test('training sends a sale from the till through the same API', async ({
  page,
  tillBrowserMode,
}) => {
  await openReadyApp(page, tillBrowserMode.url);
  await page.keyboard.press('F7');
  await page.getByRole('button', { name: 'Enviar desde la caja: Venta simple' }).click();
  await expect(tillCard(page)).toContainText(/Referencia de la caja: TRAIN-/);
  const fields = saleFields(page);
  await expect(fields.dni).toHaveValue('41000001');
  await expect(fields.amount).toHaveValue('1200.00');
  await expect(fields.code).toBeFocused();
  await page.keyboard.press('F7');
  await expect(page.getByRole('heading', { name: 'Enviar una venta desde la caja' })).toBeVisible();
  await saveScreenshot(page, 'training-till');
});

test('a supervisor turns the local API on in Settings with the PIN; the key is shown once and works', async ({
  page,
  freshBrowserMode,
}) => {
  const port = await freePort();
  await openReadyApp(page, freshBrowserMode.url);
  await page.keyboard.press('F8');
  await page.getByLabel('PIN del supervisor').fill(SUPERVISOR_PIN);
  await page.keyboard.press('Enter');
  const section = page.getByRole('region', { name: 'Integración con la caja (API local)' });
  await expect(section.getByRole('status')).toHaveText('○ Apagada');
  await expect(section.getByRole('button', { name: 'Activar la API local' })).toBeDisabled();
  await section.getByLabel('Puerto').fill(String(port));
  await section.getByRole('button', { name: 'Generar una clave nueva' }).click();
  const key = (await section.getByTestId('integration-key').textContent()) ?? '';
  expect(key).toMatch(/^mik_/);
  await section.getByRole('button', { name: 'Activar la API local' }).click();
  await expect(section.getByRole('status')).toHaveText(`● Activa en http://127.0.0.1:${port}/`);
  await section.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'settings-integration');

  const created = await fetch(`http://127.0.0.1:${port}/integration/v1/sale-requests`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ request_id: 'S-1', billed_amount: 10 }),
  });
  expect(created.status).toBe(201);
  // Shown once: locking and reopening Settings shows no key.
  await page.getByRole('button', { name: 'Bloquear configuración' }).click();
  await page.getByLabel('PIN del supervisor').fill(SUPERVISOR_PIN);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('integration-key')).toHaveCount(0);
  const again = page.getByRole('region', { name: 'Integración con la caja (API local)' });
  await again.getByRole('button', { name: 'Apagar la API local' }).click();
  await expect(again.getByRole('status')).toHaveText('○ Apagada');
  await expect(
    fetch(`http://127.0.0.1:${port}/integration/v1/openapi.json`).then((r) => r.status),
  ).rejects.toThrow();
});

/** A port nothing listens on now (the test's own, not the default 4700 other runs may hold). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

test('a sale sent while the cashier is on another screen shows in the top bar and F2 serves it', async ({
  page,
  tillBrowserMode,
}) => {
  const url = tillBrowserMode.integrationUrl as string;
  await openReadyApp(page, tillBrowserMode.url);
  await page.keyboard.press('F6');
  await expect(page.getByRole('heading', { level: 1, name: 'Resumen del día' })).toBeVisible();
  const pill = page.getByRole('button', { name: /Caja: \d+ en espera/ });
  await expect(pill).toHaveCount(0);

  expect(await postSale(url, { request_id: 'F001-77', billed_amount: 1200 })).toBe(201);
  await expect(pill).toHaveText('⇄ Caja: 1 en espera (F2)');
  expect(await postSale(url, { request_id: 'F001-78', billed_amount: 300 })).toBe(201);
  await expect(pill).toHaveText('⇄ Caja: 2 en espera (F2)');
  await saveAtCounterSizes(page, 'till-waiting-elsewhere');

  await page.keyboard.press('F2');
  await expect(tillCard(page)).toContainText('F001-77');
  // On the sale screen the queue itself shows them; the pill is gone.
  await expect(pill).toHaveCount(0);

  // Left mid-way: the sale on the sale screen still counts on another screen.
  await page.keyboard.press('F4');
  await expect(pill).toHaveText('⇄ Caja: 2 en espera (F2)');
  await pill.click();
  await expect(tillCard(page)).toContainText('F001-77');
});

test('resetting the practice data cancels the practice till sales still waiting', async ({
  app: page,
}) => {
  await page.keyboard.press('F6');
  const sent = await bridge(page, 'training.sendTillSale', { billed_cents: 120_000 });
  expect(sent.status).toBe(201);
  const pill = page.getByRole('button', { name: /Caja: \d+ en espera/ });
  await expect(pill).toHaveText('⇄ Caja: 1 en espera (F2)');
  await bridge(page, 'training.reset', {});
  await expect(pill).toHaveCount(0);
  expect((await bridge(page, 'integration.queue', {})).requests).toEqual([]);
  const read = await bridge(page, 'integration.read', { request_id: sent.request_id });
  expect(read).toMatchObject({ state: 'canceled', canceled_by: 'cashier' });
});
