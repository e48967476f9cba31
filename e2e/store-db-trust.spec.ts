// What a counter trusts on the way to the store database (issue 34): "Probar conexión" against a
// server (or a machine in the middle) that asks for the password in clear text says so, and the
// password never reaches it; on a machine with no keyring the counter's key waits for the
// supervisor's consent, as the token does, and the replication starts once given. Browser mode
// runs in this process here, so the key's vault can be the desktop app's (safeStorage) with
// Electron's no-keyring fallback: the one state browser mode (a 0600 file) never reaches.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { migrate } from '../electron/store-db/migrate';
import { type PgCluster, startPgCluster } from '../electron/store-db/test-support/pg-cluster';
import { type RogueServer, startRogueServer } from '../electron/store-db/test-support/rogue-server';
import { createSafeStorageVault } from '../electron/vault/safe-storage-vault';
import { fakeSafeStorage } from '../electron/vault/test-support';
import {
  type BrowserMode as InProcessBrowserMode,
  startBrowserMode as startInProcess,
} from '../electron/web/browser-mode';
import { bridge } from './bridge-helper';
import { expect, openReadyApp, SUPERVISOR_PIN, saveAtCounterSizes, test } from './fixtures';
import { enrollThroughBridge } from './store-enrollment';

const PASSWORD = 'pw-caja-e2e-trust';

let cluster: PgCluster;
let ownerUrl: string;
let terminalUrl: string;
let rogue: RogueServer;
let mode: InProcessBrowserMode;
let dataDir: string;

test.beforeAll(async () => {
  cluster = await startPgCluster();
  ownerUrl = await cluster.createDatabase('store_trust');
  await migrate(ownerUrl);
  cluster.psql(
    `CREATE ROLE caja_trust LOGIN PASSWORD '${PASSWORD}' IN ROLE mostrador_terminal, mostrador_shared_login`,
  );
  terminalUrl = cluster.url('store_trust', 'caja_trust', PASSWORD);
  rogue = await startRogueServer({
    auth: 'cleartext',
    answer: 'undefined-table',
    password: PASSWORD,
  });
  dataDir = await mkdtemp(join(tmpdir(), 'mostrador-e2e-trust-'));
  mode = await startInProcess({
    dataDir,
    port: 0,
    backend: {
      storeDb: {
        // Linux with no keyring: Electron's safeStorage falls back to a fixed key.
        keyVault: createSafeStorageVault({
          file: join(dataDir, 'store-db-key.bin'),
          safeStorage: fakeSafeStorage('basic_text'),
        }),
      },
    },
  });
});

test.afterAll(async () => {
  await mode?.close();
  await rogue?.close();
  cluster?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function openStoreCard(page: Page, pinLabel: string): Promise<void> {
  await page.keyboard.press('F8');
  await page.getByLabel(pinLabel).fill(SUPERVISOR_PIN);
  await page.keyboard.press('Enter');
  await page.getByTestId('store-db-settings').scrollIntoViewIfNeeded();
}

test('the key waits for the supervisor on a machine with no keyring; a server asking for the password in clear gets nothing', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openReadyApp(page, mode.launchUrl);
  await bridge(page, 'settings.update', {
    pin: SUPERVISOR_PIN,
    change: { pos_client_id: 'tienda-trust', terminal_name: 'Caja 1' },
  });
  await bridge(page, 'storeDb.configure', { pin: SUPERVISOR_PIN, url: terminalUrl });
  await page.reload();
  await openStoreCard(page, 'PIN del supervisor');
  const card = page.getByTestId('store-db-settings');

  // The key cannot be kept with real encryption here: nothing is sent, and the card says why.
  await expect(card).toContainText('Este equipo no tiene llavero del sistema');
  expect((await bridge(page, 'storeDb.replication', {})).state).toBe('off');
  const consent = card.getByRole('checkbox', {
    name: /guardar la clave de esta caja con protección débil/,
  });
  const keep = card.getByRole('button', { name: 'Guardar la clave' });
  await expect(keep).toBeDisabled();
  await saveAtCounterSizes(page, 'settings-store-db-key-consent');

  await bridge(page, 'settings.setLanguage', { language: 'en' });
  await page.reload();
  await openStoreCard(page, 'Supervisor PIN');
  await expect(card).toContainText('This machine has no system keyring');
  await saveAtCounterSizes(page, 'settings-store-db-key-consent-en');
  await bridge(page, 'settings.setLanguage', { language: 'es-PE' });
  await page.reload();
  await page.setViewportSize({ width: 1366, height: 900 });
  await openStoreCard(page, 'PIN del supervisor');

  // The supervisor accepts: the key is kept (weakly); once the counter is enrolled with it in
  // its store (issue 33), the lines go.
  await consent.check();
  await keep.click();
  await expect(card.getByTestId('store-db-enroll')).toHaveAttribute(
    'data-category',
    'not-enrolled',
    { timeout: 30_000 },
  );
  await enrollThroughBridge(page, ownerUrl, 'tienda-trust');
  await expect(card.getByTestId('store-db-replication')).toContainText('Envío: al día', {
    timeout: 30_000,
  });
  await expect(card).not.toContainText('Este equipo no tiene llavero del sistema');

  // Probar conexión with a server that asks for the password in clear text: refused, named.
  await card.getByLabel('Dirección de la base de datos (nueva)').fill(rogue.url);
  await card.getByRole('button', { name: 'Probar conexión' }).click();
  const reachable = card.getByTestId('store-check-reachable');
  await expect(reachable).toHaveAttribute('data-status', 'failed');
  await expect(reachable).toContainText('El servidor pidió la contraseña sin cifrar');
  expect(rogue.received().includes(Buffer.from(PASSWORD))).toBe(false);
  expect(rogue.messages()).not.toContain('p');
  await saveAtCounterSizes(page, 'settings-store-db-cleartext');

  await bridge(page, 'settings.setLanguage', { language: 'en' });
  await page.reload();
  await openStoreCard(page, 'Supervisor PIN');
  await card.getByLabel('Database address (new)').fill(rogue.url);
  await card.getByRole('button', { name: 'Test connection' }).click();
  await expect(reachable).toContainText('The server asked for the password in clear text');
  await saveAtCounterSizes(page, 'settings-store-db-cleartext-en');
  await bridge(page, 'settings.setLanguage', { language: 'es-PE' });
  expect(rogue.received().includes(Buffer.from(PASSWORD))).toBe(false);
});
