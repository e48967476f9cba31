// The Electron security checklist as pure decisions, each tested in a table (policies.test.ts);
// the glue in window.ts and index.ts only wires them to Electron's events.

/** The app's own pages are served from this privileged scheme, never from file:// or http. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'mostrador';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY = `${APP_ORIGIN}/index.html`;

/** What every window of the app gets; nothing in the renderer can reach Node. */
export function secureWebPreferences(preloadPath: string) {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    spellcheck: false,
    safeDialogs: true,
  } as const;
}

/**
 * The renderer's Content-Security-Policy: its own scripts and styles only; service HTML
 * fragments go into sandboxed srcdoc/blob frames; nothing is fetched from anywhere else (the
 * renderer talks to the service only through the bridge).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self' blob: data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
  } catch {
    return false;
  }
}

/** In-app navigation is by hash routes; loading any other document is refused. */
export function allowNavigation(from: string, to: string): boolean {
  if (!isAppUrl(to) || !isAppUrl(from)) return false;
  const a = new URL(from);
  const b = new URL(to);
  return a.pathname === b.pathname && a.search === b.search;
}

/** Hosts the app may open in the system browser: the financing service's public pages. */
export const EXTERNAL_ALLOWLIST: readonly string[] = [];

export function allowExternal(
  url: string,
  allowlist: readonly string[] = EXTERNAL_ALLOWLIST,
): boolean {
  try {
    const parsed = new URL(url);
    return (
      parsed.protocol === 'https:' &&
      parsed.username === '' &&
      parsed.password === '' &&
      allowlist.some((host) => parsed.hostname === host || parsed.hostname.endsWith(`.${host}`))
    );
  } catch {
    return false;
  }
}

/** `window.open` never opens an Electron window; allowed https links go to the system browser. */
export function decideWindowOpen(url: string, allowlist: readonly string[] = EXTERNAL_ALLOWLIST) {
  return { action: 'deny' as const, openExternally: allowExternal(url, allowlist) };
}

/** Camera, microphone, geolocation, notifications…: a till needs none of them. */
export function allowPermission(_permission: string): boolean {
  return false;
}

/**
 * Only the app's own top-level page may call the bridge: not an iframe (service HTML lives in
 * sandboxed frames) and not any page that somehow got loaded from elsewhere.
 */
export function isTrustedSender(
  sender: { url: string; isMainFrame: boolean } | null | undefined,
): boolean {
  return !!sender && sender.isMainFrame && isAppUrl(sender.url);
}

/**
 * Maps an app:// URL to a file under the renderer's folder, or null when it would leave it
 * (`..`, encoded separators, absolute paths): the protocol handler serves nothing else.
 */
export function resolveAppPath(url: string, root: string, sep = '/'): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!isAppUrl(url)) return null;
  let path: string;
  try {
    path = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  if (path === '/' || path === '') path = '/index.html';
  const parts = path.split('/').filter((p) => p !== '');
  if (
    parts.some(
      (p) => p === '..' || p === '.' || p.includes('\\') || p.includes('\0') || p.includes(':'),
    )
  ) {
    return null;
  }
  const trimmedRoot = root.endsWith(sep) ? root.slice(0, -1) : root;
  return [trimmedRoot, ...parts].join(sep);
}

const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json',
  svg: 'image/svg+xml',
  png: 'image/png',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  map: 'application/json',
};

export function contentTypeOf(path: string): string {
  const ext = path.split('.').pop()?.toLowerCase() ?? '';
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}
