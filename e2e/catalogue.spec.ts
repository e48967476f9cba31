// Every case of the trainer's catalogue, run as a class would: one click on the case, then the
// cashier's own steps, ending on what the case says the cashier should see.
import type { Page } from '@playwright/test';
import type { Scenario } from '../shared/api/trainer';
import {
  amountToCollect,
  catalogue,
  centsOf,
  collectAndConfirm,
  expectDetails,
  guidance,
  money,
  paidAndBilled,
  verify,
} from './cashier';
import { expect, SUPERVISOR_PIN, test } from './fixtures';

type Run = (page: Page, scenario: Scenario) => Promise<void>;

/** A sale whose amount to collect is the one the catalogue computed, ending green. */
const sellsFor: Run = async (page, scenario) => {
  const cents = centsOf(scenario.to_collect);
  await verify(page);
  await expect(amountToCollect(page)).toHaveText(money(cents));
  if (cents === 0) {
    await page.getByRole('button', { name: 'Continuar: no hay nada que cobrar' }).click();
    await page.getByRole('button', { name: /^Sí, confirmar la facturación/ }).click();
  } else {
    await collectAndConfirm(page, cents);
  }
  await expect(paidAndBilled(page)).toContainText('PAGADO Y FACTURADO');
};

const verifyRefused =
  (title: RegExp, message: string): Run =>
  async (page) => {
    await verify(page);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expectDetails(page, message);
    await expect(amountToCollect(page)).toHaveCount(0);
  };

const undo =
  (outcome: { ok: true } | { title: RegExp; message: string }): Run =>
  async (page) => {
    await page.getByLabel('Motivo (queda registrado)').fill('Cambio de producto');
    await page.getByLabel('PIN del supervisor').fill(SUPERVISOR_PIN);
    await page.getByRole('button', { name: 'Deshacer facturación', exact: true }).click();
    if ('ok' in outcome) {
      await expect(page.getByRole('heading', { name: 'Facturación deshecha' })).toBeVisible();
    } else {
      await expect(page.getByRole('heading', { name: outcome.title })).toBeVisible();
      await expectDetails(page, outcome.message);
    }
  };

const RUNS: Record<string, Run> = {
  'plain-sale': sellsFor,
  'billed-below-approved': sellsFor,
  'billed-above-credit-line': sellsFor,
  'odd-cents': async (page, scenario) => {
    await verify(page);
    await expect(page.getByText(/^3 cuotas de S\/\s250\.00$/)).toBeVisible();
    await sellsFor(page, scenario);
  },
  'downpayment-partly-paid-online': sellsFor,
  'downpayment-fully-paid-online': sellsFor,
  'downpayment-overpaid-online': sellsFor,
  'ruc-customer': async (page, scenario) => {
    await sellsFor(page, scenario);
    await expect(paidAndBilled(page)).toContainText('factura');
  },
  'schedule-acceptance-needed': async (page, scenario) => {
    await verify(page);
    await collectAndConfirm(page, centsOf(scenario.to_collect));
    await expect(
      page.getByRole('heading', { name: /no ha aceptado el nuevo cronograma/ }),
    ).toBeVisible();
    await expectDetails(page, 'Customer did not accept new installment schedule yet');
    await expect(paidAndBilled(page)).toHaveCount(0);
  },
  'dni-mismatch': verifyRefused(
    /El DNI no corresponde a este financiamiento/,
    'Financing DNI does not match with the DNI sent',
  ),
  'inactive-code': verifyRefused(
    /no existe o no está activo/,
    'Funding code does not exist or not active',
  ),
  'already-billed': async (page) => {
    await verify(page);
    await expect(
      page.getByRole('heading', { name: 'Este código ya está pagado y facturado' }),
    ).toBeVisible();
    await expect(page.getByText('No cobre nada', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Cobrar/ })).toHaveCount(0);
    await expect(page.getByTestId('amount-to-collect')).toHaveCount(0);
  },
  'cashier-changed': verifyRefused(/Otra caja empezó esta venta/, 'cashier_id changed'),
  'store-not-allowed-v3': async (page, scenario) => {
    await verifyRefused(
      /no está habilitada para la venta v3/,
      'Your store is not allowed to use this endpoint',
    )(page, scenario);
    await guidance(page).getByRole('button', { name: 'Ir a Consulta v2 (F3)' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Consulta de código (v2)' }),
    ).toBeVisible();
    await expect(page.getByLabel('DNI del cliente (8 dígitos)')).toHaveValue('41000018');
    await expect(page.getByLabel('Código de financiamiento (6 caracteres)')).toHaveValue('TIEND1');
  },
  'client-not-enabled': async (page, scenario) => {
    await verify(page);
    await collectAndConfirm(page, centsOf(scenario.to_collect));
    await expect(
      page.getByRole('heading', { name: /no puede marcar pagado y facturado/ }),
    ).toBeVisible();
    await expect(guidance(page)).toContainText('Devuelva lo cobrado');
    await expectDetails(page, 'Client not enabled to use this API');
  },
  'undo-allowed': undo({ ok: true }),
  'undo-personal-ruc': undo({ ok: true }),
  'undo-not-billed': undo({ title: /Todavía no está facturado/, message: 'Not billed yet' }),
  'undo-no-downpayment': undo({
    title: /no tiene inicial registrada/,
    message: "This lend don't have downpayment, lend :",
  }),
  'undo-first-payment-online': undo({
    title: /La inicial no se pagó en tienda/,
    message: 'The origin of the first payment is not external, len :',
  }),
  'undo-several-payments': undo({
    title: /ya tiene más de un pago/,
    message: 'This lend has not only 1 (one) payment, len :',
  }),
  'undo-company-ruc': async (page) => {
    await expect(
      page.getByText(/Solo se puede deshacer con un RUC que empieza con 10/),
    ).toBeVisible();
    await page.getByLabel('Motivo (queda registrado)').fill('Cambio de producto');
    await page.getByLabel('PIN del supervisor').fill(SUPERVISOR_PIN);
    await page.getByRole('button', { name: 'Deshacer facturación', exact: true }).click();
    await expect(page.getByLabel('RUC del cliente (11 dígitos)')).toBeFocused();
    await expect(page.getByRole('heading', { name: 'Facturación deshecha' })).toHaveCount(0);
  },
  'v2-pending': async (page) => {
    await page.getByRole('button', { name: /^Consultar/ }).click();
    await expect(page.getByRole('heading', { name: /PENDIENTE/ })).toBeVisible();
    await page.getByRole('button', { name: /^Cobrar/ }).click();
    await page.getByRole('button', { name: /^Sí, recibí/ }).click();
    await expect(paidAndBilled(page)).toContainText('PAGADO Y FACTURADO');
  },
  'v2-fulfilled': async (page) => {
    await page.getByRole('button', { name: /^Consultar/ }).click();
    await expect(page.getByRole('heading', { name: /CUMPLIDO/ })).toBeVisible();
    await expect(page.getByText('En línea (pagada directamente al servicio)')).toBeVisible();
  },
  // The store close on F6 against the practice store (e2e/training-store-close.spec.ts).
  'store-close-counter-cut-off': async (page) => {
    const panel = page.getByRole('region', { name: 'Cierre del día de la tienda' });
    await expect(panel.getByTestId('store-close-freshness')).toContainText(
      /Caja 3: en silencio desde las .+ — lo que hizo después no está en este cierre/,
    );
    // Its sale of CORTE1 has no answer in the practice database: the close waits for Caja 3's
    // return, as in a store, and the class brings it back (issue 35 item 3).
    await expect(panel.getByTestId('store-close-exceptions')).toContainText(
      'Caja sin conexión con una venta sin respuesta en la base',
    );
    await expect(panel.getByTestId('store-close-exceptions')).toContainText(
      '41000020 CORTE1 sin respuesta definitiva',
    );
    await panel.getByRole('button', { name: 'Práctica: Caja 3 vuelve a conectarse' }).click();
    await expect(panel.getByTestId('store-close-freshness')).toContainText('Caja 3: al día');
  },
};

test('the catalogue has a run for every case', async ({ app: page }) => {
  const names = (await catalogue(page)).map((s) => s.name).sort();
  expect(names).toEqual(Object.keys(RUNS).sort());
});

for (const [name, run] of Object.entries(RUNS)) {
  test(`case ${name}`, async ({ app: page }) => {
    const scenario = (await catalogue(page)).find((s) => s.name === name);
    if (!scenario) throw new Error(`no case ${name}`);
    await page.getByRole('link', { name: /Entrenamiento/ }).click();
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: scenario.title.es, exact: true }) });
    await expect(card).toContainText(scenario.expect.es);
    await page.getByRole('button', { name: `Usar caso: ${scenario.title.es}` }).click();
    const hint = page.getByRole('complementary', { name: 'Caso de entrenamiento' });
    await expect(hint).toContainText(scenario.expect.es);
    await run(page, scenario);
  });
}
