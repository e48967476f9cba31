// Browser mode in one call: the backend on a data dir (plain token file, journal, settings, log)
// behind the loopback server. The CLI uses it, and so can tests, the e2e harness and the
// renderer's dev server (which proxies `/bridge/` here and writes `secret` into its own page).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AttentionReason } from '../../shared/bridge';

import type { HandlerTable } from '../ipc/compose/create-handlers';
import { type Backend, type BackendOptions, openBackend } from '../ipc/compose/open-backend';
import { startFailureTable } from '../ipc/compose/start-failure';
import { readPackageInfo } from '../ipc/handlers/app-info-handlers';
import { browserPrinter } from '../ipc/handlers/print-handlers';
import { createFileVault } from '../vault/file-vault';
import { createWebServer, type WebServer } from './web-server';

/** The project root (where package.json and dist/ are). */
export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const DEFAULT_RENDERER_DIR = join(PROJECT_ROOT, 'dist', 'renderer');
export const TOKEN_FILE = 'token.json';
/** The till callbacks' signing secret of a Settings-made integration key (0600, like the token). */
export const INTEGRATION_SECRET_FILE = 'integration-secret.json';
/** The store database's URL (docs/store-database.md), 0600 like the token. */
export const STORE_DB_URL_FILE = 'store-db-url.json';
export const STORE_DB_KEY_FILE = 'store-db-key.json';

export type BrowserModeOptions = {
  dataDir: string;
  /** 0 picks a free port. */
  port: number;
  /** Default dist/renderer; null serves the bridge alone (a dev server serves the page). */
  rendererDir?: string | null;
  /**
   * Origins besides the server's own allowed to call (the dev server's, e.g.
   * `http://localhost:5173`). A proxy must send this server's Host (Vite: `changeOrigin: true`).
   */
  extraOrigins?: readonly string[];
  secret?: string;
  /** Passed to the backend (tests: a shared mock, a fixed clock, instant retries). */
  backend?: Partial<Omit<BackendOptions, 'dataDir' | 'shell' | 'vault' | 'printer' | 'app'>>;
};

export type BrowserMode = {
  url: string;
  /** What to open in the browser: `url` with the one-time launch key (see WebServer). */
  launchUrl: string;
  port: number;
  secret: string;
  backend: Backend;
  server: WebServer;
  /** Closes the server, then the backend (retry loops stopped, journal closed). */
  close(): Promise<void>;
};

export async function startBrowserMode(options: BrowserModeOptions): Promise<BrowserMode> {
  return serveBackend(options, await openBrowserBackend(options));
}

/** Browser mode that could not open its backend: the page and a bridge that says why. */
export type AttentionBrowserMode = Omit<BrowserMode, 'backend'> & {
  backend: null;
  attention: AttentionReason;
};

/**
 * What the CLI starts: browser mode, or, when its backend cannot open (a read-only data folder,
 * say), the renderer with a bridge answering `needs-attention`, so the cashier sees the screen
 * for the technician instead of a browser error page (docs/decisions.md "Terminal needs
 * attention"). A server that cannot listen still throws.
 */
export async function startBrowserModeOrAttention(
  options: BrowserModeOptions,
): Promise<(BrowserMode & { attention: null }) | AttentionBrowserMode> {
  let backend: Backend;
  try {
    backend = await openBrowserBackend(options);
  } catch (error) {
    const failed = startFailureTable(error, {
      dataDir: options.dataDir,
      shell: 'browser',
      app: await readPackageInfo(PROJECT_ROOT),
    });
    const server = await listen(options, failed.table);
    failed.table.logger.error('browser mode serves the attention screen only', {
      url: server.url,
      attention: failed.reason,
    });
    return {
      url: server.url,
      launchUrl: server.launchUrl,
      port: server.port,
      secret: server.secret,
      backend: null,
      attention: failed.reason,
      server,
      close: () => server.close(),
    };
  }
  return { ...(await serveBackend(options, backend)), attention: null };
}

async function openBrowserBackend(options: BrowserModeOptions): Promise<Backend> {
  const { dataDir } = options;
  return openBackend({
    ...options.backend,
    dataDir,
    shell: 'browser',
    app: await readPackageInfo(PROJECT_ROOT),
    // Browser mode has no safeStorage: a plain file only this OS user can read (0600).
    vault: createFileVault({ file: join(dataDir, TOKEN_FILE) }),
    printer: browserPrinter,
    integration: {
      secretVault: createFileVault({ file: join(dataDir, INTEGRATION_SECRET_FILE) }),
      ...options.backend?.integration,
    },
    storeDb: {
      vault: createFileVault({ file: join(dataDir, STORE_DB_URL_FILE) }),
      keyVault: createFileVault({ file: join(dataDir, STORE_DB_KEY_FILE) }),
      ...options.backend?.storeDb,
    },
  });
}

function listen(options: BrowserModeOptions, table: HandlerTable): Promise<WebServer> {
  return createWebServer({
    table,
    port: options.port,
    rendererDir: options.rendererDir === undefined ? DEFAULT_RENDERER_DIR : options.rendererDir,
    ...(options.secret ? { secret: options.secret } : {}),
    ...(options.extraOrigins ? { extraOrigins: options.extraOrigins } : {}),
  });
}

async function serveBackend(options: BrowserModeOptions, backend: Backend): Promise<BrowserMode> {
  let server: WebServer;
  try {
    server = await listen(options, backend.table);
  } catch (error) {
    await backend.close();
    throw error;
  }
  backend.logger.info('browser mode listening', { url: server.url });
  let closing: Promise<void> | null = null;
  return {
    url: server.url,
    launchUrl: server.launchUrl,
    port: server.port,
    secret: server.secret,
    backend,
    server,
    close: () => {
      closing ??= (async () => {
        try {
          await server.close();
        } finally {
          await backend.close();
        }
      })();
      return closing;
    },
  };
}
