// A fake `electron` module for the entry point's tests: it records what the shell registers
// (IPC handlers, windows and the URLs they load, app listeners) so a test can drive it like the
// real app, with the real backend behind it. Use with
// `vi.mock('electron', async () => (await import('./test-support')).fakeElectronModule())`.
type Listener = (...args: unknown[]) => unknown;

export const fakeElectron = (() => {
  let ready: () => void = () => undefined;
  const whenReadyPromise = new Promise<void>((resolve) => {
    ready = resolve;
  });
  return {
    appListeners: new Map<string, Listener>(),
    ipcHandlers: new Map<string, Listener>(),
    windows: [] as {
      options: Record<string, unknown>;
      url: string | null;
      sent: unknown[][];
      /** Listeners the shell put on the window (`focus`, `closed`…), to fire them from a test. */
      listeners: Map<string, Listener[]>;
      focused: number;
    }[],
    /** What the shell asks of Electron's security switches (the Electron checklist's tests). */
    registered: { schemes: [] as unknown[], handled: [] as string[], sandbox: false },
    state: { quitCalls: 0, menuTemplate: null as unknown, permissionsHardened: false },
    whenReadyPromise,
    ready: () => ready(),
  };
})();

export function fakeElectronModule() {
  const fake = fakeElectron;
  class BrowserWindow {
    webContents: { send: (...args: unknown[]) => void };
    record: (typeof fake.windows)[number];
    constructor(options: Record<string, unknown>) {
      this.record = { options, url: null, sent: [], listeners: new Map(), focused: 0 };
      fake.windows.push(this.record);
      this.webContents = { send: (...args: unknown[]) => this.record.sent.push(args) };
    }
    once() {}
    on(event: string, listener: Listener) {
      this.record.listeners.set(event, [...(this.record.listeners.get(event) ?? []), listener]);
    }
    show() {}
    isDestroyed() {
      return false;
    }
    isMinimized() {
      return false;
    }
    restore() {}
    focus() {
      this.record.focused += 1;
    }
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
      requestSingleInstanceLock: () => true,
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
      // Not the identity: a secret written without encryption would not read back.
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
}
