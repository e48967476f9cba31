// Format errors keyed by field (docs/decisions.md "Formats" and "Request bodies and unknown
// paths"), and bodies the document does not cover: every one answers a JSON 400 — never a 5xx,
// never a 413/415.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockApp } from '../app';
import { freshMock, get, PATHS, post, request } from '../mock-test-support';

const DNI = { dni: 'Error on dni format' };
const CODE = { funding_code: 'Error on funding_code format' };
const RUC = { ruc: 'Error on ruc format' };
const BILLED = { billed_amount: 'Error on billed_amount format' };
const CASHIER = { cashier_id: 'Error on cashier_id format' };
const BOTH_IDENTITIES = { error: 'Send dni or ruc, not both' };

/** A v3 Verify / Paid-and-billed body that is valid except for what a case changes. */
const sale = {
  dni: '41000001',
  funding_code: 'VENTA1',
  billed_amount: 1200,
  cashier_id: 'CAJA-01',
};
const { dni: _dni, ...saleWithoutIdentity } = sale;

const BILLING_PATHS = [PATHS.v3Verify, PATHS.v3PaidAndBilled];
const IDENTIFICATION_PATHS = [
  PATHS.v3UndoBilling,
  PATHS.v2PaidAndBilled,
  PATHS.v2UndoBilling,
  PATHS.testPaidAndBilled,
  PATHS.testUndoBilling,
];
const POST_PATHS = [...BILLING_PATHS, ...IDENTIFICATION_PATHS];

let app: MockApp;
beforeAll(async () => {
  app = await freshMock();
});
afterAll(async () => {
  await app.close();
});

describe('v3 Verify and Paid-and-billed: format errors keyed by field', () => {
  const cases: [string, Record<string, unknown>, Record<string, string>][] = [
    ['dni of 7 digits', { ...sale, dni: '4100001' }, DNI],
    ['dni with the card check character', { ...sale, dni: '410000015' }, DNI],
    ['dni with a space', { ...sale, dni: ' 41000001' }, DNI],
    ['dni as a number', { ...sale, dni: 41000001 }, DNI],
    ['dni null', { ...sale, dni: null }, DNI],
    ['funding_code in lower case', { ...sale, funding_code: 'venta1' }, CODE],
    ['funding_code of 5 characters', { ...sale, funding_code: 'VENTA' }, CODE],
    ['funding_code with a dash', { ...sale, funding_code: 'VEN-A1' }, CODE],
    [
      'funding_code missing',
      { ...saleWithoutIdentity, dni: '41000001', funding_code: undefined },
      CODE,
    ],
    [
      'dni and funding_code both wrong',
      { ...sale, dni: '123', funding_code: 'x' },
      { ...DNI, ...CODE },
    ],
    ['billed_amount negative', { ...sale, billed_amount: -1 }, BILLED],
    ['billed_amount 0', { ...sale, billed_amount: 0 }, BILLED],
    ['billed_amount with 3 decimals', { ...sale, billed_amount: 1200.005 }, BILLED],
    ['billed_amount 0.1 + 0.2', { ...sale, billed_amount: 0.1 + 0.2 }, BILLED],
    ['billed_amount as a string', { ...sale, billed_amount: '1200.00' }, BILLED],
    ['billed_amount null', { ...sale, billed_amount: null }, BILLED],
    ['billed_amount missing', { ...sale, billed_amount: undefined }, BILLED],
    ['billed_amount 1e21', { ...sale, billed_amount: 1e21 }, BILLED],
    ['cashier_id empty', { ...sale, cashier_id: '' }, CASHIER],
    ['cashier_id blank', { ...sale, cashier_id: '   ' }, CASHIER],
    ['cashier_id missing', { ...sale, cashier_id: undefined }, CASHIER],
    ['cashier_id as a number', { ...sale, cashier_id: 7 }, CASHIER],
    ['ruc with a bad check digit', { ...saleWithoutIdentity, ruc: '20100070971' }, RUC],
    ['ruc with an unknown prefix', { ...saleWithoutIdentity, ruc: '30100070970' }, RUC],
    ['ruc of 10 digits', { ...saleWithoutIdentity, ruc: '2010007097' }, RUC],
    ['neither dni nor ruc', saleWithoutIdentity, DNI],
    ['an unknown field', { ...sale, amount: 1200 }, { amount: 'Unknown field' }],
    [
      'everything wrong at once',
      { dni: '1', funding_code: '', billed_amount: -5, cashier_id: '', store: 'X' },
      { ...DNI, ...CODE, ...BILLED, ...CASHIER, store: 'Unknown field' },
    ],
  ];

  for (const path of BILLING_PATHS) {
    it.each(cases)(`${path.split('/').at(-1)}: %s`, async (_, body, expected) => {
      const answer = await post(app, path, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(expected);
      expect(answer.contentType).toMatch(/^application\/json/);
    });

    it(`${path.split('/').at(-1)}: dni and ruc together → Send dni or ruc, not both`, async () => {
      const answer = await post(app, path, { ...sale, ruc: '20100070970' });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(BOTH_IDENTITIES);
    });

    it(`${path.split('/').at(-1)}: formats are checked before the code exists`, async () => {
      const answer = await post(app, path, { ...sale, dni: '1', funding_code: 'ZZZZZZ' });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(DNI);
    });
  }

  it('a valid RUC is accepted as the identity (20100070970, 20512333797, 10054148289)', async () => {
    for (const ruc of ['20100070970', '20512333797', '10054148289']) {
      const answer = await post(app, PATHS.v3Verify, { ...saleWithoutIdentity, ruc });
      // Valid format: the request reaches the rules (VENTA1 is a DNI customer's code).
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: 'Financing DNI does not match with the DNI sent' });
    }
  });
});

describe('Undo billing and v2/mock Paid-and-billed: format errors keyed by field', () => {
  const id = { dni: '41000012', funding_code: 'DESHA1' };
  const cases: [string, Record<string, unknown>, Record<string, string>][] = [
    ['dni wrong', { ...id, dni: '4100001A' }, DNI],
    ['funding_code wrong', { ...id, funding_code: 'desha1' }, CODE],
    ['both wrong', { dni: '', funding_code: 'DESHA12' }, { ...DNI, ...CODE }],
    ['ruc with a bad check digit', { ruc: '10054148288', funding_code: 'DESHA1' }, RUC],
    ['neither identity', { funding_code: 'DESHA1' }, DNI],
    ['nothing at all', {}, { ...DNI, ...CODE }],
    [
      'billed_amount is not a field here',
      { ...id, billed_amount: 1000 },
      { billed_amount: 'Unknown field' },
    ],
    ['cashier_id is not a field here', { ...id, cashier_id: 'C' }, { cashier_id: 'Unknown field' }],
  ];
  for (const path of IDENTIFICATION_PATHS) {
    it.each(cases)(`${path}: %s`, async (_, body, expected) => {
      const answer = await post(app, path, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(expected);
    });

    it(`${path}: dni and ruc together → Send dni or ruc, not both`, async () => {
      const answer = await post(app, path, { ...id, ruc: '10054148289' });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(BOTH_IDENTITIES);
    });
  }
});

describe('v2 info and /mock/ info: query format errors', () => {
  const cases: [string, Record<string, string>, Record<string, string>][] = [
    ['dni wrong', { dni: '4200000', funding_code: 'PEND01' }, DNI],
    ['funding_code wrong', { dni: '42000001', funding_code: 'pend01' }, CODE],
    ['both wrong', { dni: 'abc', funding_code: 'P' }, { ...DNI, ...CODE }],
    ['dni missing', { funding_code: 'PEND01' }, DNI],
    ['funding_code missing', { dni: '42000001' }, CODE],
    ['nothing', {}, { ...DNI, ...CODE }],
    [
      'an unknown parameter',
      { dni: '42000001', funding_code: 'PEND01', cashier_id: 'C' },
      { cashier_id: 'Unknown field' },
    ],
  ];
  for (const path of [PATHS.v2Info, PATHS.testInfo]) {
    it.each(cases)(`${path}: %s`, async (_, query, expected) => {
      const answer = await get(app, path, query);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(expected);
    });

    it(`${path}: dni and ruc together → Send dni or ruc, not both`, async () => {
      const answer = await get(app, path, {
        dni: '42000001',
        ruc: '10054148289',
        funding_code: 'PEND01',
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(BOTH_IDENTITIES);
    });

    it(`${path}: a repeated dni is a format error`, async () => {
      const answer = await request(app, {
        method: 'GET',
        path: `${path}?dni=42000001&dni=42000001&funding_code=PEND01`,
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(DNI);
    });
  }
});

describe('bodies that are not a JSON object', () => {
  const json = { 'content-type': 'application/json' };
  const malformed = { error: 'Malformed JSON body' };
  const wrongType = { error: 'Content-Type must be application/json' };
  const tooLarge = { error: 'Request body too large' };

  const cases: [string, string, Record<string, string>, unknown][] = [
    ['truncated JSON', '{"dni": "41000001", ', json, malformed],
    ['single quotes', "{'dni': '41000001'}", json, malformed],
    ['an empty body', '', json, malformed],
    ['a __proto__ key', '{"__proto__": {"admin": true}}', json, malformed],
    ['a constructor.prototype key', '{"constructor": {"prototype": {"x": 1}}}', json, malformed],
    ['text/plain', JSON.stringify(sale), { 'content-type': 'text/plain' }, wrongType],
    ['application/xml', '<sale/>', { 'content-type': 'application/xml' }, wrongType],
    [
      'a form',
      'dni=41000001&funding_code=VENTA1',
      { 'content-type': 'application/x-www-form-urlencoded' },
      wrongType,
    ],
    ['oversized (64 KiB + 1)', JSON.stringify({ pad: 'x'.repeat(64 * 1024 - 9) }), json, tooLarge],
    ['oversized (1 MiB)', JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }), json, tooLarge],
  ];

  for (const path of POST_PATHS) {
    it.each(cases)(`${path}: %s → 400 JSON`, async (_, rawBody, headers, expected) => {
      const answer = await request(app, { method: 'POST', path, rawBody, headers });
      expect(answer.status).toBe(400);
      expect(answer.contentType).toMatch(/^application\/json/);
      expect(answer.body).toEqual(expected);
    });

    it.each([
      ['an array', '[{"dni":"41000001"}]'],
      ['a string', '"41000001"'],
      ['null', 'null'],
      ['a number', '1200'],
      ['true', 'true'],
    ])(`${path}: JSON %s is read as an object with no fields → 400`, async (_, rawBody) => {
      const answer = await request(app, { method: 'POST', path, rawBody, headers: json });
      expect(answer.status).toBe(400);
      expect(answer.contentType).toMatch(/^application\/json/);
      expect(answer.body).toMatchObject({ ...DNI, ...CODE });
    });
  }

  it('the size limit is 64 KiB: a body of exactly 65536 bytes is still read', async () => {
    const shell = JSON.stringify({ ...sale, pad: '' });
    const rawBody = JSON.stringify({ ...sale, pad: 'x'.repeat(64 * 1024 - shell.length) });
    expect(Buffer.byteLength(rawBody)).toBe(65536);
    const answer = await request(app, {
      method: 'POST',
      path: PATHS.v3Verify,
      rawBody,
      headers: json,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ pad: 'Unknown field' });
  });

  it('a body with no Content-Type and nothing in it is read as no fields', async () => {
    const answer = await request(app, { method: 'POST', path: PATHS.v3Verify });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ ...DNI, ...CODE, ...BILLED, ...CASHIER });
  });

  it('application/json with a charset is JSON', async () => {
    const answer = await request(app, {
      method: 'POST',
      path: PATHS.v3Verify,
      rawBody: JSON.stringify(sale),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(answer.status).toBe(200);
  });

  it('a bad body does not break the next request', async () => {
    await request(app, { method: 'POST', path: PATHS.v3Verify, rawBody: '{', headers: json });
    expect((await post(app, PATHS.v3Verify, sale)).status).toBe(200);
  });
});

describe('paths and methods the service does not have', () => {
  it.each([
    ['GET', PATHS.v3Verify],
    ['PUT', PATHS.v3PaidAndBilled],
    ['POST', PATHS.v2Info],
    ['GET', '/pos/client/inhouse-downpayment/v4/verify-fundingcode-and-conditions'],
    ['GET', '/pos/client/inhouse-downpayment/mock/verify-fundingcode-and-conditions'],
  ] as const)('%s %s → 404 JSON', async (method, path) => {
    const answer = await request(app, { method, path, ...(method === 'GET' ? {} : { body: {} }) });
    expect(answer.status).toBe(404);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(answer.body).toEqual({ error: `No such endpoint: ${method} ${path}` });
  });
});
