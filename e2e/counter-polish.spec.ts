// The last counter details of issue 10, as a cashier meets them: a retry that shows it
// happened, the F-key bar and the confirm button at 1024×768, amounts that never break in
// running text, when an already-billed code was billed, and a held key that only spoils the
// press it belongs to.
import type { Page } from '@playwright/test';
import { applyCase, collectAndConfirm, guidance, useEnglish, verify } from './cashier';
import {
  expect,
  expectNoAxeViolations,
  saveAtCounterSizes,
  saveScreenshot,
  test,
} from './fixtures';

test('CRONO1: "Reintentar" shows that it retried and that the service answered the same (es-PE)', async ({
  app: page,
}) => {
  await applyCase(page, 'Falta aceptar el nuevo cronograma');
  await verify(page);
  await collectAndConfirm(page, 25000);
  await expect(guidance(page)).toContainText('acepte el nuevo cronograma');
  const retried = page.getByTestId('retried');
  await expect(retried).toHaveCount(0);
  await page.getByRole('button', { name: 'Reintentar pagado y facturado' }).click();
  await expect(retried).toHaveText(
    /^Reintentado a las \d{2}:\d{2}:\d{2} — el servicio respondió lo mismo\.$/,
  );
  const first = await retried.textContent();
  // A second retry a moment later says so again, with its own time.
  await page.waitForTimeout(1100);
  await page.getByRole('button', { name: 'Reintentar pagado y facturado' }).click();
  await expect(retried).not.toHaveText(first ?? '');
  await expect(retried).toHaveText(/^Reintentado a las \d{2}:\d{2}:\d{2}/);
  await saveAtCounterSizes(page, 'sale-retried-same');
});

test('CRONO1: "Retry" shows that it retried (en)', async ({ app: page }) => {
  await useEnglish(page);
  await page.getByRole('link', { name: /Training/ }).click();
  await page.getByRole('button', { name: 'Use case: New schedule not accepted yet' }).click();
  await page.getByRole('button', { name: /^Verify/ }).click();
  await page.getByRole('button', { name: /^Collect S\/\s250\.00$/ }).click();
  await page.getByRole('button', { name: /^Yes, I received S\/\s250\.00/ }).click();
  await page.getByRole('button', { name: 'Retry paid and billed' }).click();
  await expect(page.getByTestId('retried')).toHaveText(
    /^Retried at \d{2}:\d{2}:\d{2} — the service answered the same\.$/,
  );
  await expectNoAxeViolations(page);
});

for (const size of [
  { width: 1024, height: 768 },
  { width: 1366, height: 768 },
]) {
  test(`${size.width}×${size.height}: the F-key bar is one row, nothing overflows, and the confirm button sits well inside the screen`, async ({
    app: page,
  }) => {
    await page.setViewportSize(size);
    const links = page.getByRole('navigation', { name: 'Pantallas' }).getByRole('link');
    await expect(links).toHaveCount(7);
    const boxes = await links.evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { top: Math.round(r.top), right: r.right };
      }),
    );
    // One row: every key starts at the same height, and the last one ends inside the window.
    expect(new Set(boxes.map((b) => b.top)).size).toBe(1);
    expect(Math.max(...boxes.map((b) => b.right))).toBeLessThanOrEqual(size.width);
    const overflow = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      nav: (() => {
        const list = document.querySelector('nav ul');
        return list ? list.scrollWidth - list.clientWidth : 0;
      })(),
    }));
    expect(overflow).toEqual({ page: 0, nav: 0 });

    // A plain sale as the cashier types it, up to the confirm step.
    await page.getByLabel('DNI del cliente (8 dígitos)').fill('41000001');
    await page.getByLabel('Código de financiamiento (6 caracteres)').fill('VENTA1');
    await page.getByLabel('Monto facturado (S/)').fill('1200.00');
    await verify(page);
    await page.getByRole('button', { name: /^Cobrar S\/\s300\.00$/ }).click();
    const confirm = page.getByRole('button', { name: /^Sí, recibí S\/\s300\.00/ });
    await expect(confirm).toBeFocused();
    await saveScreenshot(page, `sale-confirm-${size.width}`);
    // Where it is, without the cashier scrolling: whole, and well clear of the bottom edge.
    const box = await confirm.boundingBox();
    expect(box).not.toBeNull();
    if (box) {
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(size.height - 48);
    }
    await expectNoAxeViolations(page);

    // The v2 check's confirm step, the same way.
    await page.keyboard.press('F3');
    // The sale screen has fields with the same labels: type only once the check screen is
    // there (a loaded CI machine filled the sale's fields and the check never ran).
    await expect(
      page.getByRole('heading', { level: 1, name: 'Consulta de código (v2)' }),
    ).toBeVisible();
    await page.getByLabel('DNI del cliente (8 dígitos)').fill('42000001');
    await page.getByLabel('Código de financiamiento (6 caracteres)').fill('PEND01');
    await page.getByRole('button', { name: /^Consultar/ }).click();
    await page.getByRole('button', { name: /^Cobrar S\/\s225\.00$/ }).click();
    const confirmV2 = page.getByRole('button', { name: /^Sí, recibí S\/\s225\.00/ });
    await expect(confirmV2).toBeFocused();
    await saveScreenshot(page, `check-confirm-${size.width}`);
    const boxV2 = await confirmV2.boundingBox();
    expect(boxV2).not.toBeNull();
    if (boxV2) {
      expect(boxV2.y).toBeGreaterThanOrEqual(0);
      expect(boxV2.y + boxV2.height).toBeLessThanOrEqual(size.height - 48);
    }
    await expectNoAxeViolations(page);
  });
}

test('1024×768 in training: the hint of a case leaves the confirm step in view with the F-key bar, without scrolling (PARCI1)', async ({
  app: page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await applyCase(page, 'Inicial pagada en parte en línea');
  // The case was chosen further down the training screen: the sale screen still opens at its top.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const hint = page.getByRole('complementary', { name: 'Caso de entrenamiento' });
  await expect(hint).toContainText('Qué debe ver el cajero: Cobrar solo el saldo');
  await verify(page);
  // Clicked once ready: a click that retries through the half-second wait is scrolled by
  // Playwright itself (each retry aligns the button differently: end, center, start), and the
  // page's scroll below would be the test's, not the app's (a CI trace showed 63 px so).
  const collect = page.getByRole('button', { name: /^Cobrar S\/\s150\.00$/ });
  await expect(collect).toBeEnabled();
  await collect.click();
  const confirm = page.getByRole('button', { name: /^Sí, recibí S\/\s150\.00/ });
  await expect(confirm).toBeFocused();
  // Focus did not have to scroll the page: the banner and the F-key bar are still in sight.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const box = await confirm.boundingBox();
  expect(box).not.toBeNull();
  if (box) expect(box.y + box.height).toBeLessThanOrEqual(768);
  await saveScreenshot(page, 'training-case-confirm-1024');
  // The story behind the case opens on demand.
  await expect(hint.getByText('El cliente ya pagó')).toBeHidden();
  await hint.getByText('Inicial pagada en parte en línea').click();
  await expect(hint.getByText('El cliente ya pagó')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('1024×768 in English: the whole confirm step of a training case is in view, "Back (Esc)" included (PARCI1)', async ({
  app: page,
}) => {
  await useEnglish(page);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.keyboard.press('F7');
  await page.getByRole('button', { name: 'Use case: Down payment partly paid online' }).click();
  await page.getByRole('button', { name: /^Verify/ }).click();
  await page.getByRole('button', { name: /^Collect S\/\s150\.00$/ }).click();
  await expect(page.getByRole('button', { name: /^Yes, I received S\/\s150\.00/ })).toBeFocused();
  // The whole step, from its heading to "Back (Esc)", inside the window as it stands (in the
  // window's own coordinates, whatever the focus scrolled: under load the first focus scrolled
  // the page by a few lines in 2 runs out of ~6, and the cashier still saw the whole step).
  const confirm = page.getByRole('region', { name: 'Confirm the payment' });
  await expect(confirm).toBeVisible();
  const top = await confirm.evaluate((region) => region.getBoundingClientRect().top);
  const inWindow = await confirm
    .getByRole('button', { name: 'Back (Esc)' })
    .evaluate((back) => ({ bottom: back.getBoundingClientRect().bottom, height: innerHeight }));
  expect(top).toBeGreaterThanOrEqual(0);
  expect(inWindow.bottom).toBeLessThanOrEqual(inWindow.height);
  await saveScreenshot(page, 'training-case-confirm-1024-en');
  await expectNoAxeViolations(page);
});

/**
 * Text nodes on the screen that hold an amount and could break inside it: an amount must stand
 * in its own element that does not wrap (or alone in a table/figure cell), never inside a
 * longer run of text where the browser picks the line breaks.
 */
async function breakableAmounts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const amount = /S\/[\s\u00a0]?-?[\d,]+\.\d{2}/;
    const main = document.querySelector('main');
    if (!main) return ['no main'];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    const bad: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (!amount.test(text)) continue;
      const parent = node.parentElement;
      if (!parent || parent.closest('details, [hidden]')) continue;
      const alone = text.trim().replace(amount, '') === '';
      const keeps =
        getComputedStyle(parent).whiteSpace === 'nowrap' ||
        (alone && ['DD', 'TD'].includes(parent.tagName)) ||
        (alone && parent.classList.contains('to-collect__amount'));
      if (!keeps) bad.push(text.trim());
    }
    return bad;
  });
}

test('amounts in running text never break after "S/" or inside the figure', async ({
  app: page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  // A refusal after collecting names the money in a sentence.
  await applyCase(page, 'Falta aceptar el nuevo cronograma');
  await verify(page);
  expect(await breakableAmounts(page)).toEqual([]);
  await collectAndConfirm(page, 25000);
  await expect(guidance(page)).toContainText('acepte el nuevo cronograma');
  expect(await breakableAmounts(page)).toEqual([]);

  // A plain sale: the collect button, the confirm question and button, the green result.
  await page.getByRole('button', { name: 'Dejar esta venta' }).click();
  // Leaving asks whether the money went back (issue 18 item 3), naming it in a sentence too.
  expect(await breakableAmounts(page)).toEqual([]);
  await page.getByRole('button', { name: /^Sí, le devolví S\/\s250\.00$/ }).click();
  await page.getByLabel('DNI del cliente (8 dígitos)').fill('41000001');
  await page.getByLabel('Código de financiamiento (6 caracteres)').fill('VENTA1');
  await page.getByLabel('Monto facturado (S/)').fill('1200.00');
  await verify(page);
  await page.getByRole('button', { name: /^Cobrar S\/\s300\.00$/ }).click();
  expect(await breakableAmounts(page)).toEqual([]);
  await page.getByRole('button', { name: /^Sí, recibí S\/\s300\.00/ }).click();
  await expect(page.getByTestId('paid-and-billed')).toBeVisible();
  expect(await breakableAmounts(page)).toEqual([]);

  // v2: the pending down payment's steps name the amount.
  await applyCase(page, 'v2: inicial pendiente');
  await page.getByRole('button', { name: /^Consultar/ }).click();
  await expect(page.getByTestId('downpayment-status')).toBeVisible();
  expect(await breakableAmounts(page)).toEqual([]);
});

test('already billed says when this terminal billed it, or that it has no record of it', async ({
  app: page,
}) => {
  // Billed by the case's set-up, not at this counter: no time is made up.
  await applyCase(page, 'Ya facturado');
  await verify(page);
  const state = page.getByTestId('already-billed');
  await expect(state).toContainText('Este terminal no tiene registro de cuándo se facturó');

  // Billed here a moment ago: a second Verify of the same code says when.
  await page.getByRole('button', { name: 'Nueva venta' }).click();
  await page.getByLabel('DNI del cliente (8 dígitos)').fill('41000001');
  await page.getByLabel('Código de financiamiento (6 caracteres)').fill('VENTA1');
  await page.getByLabel('Monto facturado (S/)').fill('1200.00');
  await verify(page);
  await collectAndConfirm(page, 30000);
  await expect(page.getByTestId('paid-and-billed')).toBeVisible();
  await page.getByRole('button', { name: 'Nueva venta' }).click();
  await page.getByLabel('DNI del cliente (8 dígitos)').fill('41000001');
  await page.getByLabel('Código de financiamiento (6 caracteres)').fill('VENTA1');
  await page.getByLabel('Monto facturado (S/)').fill('1200.00');
  await verify(page);
  await expect(state).toContainText(
    /Facturado en este terminal el \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}:\d{2}\./,
  );
  await saveAtCounterSizes(page, 'sale-already-billed-when');
});

test('a key held from the collect step and released elsewhere does not spoil the next press', async ({
  app: page,
}) => {
  await page.getByLabel('DNI del cliente (8 dígitos)').fill('41000001');
  await page.getByLabel('Código de financiamiento (6 caracteres)').fill('VENTA1');
  await page.getByLabel('Monto facturado (S/)').fill('1200.00');
  await verify(page);
  const collect = page.getByRole('button', { name: /^Cobrar S\/\s300\.00$/ });
  await expect(collect).toBeFocused();
  // Read for the half-second dwell (a press sooner is refused: deliberate-button.tsx).
  await expect(collect).toBeEnabled();
  // Enter goes down on "Cobrar": the confirm step appears with that Enter still held.
  await page.keyboard.down('Enter');
  const confirm = page.getByRole('button', { name: /^Sí, recibí S\/\s300\.00/ });
  await expect(confirm).toBeFocused();
  // The cashier moves on and lets go of Enter on another button.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Volver (Esc)' })).toBeFocused();
  await page.keyboard.up('Enter');
  await expect(page.getByTestId('paid-and-billed')).toHaveCount(0);
  // Back on the confirm button, a new, deliberate press confirms at once.
  await page.keyboard.press('Shift+Tab');
  await expect(confirm).toBeFocused();
  await expect(confirm).toBeEnabled();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('paid-and-billed')).toBeVisible();
});
