// Bad input of any kind gets a documented 4xx, never a 5xx: arbitrary JSON (and broken JSON)
// thrown at every endpoint of the orders, vouchers, connector, HTML and limits areas.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockApp } from './app';
import { freshMock, request } from './mock-test-support';

let app: MockApp;
beforeAll(async () => {
  app = await freshMock({ webhooks: { fetch: async () => new Response(null, { status: 204 }) } });
});
afterAll(() => app.close());

const bearer = { authorization: 'Bearer mock-token', 'x-unique-token': 'U-1' };
const connector = { client_id: 'mock-client', secret_token: 'mock-secret' };

const ENDPOINTS: [string, string, Record<string, string>][] = [
  ['POST', '/pos/order/create', bearer],
  ['POST', '/pos/order/WEB-1/total-refund', bearer],
  ['POST', '/pos/order/WEB-1/partial-refund', bearer],
  ['POST', '/pos/order/WEB-1/cancel', bearer],
  ['POST', '/pos/order/WEB-1/confirm', bearer],
  ['POST', '/__mock/orders/WEB-1/status', bearer],
  ['POST', '/vouchers/unchecked_payment/register', bearer],
  ['POST', '/vouchers/unchecked_payment/cancel/V', bearer],
  ['POST', '/__mock/vouchers/V/review', bearer],
  ['POST', '/payments', connector],
  ['POST', '/payments/PAY-1/cancellations', connector],
  ['POST', '/payments/PAY-1/settlements', connector],
  ['POST', '/payments/PAY-1/refunds', connector],
];

// Known records under the paths above, so the rules behind the 404s are reached too.
beforeAll(async () => {
  const created = await request(app, {
    method: 'POST',
    path: '/pos/order/create',
    body: {
      amount: 1000,
      order_id: 'WEB-1',
      pos_client_id: 'mock-client',
      url_redir_on_canceled: 'https://s.pe/c',
      url_redir_on_rejected: 'https://s.pe/r',
      url_redir_on_success: 'https://s.pe/s',
      url_redir_on_downpayment: 'https://s.pe/d',
    },
  });
  expect(created.status).toBe(200);
  const paid = await request(app, {
    method: 'POST',
    path: '/payments',
    token: null,
    headers: connector,
    body: { paymentId: 'PAY-1', value: 10 },
  });
  expect(paid.status).toBe(200);
});

describe('bad input never gets a 5xx', () => {
  it.each(ENDPOINTS)('%s %s, arbitrary JSON bodies', async (method, path, headers) => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (body) => {
        const answer = await app.inject({
          method: method as 'POST',
          url: path,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect(answer.statusCode, answer.body).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });

  it.each(ENDPOINTS)('%s %s, arbitrary bytes as JSON', async (method, path, headers) => {
    await fc.assert(
      fc.asyncProperty(fc.string(), async (text) => {
        const answer = await app.inject({
          method: method as 'POST',
          url: path,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: text,
        });
        expect(answer.statusCode, answer.body).toBeLessThan(500);
      }),
      { numRuns: 50 },
    );
  });

  it('arbitrary path segments on every GET', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1 }), async (segment) => {
        const encoded = encodeURIComponent(segment);
        for (const [url, headers] of [
          [`/pos/order/${encoded}`, bearer],
          [`/vouchers/unchecked_payment/info/${encoded}`, bearer],
          [`/pos/pay-with-service-add-on/${encoded}`, { client_id: 'mock-client' }],
          [`/pos/${encoded}/info-steps`, {}],
        ] as const) {
          const answer = await app.inject({ method: 'GET', url, headers });
          expect(answer.statusCode, `${url}: ${answer.body}`).toBeLessThan(500);
        }
      }),
      { numRuns: 100 },
    );
  });
});
