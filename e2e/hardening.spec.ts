// What the cashier and the supervisor see when the terminal's journal is in trouble. The
// journal's own behaviour (disk full, emptied file) is tested under Node with the real files
// (electron/ipc/compose/journal-full.test.ts); here the bridge's answers are replaced to show the screens.
import { bridge } from './bridge-helper';
import { expect, saveScreenshot, test } from './fixtures';

test('a journal that cannot be written covers every screen until it can', async ({ app: page }) => {
  await page.route('**/bridge/**', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        ok: false,
        error: { code: 'journal-unavailable', message: 'The journal cannot be written.' },
      }),
    }),
  );
  await page.keyboard.press('F6');
  const block = page.getByRole('alertdialog');
  await expect(block).toContainText('Esta caja requiere atención: no puede registrar operaciones');
  await expect(block).toContainText('No se puede iniciar ninguna venta');
  await saveScreenshot(page, 'journal-unavailable');
  await page.setViewportSize({ width: 1024, height: 768 });
  await saveScreenshot(page, 'journal-unavailable-1024');
  await page.unroute('**/bridge/**');
  await block.getByRole('button', { name: 'Volver a intentar' }).click();
  await expect(block).toBeHidden();
});

test('the day summary says when the journal was found emptied', async ({ app: page }) => {
  await page.route('**/bridge/journal.health', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        ok: true,
        result: { writable: true, shortened: { expected_seq: 48, found_seq: 0 } },
      }),
    }),
  );
  await page.keyboard.press('F6');
  await expect(page.getByRole('heading', { level: 1, name: 'Resumen del día' })).toBeVisible();
  const notice = page.getByTestId('journal-shortened');
  await expect(notice).toContainText('Al registro de esta caja le faltan operaciones');
  await expect(notice).toContainText('entrada 0');
  await expect(notice).toContainText('entrada 48');
  await saveScreenshot(page, 'journal-shortened');
});

test('the launch key works once: it leaves the address, opens one session that reloads keep, and is refused after', async ({
  page,
  browser,
  freshBrowserMode,
}) => {
  // A browser mode of its own: the worker's shared one spent its key before any test.
  const launch = freshBrowserMode.url;
  const key = new URL(launch).searchParams.get('key') ?? '';
  expect(key).toMatch(/^[0-9a-f]{64}$/);
  await page.goto(launch);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(page.url()).toMatch(new RegExp(`^${new URL(launch).origin}/(#.*)?$`));
  // The app works on the session cookie the key was exchanged for, which no script can read.
  const seen = await page.evaluate(async () => {
    const answer = await fetch('/bridge/app.info', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    return {
      bridge: ((await answer.json()) as { ok: boolean }).ok,
      href: location.href,
      cookie: document.cookie,
      session: JSON.stringify({ ...sessionStorage }),
      local: JSON.stringify({ ...localStorage }),
    };
  });
  expect(seen.bridge).toBe(true);
  for (const kept of [seen.href, seen.cookie, seen.session, seen.local]) {
    expect(kept).not.toContain(key);
  }
  // The tab's history as the browser keeps it for session restore: no page carries the key.
  // (Chromium also keeps the address as it was typed, `userTypedURL`, and its History database
  // the link itself: why the key works only once; docs/decisions.md.)
  const cdp = await page.context().newCDPSession(page);
  const { entries } = (await cdp.send('Page.getNavigationHistory')) as {
    entries: { url: string }[];
  };
  expect(entries.length).toBeGreaterThan(0);
  for (const entry of entries) expect(entry.url).not.toContain(key);
  // F5: the cashier is not locked out.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await bridge(page, 'app.info', {})).toMatchObject({ shell: 'browser' });
  // The link read back from the history, in another browser: refused, with what to do.
  const other = await (await browser.newContext()).newPage();
  const refused = await other.goto(launch);
  expect(refused?.status()).toBe(403);
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Este enlace ya se usó');
  await expect(other.getByText('npm start').first()).toBeVisible();
  await other.context().close();
});
