// Money held here for a refused sale of a code that was then billed through another channel
// (another counter, the e-commerce): the Verify says "already billed, collect nothing", and the
// money held here is the customer's to give back, not left unsaid on that screen and held forever
// (docs/decisions.md "Money held for a code billed elsewhere"). Two browser-mode hosts in live
// mode on one service (the mock on loopback): Caja A holds the money, Caja B bills the code.
import type { Page } from '@playwright/test';
import { createMockApp, type MockApp } from '../electron/mock/app';
import { bridge } from './bridge-helper';
import { amountToCollect, goTo, saleFields, verify } from './cashier';
import { expect, openReadyApp, SUPERVISOR_PIN, startBrowserMode, test } from './fixtures';

const TOKEN = 'e2e-held-billed-token-1234';
const PAID = '/pos/client/inhouse-downpayment/v3/paid-and-billed';
const SALE = {
  identity: { kind: 'dni' as const, value: '41000001' },
  funding_code: 'VENTA1',
  billed_cents: 120_000,
};

let mock: MockApp;
let serviceUrl: string;

test.beforeAll(async () => {
  mock = await createMockApp({ token: TOKEN });
  await mock.listen({ port: 0, host: '127.0.0.1' });
  const address = mock.server.address();
  serviceUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

test.afterAll(async () => {
  await mock?.close();
});

async function liveCounter(browser: import('@playwright/test').Browser) {
  const { server, stop } = await startBrowserMode();
  const context = await browser.newContext();
  const page = await context.newPage();
  await openReadyApp(page, server.url);
  await bridge(page, 'token.set', { pin: SUPERVISOR_PIN, token: TOKEN });
  await bridge(page, 'settings.update', {
    pin: SUPERVISOR_PIN,
    change: { mode: 'live', base_url: serviceUrl },
  });
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

async function refuseNextBilling(): Promise<void> {
  const response = await fetch(`${serviceUrl}/__mock/faults`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      kind: 'status',
      status: 400,
      endpoint: PAID,
      funding_code: SALE.funding_code,
      times: 1,
    }),
  });
  expect(response.ok).toBe(true);
}

async function billByBridge(page: Page) {
  const verified = await bridge(page, 'v3.verify', SALE);
  if (verified.status !== 'succeeded') throw new Error(`verify ${verified.status}`);
  return bridge(page, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
}

test('money held here for a code billed elsewhere: the already-billed screen says to give it back and asks on leaving', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const cajaA = await liveCounter(browser);
  const cajaB = await liveCounter(browser);
  try {
    // Caja A collected and the service refused: the money is held at Caja A.
    await refuseNextBilling();
    expect((await billByBridge(cajaA.page)).status).toBe('refused');
    const held = await bridge(cajaA.page, 'money.held', {});
    expect(held.total_cents).toBeGreaterThan(0);
    // The customer went elsewhere: the code is billed without Caja A.
    expect((await billByBridge(cajaB.page)).status).toBe('succeeded');

    const page = cajaA.page;
    await goTo(page, 'F2');
    const fields = saleFields(page);
    await fields.dni.fill(SALE.identity.value);
    await fields.code.fill(SALE.funding_code);
    await fields.amount.fill('1200.00');
    await verify(page);
    await expect(page.getByTestId('already-billed')).toBeVisible();
    await expect(amountToCollect(page)).toHaveCount(0);
    // The money held here is named, with what to do: give it back.
    const notice = page.getByTestId('held-billed-elsewhere');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(/retiene S\/\s[\d,.]+ .*devuélvaselos/);
    // "Nueva venta" asks first whether it went back, and the answer ends the hold.
    await page.getByRole('button', { name: 'Nueva venta' }).click();
    const leave = page.getByRole('alertdialog', { name: '¿Devolvió el dinero al cliente?' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: /^Sí, le devolví/ }).click();
    await expect(saleFields(page).code).toHaveValue('');
    expect(await bridge(page, 'money.held', {})).toEqual({ holds: [], total_cents: 0 });
  } finally {
    await cajaA.stop();
    await cajaB.stop();
  }
});
