// Several counters, one store: two browser-mode hosts (own data dirs) in live mode against one
// service (the mock on loopback) and one throwaway PostgreSQL (electron/store-db/test-support).
// A billing at Caja 1 shows on Caja 2's Verify as "facturado en Caja 1"; a paid-and-billed held
// in doubt at Caja 1 shows on Caja 2 as "en duda en Caja 1: no cobrar"; a database that does not
// answer lets the sale go on with a note; the top bar says when lines are not getting through.
import type { Page } from '@playwright/test';
import { createMockApp, type MockApp } from '../electron/mock/app';
import { migrate } from '../electron/store-db/migrate';
import { type PgCluster, startPgCluster } from '../electron/store-db/test-support/pg-cluster';
import { startSilentServer } from '../electron/store-db/test-support/silent-server';
import { bridge } from './bridge-helper';
import { amountToCollect, goTo, money, saleFields, verify } from './cashier';
import {
  expect,
  expectNoAxeViolations,
  openReadyApp,
  SUPERVISOR_PIN,
  saveAtCounterSizes,
  startBrowserMode,
  test,
} from './fixtures';

const TOKEN = 'e2e-store-db-token-1234';
const STORE = 'tienda-e2e';
const PAID = '/pos/client/inhouse-downpayment/v3/paid-and-billed';

type Host = { page: Page; stop: () => Promise<void> };

let cluster: PgCluster;
let ownerUrl: string;
let terminalUrl: string;
let mock: MockApp;
let serviceUrl: string;

test.beforeAll(async () => {
  cluster = await startPgCluster();
  ownerUrl = await cluster.createDatabase('store_e2e');
  await migrate(ownerUrl);
  cluster.psql("CREATE ROLE caja_e2e LOGIN PASSWORD 'pw-caja-e2e' IN ROLE mostrador_terminal");
  terminalUrl = cluster.url('store_e2e', 'caja_e2e', 'pw-caja-e2e');
  mock = await createMockApp({ token: TOKEN });
  await mock.listen({ port: 0, host: '127.0.0.1' });
  const address = mock.server.address();
  serviceUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

test.afterAll(async () => {
  await mock?.close();
  cluster?.stop();
});

/** A counter in live mode on the shared service and store database, named `name`. */
async function counter(browser: import('@playwright/test').Browser, name: string): Promise<Host> {
  const { server, stop } = await startBrowserMode();
  const context = await browser.newContext();
  const page = await context.newPage();
  await openReadyApp(page, server.url);
  await bridge(page, 'token.set', { pin: SUPERVISOR_PIN, token: TOKEN });
  await bridge(page, 'settings.update', {
    pin: SUPERVISOR_PIN,
    change: { mode: 'live', base_url: serviceUrl, pos_client_id: STORE, terminal_name: name },
  });
  await bridge(page, 'storeDb.configure', { pin: SUPERVISOR_PIN, url: terminalUrl });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return {
    page,
    stop: async () => {
      await context.close();
      await stop();
    },
  };
}

async function fault(body: Record<string, unknown> | null): Promise<void> {
  const response = await fetch(`${serviceUrl}/__mock/faults`, {
    method: body ? 'POST' : 'DELETE',
    headers: {
      authorization: `Bearer ${TOKEN}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(response.ok).toBe(true);
}

/** Until the database holds every line this counter wrote. */
async function drained(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const state = await bridge(page, 'storeDb.replication', {});
        return `${state.state}/${state.waiting_lines}`;
      },
      { timeout: 20_000 },
    )
    .toBe('ok/0');
}

async function fillSale(page: Page, dni: string, code: string, amount: string): Promise<void> {
  const fields = saleFields(page);
  await fields.dni.fill(dni);
  await fields.code.fill(code);
  await fields.amount.fill(amount);
  await verify(page);
}

test('two counters, one store database: billed and in doubt at Caja 1 reach Caja 2, a silent database leaves a note', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const caja1 = await counter(browser, 'Caja 1');
  const caja2 = await counter(browser, 'Caja 2');
  try {
    // Caja 1 bills VENTA1.
    const verified = await bridge(caja1.page, 'v3.verify', {
      identity: { kind: 'dni', value: '41000001' },
      funding_code: 'VENTA1',
      billed_cents: 120_000,
    });
    if (verified.status !== 'succeeded') throw new Error('Caja 1 could not verify');
    const billed = await bridge(caja1.page, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
    expect(billed.status).toBe('succeeded');
    await drained(caja1.page);

    // Caja 2: the same code, named with the counter that billed it, nothing to collect.
    const page = caja2.page;
    await goTo(page, 'F2');
    await fillSale(page, '41000001', 'VENTA1', '1200.00');
    const already = page.getByTestId('already-billed');
    await expect(already).toBeVisible();
    await expect(page.getByTestId('billed-when')).toHaveText(/^Facturado en Caja 1 a las \d/);
    await expect(amountToCollect(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Cobrar/ })).toHaveCount(0);
    await saveAtCounterSizes(page, 'store-billed-elsewhere');
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByRole('button', { name: 'Nueva venta' }).click();

    // Caja 1's paid-and-billed of MENOS1 gets no answer (the service fails with 503 until
    // cleared): in doubt there, so Caja 2 must not collect.
    await fault({ kind: 'status', endpoint: PAID, funding_code: 'MENOS1', times: 0 });
    const second = await bridge(caja1.page, 'v3.verify', {
      identity: { kind: 'dni', value: '41000002' },
      funding_code: 'MENOS1',
      billed_cents: 150_000,
    });
    if (second.status !== 'succeeded') throw new Error('Caja 1 could not verify MENOS1');
    const doubt = await bridge(caja1.page, 'v3.paidAndBilled', { verify_op_id: second.op_id });
    expect(doubt.status).toBe('unknown');
    await expect
      .poll(async () => (await bridge(caja1.page, 'storeDb.replication', {})).waiting_lines, {
        timeout: 20_000,
      })
      .toBe(0);
    await fillSale(page, '41000002', 'MENOS1', '1500.00');
    const guidance = page.getByTestId('guidance');
    await expect(guidance).toContainText('Este código tiene un cobro sin respuesta en Caja 1');
    await expect(guidance).toContainText('No cobre');
    await expect(amountToCollect(page)).toHaveCount(0);
    await saveAtCounterSizes(page, 'store-in-doubt-elsewhere');
    await page.setViewportSize({ width: 1366, height: 900 });
    await fault(null);

    // The store database stops answering (a server that accepts and hangs): Caja 2 sells on,
    // with the note, and its top bar says its lines are not getting through.
    const silent = await startSilentServer();
    try {
      await bridge(page, 'storeDb.configure', {
        pin: SUPERVISOR_PIN,
        url: silent.url.replace('caja:pw@', 'caja:pw-silent@'),
      });
      await page.reload();
      await fillSale(page, '41000016', 'CENTS1', '1000.01');
      await expect(amountToCollect(page)).toHaveText(money(25_001));
      await expect(page.getByTestId('others-not-checked')).toHaveText(
        /No se pudo consultar a las otras cajas/,
      );
      const pill = page.getByTestId('store-link-pill');
      await expect(pill).toHaveText(
        /Tienda: sin conexión desde las \d{2}:\d{2}:\d{2} — \d+ registros? por enviar/,
        { timeout: 30_000 },
      );
      await saveAtCounterSizes(page, 'store-not-checked');
      await page.setViewportSize({ width: 1366, height: 900 });
    } finally {
      await silent.close();
    }

    // A wrong password: the database refuses this counter; the bar says so, in English too.
    await bridge(page, 'storeDb.configure', {
      pin: SUPERVISOR_PIN,
      url: terminalUrl.replace('pw-caja-e2e', 'not-the-password'),
    });
    await bridge(page, 'settings.setLanguage', { language: 'en' });
    await page.reload();
    await expect(page.getByTestId('store-link-pill')).toHaveText(
      /Store: the database refuses this counter since \d/,
      { timeout: 30_000 },
    );
    await saveAtCounterSizes(page, 'store-refused-en');
    await bridge(page, 'settings.setLanguage', { language: 'es-PE' });
    await page.setViewportSize({ width: 1366, height: 900 });

    // "Probar conexión" names each check: the owner's URL is too much for a counter.
    await bridge(page, 'storeDb.configure', { pin: SUPERVISOR_PIN, url: terminalUrl });
    await page.reload();
    await page.keyboard.press('F8');
    await page.getByLabel('PIN del supervisor').fill(SUPERVISOR_PIN);
    await page.keyboard.press('Enter');
    const card = page.getByTestId('store-db-settings');
    await expect(card).toContainText('Conectada a store_e2e en 127.0.0.1');
    // An empty counter name is not "Correcto": it is a name still to give (and Guardar stays off).
    const nameField = card.getByLabel('Nombre de esta caja');
    const savedName = await nameField.inputValue();
    await expect(page.locator('#terminal-name-message')).toContainText('Correcto');
    await nameField.fill('');
    await expect(page.locator('#terminal-name-message')).not.toContainText('Correcto');
    await expect(card.getByRole('button', { name: 'Guardar nombre' })).toBeDisabled();
    await nameField.fill(savedName);
    await card.getByLabel('Dirección de la base de datos (nueva)').fill(ownerUrl);
    await card.getByRole('button', { name: 'Probar conexión' }).click();
    await expect(card.getByTestId('store-check-reachable')).toHaveAttribute('data-status', 'ok');
    await expect(card.getByTestId('store-check-privileges')).toHaveAttribute(
      'data-status',
      'failed',
    );
    await expect(card.getByTestId('store-check-privileges')).toContainText('superuser');
    await card.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    await saveAtCounterSizes(page, 'settings-store-db-check');
    expect(await page.content()).not.toContain('pw-caja-e2e');
  } finally {
    await fault(null).catch(() => undefined);
    await caja1.stop();
    await caja2.stop();
  }
});
