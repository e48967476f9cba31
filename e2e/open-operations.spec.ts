// Every operation without a definite answer stays in sight on every screen (the tray), and its
// final answer is announced where the cashier is — on another screen, after a reload, after a
// host restart — with DNI/RUC, code and amount, until acknowledged. The journal is the source.
import type { Page } from '@playwright/test';
import { bridge } from './bridge-helper';
import { applyCase, collectAndConfirm, goTo, guidance, saleFields, verify } from './cashier';
import {
  expect,
  expectNoAxeViolations,
  openReadyApp,
  SUPERVISOR_PIN,
  saveScreenshot,
  startBrowserMode,
  test,
} from './fixtures';

/** A trainer's held fault on the next v3 paid-and-billed: amber until released. */
async function holdBillingFault(page: Page, fault: 'lose-response' | 'server-error') {
  await bridge(page, 'training.injectFault', {
    operation: 'v3.paidAndBilled',
    fault,
    times: 1,
    hold: true,
  });
}

async function sellIntoAmber(page: Page, title: string, cents: number): Promise<void> {
  await applyCase(page, title);
  await verify(page);
  await collectAndConfirm(page, cents);
  await expect(guidance(page)).toContainText(/no cobre de nuevo/i);
}

// Each case waits for the journal's background retry after a release.
test.describe.configure({ timeout: 180_000 });

const announcement = (page: Page) => page.getByTestId('announcement');

test('resolved while the cashier is on another screen: announced there with DNI, code and amount until acknowledged', async ({
  app: page,
}) => {
  await holdBillingFault(page, 'lose-response');
  await sellIntoAmber(page, 'Venta simple', 30000);
  await goTo(page, 'F6');
  // The tray keeps it in sight on this screen too.
  const pill = page.getByRole('button', {
    name: /^1 operación sin respuesta definitiva: no cobrar de nuevo$/,
  });
  await expect(pill).toBeVisible();
  await pill.click();
  const item = page.getByTestId('open-operation');
  await expect(item).toContainText('Pagado y facturado');
  await expect(item).toContainText('DNI 41000001');
  await expect(item).toContainText('VENTA1');
  await expect(item).toContainText(/Cobrado: S\/\s300\.00/);
  await expect(item).toContainText(/hace \d+ segundos|ahora/);
  await expect(item.getByRole('button', { name: /Cerrar/ })).toHaveCount(0);
  await saveScreenshot(page, 'open-operations-tray');
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1024, height: 768 });
  await saveScreenshot(page, 'open-operations-tray-1024');
  await page.setViewportSize({ width: 1366, height: 768 });

  await bridge(page, 'training.releaseFaults', {});
  const told = announcement(page);
  await expect(told).toContainText('PAGADA Y FACTURADA', { timeout: 90_000 });
  await expect(told).toContainText('Emita la boleta ahora');
  await expect(told).toContainText('DNI 41000001');
  await expect(told).toContainText('VENTA1');
  await expect(told).toContainText(/S\/\s300\.00/);
  await expect(page.getByRole('heading', { level: 1, name: 'Resumen del día' })).toBeVisible();
  await saveScreenshot(page, 'announced-billed');
  await expectNoAxeViolations(page);
  // It stays through a reload until acknowledged, then stays gone.
  await page.reload();
  await expect(announcement(page)).toContainText('VENTA1');
  await announcement(page).getByRole('button', { name: 'Entendido' }).click();
  await expect(announcement(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(2500);
  await expect(announcement(page)).toHaveCount(0);
});

test('after a reload the sale is still in the tray, and a refusal says to give the money back (en)', async ({
  app: page,
}) => {
  await holdBillingFault(page, 'server-error');
  await sellIntoAmber(page, 'Cliente no habilitado para la API', 25000);
  await bridge(page, 'settings.update', { pin: SUPERVISOR_PIN, change: { language: 'en' } });
  await page.reload();
  await expect(
    page.getByRole('button', {
      name: /1 operation without a definite answer: do not collect again/,
    }),
  ).toBeVisible();
  await bridge(page, 'training.releaseFaults', {});
  const told = announcement(page);
  await expect(told).toContainText('refused the paid-and-billed', { timeout: 90_000 });
  await expect(told).toContainText(/Give the customer back the S\/\s250\.00 collected/);
  await expect(told).toContainText('DNI 41000019');
  await expect(told).toContainText('HABIL1');
  await expectNoAxeViolations(page);
  await told.getByRole('button', { name: 'Got it' }).click();
  await expect(announcement(page)).toHaveCount(0);
});

test('a supervisor closes an unknown Verify from the tray with a note; a wrong PIN closes nothing', async ({
  app: page,
}) => {
  await bridge(page, 'training.injectFault', {
    operation: 'v3.verify',
    fault: 'lose-response',
    times: 1,
  });
  await applyCase(page, 'Venta simple');
  await verify(page);
  await expect(guidance(page)).toBeVisible();
  // A Verify moved no money: the pill counts it without "no cobrar de nuevo".
  await page.getByRole('button', { name: /^1 operación sin respuesta definitiva$/ }).click();
  const item = page.getByTestId('open-operation');
  await expect(item).toContainText('Verificación');
  await expect(item).toContainText('DNI 41000001');
  await item.getByRole('button', { name: 'Cerrar (PIN de supervisor)' }).click();
  await item.getByLabel('Nota del supervisor (qué revisó)').fill('cliente se fue; nada cobrado');
  await item.getByLabel('PIN de supervisor').fill('0000');
  await item.getByRole('button', { name: 'Cerrar con esta nota' }).click();
  await expect(item.getByRole('alert')).toContainText(/PIN/);
  await expect(item).toBeVisible();
  await expectNoAxeViolations(page);
  await item.getByLabel('PIN de supervisor').fill(SUPERVISOR_PIN);
  await item.getByRole('button', { name: 'Cerrar con esta nota' }).click();
  await expect(page.getByTestId('open-operation')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /sin respuesta definitiva/ })).toHaveCount(0);
  // The note is in the journal: closed for good, also after a reload.
  const { operations } = await bridge(page, 'journal.unresolved', {});
  expect(operations.filter((op) => op.operation === 'v3.verify')).toEqual([]);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(2500);
  await expect(page.getByRole('button', { name: /sin respuesta definitiva/ })).toHaveCount(0);
});

test('a host restart resolves the unknown billing and the reopened app announces it', async ({
  page,
}) => {
  const first = await startBrowserMode();
  let second: Awaited<ReturnType<typeof startBrowserMode>> | null = null;
  try {
    await openReadyApp(page, first.server.url);
    await holdBillingFault(page, 'lose-response');
    await sellIntoAmber(page, 'Venta simple', 30000);
    // The host dies with the billing unknown; the next start retries it from the journal.
    await first.stop({ keepData: true, signal: 'SIGKILL' });
    second = await startBrowserMode(first.server.dataDir);
    await page.goto(`${second.server.url}#/summary`);
    const told = announcement(page);
    await expect(told).toContainText('DNI 41000001', { timeout: 45_000 });
    await expect(told).toContainText('VENTA1');
    await expect(told).toContainText(/S\/\s300\.00/);
    await told.getByRole('button', { name: 'Entendido' }).click();
    await expect(announcement(page)).toHaveCount(0);
  } finally {
    await (second ?? first).stop();
  }
});

test('a code whose billing is still unknown gets no second amount to collect, until the answer is in', async ({
  app: page,
}) => {
  // A 503 kept by the trainer: the service has not billed, so without the guard a second Verify
  // of the same code would show the amount again and the cashier would collect it twice.
  await holdBillingFault(page, 'server-error');
  await sellIntoAmber(page, 'Venta simple', 30000);
  await page.getByRole('button', { name: 'Atender otra venta (esta sigue en reintento)' }).click();
  // The same customer and code typed again (applying the training case again would reset it).
  const fields = saleFields(page);
  await fields.dni.fill('41000001');
  await fields.code.fill('VENTA1');
  await fields.amount.fill('1200.00');
  await verify(page);
  await expect(
    page.getByRole('heading', {
      name: 'Este código tiene un cobro sin respuesta del servicio',
    }),
  ).toBeVisible();
  await expect(page.getByTestId('amount-to-collect')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Cobrar/ })).toHaveCount(0);
  await saveScreenshot(page, 'sale-billing-in-doubt');
  await expectNoAxeViolations(page);

  await bridge(page, 'training.releaseFaults', {});
  const told = announcement(page);
  await expect(told).toContainText('PAGADA Y FACTURADA', { timeout: 90_000 });
  await told.getByRole('button', { name: 'Entendido' }).click();
  // Answered: now the code reads as already billed, still with nothing to collect.
  await verify(page);
  await expect(page.getByText('No cobre nada: este código ya está pagado.')).toBeVisible();
  await expect(page.getByTestId('amount-to-collect')).toHaveCount(0);
});
