// Head office (docs/head-office.md) in Chromium: `npm run head-office` on a throwaway PostgreSQL
// holding three stores of two counters each, every counter enrolled with a one-time code and
// replicating its own journal (electron/head-office/test-support.ts): Centro closed yesterday with
// exceptions (its note names a customer's DNI), Arequipa did not close yesterday, Trujillo closed
// and then a sale arrived late, and its Caja 2 went silent. The page in es and en at 1366×768 and
// 1024×768, keyboard first, axe clean, no DNI anywhere, its exports; the head-office login refused
// every write and every DNI, as that login; and in training, the practice chain in browser mode.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import pg from 'pg';
import {
  buildTestChain,
  CENTRO_NOTE,
  CHAIN,
  CHAIN_DNIS,
  type TestChain,
} from '../electron/head-office/test-support';
import { migrate } from '../electron/store-db/migrate';
import { rememberOwner } from '../electron/store-db/test-support/enroll';
import { type PgCluster, startPgCluster } from '../electron/store-db/test-support/pg-cluster';
import { bridge, bridgeRaw } from './bridge-helper';
import {
  expect,
  expectNoAxeViolations,
  ROOT,
  saveAtCounterSizes,
  saveScreenshot,
  test,
} from './fixtures';

const run = promisify(execFile);

type HeadOffice = {
  /** The page's address, without the launch key. */
  url: string;
  /** The session the launch key was exchanged for, once, for every test's browser context. */
  session: { name: string; value: string };
  stop: () => void;
};

/** `npm run head-office` as a technician starts it: its one JSON line, its process group. */
async function startHeadOffice(url: string): Promise<HeadOffice> {
  const child: ChildProcess = spawn('npx', ['tsx', 'electron/head-office/cli.ts', '--port', '0'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    // The URL through the environment: its password is not in the process list.
    env: { ...process.env, NO_COLOR: '1', MOSTRADOR_HEAD_OFFICE_URL: url },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const launch = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(
      () => reject(new Error(`head office did not start:\n${stderr}`)),
      60_000,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split('\n').find((l) => l.startsWith('{'));
      if (!line) return;
      clearTimeout(timer);
      resolve((JSON.parse(line) as { url: string }).url);
    });
    child.once('exit', (code) => reject(new Error(`head office exited (${code}):\n${stderr}`)));
  });
  // The launch link works once: its session, taken once by Node, opens every test's page.
  const answer = await fetch(launch, { redirect: 'manual' });
  const [pair = ''] = (answer.headers.get('set-cookie') ?? '').split(';');
  const at = pair.indexOf('=');
  if (answer.status !== 303 || at < 1) throw new Error(`no session (${answer.status})`);
  const session = { name: pair.slice(0, at), value: pair.slice(at + 1) };
  return {
    url: `${new URL(launch).origin}/`,
    session,
    stop: () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    },
  };
}

/** No customer's DNI on the page, whatever it shows. */
async function expectNoDni(page: Page) {
  const text = (await page.locator('body').textContent()) ?? '';
  for (const dni of CHAIN_DNIS) expect(text, `DNI ${dni} on the page`).not.toContain(dni);
}

/** The head-office page, in this test's browser context (the session the launch opened). */
async function openOffice(page: Page) {
  await page
    .context()
    .addCookies([{ ...office.session, url: office.url, httpOnly: true, sameSite: 'Strict' }]);
  await page.goto(office.url);
}

const cell = (page: Page, store: string, day: string) =>
  page.locator(`[data-store="${store}"][data-day="${day}"]`);

let cluster: PgCluster;
let ownerUrl: string;
let chain: TestChain;
let office: HeadOffice;

test.describe('head office on the chain’s database', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    cluster = await startPgCluster();
    ownerUrl = await cluster.createDatabase('head_office_e2e');
    await migrate(ownerUrl);
    rememberOwner(ownerUrl);
    cluster.psql(
      "CREATE ROLE cadena_e2e LOGIN PASSWORD 'cadena' IN ROLE mostrador_terminal, mostrador_shared_login",
      'head_office_e2e',
    );
    chain = await buildTestChain(ownerUrl, cluster.url('head_office_e2e', 'cadena_e2e', 'cadena'));
    // Trujillo's Caja 2 lost its link without signing off: silent 30 s later, by the database.
    await chain.untilSilent();
    office = await startHeadOffice(chain.headOfficeUrl);
  });

  test.afterAll(async () => {
    office?.stop();
    await chain?.close();
    cluster?.stop();
  });

  test('the chain at a glance: exceptions first, each state in words, keyboard first', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.setViewportSize({ width: 1366, height: 768 });
    await openOffice(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Oficina central' })).toBeVisible();
    const grid = page.getByTestId('office-grid');
    await expect(grid).toBeVisible();
    const { yesterday, today } = chain.days;
    // Exceptions first: Centro, then the stores with something else to look at.
    const names = await grid.locator('tbody .office-grid__name').allInnerTexts();
    expect(names[0]).toBe(CHAIN.centro.name);
    expect(names).toHaveLength(3);
    await expect(cell(page, CHAIN.centro.store, yesterday)).toHaveAttribute(
      'data-state',
      'exceptions',
    );
    await expect(cell(page, CHAIN.centro.store, yesterday)).toContainText('2 exc.');
    await expect(cell(page, CHAIN.centro.store, yesterday)).toContainText('S/ 350.00');
    await expect(cell(page, CHAIN.arequipa.store, yesterday)).toHaveAttribute(
      'data-state',
      'not-closed',
    );
    await expect(cell(page, CHAIN.arequipa.store, yesterday)).toContainText('Sin cerrar');
    await expect(cell(page, CHAIN.trujillo.store, yesterday)).toHaveAttribute(
      'data-state',
      'after-close',
    );
    await expect(cell(page, CHAIN.trujillo.store, today)).toHaveAttribute('data-state', 'silent');
    await expect(cell(page, CHAIN.trujillo.store, today)).toContainText('Silencio');
    await expect(page.getByTestId('office-day')).toContainText('2 de 3 tiendas cerradas');
    await expect(page.getByTestId('office-day')).toContainText(
      '1 con excepciones: S/ 350.00 en juego',
    );
    // Keyboard first: the chain's day of the first store has the focus; its sentence under the grid.
    await expect(cell(page, CHAIN.centro.store, yesterday)).toBeFocused();
    await expect(page.getByTestId('office-focused')).toContainText(
      'cerrada con 2 excepciones, S/ 350.00 en juego',
    );
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('office-focused')).toContainText(/Trujillo Plaza|Arequipa Cayma/);
    await page.keyboard.press('ArrowUp');
    await expectNoDni(page);
    await saveAtCounterSizes(page, 'head-office-grid');
    expect(errors).toEqual([]);
  });

  test('a store’s day as its supervisor closed it: hash checked, note without the DNI; Esc back', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await openOffice(page);
    const { yesterday } = chain.days;
    await expect(cell(page, CHAIN.centro.store, yesterday)).toBeFocused();
    await page.keyboard.press('Enter');
    const state = page.getByTestId('office-store-state');
    await expect(state).toContainText('Cerrado por Rosa Quispe desde Caja 1');
    await expect(page.getByTestId('office-hash')).toContainText('coincide con el registro');
    await expect(state).toContainText('la cliente •••••002 pagó S/ 350');
    await expect(state).not.toContainText(CENTRO_NOTE);
    const exceptions = page.getByTestId('office-exceptions');
    await expect(exceptions).toContainText(
      'código CEY002 cobrado S/ 300.00, el servicio dice S/ 350.00',
    );
    await expect(exceptions).toContainText('y ninguna caja la registró');
    await expect(page.getByTestId('office-counters')).toContainText('0.1.0');
    await expect(page.getByTestId('office-operations')).toContainText('CEY001');
    await expectNoDni(page);
    await saveAtCounterSizes(page, 'head-office-day');
    // Esc: back to the chain, the cell it came from has the focus again.
    await page.keyboard.press('Escape');
    await expect(cell(page, CHAIN.centro.store, yesterday)).toBeFocused();
  });

  test('a day not closed is a draft, saying what head office cannot know', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await openOffice(page);
    await cell(page, CHAIN.arequipa.store, chain.days.yesterday).click();
    const state = page.getByTestId('office-store-state');
    await expect(state).toContainText(
      'BORRADOR: el día no está cerrado (el día ya terminó en la tienda)',
    );
    await expect(state).toContainText('no cuadra contra el resumen del servicio');
    await expect(page.getByTestId('office-operations')).toContainText('ARY003');
    await expectNoDni(page);
    await saveAtCounterSizes(page, 'head-office-draft');
  });

  test('in English, the grid and a day late after its close', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await openOffice(page);
    await page.getByRole('radio', { name: 'English' }).check();
    await expect(page.getByRole('heading', { level: 1, name: 'Head office' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(cell(page, CHAIN.arequipa.store, chain.days.yesterday)).toContainText(
      'Not closed',
    );
    await saveAtCounterSizes(page, 'head-office-grid-en');
    await cell(page, CHAIN.trujillo.store, chain.days.yesterday).click();
    await expect(page.getByTestId('office-late')).toContainText('TRY003');
    await expect(page.getByTestId('office-store-state')).toContainText('Closed by Rosa Quispe');
    await expectNoDni(page);
    await saveAtCounterSizes(page, 'head-office-day-en');
  });

  test('filters by region and store, exports the grid’s CSV and the chain’s day on one A4 page', async ({
    page,
  }) => {
    await openOffice(page);
    await expect(page.getByTestId('office-grid')).toBeVisible();
    await page.getByLabel('Región').selectOption('Arequipa');
    await expect(page.locator('tbody .office-grid__name')).toHaveText([CHAIN.arequipa.name]);
    await page.getByLabel('Región').selectOption('');
    await page.getByLabel('Tienda (nombre o código)').fill('trujillo');
    await expect(page.locator('tbody .office-grid__name')).toHaveText([CHAIN.trujillo.name]);
    await page.getByRole('button', { name: 'Quitar filtro' }).click();
    await expect(page.locator('tbody .office-grid__name')).toHaveCount(3);

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CSV de la cadena' }).click(),
    ]);
    const text = await readFile((await csv.path()) ?? '', 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toContain(
      `Centro;${CHAIN.centro.store};Lima;America/Lima;${chain.days.yesterday};`,
    );
    for (const dni of CHAIN_DNIS) expect(text).not.toContain(dni);

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'PDF del día de la cadena (A4)' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`oficina-central-${chain.days.yesterday}.pdf`);
    const path = (await pdf.path()) ?? '';
    expect((await run('pdfinfo', [path])).stdout).toMatch(/^Pages:\s+1$/m);
    const printed = (await run('pdftotext', ['-layout', path, '-'])).stdout;
    expect(printed).toContain('2 de 3');
    expect(printed).toContain('Centro');
    for (const dni of CHAIN_DNIS) expect(printed).not.toContain(dni);
  });

  test('the page’s server answers head office only; its login writes nothing and reads no DNI', async ({
    page,
  }) => {
    await openOffice(page);
    await expect(page.getByTestId('office-grid')).toBeVisible();
    for (const method of ['settings.get', 'v3.verify', 'token.status', 'storeDb.status']) {
      const answer = (await bridgeRaw(page, method, {})) as {
        ok: boolean;
        error?: { code: string };
      };
      expect(answer.ok, method).toBe(false);
    }
    const grid = await bridge(page, 'headOffice.grid', {});
    expect(grid.source).toBe('database');
    // As the head-office login itself: every write refused, every plain read of a DNI refused.
    const login = new pg.Client({ connectionString: chain.headOfficeUrl });
    await login.connect();
    try {
      for (const sql of [
        'SELECT identity_value FROM journal_lines LIMIT 1',
        'SELECT identity_value FROM store_operations LIMIT 1',
        'SELECT content FROM store_day_closes LIMIT 1',
        `INSERT INTO stores (store, name) VALUES ('x', 'x')`,
        `UPDATE store_day_closes SET content = content`,
        `SELECT * FROM store_db_close_day('tienda-centro', 'live', current_date - 1, '{}', 'x', null, 'CEN001', null)`,
      ]) {
        await expect(login.query(sql), sql).rejects.toMatchObject({ code: '42501' });
      }
    } finally {
      await login.end();
    }
  });
});

test('in training, the practice chain shows head office without a database', async ({
  app,
  browserMode,
}) => {
  await bridge(app, 'training.applyScenario', { name: 'store-close-counter-cut-off' });
  // From the trainer's desk (F7): the store close case's link opens head office beside it.
  await app.goto(`${browserMode.url}#/training`);
  const link = app.getByRole('link', { name: 'Abrir la oficina central (práctica)' });
  await expect(link).toBeVisible();
  const [office] = await Promise.all([app.context().waitForEvent('page'), link.click()]);
  await office.setViewportSize({ width: 1366, height: 768 });
  await expect(office.getByTestId('training-banner')).toContainText(
    'ENTRENAMIENTO: cadena de práctica',
  );
  await expect(office.getByTestId('office-grid')).toBeVisible();
  await expect(office.locator('tbody .office-grid__name').first()).toHaveText('Práctica Arequipa');
  await expect(
    office.locator('[data-store="training:practica-trujillo"][data-state="silent"]'),
  ).toHaveCount(1);
  await expectNoAxeViolations(office);
  await saveScreenshot(office, 'head-office-training');
  await office.close();
});
