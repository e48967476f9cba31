// What a cashier (or trainer) does on the screen, in the words the screen shows: every step
// goes through roles and labels, never through CSS selectors.
import { expect, type Locator, type Page } from '@playwright/test';
import type { Scenario } from '../shared/api/trainer';
import { formatPEN } from '../shared/domain/money';
import { bridge } from './bridge-helper';
import { SUPERVISOR_PIN } from './fixtures';

/** `S/ 1,234.50` as a regex source that tolerates the no-break space. */
export function money(cents: number): RegExp {
  return new RegExp(
    formatPEN(cents)
      .replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
      .replace(/\u00a0/, '\\s'),
  );
}

export function centsOf(amount: number | undefined): number {
  if (amount === undefined) throw new Error('no amount');
  return Math.round(amount * 100);
}

export async function goTo(
  page: Page,
  key: 'F2' | 'F3' | 'F4' | 'F6' | 'F7' | 'F8',
): Promise<void> {
  await page.keyboard.press(key);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

export async function catalogue(page: Page): Promise<Scenario[]> {
  return (await bridge(page, 'training.scenarios', {})).scenarios;
}

/** The trainer's one click: open the catalogue and use a case. */
export async function applyCase(page: Page, title: string): Promise<void> {
  await page.getByRole('link', { name: /Entrenamiento/ }).click();
  await page.getByRole('button', { name: `Usar caso: ${title}` }).click();
  await expect(page.getByRole('complementary', { name: 'Caso de entrenamiento' })).toContainText(
    title,
  );
}

export function saleFields(page: Page) {
  return {
    dni: page.getByLabel('DNI del cliente (8 dígitos)'),
    ruc: page.getByLabel('RUC del cliente (11 dígitos)'),
    code: page.getByLabel('Código de financiamiento (6 caracteres)'),
    amount: page.getByLabel('Monto facturado (S/)'),
    verify: page.getByRole('button', { name: /^Verificar/ }),
  };
}

export function amountToCollect(page: Page): Locator {
  return page.getByTestId('amount-to-collect');
}

export async function verify(page: Page): Promise<void> {
  await saleFields(page).verify.click();
}

/** From a verified sale: collect, confirm the money is in the drawer. */
export async function collectAndConfirm(page: Page, cents: number): Promise<void> {
  const amount = money(cents);
  await page.getByRole('button', { name: new RegExp(`^Cobrar ${amount.source}$`) }).click();
  await expect(page.getByRole('heading', { name: 'Confirmar el cobro' })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^Sí, recibí ${amount.source}`) }).click();
}

export function paidAndBilled(page: Page): Locator {
  return page.getByTestId('paid-and-billed');
}

export function guidance(page: Page): Locator {
  return page.getByTestId('guidance');
}

/** The exact service message shown under "details". */
export async function expectDetails(page: Page, message: string): Promise<void> {
  const panel = guidance(page);
  await panel.getByText('Detalles (mensaje exacto del servicio)').click();
  await expect(panel.getByText(message, { exact: false })).toBeVisible();
}

/** The terminal in English (set by the supervisor, as in Settings), the page reloaded. */
export async function useEnglish(page: Page): Promise<void> {
  await bridge(page, 'settings.update', { pin: SUPERVISOR_PIN, change: { language: 'en' } });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/**
 * The first click of a double click on `target`, alone. It returns the second click, to send
 * once the first one's answer is on screen: what a double click does on a fast service, where
 * the answer comes between the two clicks and the second lands on whatever replaced the button.
 */
export async function firstClickOfDoubleClick(
  page: Page,
  target: Locator,
): Promise<() => Promise<void>> {
  // A money step takes no press in its first half second: the cashier double-clicks a step they
  // read (the click as the step appears is refused on its own, see money-round3.spec.ts).
  await expect(target).toBeEnabled();
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (box === null) throw new Error('the button to click is not on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down({ clickCount: 1 });
  await page.mouse.up({ clickCount: 1 });
  return async () => {
    await page.mouse.down({ clickCount: 2 });
    await page.mouse.up({ clickCount: 2 });
  };
}
