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
    expect(server.launchUrl).toBe(`${server.url}?key=${server.secret}`);
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
  const cookieName = () => `mostrador_key_${server.port}`;
  const origin = () => `http://127.0.0.1:${server.port}`;

  it('is exchanged for an HttpOnly, SameSite=Strict cookie and a redirect to the same page without it', async () => {
    const first = await raw(server.port, { path: `/?key=${server.secret}` });
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/');
    expect(first.headers['cache-control']).toBe('no-store');
    const cookie = first.headers['set-cookie'] ?? '';
    expect(cookie.split('; ').sort()).toEqual(
      ['HttpOnly', 'Path=/', 'SameSite=Strict', `${cookieName()}=${server.secret}`].sort(),
    );
    expect(first.body).not.toContain(server.secret);
    // Other parts of the address stay; only the key goes.
    const routed = await raw(server.port, { path: `/?lang=en&key=${server.secret}` });
    expect(routed.headers.location).toBe('/?lang=en');
  });

  it('as that cookie opens the bridge to the page of this origin only', async () => {
    const cookie = `${cookieName()}=${server.secret}`;
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
    // Another run's cookie (another port) opens nothing here.
    expect(
      (await call({ cookie: `mostrador_key_1=${server.secret}`, origin: origin() })).status,
    ).toBe(403);
  });

  it('that is wrong leaves the address too but sets nothing, and a foreign Host is refused before the key is looked at', async () => {
    const wrong = await raw(server.port, { path: `/?key=${'0'.repeat(64)}` });
    expect(wrong.status).toBe(303);
    expect(wrong.headers.location).toBe('/');
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const rebinding = await raw(server.port, {
      path: `/?key=${server.secret}`,
      headers: { host: 'evil.example' },
    });
    expect(rebinding.status).toBe(403);
    expect(rebinding.headers['set-cookie']).toBeUndefined();
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
