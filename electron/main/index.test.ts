// The Electron entry point wired against a fake `electron` module: what it registers, how it
// builds its window, and that the bridge answers only the app's own frame — with the real
// backend on a temp data dir behind it.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APP_ENTRY } from './policies';
import { fakeElectron } from './test-support';

// The shared fake `electron` module (test-support.ts), loaded by the hoisted mock itself.
vi.mock('electron', async () => (await import('./test-support')).fakeElectronModule());
const fake = fakeElectron;

describe('Electron entry point', () => {
  beforeAll(async () => {
    process.env.MOSTRADOR_DATA_DIR = await mkdtemp(join(tmpdir(), 'mostrador-main-'));
    await import('./index');
    fake.ready();
    await vi.waitUntil(() => fake.windows[0]?.url !== null && fake.windows.length > 0, {
      timeout: 20_000,
    });
  });
  afterAll(async () => {
    const quit = fake.appListeners.get('before-quit');
    quit?.({ preventDefault: () => undefined });
    await vi.waitUntil(() => fake.state.quitCalls > 0, { timeout: 10_000 });
  });

  it('registers its scheme as privileged before ready, and enables the sandbox everywhere', () => {
    expect(fake.registered.schemes).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
    expect(fake.registered.sandbox).toBe(true);
    expect(fake.registered.handled).toEqual(['app']);
    expect(fake.state.permissionsHardened).toBe(true);
    expect(fake.appListeners.has('web-contents-created')).toBe(true);
  });

  it('opens one locked-down window on the app’s own origin', () => {
    expect(fake.windows).toHaveLength(1);
    const prefs = fake.windows[0]?.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      preload: join('/app', 'dist-electron', 'preload.cjs'),
    });
    expect(fake.windows[0]?.url).toBe(APP_ENTRY);
  });

  it('answers the bridge for the app’s frame and refuses any other', async () => {
    const invoke = fake.ipcHandlers.get('mostrador:invoke');
    expect(invoke).toBeDefined();
    const mainFrame = { url: `${APP_ENTRY}#/sale`, parent: null, frameTreeNodeId: 1 };
    const ok = (await invoke?.(
      { senderFrame: mainFrame, sender: { mainFrame } },
      'settings.get',
      {},
    )) as {
      ok: boolean;
      result?: { mode: string };
    };
    expect(ok).toMatchObject({ ok: true, result: { mode: 'training' } });
    const child = { url: 'about:srcdoc', parent: mainFrame, frameTreeNodeId: 2 };
    const refused = await invoke?.(
      { senderFrame: child, sender: { mainFrame } },
      'settings.get',
      {},
    );
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const unknown = await invoke?.({ senderFrame: mainFrame, sender: { mainFrame } }, 'nope', {});
    expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown-method' } });
  });

  it('puts the screens with their F-keys in the menu and navigates the window by hash route', () => {
    const template = fake.state.menuTemplate as {
      submenu?: { accelerator?: string; click?: () => void }[];
    }[];
    // The screens' items (head office's, without an F-key, is head-office-window.test.ts's).
    const screens = (template[1]?.submenu ?? []).filter((item) => item.accelerator);
    expect(screens.map((item) => item.accelerator)).toEqual([
      'F2',
      'F3',
      'F4',
      'F6',
      'F7',
      'F8',
      'F9',
    ]);
    screens[0]?.click?.();
    expect(fake.windows[0]?.sent).toContainEqual(['mostrador:navigate', '#/sale']);
  });
});
