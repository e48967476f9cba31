// Each test starts on a clean terminal (issue 18, item 15): the e2e workers share one browser
// mode, so a late answer or an operation without an answer left by one test would show on the
// next test's screens, and in the README's screenshots of them. The tests run in order on one
// worker: the first leaves both behind, the second shows the screenshot helper refuses such a
// screen, the third that the next test's terminal has neither.
import type { Page } from '@playwright/test';
import { bridge } from './bridge-helper';
import { goTo } from './cashier';
import { expect, expectCleanTerminal, SUPERVISOR_PIN, saveScreenshot, test } from './fixtures';

const SALE = {
  identity: { kind: 'dni' as const, value: '41000001' },
  funding_code: 'VENTA1',
  billed_cents: 120_000,
};

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const announcement = (page: Page) => page.getByTestId('announcement');
const trayPill = (page: Page) => page.getByRole('button', { name: /sin respuesta definitiva/ });

test('an earlier test leaves a late answer unacknowledged and an undo without an answer', async ({
  app: page,
}) => {
  await goTo(page, 'F6');
  // A billing whose answer is lost once: the journal's retry answers it, nobody acknowledges it.
  const verified = await bridge(page, 'v3.verify', SALE);
  expect(verified.status).toBe('succeeded');
  await bridge(page, 'training.injectFault', {
    operation: 'v3.paidAndBilled',
    fault: 'lose-response',
    times: 1,
  });
  const billed = await bridge(page, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
  expect(billed.status).toBe('unknown');
  await expect(announcement(page)).toContainText('PAGADA Y FACTURADA', { timeout: 60_000 });
  // An undo whose answer is lost: never repeated by the terminal, it stays in the tray.
  await bridge(page, 'training.injectFault', {
    operation: 'v3.undoBilling',
    fault: 'lose-response',
    times: 1,
  });
  const undo = await bridge(page, 'v3.undoBilling', {
    identity: SALE.identity,
    funding_code: SALE.funding_code,
    pin: SUPERVISOR_PIN,
    reason: 'Cambio de producto',
  });
  expect(undo.status).toBe('unknown');
  await expect(trayPill(page)).toBeVisible();
});

test('the screenshot helper refuses a screen that shows an earlier test’s late answer or open operation', async ({
  page,
  browserMode,
}) => {
  // The worker's terminal opened as it was left, without the fixture's clean start.
  await page.goto(`${browserMode.url}#/sale`);
  await expect(announcement(page)).toContainText('PAGADA Y FACTURADA');
  await expect(trayPill(page)).toBeVisible();
  await expect(saveScreenshot(page, 'never-written')).rejects.toThrow(/earlier test/);
  const refusal = expectCleanTerminal(page);
  await expect(refusal).rejects.toThrow(/announcement of an earlier test.*VENTA1/s);
  await expect(expectCleanTerminal(page)).rejects.toThrow(/open operation of an earlier test/);
});

test('the next test starts on a clean terminal: no earlier announcement, nothing in the tray', async ({
  app: page,
}) => {
  // Two of the tray's refreshes (every 2 s): whatever the journal holds is on screen by now.
  await page.waitForTimeout(4500);
  await expect(announcement(page)).toHaveCount(0);
  await expect(trayPill(page)).toHaveCount(0);
  expect((await bridge(page, 'journal.announcements', {})).operations).toEqual([]);
  expect((await bridge(page, 'journal.unresolved', {})).operations).toEqual([]);
  await expectCleanTerminal(page);
});
