// Money at the counter, round 3 (issue 18): a late refund is announced in the direct answer's
// words (never cash the customer must not get, never an amount the terminal does not know);
// quick separate Enter taps never move money nor wipe a green result (a half-second dwell on the
// money steps); green and amber never show at the same time.
import type { Page } from '@playwright/test';
import { bridge } from './bridge-helper';
import {
  amountToCollect,
  applyCase,
  guidance,
  money,
  paidAndBilled,
  saleFields,
  useEnglish as switchToEnglish,
} from './cashier';
import { expect, expectNoAxeViolations, openReadyApp, saveAtCounterSizes, test } from './fixtures';
import { tapEnter } from './taps';

// The late cases wait for the journal's background retry of a lost answer.
test.describe.configure({ timeout: 120_000 });

const announcement = (page: Page) => page.getByTestId('announcement');

/** An order made through the bridge, approved and confirmed: it can be refunded. */
async function refundableOrder(page: Page): Promise<string> {
  const made = await bridge(page, 'orders.create', {
    amount_cents: 150_000,
    description: 'Refrigeradora',
    customer: { name: 'Ana Quispe' },
    send_sms: false,
  });
  if (made.status !== 'succeeded') throw new Error(`order not created: ${made.status}`);
  for (const status of ['created', 'approved'] as const)
    await bridge(page, 'training.setOrderStatus', { order_id: made.order_id, status });
  await bridge(page, 'orders.confirm', { order_id: made.order_id });
  return made.order_id;
}

type Words = {
  refundTask: RegExp;
  orderId: string;
  partial: RegExp;
  amount: string;
  reason: string;
  review: string;
  yes: string;
};
const ES: Words = {
  refundTask: /^Devolución$/,
  orderId: 'Número de pedido',
  partial: /^Parcial/,
  amount: 'Monto a devolver (S/)',
  reason: 'Motivo (queda registrado)',
  review: 'Revisar devolución',
  yes: 'Sí, devolver',
};
const EN: Words = {
  refundTask: /^Refund$/,
  orderId: 'Order number',
  partial: /^Partial/,
  amount: 'Amount to give back (S/)',
  reason: 'Reason (it is recorded)',
  review: 'Review refund',
  yes: 'Yes, refund',
};

/** A refund made on the F9 screen; `lose` first loses its answer, so it is answered late. */
async function refundOnScreen(
  page: Page,
  w: Words,
  orderId: string,
  amount: string | null,
  lose: boolean,
): Promise<void> {
  if (lose) {
    await bridge(page, 'training.injectFault', {
      operation: 'orders.refund',
      fault: 'lose-response',
      times: 1,
    });
  }
  await page.keyboard.press('F9');
  await page.getByRole('radio', { name: w.refundTask }).check();
  await page.getByLabel(w.orderId).fill(orderId);
  if (amount !== null) {
    await page.getByRole('radio', { name: w.partial }).check();
    await page.getByLabel(w.amount).fill(amount);
  }
  await page.getByLabel(w.reason).fill('Devolución de prueba');
  await page.getByRole('button', { name: w.review }).click();
  await page.getByRole('button', { name: w.yes }).click();
  if (lose) await expect(guidance(page)).toHaveClass(/guidance--unknown/);
}

test.describe('a late refund is announced in the words of a direct one', () => {
  test('partial refund answered decreased_debt: debt reduced, no money handed over (es, 1366 and 1024)', async ({
    app: page,
  }) => {
    // The direct answer first: the words the late one must repeat.
    const direct = await refundableOrder(page);
    await refundOnScreen(page, ES, direct, '300.00', false);
    const result = page.getByTestId('refund-result');
    await expect(result.getByRole('heading', { name: 'Deuda del cliente reducida' })).toBeVisible();
    const directSteps = ((await result.locator('p').first().textContent()) ?? '').trim();
    expect(directSteps).toContain('no se le entrega dinero');
    await page.getByRole('button', { name: 'Otra devolución' }).click();

    const late = await refundableOrder(page);
    await refundOnScreen(page, ES, late, '300.00', true);
    // The cashier serves the next customer; the answer arrives there.
    await page.keyboard.press('F2');
    const told = announcement(page);
    await expect(told).toBeVisible({ timeout: 60_000 });
    await expect(told.getByRole('heading')).toContainText('Deuda del cliente reducida');
    await expect(told).toContainText(directSteps);
    await expect(told).toContainText(money(30000));
    await expect(told).not.toContainText(/Entregue al cliente/);
    // The order is labelled as an order, not as a customer.
    await expect(told.getByRole('term').filter({ hasText: /^Pedido$/ })).toBeVisible();
    await expect(told).toContainText(late);
    await expect(told.getByRole('term').filter({ hasText: /^Cliente$/ })).toHaveCount(0);
    await saveAtCounterSizes(page, 'announced-refund-debt-reduced');
    await told.getByRole('button', { name: 'Entendido' }).click();
    await expect(announcement(page)).toHaveCount(0);
  });

  test('total refund answered late, to the card: no amount the terminal does not know, no cash (es)', async ({
    app: page,
  }) => {
    const late = await refundableOrder(page);
    await refundOnScreen(page, ES, late, null, true);
    await page.keyboard.press('F2');
    const told = announcement(page);
    await expect(told).toBeVisible({ timeout: 60_000 });
    await expect(told.getByRole('heading')).toContainText('Devolución hecha');
    await expect(told).toContainText('tarjeta');
    await expect(told).toContainText(/no se le entrega efectivo/);
    await expect(told).not.toContainText(/Entregue al cliente/);
    await expect(told).not.toContainText(/S\/\s0\.00/);
    await expect(told).not.toContainText(/S\//);
    await expect(told.getByRole('term').filter({ hasText: /^Pedido$/ })).toBeVisible();
    await expect(told.getByRole('term').filter({ hasText: /^Cliente$/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await told.getByRole('button', { name: 'Entendido' }).click();
    await expect(announcement(page)).toHaveCount(0);
  });

  test('partial refund answered late, decreased_debt, in English at 1024x768', async ({
    app: page,
  }) => {
    await switchToEnglish(page);
    await page.setViewportSize({ width: 1024, height: 768 });
    const late = await refundableOrder(page);
    await refundOnScreen(page, EN, late, '300.00', true);
    await page.keyboard.press('F2');
    const told = announcement(page);
    await expect(told).toBeVisible({ timeout: 60_000 });
    await expect(told.getByRole('heading')).toContainText("Customer's debt reduced");
    await expect(told).toContainText('no money is handed over');
    await expect(told).toContainText(money(30000));
    await expect(told).not.toContainText(/Hand the customer/);
    await expect(told.getByRole('term').filter({ hasText: /^Order$/ })).toBeVisible();
    await expect(told.getByRole('term').filter({ hasText: /^Customer$/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await told.getByRole('button', { name: 'Got it' }).click();
    await expect(announcement(page)).toHaveCount(0);
  });
});

async function clickAt(page: Page, point: { x: number; y: number }, at: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const wait = at - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
  try {
    for (const type of ['mousePressed', 'mouseReleased'] as const)
      await cdp.send('Input.dispatchMouseEvent', {
        type,
        ...point,
        button: 'left',
        clickCount: 1,
        timestamp: at / 1000,
      });
  } finally {
    await cdp.detach();
  }
}

/** The op ids of paid-and-billed calls in this terminal's journal. */
async function billingOps(page: Page): Promise<string[]> {
  const { operations } = await bridge(page, 'journal.operations', {});
  return operations.filter((op) => op.operation.endsWith('paidAndBilled')).map((op) => op.op_id);
}

type SaleWords = {
  caseTitle: RegExp;
  useCase: string;
  amount: string;
  confirmTitle: string;
  collect: RegExp;
  yes: RegExp;
  billed: string;
  newSale: string;
};
const SALE_ES: SaleWords = {
  caseTitle: /Entrenamiento/,
  useCase: 'Usar caso: Venta simple',
  amount: 'Monto facturado (S/)',
  confirmTitle: 'Confirmar el cobro',
  collect: new RegExp(`^Cobrar ${money(30000).source}$`),
  yes: new RegExp(`^Sí, recibí ${money(30000).source}`),
  billed: 'PAGADO Y FACTURADO',
  newSale: 'Nueva venta',
};
const SALE_EN: SaleWords = {
  caseTitle: /Training/,
  useCase: 'Use case: Plain sale',
  amount: 'Billed amount (S/)',
  confirmTitle: 'Confirm the payment',
  collect: new RegExp(`^Collect ${money(30000).source}$`),
  yes: new RegExp(`^Yes, I received ${money(30000).source}`),
  billed: 'PAID AND BILLED',
  newSale: 'New sale',
};

const TAP_CASES = [
  { name: 'es at 1366x768', english: false, size: { width: 1366, height: 768 }, taps: 4 },
  { name: 'en', english: true, size: { width: 1366, height: 768 }, taps: 4 },
  { name: 'es at 1024x768', english: false, size: { width: 1024, height: 768 }, taps: 4 },
  // The fast in-process service answers each step within the taps' rhythm: six taps.
  { name: 'es at 1024x768, six taps', english: false, size: { width: 1024, height: 768 }, taps: 6 },
] as const;

for (const c of TAP_CASES) {
  test(`${c.taps} quick Enter taps in the amount field neither bill nor pass the collect step (${c.name})`, async ({
    app: page,
  }) => {
    if (c.english) await switchToEnglish(page);
    await page.setViewportSize(c.size);
    const w = c.english ? SALE_EN : SALE_ES;
    await page.getByRole('link', { name: w.caseTitle }).click();
    await page.getByRole('button', { name: w.useCase }).click();
    const before = await billingOps(page);
    // When the collect button appears (epoch ms, the clock the taps carry).
    await page.evaluate(() => {
      const w = window as unknown as { __shown: number | null };
      w.__shown = null;
      new MutationObserver(() => {
        const collect = Array.from(document.querySelectorAll('button')).some((b) =>
          /^(Cobrar|Collect) /.test(b.textContent ?? ''),
        );
        if (w.__shown === null && collect) w.__shown = performance.timeOrigin + performance.now();
      }).observe(document.body, { subtree: true, childList: true });
    });
    await page.getByLabel(w.amount).focus();
    // The first tap verifies; the others follow 150 ms apart, the first of them 50 ms after the
    // amount appears (the service here answers at once; on a busy machine the page may draw the
    // amount later than a real counter would, so the rhythm is kept from that moment).
    await tapEnter(page, 1);
    const shown = await page
      .waitForFunction(() => (window as unknown as { __shown: number | null }).__shown)
      .then((handle) => handle.jsonValue());
    if (typeof shown !== 'number') throw new Error('the amount never appeared');
    await tapEnter(page, c.taps - 1, 150, shown + 50);
    // Let whatever the taps started finish.
    await page.waitForTimeout(1500);
    expect(await billingOps(page)).toEqual(before);
    await expect(paidAndBilled(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: w.billed })).toHaveCount(0);
    if (c.taps === 4) {
      // The first tap verified; the three others came too soon after the amount appeared.
      await expect(amountToCollect(page)).toBeVisible();
      await expect(page.getByRole('heading', { name: w.confirmTitle })).toHaveCount(0);
    }
    // A deliberate press, once the step has been on screen a moment, still goes on: to the
    // question after four taps; after six (the fifth came half a second after the amount, so
    // it opened the question), it confirms.
    await page.keyboard.press('Enter');
    if (c.taps === 4) {
      await expect(page.getByRole('heading', { name: w.confirmTitle })).toBeVisible();
      await expect(paidAndBilled(page)).toHaveCount(0);
    } else {
      await expect(
        page.getByRole('heading', { name: w.confirmTitle }).or(paidAndBilled(page)),
      ).toBeVisible();
    }
  });
}

for (const c of [
  { name: 'es at 1366x768', english: false, size: { width: 1366, height: 768 } },
  { name: 'en at 1024x768', english: true, size: { width: 1024, height: 768 } },
] as const) {
  test(`quick Enter taps on "Sí, recibí" bill once and leave the green result on screen (${c.name})`, async ({
    app: page,
  }) => {
    if (c.english) await switchToEnglish(page);
    await page.setViewportSize(c.size);
    const w = c.english ? SALE_EN : SALE_ES;
    await page.getByRole('link', { name: w.caseTitle }).click();
    await page.getByRole('button', { name: w.useCase }).click();
    const before = await billingOps(page);
    await page.getByRole('button', { name: /^(Verificar|Verify)/ }).click();
    await page.getByRole('button', { name: w.collect }).click();
    const yes = page.getByRole('button', { name: w.yes });
    await expect(yes).toBeFocused();
    // The cashier read the question; then four quick taps.
    await page.waitForTimeout(700);
    await tapEnter(page, 4);
    await page.waitForTimeout(1000);
    await expect(paidAndBilled(page)).toContainText(w.billed);
    expect((await billingOps(page)).filter((id) => !before.includes(id))).toHaveLength(1);
    // A deliberate press afterwards starts the next sale.
    await page.getByRole('button', { name: w.newSale }).click();
    await expect(paidAndBilled(page)).toHaveCount(0);
  });
}

test('clicks on a money step as it appears do nothing; a click a moment later does', async ({
  app: page,
}) => {
  await applyCase(page, 'Venta simple');
  // Where "Cobrar" shows: seen once, then back to the form.
  await saleFields(page).verify.click();
  const collect = page.getByRole('button', { name: SALE_ES.collect });
  const box = await collect.boundingBox();
  if (box === null) throw new Error('no collect button');
  const spot = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.keyboard.press('Escape');
  await expect(collect).toHaveCount(0);
  // A hurried mouse: Verificar, then the spot where "Cobrar" appears, 200 and 400 ms later.
  const verifyBox = await saleFields(page).verify.boundingBox();
  if (verifyBox === null) throw new Error('no verify button');
  const start = Date.now();
  await clickAt(
    page,
    { x: verifyBox.x + verifyBox.width / 2, y: verifyBox.y + verifyBox.height / 2 },
    start,
  );
  await expect(collect).toBeVisible();
  await clickAt(page, spot, start + 200);
  await clickAt(page, spot, start + 400);
  await page.waitForTimeout(1000);
  await expect(page.getByRole('heading', { name: SALE_ES.confirmTitle })).toHaveCount(0);
  // A click once the amount has been on screen a moment goes on.
  await collect.click();
  await expect(page.getByRole('heading', { name: SALE_ES.confirmTitle })).toBeVisible();
});

test('a money button that is drawn late never looks ready while it still ignores a click', async ({
  app: page,
}) => {
  // A busy page: its frames are drawn 1.5 s late, after the half-second timer that readies the
  // button. The dwell starts again from the frame the cashier sees, so the button must show it
  // is not ready again until then. The page notes how the button looks 50 ms after each late
  // frame (in the page, so a slow test runner cannot miss the moment).
  await page.addInitScript(() => {
    const later = new Map<number, number>();
    let next = 0;
    const w = window as unknown as { __afterFrame: (string | null)[] };
    w.__afterFrame = [];
    const collectButton = () =>
      Array.from(document.querySelectorAll('button')).find((b) =>
        /^Cobrar/.test(b.textContent ?? ''),
      );
    window.requestAnimationFrame = (callback) => {
      const id = ++next;
      later.set(
        id,
        window.setTimeout(() => {
          later.delete(id);
          callback(performance.now());
          window.setTimeout(() => {
            const button = collectButton();
            if (button) w.__afterFrame.push(button.getAttribute('aria-disabled'));
          }, 50);
        }, 1500),
      );
      return id;
    };
    window.cancelAnimationFrame = (id) => {
      window.clearTimeout(later.get(id));
      later.delete(id);
    };
  });
  await page.reload();
  await applyCase(page, 'Venta simple');
  await saleFields(page).verify.click();
  const collect = page.getByRole('button', { name: SALE_ES.collect });
  await expect(collect).toBeVisible();
  const afterFrame = () =>
    page.evaluate(() => (window as unknown as { __afterFrame: (string | null)[] }).__afterFrame);
  await expect.poll(afterFrame).toHaveLength(1);
  // Right after its frame was drawn it says "not ready": the half second starts from there.
  expect(await afterFrame()).toEqual(['true']);
  // Once it looks ready, one click goes on.
  await collect.click();
  await expect(page.getByRole('heading', { name: SALE_ES.confirmTitle })).toBeVisible();
});

test('after a lost-response confirm, green and amber never show at the same time', async ({
  page,
  freshBrowserMode,
}) => {
  // A terminal of its own: no other test's open operation in its tray.
  await openReadyApp(page, freshBrowserMode.url);
  await applyCase(page, 'Venta simple');
  await saleFields(page).verify.click();
  await page.getByRole('button', { name: SALE_ES.collect }).click();
  await bridge(page, 'training.injectFault', {
    operation: 'v3.paidAndBilled',
    fault: 'lose-response',
    times: 1,
  });
  // Every DOM change and every frame: is a green result on screen beside an amber one?
  await page.evaluate(() => {
    const w = window as unknown as { __both: string[] };
    w.__both = [];
    const GREEN = '[data-testid="paid-and-billed"], .banner--success';
    const AMBER = '.guidance--unknown, .pending-pill';
    const check = (when: string) => {
      const green = document.querySelector(GREEN);
      const amber = document.querySelector(AMBER);
      if (green && amber) w.__both.push(`${when}: ${green.className} + ${amber.className}`);
    };
    new MutationObserver(() => check('mutation')).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    const frame = () => {
      check('frame');
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  await page.getByRole('button', { name: SALE_ES.yes }).click();
  await expect(guidance(page)).toHaveClass(/guidance--unknown/);
  // The journal's retry gets the answer: green, in place.
  await expect(paidAndBilled(page)).toContainText(SALE_ES.billed, { timeout: 60_000 });
  // The tray's and the announcements' own refreshes come and go.
  await page.waitForTimeout(5000);
  await expect(paidAndBilled(page)).toBeVisible();
  await expect(page.locator('.pending-pill')).toHaveCount(0);
  const both = await page.evaluate(() => (window as unknown as { __both: string[] }).__both);
  expect(both).toEqual([]);
});

test('the tray: a refund in doubt reads "1 operación … no devolver de nuevo"; Esc, a click outside or another screen close it, and open it covers no tab nor "Ver resumen"', async ({
  page,
  freshBrowserMode,
}) => {
  // A terminal of its own: this refund stays in doubt for the whole test.
  await openReadyApp(page, freshBrowserMode.url);
  const order = await refundableOrder(page);
  await bridge(page, 'training.injectFault', {
    operation: 'orders.refund',
    fault: 'lose-response',
    times: 20,
  });
  await refundOnScreen(page, ES, order, '300.00', false);
  await expect(guidance(page)).toHaveClass(/guidance--unknown/);
  await page.keyboard.press('F2');
  const pill = page.getByRole('button', {
    name: /^1 operación sin respuesta definitiva: no devolver de nuevo$/,
  });
  await expect(pill).toBeVisible({ timeout: 15_000 });
  const panel = page.getByRole('region', { name: 'Operaciones abiertas de este terminal' });

  // Esc closes the tray only: the sale screen keeps what was typed.
  await saleFields(page).dni.fill('41000001');
  await pill.click();
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(pill).toBeFocused();
  await expect(saleFields(page).dni).toHaveValue('41000001');

  // A click outside closes it.
  await pill.click();
  await expect(panel).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(panel).toHaveCount(0);

  // Open, it covers none of the F-key tabs: each one is what a click at its centre reaches.
  await pill.click();
  await expect(panel).toBeVisible();
  const links = page.getByRole('navigation').getByRole('link');
  for (let i = 0; i < (await links.count()); i++) {
    const box = await links.nth(i).boundingBox();
    if (box === null) throw new Error('a tab is not on screen');
    const reached = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x as number, y as number)?.closest('a')?.href ?? null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(reached).toBe(await links.nth(i).evaluate((a) => (a as HTMLAnchorElement).href));
  }
  // Another screen closes it.
  await page.keyboard.press('F6');
  await expect(page.getByRole('heading', { level: 1, name: 'Resumen del día' })).toBeVisible();
  await expect(panel).toHaveCount(0);
  // Open on the day summary, "Ver resumen" stays reachable.
  await pill.click();
  await expect(panel).toBeVisible();
  const load = page.getByRole('button', { name: /^Ver resumen/ });
  await load.scrollIntoViewIfNeeded();
  const box = await load.boundingBox();
  if (box === null) throw new Error('no "Ver resumen"');
  const reached = await page.evaluate(
    ([x, y]) =>
      document.elementFromPoint(x as number, y as number)?.closest('button')?.textContent ?? null,
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(reached).toMatch(/^Ver resumen/);
  await expectNoAxeViolations(page);
});
