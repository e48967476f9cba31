// Browser mode's server: the built renderer and the bridge over HTTP, on 127.0.0.1 only.
// `POST /bridge/<method>` with JSON args answers the same `{ ok, result | error }` envelope as
// Electron IPC, from the same handler table.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BridgeError } from '../../shared/bridge';
import type { HandlerTable } from '../ipc/compose/create-handlers';
import { dispatch } from '../ipc/dispatch';
import { type LoopbackLimits, listenLoopback, readBoundedBody } from '../loopback/loopback-server';
import { FRAGMENT_HEADERS, fragmentFor } from './fragment-page';
import { createRequestGuard } from './request-guard';
import { SECURITY_HEADERS } from './security-headers';
import { createStaticFiles } from './static-files';

export const BRIDGE_PREFIX = '/bridge/';
/** The launch URL's query parameter: the one-time key exchanged for a session (request-guard.ts). */
export const LAUNCH_KEY_PARAM = 'key';
const MAX_BODY_BYTES = 256 * 1024;

/**
 * What a launch link answers once it was used (or is another run's), to a browser without this
 * run's session (docs/decisions.md "The launch key works once"). Plain HTML: the CSP allows no
 * inline style or script.
 */
export const LINK_USED_PAGE =
  '<!doctype html><html lang="es"><meta charset="utf-8"><title>Mostrador: enlace ya usado</title>' +
  '<h1>Este enlace ya se usó</h1>' +
  '<p>El enlace que Mostrador muestra al arrancar abre la caja una sola vez, en el navegador ' +
  'donde se abrió primero. Si la caja ya está abierta en otra pestaña o ventana, siga allí ' +
  '(recargar la página con F5 no la cierra).</p>' +
  '<p>Para un enlace nuevo, detenga Mostrador (Ctrl+C en la ventana donde corre) y vuelva a ' +
  'iniciarlo con <code>npm start</code> (o <code>npm run web</code>): mostrará un enlace nuevo.</p>' +
  '<div lang="en"><h2>This link was already used</h2>' +
  '<p>The link Mostrador shows when it starts opens the till once, in the browser that opened ' +
  'it first. If the till is already open in another tab or window, carry on there (reloading ' +
  'with F5 keeps it open).</p>' +
  '<p>For a new link, stop Mostrador (Ctrl+C in its window) and start it again with ' +
  '<code>npm start</code> (or <code>npm run web</code>): it shows a new link.</p></div></html>\n';

export const NOT_BUILT_PAGE =
  '<!doctype html><meta charset="utf-8"><title>Mostrador</title>' +
  '<h1>renderer not built: run npm run build:renderer</h1>\n';

export type WebServerOptions = {
  table: HandlerTable;
  /** 0 picks a free port. */
  port: number;
  /** The built renderer (dist/renderer); null serves only the bridge. */
  rendererDir: string | null;
  /** Generated per launch when absent (tests and dev tooling may fix one). */
  secret?: string;
  /** Origins besides this server's allowed to call the bridge (the renderer's dev server). */
  extraOrigins?: readonly string[];
  /** Against slow or half-sent requests; tests shorten them. */
  limits?: Partial<ServerLimits>;
  /** The page `/` serves (static-files.ts): the counter's `index.html` unless told otherwise. */
  indexFile?: string;
  /** What a used launch link answers (LINK_USED_PAGE unless told otherwise). */
  linkUsedPage?: string;
};

export type ServerLimits = LoopbackLimits;

/**
 * A browser on the same machine sends a request in microseconds: seconds are generous. The
 * defaults of Node (60 s headers, 300 s request, checked every 30 s, no cap) let 300 half-sent
 * requests hold the server for minutes.
 */
export const DEFAULT_LIMITS: ServerLimits = {
  headersTimeoutMs: 5_000,
  requestTimeoutMs: 15_000,
  // One cashier's browser holds about six; the rest is room.
  maxConnections: 64,
  // Any local process may open these: a flood pushes out only its own (loopback-server.ts).
  maxUnauthenticated: 64,
  unauthenticatedIdleMs: 2_000,
};

export type WebServer = {
  url: string;
  /**
   * `url` with a one-time key as `?key=`: what the launch prints for the browser. The first load
   * exchanges it for a session in an HttpOnly cookie and is redirected to the address without
   * it; after that the key opens nothing (docs/decisions.md "The launch key works once").
   */
  launchUrl: string;
  port: number;
  /** The bridge secret, for the X-Mostrador-Secret header of tools and tests; never in a URL. */
  secret: string;
  close(): Promise<void>;
};

export async function createWebServer(options: WebServerOptions): Promise<WebServer> {
  const secret = options.secret ?? randomBytes(32).toString('hex');
  const launchKey = randomBytes(32).toString('hex');
  const serveStatic = createStaticFiles(options.rendererDir, options.indexFile);
  let guard: ReturnType<typeof createRequestGuard> | null = null;

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if (!guard) return sendText(response, 503, 'starting\n');
    const where = guard.checkOrigin(request.headers);
    if (!where.ok) return refuse(response, where.status, where.reason);
    const address = new URL(request.url ?? '/', 'http://127.0.0.1');
    const { pathname } = address;

    if (pathname.startsWith(BRIDGE_PREFIX)) {
      if (request.method !== 'POST') {
        response.setHeader('Allow', 'POST');
        return refuse(response, 405, 'bridge calls are POST');
      }
      const key = guard.checkSecret(request.headers, request.method);
      if (!key.ok) return refuse(response, key.status, key.reason);
      if (!/^application\/json\b/i.test(request.headers['content-type'] ?? '')) {
        return refuse(response, 415, 'bridge calls are application/json');
      }
      const body = await readBoundedBody(request, MAX_BODY_BYTES);
      if (body === null) return refuse(response, 413, 'request too large');
      let args: unknown;
      try {
        args = body.trim() === '' ? {} : JSON.parse(body);
      } catch {
        return sendJson(response, 400, {
          ok: false,
          error: { code: 'bad-arguments', message: 'The body is not JSON.' },
        });
      }
      let method: string;
      try {
        method = decodeURIComponent(pathname.slice(BRIDGE_PREFIX.length));
      } catch {
        method = '';
      }
      const answer = await dispatch(options.table, method, args, {
        channel: 'http',
        verified: true,
      });
      return sendJson(response, 200, answer);
    }

    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('Allow', 'GET, HEAD');
      return refuse(response, 405, 'method not allowed');
    }
    if (address.searchParams.has(LAUNCH_KEY_PARAM)) {
      // The launch URL: its key is exchanged once for a session cookie and leaves the address at
      // once. The browser's history still records the link, so the key must be worthless after
      // that first load (docs/decisions.md "The launch key works once"). The browser holding
      // a session (the cashier opening the printed link again) is taken to the page; anyone
      // else with the used key, or another run's, gets the page saying how to get a new link.
      response.setHeader('Cache-Control', 'no-store');
      if (guard.takeLaunchKey(address.searchParams.get(LAUNCH_KEY_PARAM) ?? '')) {
        response.setHeader('Set-Cookie', guard.openSession());
      } else if (!guard.checkSecret(request.headers, request.method).ok) {
        const page = options.linkUsedPage ?? LINK_USED_PAGE;
        return send(response, 403, 'text/html; charset=utf-8', page, request.method);
      }
      address.searchParams.delete(LAUNCH_KEY_PARAM);
      response.setHeader('Location', `${pathname}${address.search}`);
      return sendText(response, 303, 'see the page without its key\n');
    }
    const fragment = fragmentFor(options.table.fragments, pathname);
    if (fragment) {
      if (fragment.found === undefined) return sendText(response, 404, 'not found\n');
      for (const [name, value] of Object.entries(FRAGMENT_HEADERS)) response.setHeader(name, value);
      return send(response, 200, 'text/html; charset=utf-8', fragment.found, request.method);
    }
    const found = await serveStatic(pathname);
    if (found.kind === 'not-built') {
      response.setHeader('Cache-Control', 'no-store');
      return send(response, 503, 'text/html; charset=utf-8', NOT_BUILT_PAGE, request.method);
    }
    if (found.kind === 'not-found') return sendText(response, 404, 'not found\n');
    response.setHeader('Cache-Control', found.isIndex ? 'no-store' : 'no-cache');
    return send(response, 200, found.contentType, found.body, request.method);
  };

  const listening = await listenLoopback(
    options.port,
    { ...DEFAULT_LIMITS, ...options.limits },
    (request, response) => {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        response.setHeader(name, value);
      }
      handle(request, response).catch((error: unknown) => {
        options.table.logger.error('web request failed', { error });
        if (!response.headersSent) sendJson(response, 500, internal());
        else response.destroy();
      });
    },
    {
      // Judged on the headers alone, before any body is read.
      // The launch URL's own load counts too: the cashier's first page is never pushed out.
      authenticate: (request) =>
        guard?.checkOrigin(request.headers).ok === true &&
        (guard.checkSecret(request.headers, request.method).ok ||
          guard.launchKeyOpen(launchKeyOf(request.url) ?? '')),
      overloaded: (_request, response) =>
        sendJson(response, 503, {
          ok: false,
          error: { code: 'not-available', message: 'Too many connections at once; try again.' },
        }),
    },
  );
  const { port } = listening;
  guard = createRequestGuard({
    port,
    secret,
    launchKey,
    ...(options.extraOrigins ? { extraOrigins: options.extraOrigins } : {}),
  });

  const url = `http://127.0.0.1:${port}/`;
  return {
    url,
    launchUrl: `${url}?${LAUNCH_KEY_PARAM}=${launchKey}`,
    port,
    secret,
    close: listening.close,
  };
}

function launchKeyOf(url: string | undefined): string | null {
  if (!url?.includes(`${LAUNCH_KEY_PARAM}=`)) return null;
  return new URL(url, 'http://127.0.0.1').searchParams.get(LAUNCH_KEY_PARAM);
}

function internal(): { ok: false; error: BridgeError } {
  return { ok: false, error: { code: 'internal', message: 'Something went wrong in the app.' } };
}

function refuse(response: ServerResponse, status: number, reason: string) {
  const error: BridgeError = { code: 'forbidden', message: reason };
  if (status === 405 || status === 413 || status === 415) error.code = 'bad-arguments';
  sendJson(response, status, { ok: false, error });
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.setHeader('Cache-Control', 'no-store');
  send(response, status, 'application/json; charset=utf-8', JSON.stringify(body));
}

function sendText(response: ServerResponse, status: number, text: string) {
  send(response, status, 'text/plain; charset=utf-8', text);
}

function send(
  response: ServerResponse,
  status: number,
  contentType: string,
  body: string | Buffer,
  method = 'GET',
) {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  response.writeHead(status, { 'Content-Type': contentType, 'Content-Length': bytes.length });
  response.end(method === 'HEAD' ? undefined : bytes);
}
