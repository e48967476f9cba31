// The service's HTML fragments are served as documents of their own, under a policy that lets
// their own <style> apply but runs no script, so a sandboxed iframe can show them styled (a
// srcdoc frame inherits the app's `style-src 'self'` and Chromium drops every <style> in it).
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Backend } from '../ipc/compose/open-backend';
import { freshMock, makeTempDir, ok, openTestBackend } from '../ipc/compose/test-support';
import type { MockApp } from '../mock/app';
import { raw } from './test-support';
import { createWebServer, type WebServer } from './web-server';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let mock: MockApp;
let backend: Backend;
let server: WebServer;

beforeEach(async () => {
  temp = await makeTempDir();
  mock = await freshMock();
  backend = await openTestBackend({ dataDir: join(temp.dir, 'data'), mock });
  server = await createWebServer({ table: backend.table, port: 0, rendererDir: null });
});

afterEach(async () => {
  await server.close();
  await backend.close();
  await mock.close();
  await temp.remove();
});

describe('service fragments', () => {
  it('are served at the path the bridge gives, with a policy of their own', async () => {
    const answer = await ok(backend.table, 'html.infoSteps', {});
    if (answer.status !== 'succeeded') throw new Error('info steps failed');
    const { html, frame_path } = answer.data;
    expect(frame_path).toMatch(/^fragment\/[0-9a-f]{32}$/);
    const page = await raw(server.port, { path: `/${frame_path}` });
    expect(page.status).toBe(200);
    expect(page.body).toBe(html);
    const csp = page.headers['content-security-policy'] ?? '';
    expect(csp).toContain("style-src 'unsafe-inline'");
    expect(csp).toContain("script-src 'none'");
    expect(csp).toMatch(/(^|; )sandbox(;|$)/);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers 404 for an id it never gave', async () => {
    const page = await raw(server.port, { path: `/fragment/${'0'.repeat(32)}` });
    expect(page.status).toBe(404);
  });
});
