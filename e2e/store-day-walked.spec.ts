// A store's day walked again (issue 35): three counters in live mode on one store database and
// one `npm run mock`. The counters work "yesterday" (their clock moved back a day,
// e2e/shifted-clock.cjs) so that the day they sell in has ended when the supervisor closes it
// the next morning from Caja 3, on today's clock, as the database's clock is.
// - an undo at Caja 3 while the billing counter, Caja 2, is cut off counts once both arrive: the
//   code is not billed anywhere and is sold again at Caja 1 (item 2);
// - Caja 1's own day-close paper shows no other counter's sale as extra (item 5);
// - Caja 1 cut off sells and holds a sale in doubt after its last data, and goes silent; Caja 2
//   holds a sale in doubt the database knows and is cut off too: Caja 3 hears both, each with its
//   own time, and that Caja 2 is silent (items 9, 10);
// - marked off, Caja 1 still owes its story: the close needs the note on it, and the record, the
//   screen, 80 mm, A4 and CSV keep its data until, who marked it off, when and from where (item
//   1); what it did after reaches the database after the close and is listed with its state
//   (item 4).
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { withClient } from '../electron/store-db/test-support/with-client';
import { bridge } from './bridge-helper';
import { amountToCollect, goTo, saleFields, verify } from './cashier';
import { expect, SUPERVISOR_PIN, saveAtCounterSizes, test } from './fixtures';
import {
  type Counter,
  cutOff,
  drained,
  type Mock,
  mockCall,
  newFunding,
  openCounter,
  PAID_AND_BILLED,
  reconnect,
  STORE,
  type StoreDatabase,
  sell,
  startMock,
  startStoreDatabase,
} from './store-day';

const run = promisify(execFile);
const DAY_MS = 86_400_000;
const ZONE = 'America/Lima';

let database: StoreDatabase;
let mock: Mock;
const counters: Counter[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  database = await startStoreDatabase('store_day_e2e');
  mock = await startMock();
  // The mock seeds its training scenarios as billed on the day it starts: seeded three days ago
  // instead, then frozen at the counters' "now" (a day back), the day holds only their sales.
  const now = Date.now();
  await mockCall(mock, 'PUT', '/__mock/clock', { now: new Date(now - 3 * DAY_MS).toISOString() });
  await mockCall(mock, 'POST', '/__mock/reset', {});
  await mockCall(mock, 'PUT', '/__mock/clock', { now: new Date(now - DAY_MS).toISOString() });
});

test.afterAll(async () => {
  for (const counter of counters.splice(0)) {
    await counter.stop().catch(() => undefined);
    await counter.link.close().catch(() => undefined);
  }
  mock?.stop();
  database?.cluster.stop();
});

/** The store's day the counters sold in: yesterday in the store's zone. */
const yesterday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(Date.now() - DAY_MS));

async function fillSale(page: Page, dni: string, code: string, amount: string) {
  const fields = saleFields(page);
  await fields.dni.fill(dni);
  await fields.code.fill(code);
  await fields.amount.fill(amount);
  await verify(page);
}

/** Until the store database stands these counters silent (its clock: 30 s without a call). */
async function untilSilent(names: string[]) {
  await expect
    .poll(
      async () => {
        const { rows } = await withClient(database.ownerUrl, (client) =>
          client.query(
            `SELECT terminal_name FROM store_counters
             WHERE store = $1 AND mode = 'live' AND standing = 'silent'`,
            [STORE],
          ),
        );
        return names.every((name) => rows.some((r) => r.terminal_name === name));
      },
      { timeout: 90_000, intervals: [3_000] },
    )
    .toBe(true);
}

test('a store day walked again: an undo counts wherever it arrives from, a counter marked off still owes its story', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const store = { mock, database };
  const open = async (n: number) => {
    const counter = await openCounter(browser, store, n, {
      clockShiftMs: -DAY_MS,
      timeZone: ZONE,
    });
    counters.push(counter);
    return counter;
  };
  const c1 = await open(1);
  const c2 = await open(2);
  let c3 = await open(3);
  await Promise.all([drained(c1), drained(c2), drained(c3)]);

  // Morning: a sale at Caja 1.
  expect((await sell(c1, await newFunding(mock))).status).toBe('succeeded');

  // Item 2. Caja 2 is cut off and bills a code; Caja 3 undoes it (the service had it billed);
  // Caja 2 is back and its billing reaches the database after the undo.
  await drained(c2);
  cutOff(c2);
  const den = await newFunding(mock);
  expect((await sell(c2, den)).status).toBe('succeeded');
  const undo = await bridge(c3.page, 'v3.undoBilling', {
    identity: den.identity,
    funding_code: den.code,
    pin: SUPERVISOR_PIN,
    reason: 'Cambio de producto',
  });
  expect(undo.status).toBe('succeeded');
  await drained(c3);
  reconnect(c2);
  await drained(c2);
  // At Caja 1 the code is not billed anywhere: an amount to collect, and it sells again.
  await goTo(c1.page, 'F2');
  await fillSale(c1.page, den.identity.value, den.code, '1200.00');
  await expect(amountToCollect(c1.page)).toBeVisible();
  await expect(c1.page.getByText('Este código ya está pagado y facturado')).toHaveCount(0);
  const again = await sell(c1, den);
  expect(again.status).toBe('succeeded');
  await drained(c1);
  // …and billed at Caja 1, as Caja 3 hears from the database.
  const atCaja3 = await bridge(c3.page, 'v3.verify', {
    identity: den.identity,
    funding_code: den.code,
    billed_cents: 120_000,
  });
  // (The service refuses Caja 3's cashier the code Caja 1's cashier billed; the database's fact
  // travels with the refusal as with an answer.)
  const check = atCaja3.status === 'succeeded' ? atCaja3.data.store_check : atCaja3.store_check;
  expect(check).toMatchObject({
    state: 'billed-elsewhere',
    counter: { terminal_name: 'Caja 1' },
  });

  // Item 5. Caja 1's own day close on paper: Caja 2's and Caja 3's sales are not its extras.
  const ownPaper = await bridge(c1.page, 'receipt.preview', {
    request: { document: 'day-close', day: yesterday() },
    columns: 48,
  });
  const ownText = ownPaper.lines.map((l) => l.text.replace(/\u00a0/g, ' ')).join('\n');
  expect(ownText).not.toContain('Sobran en el servicio');
  expect(ownText.replace(/\s+/g, ' ')).toContain('se concilia en el Cierre del día de la tienda');

  // Item 1. Caja 1 is cut off; it sells (S/ 300.00 collected) and holds a sale in doubt after
  // its last data. Caja 2 holds a sale in doubt the database knows, then is cut off too.
  await drained(c1);
  cutOff(c1);
  const late = await newFunding(mock);
  expect((await sell(c1, late)).status).toBe('succeeded');
  await mockCall(mock, 'POST', '/__mock/faults', {
    kind: 'status',
    status: 503,
    endpoint: PAID_AND_BILLED,
    times: 0,
  });
  const doubt1 = await newFunding(mock);
  expect((await sell(c1, doubt1)).status).toBe('unknown');
  const doubt2 = await newFunding(mock);
  expect((await sell(c2, doubt2)).status).toBe('unknown');
  await drained(c2);
  cutOff(c2);
  // Caja 1 is switched off holding its doubt; the service answers again.
  const caja1 = { dataDir: c1.dataDir, link: c1.link };
  await c1.stop({ keepData: true });
  counters.splice(counters.indexOf(c1), 1);
  await mockCall(mock, 'DELETE', '/__mock/faults');
  await untilSilent(['Caja 1', 'Caja 2']);

  // Items 9 and 10 at Caja 3: the code in doubt at Caja 2 says Caja 2 is silent, and a new
  // customer's code asks about both silent counters, each with its own time.
  const page3 = c3.page;
  await goTo(page3, 'F2');
  await fillSale(page3, doubt2.identity.value, doubt2.code, '1200.00');
  const guidance = page3.getByTestId('guidance');
  await expect(guidance).toContainText(
    /Caja 2 no responde a la base de la tienda desde las \d{2}:\d{2}:\d{2}: esa respuesta no llega hasta que Caja 2 vuelva a conectarse/,
  );
  await expect(amountToCollect(page3)).toHaveCount(0);
  await saveAtCounterSizes(page3, 'store-in-doubt-silent');
  await page3.setViewportSize({ width: 1366, height: 900 });
  const fresh = await newFunding(mock);
  await fillSale(page3, fresh.identity.value, fresh.code, '1200.00');
  const ask = page3.getByTestId('ask-elsewhere');
  await expect(ask).toContainText(
    /Caja \d \(desde las \d{2}:\d{2}:\d{2}\) y Caja \d \(desde las \d{2}:\d{2}:\d{2}\) no responden: pregunte si el cliente ya pagó en otra caja/,
  );
  await saveAtCounterSizes(page3, 'store-ask-two-silent');
  // The same in English.
  await bridge(page3, 'settings.setLanguage', { language: 'en' });
  await page3.reload();
  await goTo(page3, 'F2');
  await page3.getByLabel('Customer DNI (8 digits)').fill(doubt2.identity.value);
  await page3.getByLabel('Funding code (6 characters)').fill(doubt2.code);
  await page3.getByLabel('Billed amount (S/)').fill('1200.00');
  await page3.getByRole('button', { name: /^Verify/ }).click();
  await expect(page3.getByTestId('guidance')).toContainText(
    /Caja 2 has not answered the store database since \d{2}:\d{2}:\d{2}/,
  );
  await saveAtCounterSizes(page3, 'store-in-doubt-silent-en');
  await page3.setViewportSize({ width: 1366, height: 900 });
  await page3.getByLabel('Funding code (6 characters)').fill(fresh.code);
  await page3.getByLabel('Customer DNI (8 digits)').fill(fresh.identity.value);
  await page3.getByRole('button', { name: /^Verify/ }).click();
  await expect(page3.getByTestId('ask-elsewhere')).toContainText(
    /Caja \d \(since \d{2}:\d{2}:\d{2}\) and Caja \d \(since \d{2}:\d{2}:\d{2}\) have not answered/,
  );
  await saveAtCounterSizes(page3, 'store-ask-two-silent-en');
  await bridge(page3, 'settings.setLanguage', { language: 'es-PE' });

  // Caja 2 is back: its doubt was answered while it was cut off, and its lines arrive.
  reconnect(c2);
  await drained(c2);

  // The next morning, on today's clock, the supervisor closes yesterday at Caja 3.
  const caja3 = { dataDir: c3.dataDir, link: c3.link };
  await c3.stop({ keepData: true });
  counters.splice(counters.indexOf(c3), 1);
  c3 = await openCounter(browser, store, 3, { reopen: caja3, timeZone: ZONE });
  counters.push(c3);
  const page = c3.page;
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`${page.url().split('#')[0]}#/summary`);
  const day = yesterday();
  await page.locator('#summary-day').fill(day);
  await page.getByRole('button', { name: /Ver resumen/ }).click();
  const panel = page.getByRole('region', { name: 'Cierre del día de la tienda' });
  const exceptions = panel.getByTestId('store-close-exceptions');
  await expect(exceptions).toContainText('Caja en silencio con trabajo del día', {
    timeout: 30_000,
  });
  await expect(exceptions).toContainText(/Caja 1: en silencio desde las/);
  // Marked off: it is no longer asked about, but it still owes its story.
  await panel.getByLabel('Supervisor (nombre)').fill('Rosa Quispe');
  await panel.getByLabel('PIN del supervisor').fill(SUPERVISOR_PIN);
  await panel.getByRole('button', { name: 'Marcar Caja 1 fuera del día' }).click();
  const markedLine =
    /Caja 1: en silencio desde las \d{2}:\d{2}; datos hasta las \d{2}:\d{2} — lo que hizo después no está en este cierre\. Marcada fuera del día por Rosa Quispe el \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2} desde Caja 3\./;
  await expect(exceptions).toContainText('Caja marcada fuera del día, con trabajo del día');
  await expect(exceptions).toContainText(markedLine);
  await expect(panel.getByTestId('store-close-freshness')).toContainText(markedLine);
  await expect(panel.getByRole('button', { name: 'Marcar Caja 1 fuera del día' })).toHaveCount(0);
  await saveAtCounterSizes(page, 'store-close-marked-off-owes');
  // A note that does not name it: refused.
  await page.setViewportSize({ width: 1366, height: 900 });
  await panel.getByLabel('Nota sobre las excepciones').fill('todo revisado');
  await expect(panel.getByTestId('store-close-refusal')).toContainText(
    'La nota debe nombrar la caja en silencio: Caja 1',
  );
  await panel.getByLabel('PIN del supervisor').fill(SUPERVISOR_PIN);
  await panel.getByRole('button', { name: 'Cerrar el día de la tienda' }).click({ force: true });
  await expect(panel.getByTestId('store-close-done')).toHaveCount(0);
  await saveAtCounterSizes(page, 'store-close-marked-off-unnamed');
  await page.setViewportSize({ width: 1366, height: 900 });
  // Named, with what its drawer held, counted by hand: closed.
  await panel
    .getByLabel('Nota sobre las excepciones')
    .fill('Caja 1 sin red desde la noche: su caja tenía S/ 725.00, contado a mano');
  await panel.getByLabel('PIN del supervisor').fill(SUPERVISOR_PIN);
  await panel.getByRole('button', { name: 'Cerrar el día de la tienda' }).click();
  await expect(panel.getByTestId('store-close-done')).toContainText('Día cerrado');
  // The record keeps it: data until, last call, who marked it off, when, from which counter.
  const view = await bridge(page, 'storeClose.load', { day });
  const record = view.stored?.content;
  expect(record?.format).toBe('mostrador-store-close/3');
  expect(record?.counters.find((c) => c.terminal_name === 'Caja 1')).toMatchObject({
    freshness: 'off',
    last_line_at: expect.any(String),
    last_seen_at: expect.any(String),
    marked_off: {
      supervisor: 'Rosa Quispe',
      at: expect.any(String),
      by_terminal_id: c3.terminalId,
      by_terminal_name: 'Caja 3',
    },
  });
  expect(record?.exceptions).toContainEqual(
    expect.objectContaining({ kind: 'silent', marked_off: expect.anything() }),
  );
  // Closed, the record says what was: named in the note; the service's totals as closed.
  await expect(exceptions).toContainText('Nombrada en la nota del supervisor');
  await expect(panel.getByTestId('store-close-service')).toContainText('Servicio al cerrar');
  await expect(page.getByTestId('summary-totals-now')).toContainText('Totales del servicio ahora');
  await saveAtCounterSizes(page, 'store-close-marked-off-closed');
  await page.setViewportSize({ width: 1366, height: 900 });

  // 80 mm, A4 and CSV say what the screen says.
  const plain = (text: string) => text.replace(/\u00a0/g, ' ').replace(/\s+/g, ' ');
  const marked =
    /Marcada fuera del día por Rosa Quispe el \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2} desde Caja 3/;
  const receipt = await bridge(page, 'receipt.preview', {
    request: { document: 'store-close', day },
    columns: 48,
  });
  const receiptText = plain(receipt.lines.map((l) => l.text).join(' '));
  expect(receiptText).toMatch(
    /Caja 1: en silencio desde las \d{2}:\d{2}; datos hasta las \d{2}:\d{2}/,
  );
  expect(receiptText).toMatch(marked);
  expect(receiptText).toContain('Caja marcada fuera del día');
  const pdf = await bridge(page, 'print.pdf', { request: { document: 'store-close', day } });
  const pdfText = plain((await run('pdftotext', [pdf.pdf_path, '-'])).stdout);
  expect(pdfText).toMatch(/datos hasta las \d{2}:\d{2}/);
  expect(pdfText).toMatch(marked);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Exportar cierre CSV' }).click(),
  ]);
  const csvPath = await download.path();
  const csv = plain(await readFile(csvPath, 'utf8'));
  expect(csv).toMatch(/Caja 1: en silencio desde las \d{2}:\d{2}; datos hasta las \d{2}:\d{2}/);
  expect(csv).toMatch(marked);

  // Item 4. Caja 1 comes back (its clock still yesterday's): what it did after its last data
  // reaches the database after the close, each with its state and one labelled amount.
  const back = await openCounter(browser, store, 1, {
    reopen: caja1,
    clockShiftMs: -DAY_MS,
    timeZone: ZONE,
  });
  counters.push(back);
  reconnect(back);
  await expect
    .poll(
      async () =>
        (await bridge(back.page, 'journal.unresolved', {})).operations.filter(
          (op) => op.status === 'unknown' || op.status === 'pending',
        ).length,
      { timeout: 120_000 },
    )
    .toBe(0);
  await drained(back);
  await page.getByRole('button', { name: /Ver resumen/ }).click();
  const arrived = panel.getByTestId('store-close-arrived');
  await expect(arrived).toContainText(late.identity.value, { timeout: 30_000 });
  await expect(arrived).toContainText(
    new RegExp(`${late.identity.value} ${late.code} — aceptado por el servicio; cobrado S/`),
  );
  await expect(arrived).toContainText(doubt1.identity.value);
  await saveAtCounterSizes(page, 'store-close-arrived-after');

  // In English: the closed day, the marked-off counter, what arrived after.
  await bridge(page, 'settings.setLanguage', { language: 'en' });
  await page.reload();
  await page.goto(`${page.url().split('#')[0]}#/summary`);
  await page.locator('#summary-day').fill(day);
  await page.getByRole('button', { name: /Show summary/ }).click();
  const english = page.getByRole('region', { name: "The store's day close" });
  await expect(english.getByTestId('store-close-freshness')).toContainText(
    /Marked off for the day by Rosa Quispe on \d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}:\d{2} at Caja 3\./,
  );
  await expect(english.getByTestId('store-close-arrived')).toContainText(
    'accepted by the service; collected S/',
  );
  await saveAtCounterSizes(page, 'store-close-marked-off-closed-en');
});
