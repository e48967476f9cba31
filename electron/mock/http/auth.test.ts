// shared/api/messages.ts, IN_STORE: every in-store endpoint (v3, v2 and the /mock/ test endpoints)
// answers 401 { error: "Wrong or missing client token" } to a wrong or missing token, before
// looking at the request (docs/decisions.md "Billing": the token is checked first).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exampleRequest } from '../../../shared/api/common';
import { inStoreEndpoints } from '../../../shared/api/in-store';
import type { MockApp } from '../app';
import { freshMock, PATHS, post, type RequestOptions, request } from '../mock-test-support';

const UNAUTHORIZED = { error: 'Wrong or missing client token' };

/**
 * A request each endpoint would answer 200 with the right token: the example on its catalogue
 * entry (shared/api/in-store.ts), which a fresh mock answers 200, so a new in-store endpoint is in
 * every test below without a line here.
 */
const VALID = Object.fromEntries(
  Object.entries(inStoreEndpoints).map(([name, spec]) => {
    const { method, path, query, body } = exampleRequest(spec);
    if (method === 'DELETE') throw new Error(`${name}: no in-store endpoint deletes`);
    return [name, { method, path, ...(query ? { query } : {}), ...(body ? { body } : {}) }];
  }),
) as Record<keyof typeof inStoreEndpoints, Omit<RequestOptions, 'token'>>;

const endpoints = Object.entries(VALID);

/** Authorization headers that must all be refused. */
const BAD_HEADERS: [string, Record<string, string>][] = [
  ['missing', {}],
  ['a wrong token', { authorization: 'Bearer not-the-token' }],
  ['a token that only starts right', { authorization: 'Bearer mock-tok' }],
  ['a token in the wrong case', { authorization: 'Bearer MOCK-TOKEN' }],
  ['the token with no scheme', { authorization: 'mock-token' }],
  ['the scheme with no token', { authorization: 'Bearer' }],
  ['the scheme and a space', { authorization: 'Bearer ' }],
  ['another scheme', { authorization: 'Basic bW9jay10b2tlbg==' }],
  ['another scheme name', { authorization: 'Token mock-token' }],
  ['an empty header', { authorization: '' }],
  ['the secret token instead', { authorization: 'Bearer mock-secret' }],
];

let app: MockApp;
beforeEach(async () => {
  app = await freshMock();
});
afterEach(async () => {
  await app.close();
});

describe('401 on every in-store endpoint', () => {
  it.each(endpoints)('%s answers 200 with the right token (control)', async (_, valid) => {
    const answer = await request(app, valid);
    expect(answer.status).toBe(200);
  });

  for (const [label, headers] of BAD_HEADERS) {
    it.each(endpoints)(`%s with ${label} Authorization → 401`, async (_, valid) => {
      const answer = await request(app, { ...valid, token: null, headers });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(UNAUTHORIZED);
      expect(answer.contentType).toMatch(/^application\/json/);
    });
  }

  it.each(endpoints.filter(([, v]) => v.method === 'POST'))(
    '%s checks the token before the body: bad token + malformed JSON → 401',
    async (_, valid) => {
      const answer = await request(app, {
        method: 'POST',
        path: valid.path,
        token: 'wrong',
        rawBody: '{"dni": "4100',
        headers: { 'content-type': 'application/json' },
      });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(UNAUTHORIZED);
    },
  );

  it.each(endpoints.filter(([, v]) => v.method === 'POST'))(
    '%s checks the token before the body: no token + bad fields, wrong type, oversized → 401',
    async (_, valid) => {
      const attempts: Omit<RequestOptions, 'method' | 'path'>[] = [
        { token: null, body: { dni: 'x', funding_code: 'y', extra: 1 } },
        { token: null, rawBody: '<xml/>', headers: { 'content-type': 'application/xml' } },
        {
          token: null,
          rawBody: JSON.stringify({ dni: '1'.repeat(70 * 1024) }),
          headers: { 'content-type': 'application/json' },
        },
      ];
      for (const attempt of attempts) {
        const answer = await request(app, { method: 'POST', path: valid.path, ...attempt });
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual(UNAUTHORIZED);
      }
    },
  );

  it.each(endpoints.filter(([, v]) => v.method === 'GET'))(
    '%s checks the token before the query: bad token + bad query → 401',
    async (_, valid) => {
      const answer = await request(app, {
        method: 'GET',
        path: valid.path,
        query: { day: 'yesterday', dni: '1', unknown: 'x' },
        token: 'wrong',
      });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(UNAUTHORIZED);
    },
  );

  it('a refused call has no effect: unauthorised paid-and-billed and undo change nothing', async () => {
    for (const [, valid] of endpoints) await request(app, { ...valid, token: 'wrong' });
    // PEND01 was not billed by the unauthorised v2 paid-and-billed…
    const pending = await request(app, { ...VALID.v2Info, token: 'mock-token' });
    expect(pending.body).toMatchObject({
      downpayment_status: 'PENDING',
      billed_by_ecommerce: false,
    });
    // …and DESHA1 / RUCPE1 / TEST03 are still billed, so undoing them now succeeds.
    for (const name of ['v3UndoBilling', 'v2UndoBilling', 'testUndoBilling'] as const) {
      expect((await request(app, VALID[name])).status).toBe(200);
    }
  });
});

describe('401 on the trainer controls (same bearer token)', () => {
  const controls: Omit<RequestOptions, 'token'>[] = [
    { method: 'POST', path: '/__mock/reset', body: {} },
    { method: 'GET', path: '/__mock/scenarios' },
    { method: 'POST', path: '/__mock/scenarios/plain-sale/apply', body: {} },
    { method: 'PUT', path: '/__mock/merchant', body: { v3_allowed: false } },
    { method: 'GET', path: '/__mock/merchant' },
    { method: 'POST', path: '/__mock/fundings', body: { dni: '41000001', credit_line: 1000 } },
    { method: 'POST', path: '/__mock/fundings/CRONO1/accept-schedule', body: {} },
    { method: 'PUT', path: '/__mock/fundings/VENTA1/payments', body: [] },
    { method: 'PUT', path: '/__mock/clock', body: { now: '2026-03-10T04:30:00Z' } },
    { method: 'GET', path: '/__mock/clock' },
  ];

  it.each(controls.map((c) => [`${c.method} ${c.path}`, c] as const))(
    '%s without the token → 401',
    async (_, control) => {
      for (const token of [null, 'wrong']) {
        const answer = await request(app, { ...control, token });
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual(UNAUTHORIZED);
      }
    },
  );

  it('an unauthorised merchant update changes nothing', async () => {
    const refused = await request(app, {
      method: 'PUT',
      path: '/__mock/merchant',
      body: { v3_allowed: false },
      token: 'wrong',
    });
    expect(refused.status).toBe(401);
    const verified = await post(app, PATHS.v3Verify, VALID.v3Verify.body);
    expect(verified.status).toBe(200);
  });
});

describe('a custom token', () => {
  it('is the only one accepted', async () => {
    const custom = await freshMock({ token: 'tok-shop-42' });
    try {
      const body = VALID.v3Verify.body;
      expect((await post(custom, PATHS.v3Verify, body, 'tok-shop-42')).status).toBe(200);
      const withDefault = await post(custom, PATHS.v3Verify, body, 'mock-token');
      expect(withDefault.status).toBe(401);
      expect(withDefault.body).toEqual(UNAUTHORIZED);
    } finally {
      await custom.close();
    }
  });
});
