// The Electron shell: the app's lifecycle, its one window, the menu, printing and hardening.
// Everything behind the bridge is the same backend browser mode uses (electron/ipc/compose/open-backend).
// First: how V8 grows the heap is set before anything else allocates.
import '../runtime/memory-mode';
import { join, sep } from 'node:path';
import { app, BrowserWindow, ipcMain, Menu, protocol, safeStorage, session, shell } from 'electron';
import { headOfficeOffered } from '../head-office/head-office-reads';
import type { HandlerTable } from '../ipc/compose/create-handlers';
import { type Backend, openBackend } from '../ipc/compose/open-backend';
import { startFailureTable } from '../ipc/compose/start-failure';
import { dispatch } from '../ipc/dispatch';
import { INVOKE_CHANNEL, NAVIGATE_CHANNEL } from '../preload/channels';
import { createSafeStorageVault } from '../vault';
import { createAppRequestHandler } from './app-protocol';
import { hardenContents, hardenSession } from './hardening';
import { headOfficeWindow } from './head-office-window';
import { createInvokeListener } from './ipc-bridge';
import { buildMenuTemplate, HEAD_OFFICE_LABEL } from './menu';
import { APP_ENTRY, APP_SCHEME, secureWebPreferences } from './policies';
import { createElectronPrinter } from './printing';

// One instance per terminal: the journal has a single writer.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  // Before `ready`: the app's own scheme is standard and secure, so the page has a real origin.
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
  app.enableSandbox();
  main().catch((error: unknown) => {
    // Nothing is left to show it in: say why on stderr and quit rather than hang windowless.
    process.stderr.write(`Mostrador could not start: ${String(error)}\n`);
    app.quit();
  });
}

async function main(): Promise<void> {
  await app.whenReady();
  const dataDir = process.env.MOSTRADOR_DATA_DIR ?? app.getPath('userData');
  const rendererDir = join(app.getAppPath(), 'dist', 'renderer');
  const preloadPath = join(app.getAppPath(), 'dist-electron', 'preload.cjs');

  let table: HandlerTable | undefined;
  protocol.handle(
    APP_SCHEME,
    createAppRequestHandler(rendererDir, sep, () => table?.fragments),
  );
  hardenSession(session.defaultSession);
  app.on('web-contents-created', (_event, contents) =>
    hardenContents(contents, (url) => shell.openExternal(url)),
  );

  const versions = {
    electron: process.versions.electron ?? null,
    chrome: process.versions.chrome ?? null,
  };
  const appInfo = { name: app.getName(), version: app.getVersion() };
  // A data folder it cannot write (read-only, full, not a folder) still opens the window: on the
  // screen for the technician, with a bridge answering needs-attention (issue 19).
  let backend: Backend | null = null;
  let bridge: HandlerTable;
  try {
    backend = await openBackend({
      dataDir,
      shell: 'electron',
      app: appInfo,
      vault: createSafeStorageVault({ file: join(dataDir, 'token.bin'), safeStorage }),
      integration: {
        secretVault: createSafeStorageVault({
          file: join(dataDir, 'integration-secret.bin'),
          safeStorage,
        }),
        envKey: process.env.MOSTRADOR_INTEGRATION_KEY,
        port: integrationPortArg(process.argv),
      },
      storeDb: {
        vault: createSafeStorageVault({ file: join(dataDir, 'store-db-url.bin'), safeStorage }),
        keyVault: createSafeStorageVault({ file: join(dataDir, 'store-db-key.bin'), safeStorage }),
        envUrl: process.env.MOSTRADOR_STORE_DB_URL,
      },
      printer: {
        print: createElectronPrinter({
          BrowserWindow,
          preloadPath,
          printsDir: join(dataDir, 'prints'),
        }),
      },
      versions,
    });
    bridge = backend.table;
  } catch (error) {
    bridge = startFailureTable(error, { dataDir, shell: 'electron', app: appInfo, versions }).table;
  }
  table = bridge;
  const opened = backend;

  ipcMain.handle(
    INVOKE_CHANNEL,
    createInvokeListener((method, args) =>
      dispatch(bridge, method, args, { channel: 'ipc', verified: true }),
    ),
  );

  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 960,
    minHeight: 640,
    show: false,
    title: 'Mostrador',
    backgroundColor: '#0f3d3e',
    webPreferences: secureWebPreferences(preloadPath),
  });
  window.once('ready-to-show', () => window.show());
  const language = opened?.settings.get().language ?? 'es-PE';
  const navigate = (route: string) => window.webContents.send(NAVIGATE_CHANNEL, route);
  const showHeadOffice = headOfficeWindow(BrowserWindow, preloadPath);
  const setMenu = (headOffice: boolean) =>
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        buildMenuTemplate(language, navigate, {
          devTools: !app.isPackaged,
          headOffice: headOffice
            ? () => void showHeadOffice(HEAD_OFFICE_LABEL[language])
            : undefined,
        }),
      ),
    );
  setMenu(false);
  // "Oficina central" where this terminal reads head office (its store database login is head
  // office's, or it is in training): asked at start and whenever the window comes back to the
  // front (a supervisor may have set another database or mode meanwhile). docs/head-office.md.
  let offered: boolean | null = null;
  const refreshMenu = async () => {
    const now = opened ? await headOfficeOffered(opened.headOffice) : false;
    if (now !== offered) setMenu(now);
    offered = now;
  };
  window.on('focus', () => void refreshMenu());
  await window.loadURL(APP_ENTRY);
  void refreshMenu();

  app.on('second-instance', () => {
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  let closing = false;
  app.on('before-quit', (event) => {
    if (closing) return;
    // Journal and retry loops close before the process ends, so no line is torn.
    event.preventDefault();
    closing = true;
    void (opened?.close() ?? Promise.resolve()).finally(() => app.quit());
  });
  app.on('window-all-closed', () => app.quit());
}

/** `--integration-port N` (or `=N`) from the command line, else undefined (the settings' port). */
function integrationPortArg(argv: readonly string[]): number | undefined {
  const at = argv.findIndex(
    (arg) => arg === '--integration-port' || arg.startsWith('--integration-port='),
  );
  if (at < 0) return undefined;
  const text = argv[at]?.includes('=') ? argv[at]?.split('=')[1] : argv[at + 1];
  const port = Number(text);
  return Number.isInteger(port) && port >= 0 && port <= 65535 ? port : undefined;
}
