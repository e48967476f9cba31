import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMockApp, type MockApp } from '../app';
import { freshMock, put, request } from '../mock-test-support';

let app: MockApp;
beforeEach(async () => {
  app = await freshMock();
});
afterEach(() => app.close());

const addOn = (amount: string, clientId: string | null = 'mock-client', on = app) =>
  request(on, {
    method: 'GET',
    path: `/pos/pay-with-service-add-on/${amount}`,
    token: null,
    headers: clientId === null ? {} : { Client_id: clientId },
  });
const infoSteps = (clientId: string, on = app) =>
  request(on, {
    method: 'GET',
    path: `/pos/${encodeURIComponent(clientId)}/info-steps`,
    token: null,
  });

function expectFragment(answer: { status: number; text: string; contentType: string }) {
  expect(answer.status).toBe(200);
  expect(answer.contentType).toBe('text/html; charset=utf-8');
  expect(answer.text.startsWith('<style>')).toBe(true);
  expect(answer.text).toMatch(/<div class="svc-fragment[^"]*">/);
  expect(answer.text).not.toMatch(/<script/i);
  expect(answer.text).not.toMatch(/\son\w+=/i);
}

describe('GET /pos/pay-with-service-add-on/{amount}', () => {
  it('answers HTML: a style block and a financing summary for the amount, with a link', async () => {
    const answer = await addOn('1500');
    expectFragment(answer);
    // 1500 in up to 12 installments: 125 each.
    expect(answer.text).toContain(
      'Paga S/\u00a01,500.00 en hasta <strong>12 cuotas</strong> de S/\u00a0125.00.',
    );
    expect(answer.text).toContain(
      '<a href="http://127.0.0.1/pos/mock-client/info-steps" target="_blank" rel="noopener noreferrer">',
    );
  });

  it('takes a float amount, floors the installment to the cent', async () => {
    const answer = await addOn('1000.5');
    expectFragment(answer);
    expect(answer.text).toContain('de S/\u00a083.37.');
  });

  it('names the amount outside the limits, below the minimum or above the maximum', async () => {
    const below = await addOn('99.9');
    expectFragment(below);
    expect(below.text).toContain(
      '<p><strong>S/\u00a099.90 está por debajo del mínimo de S/\u00a0100.00.</strong></p>',
    );
    // The range stays, after the amount.
    expect(below.text).toContain('desde S/\u00a0100.00 hasta S/\u00a015,000.00');
    const above = await addOn('15000.01');
    expect(above.text).toContain(
      '<p><strong>S/\u00a015,000.01 está por encima del máximo de S/\u00a015,000.00.</strong></p>',
    );
    expect(above.text).not.toContain('por debajo');
  });

  it('says where financing applies when the amount is outside the limits', async () => {
    const answer = await addOn('50');
    expectFragment(answer);
    expect(answer.text).toContain('desde S/\u00a0100.00 hasta S/\u00a015,000.00');
    await put(app, '/__mock/merchant', { max_amount: 20000, max_steps: 24 });
    expect((await addOn('16000')).text).toContain('<strong>24 cuotas</strong>');
  });

  it('is sent with headers that forbid scripts if it is opened on its own', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/pos/pay-with-service-add-on/1500',
      headers: { Client_id: 'mock-client' },
    });
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each([
    ['no Client_id header', null],
    ['another client id', 'other-client'],
    ['the bearer token instead', 'mock-token'],
  ])('answers 401 with an unauthorized detail for %s', async (_, clientId) => {
    const answer = await addOn('1500', clientId);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ detail: 'Unauthorized' });
  });

  it.each(['abc', '1.234', '-5', '01', '1e3', '1,500', '%20', '99999999999999999999'])(
    'answers 400 to the amount %s',
    async (amount) => {
      const answer = await addOn(amount);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ amount: 'Error on amount format' });
    },
  );

  it('escapes every dynamic value (base URL and client id)', async () => {
    const hostile = await createMockApp({
      clientId: '"><script>alert(1)</script>',
      baseUrl: 'http://127.0.0.1/"><script>alert(2)</script>',
    });
    const answer = await addOn('1500', '"><script>alert(1)</script>', hostile);
    expectFragment(answer);
    expect(answer.text).toContain('&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
    await hostile.close();
  });
});

describe('GET /pos/{client_id}/info-steps', () => {
  it('answers HTML: a style block, the steps, the requirements and a how-it-works link', async () => {
    const answer = await infoSteps('mock-client');
    expectFragment(answer);
    expect(answer.text).toMatch(/<ol>\n(<li>[^<]+<\/li>\n){4}<\/ol>/);
    expect(answer.text).toContain('<li>Compras desde S/\u00a0100.00 hasta S/\u00a015,000.00.</li>');
    expect(answer.text).toContain('<li>De 2 a 12 cuotas.</li>');
    expect(answer.text).toContain('href="http://127.0.0.1/how-it-works?client=mock-client"');
  });

  it('needs no credentials, and follows the merchant settings', async () => {
    await put(app, '/__mock/merchant', { min_steps: 3 });
    expect((await infoSteps('mock-client')).text).toContain('<li>De 3 a 12 cuotas.</li>');
  });

  it('answers 404 with a JSON error for an unknown client id', async () => {
    const answer = await infoSteps('someone-else');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: 'Client not registered' });
  });

  it('escapes a hostile client id in the link', async () => {
    const id = '<b>&"x';
    const hostile = await createMockApp({ clientId: id });
    const answer = await infoSteps(id, hostile);
    expectFragment(answer);
    expect(answer.text).toContain('href="http://127.0.0.1/how-it-works?client=%3Cb%3E%26%22x"');
    expect(answer.text).not.toContain('<b>');
    await hostile.close();
  });
});
