// A counter joins its store only with the technician's one-time code (issue 33, docs/
// store-database.md "Setting a counter"), tested as a store sets it up: the logins made with
// `npm run store-db -- add-login --store`, the codes with `npm run store-db -- enroll`, and each
// counter (browser mode, training, its own data dir) enrolled by a supervisor in Settings (F8) →
// Tienda con varias cajas. A counter not enrolled says so on the card and in the top bar and
// sends nothing; a wrong, used, mistyped or other store's code is refused and the code stays for
// another try; the right one, held Enter or double click, enrolls once and the lines arrive. A
// counter switched to another store is told it must be enrolled there, and a copy of its key
// elsewhere is told to be enrolled again.
import type { Browser, Page } from '@playwright/test';
import pg from 'pg';
import { migrate } from '../electron/store-db/migrate';
import { enrollCounter } from '../electron/store-db/test-support/enroll';
import { type PgCluster, startPgCluster } from '../electron/store-db/test-support/pg-cluster';
import { bridge } from './bridge-helper';
import {
  expect,
  openReadyApp,
  SUPERVISOR_PIN,
  saveAtCounterSizes,
  startBrowserMode,
  test,
} from './fixtures';
import { addStoreLogin, enrollmentCode, enrollThroughBridge } from './store-enrollment';

const DATABASE = 'store_enroll_e2e';
const NORTE = 'tienda-norte';
const SUR = 'tienda-sur';

type Counter = { page: Page; stop: () => Promise<void> };

let cluster: PgCluster;
let ownerUrl: string;
let norteUrl: string;
let surUrl: string;
const counters: Counter[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  cluster = await startPgCluster();
  ownerUrl = await cluster.createDatabase(DATABASE);
  await migrate(ownerUrl);
  // One login per store, as the technician makes them (a password shown once, bound to its store).
  norteUrl = await addStoreLogin(ownerUrl, 'caja_norte', NORTE);
  surUrl = await addStoreLogin(ownerUrl, 'caja_sur', SUR);
});

test.afterAll(async () => {
  for (const counter of counters.splice(0)) await counter.stop();
  cluster?.stop();
});

const sql = (text: string) => cluster.psql(text, DATABASE).trim();

/** A counter in training mode, set to `store` and its database URL as a supervisor sets them. */
async function counter(browser: Browser, name: string, store: string, url: string) {
  const { server, stop } = await startBrowserMode();
  const context = await browser.newContext();
  const page = await context.newPage();
  await openReadyApp(page, server.url);
  await bridge(page, 'settings.update', {
    pin: SUPERVISOR_PIN,
    change: { pos_client_id: store, terminal_name: name },
  });
  await sell(page, '41000001', 'VENTA1');
  await bridge(page, 'storeDb.configure', { pin: SUPERVISOR_PIN, url });
  const made: Counter = {
    page,
    stop: async () => {
      await context.close();
      await stop();
    },
  };
  counters.push(made);
  return made;
}

/** A training sale, paid and billed: lines in the counter's journal to send. */
async function sell(page: Page, dni: string, code: string): Promise<void> {
  // The training service as it starts: the code billable again.
  await bridge(page, 'training.reset', {});
  const verified = await bridge(page, 'v3.verify', {
    identity: { kind: 'dni', value: dni },
    funding_code: code,
    billed_cents: 120_000,
  });
  if (verified.status !== 'succeeded') throw new Error(`verify ${code}: ${verified.status}`);
  const billed = await bridge(page, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
  expect(billed.status).toBe('succeeded');
}

/** Another counter of the store spends `code` (its own id and key, through the store's login). */
async function useCode(url: string, terminalId: string, code: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT * FROM public.store_db_enroll($1, $2, $3)', [
      terminalId,
      Buffer.alloc(32, 3),
      code,
    ]);
  } finally {
    await client.end();
  }
}

/** A Verify of the code sold before: more lines to send, whatever the service answers. */
async function verifyAgain(page: Page): Promise<void> {
  await bridge(page, 'v3.verify', {
    identity: { kind: 'dni', value: '41000001' },
    funding_code: 'VENTA1',
    billed_cents: 120_000,
  });
}

async function openStoreCard(page: Page, pinLabel = 'PIN del supervisor') {
  await page.keyboard.press('F8');
  await page.getByLabel(pinLabel).fill(SUPERVISOR_PIN);
  await page.keyboard.press('Enter');
  const card = page.getByTestId('store-db-settings');
  await card.scrollIntoViewIfNeeded();
  return card;
}

/** The calls to storeDb.enroll the page makes, counted as they leave it. */
function countEnrollCalls(page: Page): () => number {
  let calls = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/bridge/storeDb.enroll') calls += 1;
  });
  return () => calls;
}

async function terminalIdOf(page: Page): Promise<string> {
  const id = (await bridge(page, 'storeDb.status', {})).terminal_id;
  if (!id) throw new Error('the counter has no terminal id');
  return id;
}

/** Until the database holds every line this counter wrote. */
async function drained(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const state = await bridge(page, 'storeDb.replication', {});
        return `${state.state}/${state.waiting_lines}`;
      },
      { timeout: 30_000 },
    )
    .toBe('ok/0');
}

test("a counter not enrolled says so and sends nothing; wrong, used and other stores' codes are refused; the right one typed in Settings enrolls it once and its lines arrive", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const { page } = await counter(browser, 'Caja 1', NORTE, norteUrl);
  const enrollCalls = countEnrollCalls(page);
  await page.reload();
  const id = await terminalIdOf(page);

  // The top bar: not "refused", not enrolled; nothing of it in the database.
  const pill = page.getByTestId('store-link-pill');
  await expect(pill).toHaveText(
    /^✕ Tienda: caja sin alta en la tienda desde las \d{2}:\d{2}:\d{2} — \d+ por enviar$/,
    { timeout: 30_000 },
  );
  expect(sql(`SELECT count(*) FROM journal_lines WHERE terminal_id = '${id}'`)).toBe('0');
  expect(sql(`SELECT count(*) FROM terminals WHERE terminal_id = '${id}'`)).toBe('0');
  expect(sql(`SELECT count(*) FROM terminal_keys WHERE terminal_id = '${id}'`)).toBe('0');

  // The card: what it means, the one way forward, this counter's id for the technician.
  const card = await openStoreCard(page);
  await expect(card.getByTestId('store-db-terminal-id')).toHaveText(`Id de esta caja: ${id}`);
  await expect(card.getByTestId('store-db-replication')).toContainText(
    'esta caja está sin alta en la tienda',
  );
  await expect(card.getByTestId('store-db-replication')).not.toContainText('Pruebe la conexión');
  const enroll = card.getByTestId('store-db-enroll');
  await expect(enroll).toHaveAttribute('data-category', 'not-enrolled');
  await expect(enroll.getByTestId('store-db-enroll-why')).toContainText(
    'La base de la tienda no acepta registros de una caja que el técnico no dio de alta',
  );
  await expect(enroll).toContainText(
    `Pida al técnico un código de alta para la tienda «${NORTE}» que nombre a esta caja (${id})`,
  );
  await expect(enroll.getByTestId('store-db-enroll-command')).toHaveText(
    `npm run store-db -- enroll --store ${NORTE} --terminal ${id}`,
  );
  const code = enroll.getByLabel('Código de alta');
  const pin = enroll.getByLabel('PIN del supervisor');
  const submit = enroll.getByRole('button', { name: 'Dar de alta esta caja' });
  const refused = enroll.getByTestId('store-db-enroll-refused');
  await saveAtCounterSizes(page, 'settings-store-db-not-enrolled');
  await page.setViewportSize({ width: 1366, height: 900 });

  // Mistyped (a 0 and a 1 no code has): said under the field, nothing sent.
  await code.fill('abcd-efgh-jk10');
  await pin.fill(SUPERVISOR_PIN);
  await pin.press('Enter');
  await expect(page.locator('#store-enroll-code-message')).toContainText('sin 0, 1, O ni I');
  expect(enrollCalls()).toBe(0);

  // A code nobody made, by keyboard: refused, the code kept, the PIN cleared.
  await code.fill('ABCD-EFGH-JKLM');
  await pin.fill(SUPERVISOR_PIN);
  await pin.press('Enter');
  await expect(refused).toContainText(
    'No se dio de alta esta caja: El código de alta no vale: no existe, ya se usó, venció o es para otra caja.',
  );
  await expect(refused).toContainText('El código sigue escrito');
  await expect(code).toHaveValue('ABCD-EFGH-JKLM');
  await expect(page.locator('#store-enroll-code-message')).toHaveText(
    '✕ La base no aceptó este código: vea abajo por qué.',
  );
  await expect(pin).toHaveValue('');
  await expect(code).toBeFocused();
  expect(enrollCalls()).toBe(1);
  await saveAtCounterSizes(page, 'settings-store-db-code-refused');
  await page.setViewportSize({ width: 1366, height: 900 });

  // A code another counter already used.
  const used = await enrollmentCode(ownerUrl, NORTE);
  await useCode(norteUrl, 'OTRA0002', used);
  await code.fill(used);
  await pin.fill(SUPERVISOR_PIN);
  await submit.click();
  await expect(refused).toContainText('El código de alta no vale');
  await expect(code).toHaveValue(used);

  // A code of another store: this counter's login is not that store's.
  const sur = await enrollmentCode(ownerUrl, SUR);
  await code.fill(sur);
  await pin.fill(SUPERVISOR_PIN);
  await submit.click();
  await expect(refused).toContainText(
    `No se dio de alta esta caja: El código es de otra tienda que la del usuario de la base con que se conecta esta caja: pida al técnico un código de la tienda «${NORTE}».`,
  );
  expect(sql(`SELECT count(*) FROM terminal_keys WHERE terminal_id = '${id}'`)).toBe('0');

  // The right code with a wrong PIN: refused before anything is sent, the code not spent.
  const right = await enrollmentCode(ownerUrl, NORTE, id);
  const spelled = right.toLowerCase().replaceAll('-', ' ');
  const before = enrollCalls();
  await code.fill(spelled);
  await pin.fill('9999');
  await pin.press('Enter');
  await expect(enroll.getByTestId('guidance')).toBeVisible();
  await expect(code).toHaveValue(spelled);
  await expect(pin).toHaveValue('');
  await expect(pin).toBeFocused();
  expect(enrollCalls()).toBe(before + 1);
  expect(sql(`SELECT count(*) FROM enrollment_codes WHERE used_by_terminal = '${id}'`)).toBe('0');

  // The right code, in lower case with spaces, and Enter held down: enrolled once.
  await pin.fill(SUPERVISOR_PIN);
  await pin.focus();
  for (let i = 0; i < 5; i += 1) await page.keyboard.down('Enter');
  await page.keyboard.up('Enter');
  const done = card.getByTestId('store-db-enrolled');
  await expect(done).toHaveText(`✓ Caja dada de alta en la tienda «${NORTE}».`);
  await expect(done).toBeFocused();
  await expect(card.getByTestId('store-db-enroll')).toHaveCount(0);
  expect(enrollCalls()).toBe(before + 2);
  // The lines arrive; the top bar has nothing more to say.
  await drained(page);
  await expect(card.getByTestId('store-db-replication')).toHaveText('✓ Envío: al día.');
  await expect(pill).toHaveCount(0);
  expect(Number(sql(`SELECT count(*) FROM journal_lines WHERE terminal_id = '${id}'`))).toBe(
    (await bridge(page, 'storeDb.replication', {})).replicated_seq,
  );
  expect(
    sql(
      `SELECT store || ' ' || enrolled_by || ' ' || enrolled_how FROM terminal_keys WHERE terminal_id = '${id}'`,
    ),
  ).toBe(`${NORTE} caja_norte code`);
  expect(sql(`SELECT count(*) FROM enrollment_codes WHERE used_by_terminal = '${id}'`)).toBe('1');
  await saveAtCounterSizes(page, 'settings-store-db-enrolled');
});

test('in English: not enrolled, a refused code, and a double click that enrolls once', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { page } = await counter(browser, 'Caja 2', NORTE, norteUrl);
  const enrollCalls = countEnrollCalls(page);
  await bridge(page, 'settings.setLanguage', { language: 'en' });
  await page.reload();
  const id = await terminalIdOf(page);
  const pill = page.getByTestId('store-link-pill');
  await expect(pill).toHaveText(
    /^✕ Store: counter not enrolled in the store since \d{1,2}:\d{2}:\d{2}.* — \d+ to send$/,
    { timeout: 30_000 },
  );
  const card = await openStoreCard(page, 'Supervisor PIN');
  const enroll = card.getByTestId('store-db-enroll');
  await expect(enroll.getByTestId('store-db-enroll-why')).toContainText(
    'The store database takes no records from a counter the technician has not enrolled',
  );
  await expect(card.getByTestId('store-db-terminal-id')).toHaveText(`This counter's id: ${id}`);
  await saveAtCounterSizes(page, 'settings-store-db-not-enrolled-en');
  await page.setViewportSize({ width: 1366, height: 900 });

  const code = enroll.getByLabel('Enrollment code');
  const pin = enroll.getByLabel('Supervisor PIN');
  const submit = enroll.getByRole('button', { name: 'Enroll this counter' });
  await code.fill('ABCD-EFGH-JKLM');
  await pin.fill(SUPERVISOR_PIN);
  await submit.click();
  await expect(enroll.getByTestId('store-db-enroll-refused')).toContainText(
    'This counter was not enrolled: The enrollment code is not valid',
  );
  await expect(pin).toHaveValue('');
  await saveAtCounterSizes(page, 'settings-store-db-code-refused-en');
  await page.setViewportSize({ width: 1366, height: 900 });

  // A double click: one call, enrolled (a second call would have been refused, the code used).
  await code.fill(await enrollmentCode(ownerUrl, NORTE));
  await pin.fill(SUPERVISOR_PIN);
  await submit.dblclick();
  await expect(card.getByTestId('store-db-enrolled')).toHaveText(
    `✓ Counter enrolled in the store «${NORTE}».`,
  );
  expect(enrollCalls()).toBe(2);
  await drained(page);
  await expect(pill).toHaveCount(0);
  await expect(card.getByTestId('store-db-replication')).toHaveText('✓ Sending: up to date.');
  await saveAtCounterSizes(page, 'settings-store-db-enrolled-en');
  await bridge(page, 'settings.setLanguage', { language: 'es-PE' });
});

test('a copy of the key elsewhere, then a switch to another store: the counter is told to be enrolled there, and is', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // Caja 3, enrolled in the north (through the bridge: the card's call) and sending.
  const { page } = await counter(browser, 'Caja 3', NORTE, norteUrl);
  await enrollThroughBridge(page, ownerUrl, NORTE);
  await drained(page);
  const id = await terminalIdOf(page);

  // Its id enrolled again with another key (a reinstall elsewhere): this copy is refused, told
  // so, and enrolled again with a code that names it; its lines go on.
  await enrollCounter(ownerUrl, norteUrl, id, Buffer.alloc(32, 5), NORTE, { terminalId: id });
  await bridge(page, 'storeDb.configure', { pin: SUPERVISOR_PIN, url: norteUrl });
  await verifyAgain(page);
  await page.reload();
  const pill = page.getByTestId('store-link-pill');
  await expect(pill).toContainText('Tienda: caja sin alta en la tienda', { timeout: 30_000 });
  let card = await openStoreCard(page);
  let enroll = card.getByTestId('store-db-enroll');
  await expect(enroll).toHaveAttribute('data-category', 'key-mismatch');
  await expect(enroll.getByTestId('store-db-enroll-why')).toContainText(
    'La base de la tienda tiene otra llave para esta caja',
  );
  await enroll.getByLabel('Código de alta').fill(await enrollmentCode(ownerUrl, NORTE, id));
  await enroll.getByLabel('PIN del supervisor').fill(SUPERVISOR_PIN);
  await enroll.getByRole('button', { name: 'Dar de alta esta caja' }).click();
  await expect(card.getByTestId('store-db-enrolled')).toContainText(
    `Caja dada de alta en la tienda «${NORTE}»`,
  );
  await drained(page);

  // It moves to the store in the south: its client id and its new store's login. The key is
  // the north's: nothing goes under the south until it is enrolled there.
  const northLines = sql(`SELECT count(*) FROM journal_lines WHERE terminal_id = '${id}'`);
  await bridge(page, 'settings.update', { pin: SUPERVISOR_PIN, change: { pos_client_id: SUR } });
  await bridge(page, 'storeDb.configure', { pin: SUPERVISOR_PIN, url: surUrl });
  await verifyAgain(page);
  await page.reload();
  await expect(pill).toContainText('Tienda: caja sin alta en la tienda', { timeout: 30_000 });
  card = await openStoreCard(page);
  enroll = card.getByTestId('store-db-enroll');
  await expect(enroll).toHaveAttribute('data-category', 'other-store');
  await expect(enroll.getByTestId('store-db-enroll-why')).toContainText(
    `Esta caja está dada de alta en otra tienda, no en «${SUR}»`,
  );
  await expect(enroll.getByTestId('store-db-enroll-command')).toHaveText(
    `npm run store-db -- enroll --store ${SUR} --terminal ${id}`,
  );
  expect(sql(`SELECT count(*) FROM journal_lines WHERE store LIKE '%${SUR}'`)).toBe('0');
  await saveAtCounterSizes(page, 'settings-store-db-other-store');
  await page.setViewportSize({ width: 1366, height: 900 });

  // A plain code of the south is not the way: this counter is enrolled, its code must name it.
  const code = enroll.getByLabel('Código de alta');
  const pin = enroll.getByLabel('PIN del supervisor');
  const submit = enroll.getByRole('button', { name: 'Dar de alta esta caja' });
  await code.fill(await enrollmentCode(ownerUrl, SUR));
  await pin.fill(SUPERVISOR_PIN);
  await submit.click();
  await expect(enroll.getByTestId('store-db-enroll-refused')).toContainText(
    'El código de alta no vale',
  );
  // The one the card asks for: enrolled in the south, the new lines go there, the old stay north.
  await code.fill(await enrollmentCode(ownerUrl, SUR, id));
  await pin.fill(SUPERVISOR_PIN);
  await submit.click();
  await expect(card.getByTestId('store-db-enrolled')).toContainText(
    `Caja dada de alta en la tienda «${SUR}»`,
  );
  await drained(page);
  await expect(pill).toHaveCount(0);
  expect(
    Number(sql(`SELECT count(*) FROM journal_lines WHERE store LIKE '%${SUR}'`)),
  ).toBeGreaterThan(0);
  expect(
    sql(
      `SELECT count(*) FROM journal_lines WHERE terminal_id = '${id}' AND store LIKE '%${NORTE}'`,
    ),
  ).toBe(northLines);
  // Nothing the north holds was sent again under the south.
  expect(
    sql(
      `SELECT count(*) FROM journal_lines s WHERE s.terminal_id = '${id}' AND s.store LIKE '%${SUR}'
       AND s.seq <= (SELECT max(n.seq) FROM journal_lines n
                     WHERE n.terminal_id = '${id}' AND n.store LIKE '%${NORTE}')`,
    ),
  ).toBe('0');

  // The same card in English, for the screenshot of a counter moved to another store.
  await bridge(page, 'settings.update', { pin: SUPERVISOR_PIN, change: { pos_client_id: NORTE } });
  await bridge(page, 'storeDb.configure', { pin: SUPERVISOR_PIN, url: norteUrl });
  await bridge(page, 'settings.setLanguage', { language: 'en' });
  await page.reload();
  const english = await openStoreCard(page, 'Supervisor PIN');
  await expect(english.getByTestId('store-db-enroll-why')).toContainText(
    `This counter is enrolled in another store, not in «${NORTE}»`,
    { timeout: 30_000 },
  );
  await saveAtCounterSizes(page, 'settings-store-db-other-store-en');
  await bridge(page, 'settings.setLanguage', { language: 'es-PE' });
});
