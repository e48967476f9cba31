// The Electron entry point wired against a fake `electron` module: what it registers, how it
// builds its window, and that the bridge answers only the app's own frame — with the real
// backend on a temp data dir behind it.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APP_ENTRY } from './policies';

type Listener = (...args: unknown[]) => unknown;

const fake = vi.hoisted(() => {
  const appListeners = new Map<string, Listener>();
  const ipcHandlers = new Map<string, Listener>();
  const windows: { options: Record<string, unknown>; url: string | null; sent: unknown[][] }[] = [];
  const registered: { schemes: unknown[]; handled: string[]; sandbox: boolean } = {
    schemes: [],
    handled: [],
    sandbox: false,
  };
  let ready: () => void = () => undefined;
  const whenReadyPromise = new Promise<void>((resolve) => {
    ready = resolve;
  });
  const state = {
    lock: true,
    quitCalls: 0,
    menuTemplate: null as unknown,
    permissionsHardened: false,
  };
  return {
    appListeners,
    ipcHandlers,
    windows,
    registered,
    whenReadyPromise,
    ready: () => ready(),
    state,
  };
});

vi.mock('electron', () => {
  class BrowserWindow {
    webContents: { send: (...args: unknown[]) => void };
    record: (typeof fake.windows)[number];
    constructor(options: Record<string, unknown>) {
      this.record = { options, url: null, sent: [] };
      fake.windows.push(this.record);
      this.webContents = { send: (...args: unknown[]) => this.record.sent.push(args) };
    }
    once() {}
    show() {}
    isMinimized() {
      return false;
    }
    restore() {}
    focus() {}
    async loadURL(url: string) {
      this.record.url = url;
    }
  }
  return {
    BrowserWindow,
    Menu: {
      buildFromTemplate: (template: unknown) => {
        fake.state.menuTemplate = template;
        return template;
      },
      setApplicationMenu: () => undefined,
    },
    app: {
      requestSingleInstanceLock: () => fake.state.lock,
      quit: () => {
        fake.state.quitCalls += 1;
      },
      enableSandbox: () => {
        fake.registered.sandbox = true;
      },
      whenReady: () => fake.whenReadyPromise,
      getPath: () => '/nonexistent',
      getAppPath: () => '/app',
      getName: () => 'Mostrador',
      getVersion: () => '0.0.0-test',
      isPackaged: true,
      on: (event: string, listener: Listener) => fake.appListeners.set(event, listener),
    },
    ipcMain: {
      handle: (channel: string, listener: Listener) => fake.ipcHandlers.set(channel, listener),
    },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown[]) => fake.registered.schemes.push(...schemes),
      handle: (scheme: string) => fake.registered.handled.push(scheme),
    },
    safeStorage: {
      isEncryptionAvailable: () => true,
      encryptString: (text: string) => Buffer.from(text.split('').reverse().join(''), 'utf8'),
      decryptString: (data: Buffer) => data.toString('utf8').split('').reverse().join(''),
      getSelectedStorageBackend: () => 'gnome_libsecret',
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: () => {
          fake.state.permissionsHardened = true;
        },
        setPermissionCheckHandler: () => undefined,
      },
    },
    shell: { openExternal: async () => undefined },
  };
});

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
    const screens = template[1]?.submenu ?? [];
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
