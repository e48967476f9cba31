// What the integration API refuses, over HTTP: no key or a wrong one, a web page (Origin), a
// foreign Host, bodies that are not a sale, and paths that are not operations. A refused
// request never journals anything.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshMock, makeTempDir } from '../ipc/compose/test-support';
import type { MockApp } from '../mock/app';
import { raw } from '../web/test-support';
import { BASE, KEY, openTill, type Till } from './test-support';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let mock: MockApp;
let opened: Awaited<ReturnType<typeof openTill>>;
let till: Till;

beforeEach(async () => {
  temp = await makeTempDir();
  mock = await freshMock();
  opened = await openTill({ dataDir: temp.dir, mock });
  till = opened.till;
});

afterEach(async () => {
  await opened.backend.close();
  await mock.close();
  await temp.remove();
});

const SALE = { request_id: 'F001-1', billed_amount: 1200 };

const journaled = async () =>
  (await opened.backend.journal.ofOperation('integration.saleRequest')).length;

describe('who may call', () => {
  it('answers 401 without a key or with a wrong one, and 403 to a web page or a foreign Host', async () => {
    const none = await raw(till.port, { path: `${BASE}/X` });
    expect(none.status).toBe(401);
    expect(JSON.parse(none.body)).toEqual({ error: 'Missing or wrong integration key' });
    expect(none.headers['www-authenticate']).toBe('Bearer');
    const wrong = await till.send('POST', BASE, SALE, { authorization: `Bearer ${KEY}x` });
    expect(wrong.status).toBe(401);
    const notBearer = await till.send('POST', BASE, SALE, { authorization: `Basic ${KEY}` });
    expect(notBearer.status).toBe(401);
    const page = await till.send('POST', BASE, SALE, { origin: 'http://127.0.0.1:5173' });
    expect(page.status).toBe(403);
    expect(page.json.error).toMatch(/Origin/);
    const nullOrigin = await till.send('POST', BASE, SALE, { origin: 'null' });
    expect(nullOrigin.status).toBe(403);
    const rebinding = await till.send('POST', BASE, SALE, { host: 'evil.example:80' });
    expect(rebinding.status).toBe(403);
    expect(await journaled()).toBe(0);
  });

  it('serves its OpenAPI document without a key, but nothing else', async () => {
    const doc = await raw(till.port, { path: '/integration/v1/openapi.json' });
    expect(doc.status).toBe(200);
    expect(JSON.parse(doc.body).info.title).toBe('Mostrador integration API');
    expect(JSON.parse(doc.body).servers[0].url).toBe(`http://127.0.0.1:${till.port}`);
  });

  it('answers 404 with its error shape to paths and methods that are not operations', async () => {
    for (const [method, path] of [
      ['GET', '/'],
      ['GET', BASE],
      ['DELETE', `${BASE}/A`],
      ['GET', `${BASE}/A/cancel`],
      ['GET', `${BASE}/${'x'.repeat(65)}`],
      ['GET', `${BASE}/%E0%A4%A`],
      ['GET', `${BASE}/never-sent`],
      ['POST', `${BASE}/never-sent/cancel`],
    ] as const) {
      const answer = await till.send(method, path);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(typeof answer.json.error).toBe('string');
    }
  });
});

describe('bodies', () => {
  it.each([
    ['not JSON', '{"request_id":', /not JSON/],
    ['an array', '[]', /must be a JSON object/],
    ['no request_id', { billed_amount: 10 }, /request_id: required/],
    ['a request_id with a space', { ...SALE, request_id: 'F 1' }, /request_id/],
    ['a request_id of 65 characters', { ...SALE, request_id: 'a'.repeat(65) }, /request_id/],
    ['an amount of zero', { ...SALE, billed_amount: 0 }, /billed_amount/],
    ['a negative amount', { ...SALE, billed_amount: -5 }, /billed_amount/],
    ['three decimals', { ...SALE, billed_amount: 10.001 }, /billed_amount/],
    ['an amount as text', { ...SALE, billed_amount: '10' }, /billed_amount/],
    ['an unknown field', { ...SALE, cashier_id: 'x' }, /unknown field: cashier_id/],
    [
      'both dni and ruc',
      { ...SALE, identity: { dni: '41000001', ruc: '20100070970' } },
      /identity/,
    ],
    ['a DNI of 9 digits', { ...SALE, identity: { dni: '410000011' } }, /identity/],
    ['a document type of its own', { ...SALE, document: { type: 'ticket' } }, /document.type/],
    ['a callback to localhost', { ...SALE, callback_url: 'http://localhost:9/x' }, /callback_url/],
    ['an https callback', { ...SALE, callback_url: 'https://127.0.0.1/x' }, /callback_url/],
    [
      'a callback elsewhere',
      { ...SALE, callback_url: 'http://127.0.0.1.evil.com/' },
      /callback_url/,
    ],
    [
      'a callback with credentials',
      { ...SALE, callback_url: 'http://u:p@127.0.0.1/' },
      /callback_url/,
    ],
  ])('answers 400 to %s', async (_name, body, message) => {
    const answer = await till.send('POST', BASE, body);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.json)).toEqual(['error']);
    expect(answer.json.error).toMatch(message);
    expect(await journaled()).toBe(0);
  });

  it('answers 400 to a body that is not application/json and 413 past 16 KiB', async () => {
    const text = await till.send('POST', BASE, JSON.stringify(SALE), {
      'content-type': 'text/plain',
    });
    expect(text.status).toBe(400);
    const huge = { ...SALE, padding: 'x'.repeat(16 * 1024) };
    const big = await till.send('POST', BASE, huge);
    expect(big.status).toBe(413);
    expect(big.json.error).toMatch(/16384 bytes/);
    expect(await journaled()).toBe(0);
  });

  it('answers 400 to a wait that is not 0 to 55 whole seconds, or another query', async () => {
    expect((await till.create(SALE)).status).toBe(201);
    for (const query of ['?wait=56', '?wait=-1', '?wait=1.5', '?wait=abc', '?timeout=5']) {
      const answer = await till.send('GET', `${BASE}/${SALE.request_id}${query}`);
      expect(answer.status, query).toBe(400);
    }
  });
});
