// "Oficina central" in the desktop app (docs/head-office.md "How to start it"), against the fake
// `electron` module (the Electron runtime cannot run here: this proves the glue, not Electron),
// with the real backend and a real throwaway store database behind it: the menu offers head
// office in training (the practice chain) and where the terminal's store database login is head
// office's (pg_has_role … 'mostrador_head_office'), never with a counter's login; the item opens
// one locked-down window on the page, whose frame the bridge answers.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestChain, CHAIN, type TestChain } from '../head-office/test-support';
import { throwawayStoreDb } from '../store-db/test-support/store-db-fixture';
import { HEAD_OFFICE_ENTRY } from './head-office-window';
import { APP_ENTRY } from './policies';
import { fakeElectron } from './test-support';

vi.mock('electron', async () => (await import('./test-support')).fakeElectronModule());
const fake = fakeElectron;
const db = throwawayStoreDb();
const PIN = '2468';
let chain: TestChain;
let counterUrl: string;

type MenuItem = { label?: string; accelerator?: string; click?: () => void; type?: string };
const screensMenu = () =>
  ((fake.state.menuTemplate as { submenu?: MenuItem[] }[])[1]?.submenu ?? []) as MenuItem[];
const headOfficeItem = () => screensMenu().find((item) => item.label === 'Oficina central');

/** A bridge call from a window's top frame at `url`, as Electron's IPC delivers it. */
async function invoke(url: string, method: string, args: unknown) {
  const handler = fake.ipcHandlers.get('mostrador:invoke');
  const frame = { url, parent: null, frameTreeNodeId: 7 };
  return (await handler?.({ senderFrame: frame, sender: { mainFrame: frame } }, method, args)) as {
    ok: boolean;
    result?: Record<string, unknown>;
    error?: { code: string; issues?: Record<string, string> };
  };
}
const fromMain = (method: string, args: unknown) => invoke(`${APP_ENTRY}#/sale`, method, args);
const fromOffice = (method: string, args: unknown) => invoke(HEAD_OFFICE_ENTRY, method, args);

/** The main window comes back to the front: the shell asks again what the menu offers. */
const focusMain = () => {
  for (const listener of fake.windows[0]?.listeners.get('focus') ?? []) listener();
};

beforeAll(async () => {
  const urls = await db.ownedDatabase();
  chain = await buildTestChain(urls.ownerUrl, urls.terminalUrl);
  counterUrl = db.storeLogin(urls.database, CHAIN.centro.store);
  process.env.MOSTRADOR_DATA_DIR = await mkdtemp(join(tmpdir(), 'mostrador-head-office-'));
  await import('./index');
  fake.ready();
  await vi.waitUntil(() => fake.windows[0]?.url === APP_ENTRY, { timeout: 20_000 });
}, 120_000);

afterAll(async () => {
  const quit = fake.appListeners.get('before-quit');
  quit?.({ preventDefault: () => undefined });
  await vi.waitUntil(() => fake.state.quitCalls > 0, { timeout: 10_000 });
  await chain?.close();
});

describe('Oficina central in the desktop app', () => {
  it('in training, is in the menu and opens one locked-down window on the head-office page', async () => {
    await vi.waitUntil(() => headOfficeItem() !== undefined, { timeout: 10_000 });
    headOfficeItem()?.click?.();
    await vi.waitUntil(() => fake.windows[1]?.url === HEAD_OFFICE_ENTRY, { timeout: 5_000 });
    expect(fake.windows[1]?.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
    });
    // Again: the same window to the front, not a second one.
    headOfficeItem()?.click?.();
    await vi.waitUntil(() => (fake.windows[1]?.focused ?? 0) > 0, { timeout: 5_000 });
    expect(fake.windows).toHaveLength(2);
  });

  it('answers the page’s frame: the practice chain once the store case is on', async () => {
    const before = await fromOffice('headOffice.grid', {});
    expect(before).toMatchObject({
      ok: false,
      error: { code: 'not-available', issues: { head_office: 'no-practice' } },
    });
    await fromMain('training.applyScenario', { name: 'store-close-counter-cut-off' });
    const grid = await fromOffice('headOffice.grid', {});
    expect(grid).toMatchObject({ ok: true, result: { source: 'practice' } });
    // A frame of another origin is refused, as for the main window.
    const stranger = await invoke('https://evil.example/', 'headOffice.grid', {});
    expect(stranger).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('live, with a head-office login, reads the chain’s database and keeps the item', async () => {
    expect((await fromMain('supervisor.setPin', { pin: PIN })).ok).toBe(true);
    expect((await fromMain('token.set', { pin: PIN, token: 'live-token-123456' })).ok).toBe(true);
    const live = await fromMain('settings.update', {
      pin: PIN,
      change: { mode: 'live', base_url: 'https://service.example' },
    });
    expect(live.ok).toBe(true);
    const set = await fromMain('storeDb.configure', { pin: PIN, url: chain.headOfficeUrl });
    expect(set.ok).toBe(true);
    focusMain();
    const read = await fromOffice('headOffice.grid', {});
    expect(read).toMatchObject({ ok: true, result: { source: 'database' } });
    const grid = read.result?.grid as { stores: { store: string }[] } | undefined;
    const stores = (grid?.stores ?? []).map((s) => s.store);
    expect(stores.sort()).toEqual(
      [CHAIN.arequipa.store, CHAIN.centro.store, CHAIN.trujillo.store].sort(),
    );
    expect(headOfficeItem()).toBeDefined();
  });

  it('live, with a counter’s login, no longer offers it and reads nothing', async () => {
    const set = await fromMain('storeDb.configure', { pin: PIN, url: counterUrl });
    expect(set.ok).toBe(true);
    focusMain();
    await vi.waitUntil(() => headOfficeItem() === undefined, { timeout: 10_000 });
    const read = await fromOffice('headOffice.grid', {});
    expect(read).toMatchObject({
      ok: false,
      error: { code: 'not-available', issues: { head_office: 'not-head-office' } },
    });
  });
});
