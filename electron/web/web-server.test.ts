// Browser mode's server in process: static files, the bridge behind its secret, Host and Origin
// checks, and the security headers.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Backend } from '../ipc/compose/open-backend';
import { freshMock, makeTempDir, openTestBackend } from '../ipc/compose/test-support';
import type { MockApp } from '../mock/app';
import { CONTENT_SECURITY_POLICY } from './security-headers';
import { raw, writeRendererFixture } from './test-support';
import { createWebServer, type WebServer } from './web-server';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let mock: MockApp;
let backend: Backend;
let server: WebServer;

async function start(rendererDir: string | null) {
  server = await createWebServer({ table: backend.table, port: 0, rendererDir });
  return server;
}

beforeEach(async () => {
  temp = await makeTempDir();
  mock = await freshMock();
  backend = await openTestBackend({ dataDir: join(temp.dir, 'data'), mock });
  await writeRendererFixture(join(temp.dir, 'renderer'));
});

afterEach(async () => {
  await server?.close();
  await backend.close();
  await mock.close();
  await temp.remove();
});

const bridge = (method: string, args: unknown, headers: Record<string, string> = {}) =>
  raw(server.port, {
    method: 'POST',
    path: `/bridge/${method}`,
    headers: {
      'content-type': 'application/json',
      'x-mostrador-secret': server.secret,
      ...headers,
    },
    body: JSON.stringify(args),
  });

describe('static files', () => {
  beforeEach(() => start(join(temp.dir, 'renderer')));

  it('listens on 127.0.0.1 and serves index.html, without the secret, with the security headers', async () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/`);
    const response = await fetch(server.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toContain("style-src 'self';");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(server.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(html).not.toContain(server.secret);
    expect(server.launchUrl).not.toContain(server.secret);
  });

  it('serves assets with their content types', async () => {
    const types = {
      '/assets/app.js': 'text/javascript; charset=utf-8',
      '/assets/style.css': 'text/css; charset=utf-8',
      '/assets/logo.svg': 'image/svg+xml',
    };
    for (const [path, type] of Object.entries(types)) {
      const response = await fetch(new URL(path, server.url));
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    }
  });

  it('answers app routes with the page, missing assets with 404, and never leaves the folder', async () => {
    expect(await (await fetch(new URL('/ventas/nueva', server.url))).text()).toContain(
      '<title>Mostrador</title>',
    );
    expect((await fetch(new URL('/assets/missing.js', server.url))).status).toBe(404);
    // A file right beside the renderer folder must stay out of reach.
    await writeFile(join(temp.dir, 'outside.txt'), 'OUTSIDE-SECRET');
    for (const path of [
      '/../outside.txt',
      '/%2e%2e/outside.txt',
      '/..%2foutside.txt',
      '/assets/..%2f..%2foutside.txt',
      '/assets/%2e%2e%5c%2e%2e%5coutside.txt',
    ]) {
      const response = await raw(server.port, { path });
      expect(response.status, path).toBe(404);
      expect(response.body).not.toContain('OUTSIDE-SECRET');
    }
  });

  it('refuses other methods on static paths', async () => {
    expect((await raw(server.port, { method: 'POST', path: '/' })).status).toBe(405);
  });
});

describe('the bridge over HTTP', () => {
  beforeEach(() => start(join(temp.dir, 'renderer')));

  it('answers the envelope with the secret', async () => {
    const response = await bridge('app.info', {});
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(JSON.parse(response.body)).toMatchObject({ ok: true, result: { shell: 'browser' } });
  });

  it('refuses a call without the secret or with a wrong one (403)', async () => {
    for (const secret of [undefined, '', 'x'.repeat(64), server.secret.slice(1)]) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (secret !== undefined) headers['x-mostrador-secret'] = secret;
      const response = await raw(server.port, {
        method: 'POST',
        path: '/bridge/app.info',
        headers,
        body: '{}',
      });
      expect(response.status).toBe(403);
      expect(JSON.parse(response.body)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
  });

  it('refuses a foreign Host (DNS rebinding), even with the secret', async () => {
    for (const host of [
      'evil.example',
      `evil.example:${server.port}`,
      '127.0.0.1:1',
      `[::1]:${server.port}`,
    ]) {
      const response = await bridge('app.info', {}, { host });
      expect(response.status, host).toBe(403);
      expect((await raw(server.port, { path: '/', headers: { host } })).status).toBe(403);
    }
    expect((await bridge('app.info', {}, { host: `localhost:${server.port}` })).status).toBe(200);
  });

  it("refuses any Origin but the server's own", async () => {
    for (const origin of [
      'http://evil.example',
      'null',
      `http://127.0.0.1:${server.port + 1}`,
      `https://127.0.0.1:${server.port}`,
    ]) {
      const response = await bridge('app.info', {}, { origin });
      expect(response.status, origin).toBe(403);
    }
    expect(
      (await bridge('app.info', {}, { origin: `http://127.0.0.1:${server.port}` })).status,
    ).toBe(200);
    expect((await bridge('app.info', {}, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
  });

  it('answers typed errors for wrong methods, types and bodies', async () => {
    expect((await raw(server.port, { path: '/bridge/app.info' })).status).toBe(405);
    const text = await bridge('app.info', {}, { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    const notJson = await raw(server.port, {
      method: 'POST',
      path: '/bridge/app.info',
      headers: { 'content-type': 'application/json', 'x-mostrador-secret': server.secret },
      body: '{nope',
    });
    expect(notJson.status).toBe(400);
    expect(JSON.parse(notJson.body)).toMatchObject({ ok: false, error: { code: 'bad-arguments' } });
    const unknown = await bridge('nope.method', {});
    expect(JSON.parse(unknown.body)).toMatchObject({
      ok: false,
      error: { code: 'unknown-method' },
    });
    const badArgs = await bridge('shift.start', { cashier_id: '' });
    expect(JSON.parse(badArgs.body)).toMatchObject({ ok: false, error: { code: 'bad-arguments' } });
    const huge = await bridge('app.info', { pad: 'x'.repeat(300_000) }).catch(() => ({
      status: 413,
    }));
    expect(huge.status).toBe(413);
  });
});

describe('the launch key', () => {
  beforeEach(() => start(join(temp.dir, 'renderer')));
  const cookieName = () => `mostrador_session_${server.port}`;
  const origin = () => `http://127.0.0.1:${server.port}`;
  const launchKey = () => new URL(server.launchUrl).searchParams.get('key') ?? '';
  /** The `name=value` of the session cookie an answer sets. */
  const sessionOf = (answer: { headers: Record<string, string> }) =>
    (answer.headers['set-cookie'] ?? '').split('; ')[0] ?? '';

  it('is its own, not the bridge secret: a key lifted from the history opens no bridge call', async () => {
    expect(launchKey()).toMatch(/^[0-9a-f]{64}$/);
    expect(launchKey()).not.toBe(server.secret);
    expect(server.launchUrl).toBe(`${server.url}?key=${launchKey()}`);
    const asHeader = await bridge('app.info', {}, { 'x-mostrador-secret': launchKey() });
    expect(asHeader.status).toBe(403);
  });

  it('is exchanged once for an HttpOnly, SameSite=Strict session cookie and a redirect to the same page without it', async () => {
    const first = await raw(server.port, { path: `/?lang=en&key=${launchKey()}` });
    expect(first.status).toBe(303);
    // Other parts of the address stay; only the key goes.
    expect(first.headers.location).toBe('/?lang=en');
    expect(first.headers['cache-control']).toBe('no-store');
    const cookie = first.headers['set-cookie'] ?? '';
    const [pair = '', ...attributes] = cookie.split('; ');
    expect(attributes.sort()).toEqual(['HttpOnly', 'Path=/', 'SameSite=Strict']);
    // The session is neither the key nor the bridge secret.
    expect(pair).toMatch(new RegExp(`^${cookieName()}=[0-9a-f]{64}$`));
    expect(cookie).not.toContain(launchKey());
    expect(cookie).not.toContain(server.secret);
    expect(first.body).not.toContain(launchKey());
  });

  it('used once, is refused afterwards with a page that says how to get a new link', async () => {
    const first = await raw(server.port, { path: `/?key=${launchKey()}` });
    expect(first.status).toBe(303);
    const again = await raw(server.port, { path: `/?key=${launchKey()}` });
    expect(again.status).toBe(403);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.headers['cache-control']).toBe('no-store');
    expect(again.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(again.body).toContain('Este enlace ya se usó');
    expect(again.body).toContain('npm start');
    expect(again.body).toContain('This link was already used');
    expect(again.body).not.toContain(launchKey());
  });

  it('keeps the page working for the session it opened: reloads, and the printed link opened again there', async () => {
    const session = sessionOf(await raw(server.port, { path: `/?key=${launchKey()}` }));
    // F5 on the page: the address holds no key, the cookie goes along.
    const reload = await raw(server.port, { path: '/', headers: { cookie: session } });
    expect(reload.status).toBe(200);
    // The same browser opening the printed link again is taken to the page, with no new session.
    const again = await raw(server.port, {
      path: `/?key=${launchKey()}`,
      headers: { cookie: session },
    });
    expect(again.status).toBe(303);
    expect(again.headers.location).toBe('/');
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('as that session cookie opens the bridge to the page of this origin only', async () => {
    const cookie = sessionOf(await raw(server.port, { path: `/?key=${launchKey()}` }));
    const call = (headers: Record<string, string>) =>
      raw(server.port, {
        method: 'POST',
        path: '/bridge/app.info',
        headers: { 'content-type': 'application/json', ...headers },
        body: '{}',
      });
    expect((await call({ cookie, origin: origin() })).status).toBe(200);
    expect((await call({ cookie: `other=1; ${cookie}`, origin: origin() })).status).toBe(200);
    // A bridge call always comes from the page's fetch, which sends Origin on a POST.
    expect((await call({ cookie })).status).toBe(403);
    expect((await call({ cookie, origin: `http://127.0.0.1:${server.port + 1}` })).status).toBe(
      403,
    );
    expect((await call({ cookie, origin: origin(), 'sec-fetch-site': 'same-site' })).status).toBe(
      403,
    );
    expect(
      (await call({ cookie: `${cookieName()}=${'0'.repeat(64)}`, origin: origin() })).status,
    ).toBe(403);
    // Neither the key nor the secret works as the cookie.
    for (const value of [launchKey(), server.secret]) {
      expect((await call({ cookie: `${cookieName()}=${value}`, origin: origin() })).status).toBe(
        403,
      );
    }
    // Another run's cookie (another port) opens nothing here.
    const value = cookie.split('=')[1] ?? '';
    expect((await call({ cookie: `mostrador_session_1=${value}`, origin: origin() })).status).toBe(
      403,
    );
  });

  it("that is wrong (another run's link) gets the same page and no cookie, and a foreign Host is refused before the key is looked at", async () => {
    const wrong = await raw(server.port, { path: `/?key=${'0'.repeat(64)}` });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toContain('Este enlace ya se usó');
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const rebinding = await raw(server.port, {
      path: `/?key=${launchKey()}`,
      headers: { host: 'evil.example' },
    });
    expect(rebinding.status).toBe(403);
    expect(rebinding.headers['set-cookie']).toBeUndefined();
    // Refused before it was looked at: the key still opens the page once.
    expect((await raw(server.port, { path: `/?key=${launchKey()}` })).status).toBe(303);
  });
});

describe('without a built renderer', () => {
  it('serves a clear 503 page and still guards the bridge', async () => {
    const empty = join(temp.dir, 'empty');
    await mkdir(empty);
    await start(empty);
    const response = await fetch(server.url);
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('renderer not built: run npm run build:renderer');
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(
      (await raw(server.port, { method: 'POST', path: '/bridge/app.info', body: '{}' })).status,
    ).toBe(403);
  });
});
