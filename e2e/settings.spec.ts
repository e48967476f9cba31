// Settings behind the supervisor's PIN: mode, service address (https), write-only token, store
// name, API generation, language.
import type { Page } from '@playwright/test';
import { createMockApp } from '../electron/mock/app';
import { startSilentServer } from '../electron/store-db/test-support/silent-server';
import { bridge } from './bridge-helper';
import {
  expect,
  expectNoAxeViolations,
  openReadyApp,
  SUPERVISOR_PIN,
  saveAtCounterSizes,
  saveScreenshot,
  test,
} from './fixtures';

async function unlock(page: Page) {
  await page.keyboard.press('F8');
  await expect(page.getByRole('heading', { level: 1, name: 'Configuración' })).toBeVisible();
  await page.getByLabel('PIN del supervisor').fill(SUPERVISOR_PIN);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Terminal' })).toBeVisible();
}

test('locked behind the PIN; a wrong PIN is refused', async ({ app: page }) => {
  await page.keyboard.press('F8');
  await expect(page.getByText('La configuración requiere el PIN del supervisor.')).toBeVisible();
  await saveScreenshot(page, 'settings-locked');
  await expectNoAxeViolations(page);
  await page.getByLabel('PIN del supervisor').fill('1111');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { name: /PIN incorrecto/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Terminal' })).toHaveCount(0);
  await expect(page.getByLabel('PIN del supervisor')).toHaveValue('');
});

test('store name, https address check, token write-only with its last 4', async ({ app: page }) => {
  await unlock(page);
  await saveScreenshot(page, 'settings');
  await expectNoAxeViolations(page);

  await page.getByLabel('Nombre de la tienda').fill('Tienda Centro – Caja 1');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Cambios guardados.')).toBeVisible();
  // The save button is disabled once saved: focus goes to what was saved, not the page body.
  await expect(page.getByText('Cambios guardados.')).toBeFocused();
  await expect(page.getByRole('banner')).toContainText('Tienda Centro – Caja 1');

  const address = page.getByLabel('Dirección del servicio (https)');
  await address.fill('http://pagos.example.pe');
  await expect(page.getByText('Use https:// (http solo para este mismo equipo)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Guardar cambios' })).toBeDisabled();
  await page.getByRole('radio', { name: 'En vivo' }).check();
  await address.fill('');
  await expect(page.getByText('En modo en vivo la dirección es obligatoria')).toBeVisible();
  await address.fill('https://pagos.example.pe');
  await page.getByRole('radio', { name: 'Entrenamiento' }).check();
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Cambios guardados.')).toBeVisible();
  await expect(address).toHaveValue('https://pagos.example.pe');

  await expect(page.getByTestId('token-status')).toHaveText('No configurado.');
  const token = page.getByLabel('Token nuevo (no se muestra después)');
  await token.fill('tok-secret-9876');
  await page.getByRole('button', { name: 'Guardar token' }).click();
  const weak = page.getByRole('checkbox', { name: /guardar el token con protección débil/ });
  if (await weak.isVisible()) {
    await weak.check();
    await page.getByRole('button', { name: 'Guardar token' }).click();
  }
  await expect(page.getByTestId('token-status')).toContainText(/huella [0-9a-f]{8}/);
  await expect(token).toHaveValue('');
  // The token itself is nowhere on the page.
  expect(await page.content()).not.toContain('tok-secret-9876');
});

test('API generation v2 makes the v2 check the home screen', async ({ app: page }) => {
  await unlock(page);
  await page.getByRole('radio', { name: 'v2: consultar y cobrar' }).check();
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Cambios guardados.')).toBeVisible();
  await page.goto(page.url().replace(/#.*/, '#/'));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Consulta de código (v2)' }),
  ).toBeVisible();
});

test('the language changes every text; both languages work', async ({ app: page }) => {
  await unlock(page);
  await page.getByRole('radio', { name: 'English' }).check();
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: 'F2 Sale' })).toBeVisible();
  await expect(page.getByText('TRAINING MODE')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('radio', { name: 'Español (Perú)' }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Configuración' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-PE');
});

test('an English terminal starts in English (its catalogue is a chunk of its own)', async ({
  app: page,
}) => {
  await unlock(page);
  await page.getByRole('radio', { name: 'English' }).check();
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  // A fresh start fetches the English chunk before the first screen; the CSP lets it load.
  await page.reload();
  await expect(page.getByRole('link', { name: 'F2 Sale' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

async function saveToken(page: Page, value: string, save = 'Guardar token') {
  const token = page.getByRole('textbox', { name: /^(Token nuevo|New token)/ });
  await token.fill(value);
  await page.getByRole('button', { name: save }).click();
  const weak = page.getByRole('checkbox', { name: /(protección débil|weak protection)/ });
  if (await weak.isVisible()) {
    await weak.check();
    await page.getByRole('button', { name: save }).click();
  }
  await expect(token).toHaveValue('');
}

test('"Probar conexión" says whether the address and the token work, sending nothing where it cannot', async ({
  app: page,
}) => {
  // Two screenshots, two axe runs and a saved address: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  // A real service stand-in on this machine (plain http to loopback is allowed).
  const mock = await createMockApp({ token: 'e2e-live-token-1234' });
  await mock.listen({ port: 0, host: '127.0.0.1' });
  const address = mock.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  try {
    // The worker's terminal may keep a token from an earlier test: start without one.
    await bridge(page, 'token.clear', { pin: SUPERVISOR_PIN });
    await unlock(page);
    const field = page.getByLabel('Dirección del servicio (https)');
    // The service's test, in the Terminal form (the store database has one of its own).
    const probe = page
      .getByRole('form', { name: 'Terminal' })
      .getByRole('button', { name: 'Probar conexión' });
    const verdict = page.getByTestId('connection-verdict');

    await field.fill(`http://127.0.0.1:${port}`);
    await probe.click();
    await expect(verdict).toHaveText(/Falta el token del servicio: guárdelo primero/);

    await field.fill('http://pagos.example.pe');
    await probe.click();
    await expect(verdict).toHaveText(/debe empezar con https:\/\/.*No se envió nada/);

    // The token is only ever sent to the saved address's origin (issue 19): save it first.
    await field.fill(`http://127.0.0.1:${port}`);
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText('Cambios guardados.')).toBeVisible();
    await saveToken(page, 'token-equivocado-0000');
    await probe.click();
    await expect(verdict).toHaveText(/rechazó el token.*HTTP 401/);

    await saveToken(page, 'e2e-live-token-1234');
    await probe.click();
    await expect(verdict).toHaveText(/✓\s*Conexión correcta/);
    await saveAtCounterSizes(page, 'settings-connection-ok');
    // The verdict is for the address it tested: editing the address clears it.
    await field.fill(`http://127.0.0.1:${port}/`);
    await expect(verdict).toHaveText('');

    // Another origin than the saved address's (here another scheme and port): nothing is sent.
    await field.fill('https://127.0.0.1:1');
    await probe.click();
    await expect(verdict).toHaveText(/solo se envía a la dirección guardada. No se envió nada/);
    await expectNoAxeViolations(page);
  } finally {
    await mock.close();
  }
});

test('saving an address of another origin clears the stored token, and the screen says so', async ({
  app: page,
}) => {
  await unlock(page);
  const address = page.getByLabel('Dirección del servicio (https)');
  // An address no other test saves: the worker's terminal is shared.
  await address.fill('https://origen-uno.example.pe');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Cambios guardados.')).toBeVisible();
  await saveToken(page, 'tok-for-origen-uno-1234');
  await expect(page.getByTestId('token-status')).toContainText(/huella [0-9a-f]{8}/);
  // Same origin, another path: the token stays.
  await address.fill('https://origen-uno.example.pe/api');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Cambios guardados.')).toBeVisible();
  await expect(page.getByTestId('token-status')).toContainText(/huella [0-9a-f]{8}/);
  // Another host: the token was not entered for it (issue 19).
  await address.fill('https://origen-dos.example.pe');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Cambios guardados.')).toBeVisible();
  await expect(page.getByTestId('token-status')).toHaveText('No configurado.');
  expect((await bridge(page, 'token.status', {})).configured).toBe(false);
});

test('"Test connection" in English', async ({ app: page }) => {
  await unlock(page);
  await page.getByRole('radio', { name: 'English' }).check();
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const field = page.getByLabel('Service address (https)');
  await field.fill('http://pagos.example.pe');
  await page
    .getByRole('form', { name: 'Terminal' })
    .getByRole('button', { name: 'Test connection' })
    .click();
  await expect(page.getByTestId('connection-verdict')).toHaveText(
    /must start with https:\/\/.*Nothing was sent\./,
  );
  // The address is saved first: the token is only sent to the saved address's origin.
  await field.fill('https://127.0.0.1:1');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Changes saved.')).toBeVisible();
  // The worker's terminal may keep a token from an earlier test: save one either way.
  await saveToken(page, 'e2e-live-token-1234', 'Save token');
  await page
    .getByRole('form', { name: 'Terminal' })
    .getByRole('button', { name: 'Test connection' })
    .click();
  await expect(page.getByTestId('connection-verdict')).toHaveText(/No answer from the service/);
  await saveAtCounterSizes(page, 'settings-connection-unreachable-en');
});

test('a token with a space or a character a header cannot carry is marked at once, never "OK"', async ({
  app: page,
}) => {
  await unlock(page);
  const token = page.getByRole('textbox', { name: 'Token nuevo (no se muestra después)' });
  // The worker's terminal may keep a token from an earlier test: whatever it says must not change.
  const before = await page.getByTestId('token-status').textContent();
  await token.fill('tok secret 9876');
  const message = page.locator('#settings-token-message');
  await expect(message).toContainText('El token no lleva espacios');
  await expect(message).not.toContainText('Correcto');
  await expect(page.getByRole('button', { name: 'Guardar token' })).toBeDisabled();
  await token.press('Enter');
  // Nothing was sent: the form keeps the typed text and the field says why.
  await expect(token).toHaveValue('tok secret 9876');
  await expect(page.getByTestId('token-status')).toHaveText(before ?? '');
  await token.fill('tok-secreto-ñ-9876');
  await expect(message).toContainText('El token no lleva espacios');
  await token.fill('  tok-secret-9876\n');
  await expect(message).not.toContainText('El token no lleva espacios');
});

test('"Tienda con varias cajas": the missing client id is named where it is, and leaves once it is saved', async ({
  page,
  freshBrowserMode,
}) => {
  // A store database that never answers: the card has a target, and nothing has been sent.
  const silent = await startSilentServer();
  try {
    await openReadyApp(page, freshBrowserMode.url);
    await bridge(page, 'storeDb.configure', { pin: SUPERVISOR_PIN, url: silent.url });
    await unlock(page);
    const card = page.getByTestId('store-db-settings');
    // The field is in the "Terminal" card, whose label says the store database needs it.
    await expect(card).toContainText(
      'Falta el «Client id de la tienda» (en la tarjeta Terminal): sin él esta caja no envía nada a la base de datos de la tienda.',
    );
    await expect(card).not.toContainText('Configuración general');
    await expect(card).not.toContainText('(0 registros por enviar)');
    const clientId = page.getByLabel(/^Client id de la tienda \(/);
    await expect(clientId).toHaveAccessibleName(/base de datos de la tienda/);
    await clientId.fill('tienda-centro');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText('Cambios guardados.')).toBeVisible();
    // Without a reload, the card no longer says it is missing.
    await expect(card).not.toContainText('Falta el «Client id de la tienda»');
    await expect(card).not.toContainText('(0 registros por enviar)');
    await saveAtCounterSizes(page, 'settings-store-db-client-id');
  } finally {
    await silent.close();
  }
});
