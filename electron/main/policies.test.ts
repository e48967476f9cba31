import { describe, expect, it } from 'vitest';
import {
  APP_ENTRY,
  allowExternal,
  allowNavigation,
  allowPermission,
  CONTENT_SECURITY_POLICY,
  contentTypeOf,
  decideWindowOpen,
  isTrustedSender,
  resolveAppPath,
  secureWebPreferences,
} from './policies';

describe('secure web preferences', () => {
  const prefs = secureWebPreferences('/app/preload.cjs');
  it.each([
    ['contextIsolation', true],
    ['sandbox', true],
    ['nodeIntegration', false],
    ['nodeIntegrationInWorker', false],
    ['nodeIntegrationInSubFrames', false],
    ['webSecurity', true],
    ['allowRunningInsecureContent', false],
    ['webviewTag', false],
    ['experimentalFeatures', false],
  ] as const)('%s is %s', (key, value) => {
    expect(prefs[key]).toBe(value);
  });
  it('loads the given preload only', () => expect(prefs.preload).toBe('/app/preload.cjs'));
});

describe('content security policy', () => {
  it.each([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ])('contains %s', (directive) =>
    expect(CONTENT_SECURITY_POLICY.split('; ')).toContain(directive),
  );
  it('never allows inline or eval scripts', () => {
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });
});

describe('navigation', () => {
  it.each([
    [APP_ENTRY, `${APP_ENTRY}#/summary`, true],
    [`${APP_ENTRY}#/sale`, `${APP_ENTRY}#/settings`, true],
    [APP_ENTRY, 'https://evil.example/', false],
    [APP_ENTRY, 'file:///etc/passwd', false],
    [APP_ENTRY, 'app://mostrador/other.html', false],
    [APP_ENTRY, 'app://other/index.html', false],
    [APP_ENTRY, 'javascript:alert(1)', false],
    ['https://evil.example/', APP_ENTRY, false],
    [APP_ENTRY, 'not a url', false],
  ])('%s → %s allowed: %s', (from, to, allowed) => expect(allowNavigation(from, to)).toBe(allowed));
});

describe('external links and window.open', () => {
  const allowlist = ['service.example'];
  it.each([
    ['https://service.example/help', true],
    ['https://www.service.example/cronograma', true],
    ['http://service.example/help', false],
    ['https://service.example.evil.com/', false],
    ['https://evilservice.example/', false],
    ['https://user:pw@service.example/', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['garbage', false],
  ])('%s may open externally: %s', (url, allowed) => {
    expect(allowExternal(url, allowlist)).toBe(allowed);
    expect(decideWindowOpen(url, allowlist)).toEqual({ action: 'deny', openExternally: allowed });
  });
  it('opens nothing externally with the default, empty allowlist', () => {
    expect(allowExternal('https://service.example/')).toBe(false);
  });
});

describe('permissions', () => {
  it.each([
    'media',
    'geolocation',
    'notifications',
    'clipboard-read',
    'openExternal',
    'hid',
    'serial',
    'usb',
  ])('%s is denied', (permission) => expect(allowPermission(permission)).toBe(false));
});

describe('IPC sender', () => {
  it.each([
    [{ url: `${APP_ENTRY}#/sale`, isMainFrame: true }, true],
    [{ url: `${APP_ENTRY}#/sale`, isMainFrame: false }, false],
    [{ url: 'about:srcdoc', isMainFrame: false }, false],
    [{ url: 'https://evil.example/', isMainFrame: true }, false],
    [{ url: 'file:///app/index.html', isMainFrame: true }, false],
    [null, false],
    [undefined, false],
  ])('%j trusted: %s', (sender, trusted) => expect(isTrustedSender(sender)).toBe(trusted));
});

describe('app:// file resolution', () => {
  it.each([
    ['app://mostrador/index.html', '/r/index.html'],
    ['app://mostrador/', '/r/index.html'],
    ['app://mostrador/assets/index-abc.js', '/r/assets/index-abc.js'],
    ['app://mostrador/index.html#/sale', '/r/index.html'],
    ['app://mostrador/../etc/passwd', '/r/etc/passwd'], // URL parsing already resolves the dots
    ['app://mostrador/%2e%2e/%2e%2e/etc/passwd', '/r/etc/passwd'], // encoded dots too: still inside
    ['app://mostrador/assets/..%2f..%2fsecret', null],
    ['app://mostrador/a%5c..%5csecret', null],
    ['app://mostrador/%00', null],
    ['app://mostrador/C:%5Cwindows', null],
    ['app://mostrador/%E0%A4%A', null],
    ['app://other/index.html', null],
    ['https://mostrador/index.html', null],
  ])('%s → %s', (url, path) => expect(resolveAppPath(url, '/r')).toBe(path));
  it('joins with the platform separator', () => {
    expect(resolveAppPath('app://mostrador/assets/a.js', 'C:\\r\\', '\\')).toBe(
      'C:\\r\\assets\\a.js',
    );
  });
  it.each([
    ['index.html', 'text/html; charset=utf-8'],
    ['a.js', 'text/javascript; charset=utf-8'],
    ['a.css', 'text/css; charset=utf-8'],
    ['a.unknown', 'application/octet-stream'],
  ])('%s is served as %s', (path, type) => expect(contentTypeOf(path)).toBe(type));
});
