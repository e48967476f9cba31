import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { serviceEndpoints } from '../../../shared/api/endpoints';
import { trainerControls } from '../../../shared/api/trainer-controls';
import type { MockApp } from '../app';
import { routePath } from '../http/route-path';
import { freshMock, request } from '../mock-test-support';
import { buildOpenApiDocument } from './build-openapi-document';
import { chooseEncoding } from './encoded-body';

let app: MockApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** `METHOD /path/:param` of every route the mock serves, read from Fastify's route tree. */
function servedRoutes(mock: MockApp): Set<string> {
  const served = new Set<string>();
  const stack: string[] = [];
  for (const line of mock.printRoutes({ commonPrefix: false }).split('\n')) {
    if (line.trim() === '') continue;
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) throw new Error(`unexpected route line: ${line}`);
    const depth = (match[1] ?? '').length / 4;
    const path = (stack[depth - 1] ?? '') + (match[2] ?? '');
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') served.add(`${method} ${path}`);
    }
  }
  return served;
}

describe('the documentation the mock serves', () => {
  it('documents every route the mock serves, and serves every route it documents', async () => {
    app = await freshMock();
    const served = servedRoutes(app);
    const documented = new Set(
      [...Object.values(serviceEndpoints), ...Object.values(trainerControls)].map(
        (spec) => `${spec.method} ${routePath(spec.path)}`,
      ),
    );
    const ownPages = ['GET /openapi.json', 'GET /docs'];
    expect(served.size).toBeGreaterThan(40);
    const where =
      'a catalogue entry (shared/api/) is a route of its area (electron/mock/<area>/routes.ts)';
    expect([...served].filter((route) => !ownPages.includes(route)).sort(), where).toEqual(
      [...documented].sort(),
    );
  });

  it('answers GET /openapi.json without credentials with the document for its base URL', async () => {
    const baseUrl = 'http://127.0.0.1:4010';
    app = await freshMock({ baseUrl });
    const answer = await request(app, { method: 'GET', path: '/openapi.json', token: null });
    expect(answer.status).toBe(200);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(answer.body).toEqual(buildOpenApiDocument({ baseUrl }));
  });

  it('follows the base URL `npm run mock` learns once it listens', async () => {
    app = await freshMock({ baseUrl: 'http://127.0.0.1:0' });
    app.mockContext.baseUrl = 'http://127.0.0.1:45678';
    const json = await request(app, { method: 'GET', path: '/openapi.json', token: null });
    expect((json.body as { servers: unknown }).servers).toEqual([
      { url: 'http://127.0.0.1:45678', description: 'This sandbox' },
    ]);
    const page = await request(app, { method: 'GET', path: '/docs', token: null });
    expect(page.text).toContain('http://127.0.0.1:45678');
  });

  it('answers GET /docs without credentials with a self-contained HTML page of every path', async () => {
    app = await freshMock();
    const answer = await request(app, { method: 'GET', path: '/docs', token: null });
    expect(answer.status).toBe(200);
    expect(answer.contentType).toBe('text/html; charset=utf-8');
    const page = answer.text;
    for (const spec of [...Object.values(serviceEndpoints), ...Object.values(trainerControls)]) {
      expect(page).toContain(`<code>${spec.path}</code>`);
    }
    expect(page).toContain('href="/openapi.json"');
    // Nothing to run and nothing fetched from elsewhere (example URLs inside the escaped <pre>
    // blocks of curl commands are text).
    const outsidePre = page.replace(/<pre>[\s\S]*?<\/pre>/g, '');
    expect(page).not.toMatch(/<script|<link|<img|src=/i);
    expect(outsidePre).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)/i);
    // A curl command for each operation, and the fault rehearsal.
    const operations = Object.keys(serviceEndpoints).length + Object.keys(trainerControls).length;
    expect(page.match(/<h4>Try it<\/h4><pre>curl -sS -X /g)?.length).toBe(operations);
    expect(page).toContain('<h2>Rehearse a bad day</h2>');
    const response = await app.inject({ method: 'GET', url: '/docs' });
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('serves the same document compressed when asked, with a validator per encoding', async () => {
    const baseUrl = 'http://127.0.0.1:4010';
    app = await freshMock({ baseUrl });
    const expected = buildOpenApiDocument({ baseUrl });
    const get = (headers: Record<string, string>) =>
      app?.inject({ method: 'GET', url: '/openapi.json', headers });
    const br = await get({ 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get({ 'accept-encoding': 'gzip' });
    const plain = await get({});
    expect(br?.headers['content-encoding']).toBe('br');
    expect(gzip?.headers['content-encoding']).toBe('gzip');
    expect(plain?.headers['content-encoding']).toBeUndefined();
    for (const answer of [br, gzip, plain]) expect(answer?.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(brotliDecompressSync(br?.rawPayload ?? Buffer.alloc(0)).toString())).toEqual(
      expected,
    );
    expect(JSON.parse(gunzipSync(gzip?.rawPayload ?? Buffer.alloc(0)).toString())).toEqual(
      expected,
    );
    expect(JSON.parse(plain?.body ?? '')).toEqual(expected);
    const etags = new Set([br, gzip, plain].map((a) => a?.headers.etag));
    expect(etags.size).toBe(3);
    const again = await get({
      'accept-encoding': 'gzip',
      'if-none-match': String(gzip?.headers.etag),
    });
    expect(again?.statusCode).toBe(304);
    expect(again?.rawPayload.length).toBe(0);
    // The page is served the same way, with its own headers kept.
    const page = await app.inject({ method: 'GET', url: '/docs' });
    const gzipped = await app.inject({
      method: 'GET',
      url: '/docs',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(gzipped.headers['content-security-policy']).toContain("default-src 'none'");
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(page.body);
  });

  it('takes an encoding only when the client accepts it', () => {
    expect(chooseEncoding(undefined)).toBe('identity');
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('deflate')).toBe('identity');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding('identity, gzip;q=0')).toBe('identity');
  });
});
