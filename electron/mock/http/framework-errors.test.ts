// What Fastify's router refuses before any route runs — a malformed percent-encoding, an over-long
// path parameter — still answers a documented 400: `{ error }`, or plain text on the voucher calls
// (docs/decisions.md "Request bodies and unknown paths", "Vouchers").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockApp } from '../app';
import { freshMock } from '../mock-test-support';

let app: MockApp;
beforeAll(async () => {
  app = await freshMock();
});
afterAll(() => app.close());

const inject = (url: string) =>
  app.inject({ method: 'GET', url, headers: { authorization: 'Bearer mock-token' } });

describe('router refusals', () => {
  it('answers a malformed percent-encoding with a JSON 400', async () => {
    const answer = await inject('/pos/order/%E0%A4%A');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ error: 'Malformed URL' });
  });

  it('answers an over-long path parameter with a JSON 400, not a 414', async () => {
    const answer = await inject(`/pos/order/${'x'.repeat(500)}`);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ error: 'Path parameter too long' });
  });

  it('answers the voucher calls in plain text', async () => {
    const answer = await inject('/vouchers/unchecked_payment/info/%');
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    expect(answer.body).toBe('Malformed URL');
  });
});
