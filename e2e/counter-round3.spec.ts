// The rest of issue 18 at the counter: the green result survives a reload until a deliberate
// "Nueva venta", the training hint leaves with its sale, and the refused sale's retry keeps the
// half-second dwell of the other money buttons.
import type { Page } from '@playwright/test';
import { bridge } from './bridge-helper';
import {
  applyCase,
  collectAndConfirm,
  guidance,
  paidAndBilled,
  saleFields,
  useEnglish,
  verify,
} from './cashier';
import { expect, test } from './fixtures';
import { tapEnter } from './taps';

const hint = (page: Page, name = 'Caso de entrenamiento') =>
  page.getByRole('complementary', { name });

/** The op ids of paid-and-billed calls in this terminal's journal. */
async function billingOps(page: Page): Promise<string[]> {
  const { operations } = await bridge(page, 'journal.operations', {});
  return operations.filter((op) => op.operation.endsWith('paidAndBilled')).map((op) => op.op_id);
}

test('a reload keeps the green result and its print buttons until "Nueva venta" (es)', async ({
  app: page,
}) => {
  await applyCase(page, 'Venta simple');
  await verify(page);
  await collectAndConfirm(page, 30000);
  await expect(paidAndBilled(page)).toContainText('PAGADO Y FACTURADO');
  await page.reload();
  await expect(paidAndBilled(page)).toContainText('PAGADO Y FACTURADO');
  await expect(paidAndBilled(page)).toContainText('emitir la boleta');
  await expect(
    paidAndBilled(page)
      .getByRole('button', { name: /Imprimir/ })
      .first(),
  ).toBeVisible();
  await expect(saleFields(page).code).toHaveValue(/\S/);
  // A restart is a reload too: still there.
  await page.reload();
  await expect(paidAndBilled(page)).toBeVisible();
  await page.getByRole('button', { name: 'Nueva venta' }).click();
  await expect(paidAndBilled(page)).toHaveCount(0);
  await expect(saleFields(page).code).toHaveValue('');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(800);
  await expect(paidAndBilled(page)).toHaveCount(0);
  await expect(saleFields(page).code).toHaveValue('');
});

test('a reload keeps the green result (en)', async ({ app: page }) => {
  await useEnglish(page);
  await page.getByRole('link', { name: /Training/ }).click();
  await page.getByRole('button', { name: 'Use case: Plain sale' }).click();
  await page.getByRole('button', { name: /^Verify/ }).click();
  await page.getByRole('button', { name: /^Collect S\/\s?300\.00$/ }).click();
  await page.getByRole('button', { name: /^Yes, I received S\/\s?300\.00/ }).click();
  await expect(paidAndBilled(page)).toContainText('PAID AND BILLED');
  await page.reload();
  await expect(paidAndBilled(page)).toContainText('PAID AND BILLED');
  await page.getByRole('button', { name: 'New sale' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(800);
  await expect(paidAndBilled(page)).toHaveCount(0);
});

test('the training hint leaves when another sale is typed over the case (es and en)', async ({
  app: page,
}) => {
  await applyCase(page, 'Venta simple');
  const fields = saleFields(page);
  await fields.dni.fill('41000099');
  await expect(hint(page)).toHaveCount(0);
  await applyCase(page, 'Venta simple');
  await fields.code.fill('ZZZ999');
  await expect(hint(page)).toHaveCount(0);
  // The case's own sale, typed back: the hint is its again.
  await applyCase(page, 'Venta simple');
  await expect(hint(page)).toBeVisible();
  await useEnglish(page);
  await page.getByRole('link', { name: /Training/ }).click();
  await page.getByRole('button', { name: 'Use case: Plain sale' }).click();
  await expect(hint(page, 'Training case')).toBeVisible();
  await page.getByLabel('Customer DNI (8 digits)').fill('41000099');
  await expect(hint(page, 'Training case')).toHaveCount(0);
});

test('quick Enter taps and a click as the refusal appears do not retry the paid-and-billed', async ({
  app: page,
}) => {
  await applyCase(page, 'Falta aceptar el nuevo cronograma');
  await verify(page);
  await page.getByRole('button', { name: /^Cobrar S\/\s?250\.00$/ }).click();
  const yes = page.getByRole('button', { name: /^Sí, recibí S\/\s?250\.00/ });
  await expect(yes).toBeEnabled();
  const before = await billingOps(page);
  // The moment the retry button appears (however slow the machine): a click on it at once, and
  // then Enter taps on it stamped just after it appeared.
  await page.evaluate(() => {
    const w = window as unknown as { __retryShownAt?: number };
    const observer = new MutationObserver(() => {
      const retry = Array.from(document.querySelectorAll('button')).find(
        (b) => b.textContent === 'Reintentar pagado y facturado',
      );
      if (!retry || w.__retryShownAt !== undefined) return;
      w.__retryShownAt = Date.now();
      observer.disconnect();
      retry.click();
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  await yes.click();
  await expect(guidance(page)).toContainText('acepte el nuevo cronograma');
  const shownAt = await page.evaluate(
    () => (window as unknown as { __retryShownAt?: number }).__retryShownAt ?? 0,
  );
  expect(shownAt).toBeGreaterThan(0);
  const retry = page.getByRole('button', { name: 'Reintentar pagado y facturado' });
  // The cashier's Enter on it, as if it had kept focus (the panel takes it to be read first).
  await retry.focus();
  await tapEnter(page, 2, 120, shownAt + 100);
  await page.waitForTimeout(1000);
  expect((await billingOps(page)).filter((id) => !before.includes(id))).toHaveLength(1);
  await expect(page.getByTestId('retried')).toHaveCount(0);
  // A deliberate press once the refusal has been read retries.
  await retry.click();
  await expect(page.getByTestId('retried')).toBeVisible();
  expect((await billingOps(page)).filter((id) => !before.includes(id))).toHaveLength(2);
});

test('nothing to collect: the confirm asks to confirm the billing, never "Sí, recibí S/ 0.00" (es and en)', async ({
  app: page,
}) => {
  await applyCase(page, 'Inicial pagada completa en línea');
  await verify(page);
  await expect(page.getByText('Inicial ya pagada')).toBeVisible();
  await expect(page.getByText(/de más/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Continuar: no hay nada que cobrar' }).click();
  const confirm = page.locator('.confirm');
  await expect(confirm).toContainText('No hay dinero que recibir');
  await expect(confirm).not.toContainText('dinero ya en caja');
  await expect(page.getByRole('button', { name: /^Sí, recibí/ })).toHaveCount(0);
  await page.getByRole('button', { name: /^Sí, confirmar la facturación/ }).click();
  await expect(paidAndBilled(page)).toBeVisible();
  await page.getByRole('button', { name: 'Nueva venta' }).click();
  await useEnglish(page);
  await page.getByRole('link', { name: /Training/ }).click();
  await page.getByRole('button', { name: 'Use case: Down payment fully paid online' }).click();
  await page.getByRole('button', { name: /^Verify/ }).click();
  await page.getByRole('button', { name: 'Continue: nothing to collect' }).click();
  await expect(page.locator('.confirm')).toContainText('There is no money to receive');
  await expect(page.getByRole('button', { name: /^Yes, confirm the billing/ })).toBeVisible();
});
