// The trainer controls (docs/decisions.md "The mock backend"): reset, the scenario catalogue and
// its apply, merchant settings, fundings, payments and the clock — what they change and how they
// refuse bad input (400 keyed by field, like the service's format errors).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FundingCreated, ScenarioCatalogue } from '../../../shared/api/trainer';
import type { MockApp } from '../app';
import {
  conditions,
  freshMock,
  get,
  info,
  NOW,
  newFunding,
  PATHS,
  paidAndBilled,
  post,
  put,
  request,
  sell,
  verify,
} from '../mock-test-support';

let app: MockApp;
beforeEach(async () => {
  app = await freshMock();
});
afterEach(async () => {
  await app.close();
});

const DEFAULT_MERCHANT = {
  v3_allowed: true,
  api_enabled: true,
  require_financed_products: false,
  min_amount: 100,
  max_amount: 15000,
  min_steps: 2,
  max_steps: 12,
  landing_version: 'v3',
  bank_account_ids: ['193-2045678-0-11', '0011-0123-0100012345'],
  time_zone: 'America/Lima',
};

const VENTA1 = { who: { dni: '41000001' }, code: 'VENTA1', billed: 1200, cashier: 'CAJA-01' };

async function catalogue() {
  const answer = await get(app, '/__mock/scenarios');
  expect(answer.status).toBe(200);
  return ScenarioCatalogue.parse(answer.body).scenarios;
}

describe('POST /__mock/reset', () => {
  it('restores everything: scenarios unbilled, merchant defaults, no extra fundings, test records', async () => {
    // A class's worth of changes.
    await sell(app, VENTA1);
    expect(
      (await post(app, PATHS.v3UndoBilling, { dni: '41000012', funding_code: 'DESHA1' })).status,
    ).toBe(200);
    await put(app, '/__mock/merchant', {
      v3_allowed: false,
      api_enabled: false,
      time_zone: 'UTC',
      max_amount: 99,
    });
    const extra = await newFunding(app, { dni: '45123456', credit_line: 500 });
    await post(app, PATHS.testPaidAndBilled, { dni: '00000001', funding_code: 'TEST01' });
    await post(app, '/__mock/fundings/CRONO1/accept-schedule', {});

    const answer = await post(app, '/__mock/reset', {});
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ reset: true });

    const merchant = await get(app, '/__mock/merchant');
    expect(merchant.body).toMatchObject(DEFAULT_MERCHANT);
    const fresh = await freshMock();
    expect(merchant.body).toEqual((await get(fresh, '/__mock/merchant')).body);
    await fresh.close();

    // VENTA1 is a new sale again: not billed, no Verify on record, no cashier bound.
    expect((await paidAndBilled(app, VENTA1)).body).toEqual({ error: 'billed_amount changed' });
    expect(
      conditions(await verify(app, { ...VENTA1, cashier: 'CAJA-02' })).billed_by_ecommerce,
    ).toBe(false);
    // DESHA1 is billed again, so it can be undone again.
    expect(
      (await post(app, PATHS.v3UndoBilling, { dni: '41000012', funding_code: 'DESHA1' })).status,
    ).toBe(200);
    // The funding created during the class is gone.
    const gone = await get(app, PATHS.v2Info, {
      dni: '45123456',
      funding_code: extra.funding_code,
    });
    expect(gone.status).toBe(404);
    // The test identities are back as documented.
    expect((await info(app, '00000001', 'TEST01', PATHS.testInfo)).downpayment_status).toBe(
      'PENDING',
    );
    // The schedule must be accepted again.
    const crono = { who: { dni: '41000007' }, code: 'CRONO1', billed: 1000, cashier: 'C' };
    await verify(app, crono);
    expect((await paidAndBilled(app, crono)).body).toEqual({
      error: 'Customer did not accept new installment schedule yet',
    });
  });

  it('answers the same catalogue as a fresh mock', async () => {
    const before = await catalogue();
    await sell(app, VENTA1);
    await post(app, '/__mock/reset', {});
    expect(await catalogue()).toEqual(before);
  });
});

describe('GET /__mock/scenarios', () => {
  /** Every case the issue requires, by the catalogue name that covers it. */
  const REQUIRED: Record<string, string[]> = {
    'plain sale': ['plain-sale'],
    'billed below approved': ['billed-below-approved'],
    'billed above the credit line': ['billed-above-credit-line'],
    'partly paid online': ['downpayment-partly-paid-online'],
    'fully and over-paid online': ['downpayment-fully-paid-online', 'downpayment-overpaid-online'],
    'schedule acceptance needed': ['schedule-acceptance-needed'],
    'DNI mismatch': ['dni-mismatch'],
    'RUC customer': ['ruc-customer'],
    'inactive code': ['inactive-code'],
    'already billed': ['already-billed'],
    'each undo refusal': [
      'undo-not-billed',
      'undo-no-downpayment',
      'undo-first-payment-online',
      'undo-several-payments',
      'undo-company-ruc',
    ],
    'v2 PENDING and FULFILLED': ['v2-pending', 'v2-fulfilled'],
    'store not allowed v3': ['store-not-allowed-v3'],
    'client not enabled': ['client-not-enabled'],
  };

  it.each(Object.entries(REQUIRED))('lists the case "%s"', async (_, names) => {
    const listed = (await catalogue()).map((s) => s.name);
    for (const name of names) expect(listed).toContain(name);
  });

  it('each entry is complete: unique name and code, identity, texts in both languages', async () => {
    const scenarios = await catalogue();
    expect(new Set(scenarios.map((s) => s.name)).size).toBe(scenarios.length);
    expect(new Set(scenarios.map((s) => s.funding_code)).size).toBe(scenarios.length);
    for (const s of scenarios) {
      expect(s.funding_code).toMatch(/^[A-Z0-9]{6}$/);
      expect('dni' in s.identity ? s.identity.dni : s.identity.ruc).toMatch(/^\d{8}(\d{3})?$/);
      for (const text of [s.title, s.description, s.expect]) {
        expect(text.es.length).toBeGreaterThan(0);
        expect(text.en.length).toBeGreaterThan(0);
      }
      if (s.api === 'v3' && s.action === 'sale' && s.name !== 'already-billed') {
        expect(s.billed_amount).toBeGreaterThan(0);
        expect(s.to_collect).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('fills the amount to collect into the texts, also after the class played the case', async () => {
    const plain = (await catalogue()).find((s) => s.name === 'plain-sale');
    expect(plain?.to_collect).toBe(300);
    expect(plain?.expect.en).toBe(
      'Collect S/\u00a0300.00 (down payment) and mark paid and billed.',
    );
    expect(plain?.expect.es).toBe(
      'Cobrar S/\u00a0300.00 (cuota inicial) y marcar pagado y facturado.',
    );

    await sell(app, VENTA1);
    for (const s of await catalogue()) {
      expect(s.expect.en).not.toContain('{collect}');
      expect(s.expect.es).not.toContain('{collect}');
    }
    expect((await catalogue()).find((s) => s.name === 'plain-sale')).toEqual(plain);
  });
});

describe('POST /__mock/scenarios/{name}/apply', () => {
  it('puts a played case back as new and answers its catalogue entry', async () => {
    await sell(app, VENTA1);
    const answer = await post(app, '/__mock/scenarios/plain-sale/apply', {});
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual((await catalogue()).find((s) => s.name === 'plain-sale'));
    expect(
      conditions(await verify(app, { ...VENTA1, cashier: 'CAJA-07' })).billed_by_ecommerce,
    ).toBe(false);
  });

  it('sets the store settings the case needs, every other setting back to its default', async () => {
    await put(app, '/__mock/merchant', { time_zone: 'UTC', api_enabled: false });
    await post(app, '/__mock/scenarios/store-not-allowed-v3/apply', {});
    expect((await get(app, '/__mock/merchant')).body).toMatchObject({
      ...DEFAULT_MERCHANT,
      v3_allowed: false,
    });
    await post(app, '/__mock/scenarios/plain-sale/apply', {});
    expect((await get(app, '/__mock/merchant')).body).toMatchObject(DEFAULT_MERCHANT);
  });

  it('leaves the other fundings alone', async () => {
    const extra = await newFunding(app, { dni: '45123456', credit_line: 500 });
    await post(app, '/__mock/scenarios/plain-sale/apply', {});
    expect((await info(app, '45123456', extra.funding_code)).purchase_total).toBe(500);
  });

  it('an unknown scenario → 404', async () => {
    const answer = await post(app, '/__mock/scenarios/no-such-case/apply', {});
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: 'No such scenario: no-such-case' });
  });
});

describe('PUT /__mock/merchant', () => {
  it('a partial update changes those keys only and answers the whole settings', async () => {
    const answer = await put(app, '/__mock/merchant', { api_enabled: false, min_steps: 3 });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ...DEFAULT_MERCHANT, api_enabled: false, min_steps: 3 });
    expect((await get(app, '/__mock/merchant')).body).toEqual(answer.body);
  });

  it.each([
    ['v3_allowed', 'no'],
    ['api_enabled', 1],
    ['require_financed_products', null],
    ['min_amount', -1],
    ['min_amount', 1.5],
    ['max_amount', 0],
    ['min_steps', 0],
    ['max_steps', '12'],
    ['landing_version', ''],
    ['bank_account_ids', '193-2045678-0-11'],
    ['bank_account_ids', ['']],
    ['time_zone', 'Mars/Olympus_Mons'],
    ['time_zone', 5],
  ])('%s = %j → 400 { <key>: Error on <key> format }', async (key, value) => {
    const answer = await put(app, '/__mock/merchant', { [key]: value });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ [key]: `Error on ${key} format` });
  });

  // The merchant's bounds are printed by the HTML fragments and answered by the limits: a value
  // those cannot serve used to be accepted and turn them into 500s (max_amount 1e13).
  it.each([
    ['max_amount', 1e13],
    ['min_amount', 1e13],
    ['max_amount', Number.MAX_SAFE_INTEGER],
    ['max_steps', 1e6],
    ['landing_version', 'v'.repeat(65)],
    ['bank_account_ids', Array.from({ length: 51 }, (_, i) => `acct-${i}`)],
    ['bank_account_ids', ['x'.repeat(65)]],
  ])('%s beyond what the endpoints can serve → 400 and nothing changes', async (key, value) => {
    const answer = await put(app, '/__mock/merchant', { [key]: value });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ [key]: `Error on ${key} format` });
    expect((await get(app, '/__mock/merchant')).body).toMatchObject(DEFAULT_MERCHANT);
  });

  it('the largest max_amount accepted is still served by every endpoint that reads it', async () => {
    const largest = 9_999_999_999_999;
    expect((await put(app, '/__mock/merchant', { max_amount: largest })).status).toBe(200);
    for (const path of [
      '/pos/mock-client/info-steps',
      '/pos/pay-with-service-add-on/0',
      `/pos/pay-with-service-add-on/${largest}`,
      '/pos/client/landing_config',
    ]) {
      const answer = await request(app, {
        method: 'GET',
        path,
        headers: { client_id: 'mock-client' },
      });
      expect(answer.status, path).toBe(200);
    }
  });

  it.each([
    [{ min_amount: 20000 }, 'min_amount'],
    [{ min_amount: 500, max_amount: 400 }, 'min_amount'],
    [{ min_steps: 13 }, 'min_steps'],
    [{ min_steps: 6, max_steps: 3 }, 'min_steps'],
  ])('%j: a minimum above its maximum → 400 and nothing changes', async (body, key) => {
    const answer = await put(app, '/__mock/merchant', body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ [key]: `Error on ${key} format` });
    expect((await get(app, '/__mock/merchant')).body).toMatchObject(DEFAULT_MERCHANT);
  });

  it('an unknown key, with others in error, all reported together; nothing changes', async () => {
    const answer = await put(app, '/__mock/merchant', {
      v3_allowed: 'x',
      api_enabled: false,
      colour: 'red',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      v3_allowed: 'Error on v3_allowed format',
      colour: 'Unknown field',
    });
    expect((await get(app, '/__mock/merchant')).body).toMatchObject(DEFAULT_MERCHANT);
  });
});

describe('POST /__mock/fundings', () => {
  it('creates a funding with the documented defaults', async () => {
    const answer = await post(app, '/__mock/fundings', { dni: '45123456', credit_line: 1000 });
    expect(answer.status).toBe(200);
    const created = FundingCreated.parse(answer.body);
    expect(Object.keys(answer.body as object)).toEqual(['funding_code', 'loan_id', 'order_id']);
    expect(created.funding_code).toMatch(/^[A-Z0-9]{6}$/);
    // approved = credit line, 4 parts, nothing paid, channel Tienda, active, no acceptance needed.
    expect(await info(app, '45123456', created.funding_code)).toEqual({
      funding_code: created.funding_code,
      purchase_total: 1000,
      billed_by_ecommerce: false,
      downpayment_amount: 250,
      downpayment_status: 'PENDING',
      downpayment_channel: 'Tienda',
    });
    const sale = {
      who: { dni: '45123456' },
      code: created.funding_code,
      billed: 1000,
      cashier: 'C',
    };
    expect(conditions(await verify(app, sale)).installments_number).toBe(3);
    expect((await paidAndBilled(app, sale)).status).toBe(200);
  });

  it('every funding gets its own code, loan and order', async () => {
    const all = [];
    for (let i = 0; i < 20; i++)
      all.push(await newFunding(app, { dni: '45123456', credit_line: 100 }));
    for (const key of ['funding_code', 'loan_id', 'order_id'] as const) {
      expect(new Set(all.map((f) => f[key])).size).toBe(20);
    }
  });

  const base = { dni: '45123456', credit_line: 1000 };
  it.each([
    ['credit_line missing', { dni: '45123456' }, { credit_line: 'Error on credit_line format' }],
    ['credit_line 0', { ...base, credit_line: 0 }, { credit_line: 'Error on credit_line format' }],
    [
      'credit_line negative',
      { ...base, credit_line: -5 },
      { credit_line: 'Error on credit_line format' },
    ],
    [
      'credit_line 3 decimals',
      { ...base, credit_line: 1.001 },
      { credit_line: 'Error on credit_line format' },
    ],
    [
      'credit_line a string',
      { ...base, credit_line: '1000' },
      { credit_line: 'Error on credit_line format' },
    ],
    [
      'approved above the line',
      { ...base, approved_amount: 1000.01 },
      { approved_amount: 'Error on approved_amount format' },
    ],
    [
      'approved 0',
      { ...base, approved_amount: 0 },
      { approved_amount: 'Error on approved_amount format' },
    ],
    ['parts 0', { ...base, parts: 0 }, { parts: 'Error on parts format' }],
    ['parts 2.5', { ...base, parts: 2.5 }, { parts: 'Error on parts format' }],
    ['parts 49', { ...base, parts: 49 }, { parts: 'Error on parts format' }],
    [
      'paid_to_service negative',
      { ...base, paid_to_service: -1 },
      { paid_to_service: 'Error on paid_to_service format' },
    ],
    [
      'paid_to_service origin external',
      { ...base, paid_to_service_origin: 'external' },
      { paid_to_service_origin: 'Error on paid_to_service_origin format' },
    ],
    [
      'channel in lower case',
      { ...base, downpayment_channel: 'tienda' },
      { downpayment_channel: 'Error on downpayment_channel format' },
    ],
    [
      'acceptance not a boolean',
      { ...base, requires_schedule_acceptance: 'yes' },
      { requires_schedule_acceptance: 'Error on requires_schedule_acceptance format' },
    ],
    ['active not a boolean', { ...base, active: 0 }, { active: 'Error on active format' }],
    ['dni wrong', { ...base, dni: '4512345' }, { dni: 'Error on dni format' }],
    [
      'ruc with a bad check digit',
      { ruc: '20100070971', credit_line: 1000 },
      { ruc: 'Error on ruc format' },
    ],
    ['neither identity', { credit_line: 1000 }, { dni: 'Error on dni format' }],
    ['nothing', {}, { dni: 'Error on dni format', credit_line: 'Error on credit_line format' }],
    ['both identities', { ...base, ruc: '20100070970' }, { error: 'Send dni or ruc, not both' }],
    ['an unknown field', { ...base, colour: 'red' }, { colour: 'Unknown field' }],
    [
      'an array',
      [base],
      { dni: 'Error on dni format', credit_line: 'Error on credit_line format' },
    ],
  ])('%s → 400', async (_, body, expected) => {
    const answer = await post(app, '/__mock/fundings', body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(expected);
  });
});

describe('PUT /__mock/fundings/{code}/payments', () => {
  it('replaces the payments and answers them', async () => {
    const payments = [
      { origin: 'card', amount: 10.5 },
      { origin: 'external', amount: 239.5 },
    ];
    const answer = await put(app, '/__mock/fundings/PEND01/payments', payments);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ payments });
    // 250 paid of a 225 down payment: FULFILLED.
    expect((await info(app, '42000001', 'PEND01')).downpayment_status).toBe('FULFILLED');
    expect((await put(app, '/__mock/fundings/PEND01/payments', [])).body).toEqual({ payments: [] });
    expect((await info(app, '42000001', 'PEND01')).downpayment_status).toBe('PENDING');
  });

  it('an unknown code → 404', async () => {
    const answer = await put(app, '/__mock/fundings/ZZZZZZ/payments', []);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: 'Funding code does not exist or not active' });
  });

  it.each([
    ['an object, not the bare array', { payments: [] }],
    ['origin missing', [{ amount: 10 }]],
    ['an unknown origin', [{ origin: 'cash', amount: 10 }]],
    ['amount 0', [{ origin: 'card', amount: 0 }]],
    ['amount negative', [{ origin: 'card', amount: -10 }]],
    ['amount with 3 decimals', [{ origin: 'card', amount: 10.001 }]],
    ['amount a string', [{ origin: 'card', amount: '10' }]],
    ['an unknown key', [{ origin: 'card', amount: 10, at: 'now' }]],
  ])('%s → 400 { payments: Error on payments format }', async (_, body) => {
    const answer = await put(app, '/__mock/fundings/PEND01/payments', body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ payments: 'Error on payments format' });
  });
});

describe('PUT /__mock/clock', () => {
  it('sets "now" and answers it in UTC; GET reads it', async () => {
    const answer = await put(app, '/__mock/clock', { now: '2026-03-10T04:30:00Z' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ now: '2026-03-10T04:30:00.000Z' });
    expect((await get(app, '/__mock/clock')).body).toEqual({ now: '2026-03-10T04:30:00.000Z' });
    const offset = await put(app, '/__mock/clock', { now: '2026-03-09T23:30:00-05:00' });
    expect(offset.body).toEqual({ now: '2026-03-10T04:30:00.000Z' });
  });

  it('starts at the instant given to the mock', async () => {
    expect((await get(app, '/__mock/clock')).body).toEqual({ now: NOW });
  });

  it.each([
    ['nothing', {}, { now: 'Error on now format' }],
    ['not a date', { now: 'tomorrow' }, { now: 'Error on now format' }],
    ['a day only', { now: '2026-03-10' }, { now: 'Error on now format' }],
    ['no offset', { now: '2026-03-10T04:30:00' }, { now: 'Error on now format' }],
    ['a number', { now: 1773117000000 }, { now: 'Error on now format' }],
    ['an unknown field', { now: '2026-03-10T04:30:00Z', zone: 'UTC' }, { zone: 'Unknown field' }],
  ])('%s → 400', async (_, body, expected) => {
    const answer = await put(app, '/__mock/clock', body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(expected);
    expect((await get(app, '/__mock/clock')).body).toEqual({ now: NOW });
  });

  it('malformed JSON → 400, not 5xx', async () => {
    const answer = await request(app, {
      method: 'PUT',
      path: '/__mock/clock',
      rawBody: '{"now":',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: 'Malformed JSON body' });
  });
});
