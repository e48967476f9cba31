// `npm run head-office`'s server (docs/head-office.md "How to start it"): the head-office page
// served on 127.0.0.1 by browser mode's own server (electron/web/web-server.ts: the same request
// guard, CSP, one-time launch link and session cookie), its bridge answering head office's reads
// only (electron/ipc/compose/head-office-table.ts), read with the head-office login. The login is
// asked what it may do before the server listens: a login that is not head office's, or that can
// write, never gets a page.
import { fileURLToPath } from 'node:url';
import type { HeadOfficeRefusal } from '../../shared/bridge/head-office';
import { headOfficeTable } from '../ipc/compose/head-office-table';
import type { Logger } from '../log/logger';
import type { StoreDbTimeouts } from '../store-db/connection';
import { createWebServer, type WebServer } from '../web/web-server';
import { databaseReads, type HeadOfficeReads, HeadOfficeRefused } from './head-office-reads';
import { HeadOfficeUnavailable } from './head-office-source';

/** The built page head office opens (renderer/head-office.html, built with the renderer). */
export const HEAD_OFFICE_PAGE = 'head-office.html';
/** The built renderer (`npm run build:renderer`), as browser mode finds it. */
const DEFAULT_RENDERER_DIR = fileURLToPath(new URL('../../dist/renderer', import.meta.url));

/** What a used launch link answers here: the same rule as browser mode's, head office's words. */
export const HEAD_OFFICE_LINK_USED_PAGE =
  '<!doctype html><html lang="es"><meta charset="utf-8"><title>Mostrador: enlace ya usado</title>' +
  '<h1>Este enlace ya se usó</h1>' +
  '<p>El enlace que <code>npm run head-office</code> muestra al arrancar abre la página de la ' +
  'oficina central una sola vez, en el navegador donde se abrió primero. Si ya está abierta en ' +
  'otra pestaña, siga allí (recargar con F5 no la cierra).</p>' +
  '<p>Para un enlace nuevo, detenga el servidor (Ctrl+C) y vuelva a iniciarlo.</p>' +
  '<div lang="en"><h2>This link was already used</h2>' +
  '<p>The link <code>npm run head-office</code> shows when it starts opens the head-office page ' +
  'once, in the browser that opened it first. If it is open in another tab, carry on there ' +
  '(reloading with F5 keeps it open).</p>' +
  '<p>For a new link, stop the server (Ctrl+C) and start it again.</p></div></html>\n';

/** What a technician is told when the login cannot be read with (the server does not start). */
export const REFUSAL_TEXT: Record<HeadOfficeRefusal, string> = {
  'no-database': 'no store database URL was given (--url)',
  'not-head-office':
    "this login is not head office's: make one with npm run store-db -- add-login --url <owner url> --login oficina --head-office",
  'can-write':
    'this login can write (an owner, a superuser or a counter): head office reads only with a login made by npm run store-db -- add-login --head-office',
  'not-migrated':
    "the database has no head office's functions: upgrade it with npm run store-db -- migrate --url <owner url>",
  'no-practice': 'no practice chain here',
};

export type HeadOfficeServer = {
  url: string;
  launchUrl: string;
  port: number;
  secret: string;
  /** The database did not answer at start: the page says so and reads again when asked. */
  unavailable: HeadOfficeUnavailable | null;
  server: WebServer;
  close(): Promise<void>;
};

export async function startHeadOfficeServer(options: {
  url: string;
  port: number;
  logger: Logger;
  rendererDir?: string | null;
  timeouts?: StoreDbTimeouts;
  /** Tests pass their own reads (a practice chain); the CLI reads `url`. */
  reads?: HeadOfficeReads;
}): Promise<HeadOfficeServer> {
  const reads =
    options.reads ??
    databaseReads(() => options.url, {
      mode: 'live',
      ...(options.timeouts ? { timeouts: options.timeouts } : {}),
    });
  let unavailable: HeadOfficeUnavailable | null = null;
  try {
    await reads.open();
  } catch (error) {
    if (error instanceof HeadOfficeUnavailable) unavailable = error;
    else {
      await reads.end();
      throw error;
    }
  }
  const table = headOfficeTable({ reads, logger: options.logger });
  let server: WebServer;
  try {
    server = await createWebServer({
      table,
      port: options.port,
      rendererDir: options.rendererDir === undefined ? DEFAULT_RENDERER_DIR : options.rendererDir,
      indexFile: HEAD_OFFICE_PAGE,
      linkUsedPage: HEAD_OFFICE_LINK_USED_PAGE,
    });
  } catch (error) {
    await table.close();
    throw error;
  }
  let closing: Promise<void> | null = null;
  return {
    url: server.url,
    launchUrl: server.launchUrl,
    port: server.port,
    secret: server.secret,
    unavailable,
    server,
    close: () => {
      closing ??= (async () => {
        try {
          await server.close();
        } finally {
          await table.close();
        }
      })();
      return closing;
    },
  };
}

export { HeadOfficeRefused };
