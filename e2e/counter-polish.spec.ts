// The last counter details of issue 10, as a cashier meets them: a retry that shows it
// happened, the F-key bar and the confirm button at 1024×768, amounts that never break in
// running text, when an already-billed code was billed, and a held key that only spoils the
// press it belongs to.
import type { Page } from '@playwright/test';
import { bridge } from './bridge-helper';
import { applyCase, collectAndConfirm, guidance, verify } from './cashier';
import { expect, expectNoAxeViolations, SUPERVISOR_PIN, saveScreenshot, test } from './fixtures';

async function useEnglish(page: Page): Promise<void> {
  await bridge(page, 'settings.update', { pin: SUPERVISOR_PIN, change: { language: 'en' } });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

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
  await saveScreenshot(page, 'sale-retried-same');
  await expectNoAxeViolations(page);
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
