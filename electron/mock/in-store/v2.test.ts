// In-store v2 over HTTP: Check funding code (info), Paid-and-billed v2, and how v2 and v3 see
// each other's billing (docs/decisions.md "v2").
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MockApp } from '../app';
import {
  conditions,
  daySummary,
  freshMock,
  get,
  info,
  newFunding,
  PATHS,
  post,
  put,
  sell,
  TODAY,
  verify,
} from '../mock-test-support';

const DAY = TODAY;
const NOT_ACTIVE = { error: 'Funding code does not exist or not active' };

let app: MockApp;
beforeEach(async () => {
  app = await freshMock();
});
afterEach(async () => {
  await app.close();
});

const rowsOf = async (orderId: string) =>
  ((await daySummary(app, DAY, 'true')).order_detail ?? []).filter((r) => r.order_id === orderId);

const payV2 = (dni: string, code: string) =>
  post(app, PATHS.v2PaidAndBilled, { dni, funding_code: code });

describe('Check funding code (v2 info)', () => {
  it('PENDING, channel Tienda: the exact JSON (scenario PEND01)', async () => {
    const answer = await get(app, PATHS.v2Info, { dni: '42000001', funding_code: 'PEND01' });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(
      JSON.stringify({
        funding_code: 'PEND01',
        purchase_total: 900,
        billed_by_ecommerce: false,
        downpayment_amount: 225,
        downpayment_status: 'PENDING',
        downpayment_channel: 'Tienda',
      }),
    );
  });

  it('FULFILLED, channel Service: paid to the service (scenario FULL01)', async () => {
    expect(await info(app, '42000002', 'FULL01')).toEqual({
      funding_code: 'FULL01',
      purchase_total: 900,
      billed_by_ecommerce: false,
      downpayment_amount: 225,
      downpayment_status: 'FULFILLED',
      downpayment_channel: 'Service',
    });
  });

  it.each([
    ['nothing paid, store chosen', {}, 'PENDING', 'Tienda'],
    [
      'nothing paid, service chosen',
      { downpayment_channel: 'Service' as const },
      'PENDING',
      'Service',
    ],
    ['partly paid online', { paid_to_service: 249.99 }, 'PENDING', 'Tienda'],
    ['fully paid online', { paid_to_service: 250 }, 'FULFILLED', 'Tienda'],
    [
      'over-paid online',
      { paid_to_service: 300, downpayment_channel: 'Service' as const },
      'FULFILLED',
      'Service',
    ],
  ])('%s → %s, %s', async (_, extra, status, channel) => {
    const created = await newFunding(app, { dni: '45123456', credit_line: 1000, ...extra });
    expect(await info(app, '45123456', created.funding_code)).toMatchObject({
      purchase_total: 1000,
      downpayment_amount: 250,
      downpayment_status: status,
      downpayment_channel: channel,
    });
  });

  it('purchase_total: the amount approved at application before billing, the billed one after', async () => {
    const created = await newFunding(app, {
      dni: '45123456',
      credit_line: 1000,
      approved_amount: 800,
    });
    const code = created.funding_code;
    expect(await info(app, '45123456', code)).toMatchObject({
      purchase_total: 800,
      downpayment_amount: 200,
      billed_by_ecommerce: false,
    });
    await sell(app, { who: { dni: '45123456' }, code, billed: 950, cashier: 'CAJA-01' });
    expect(await info(app, '45123456', code)).toMatchObject({
      purchase_total: 950,
      downpayment_amount: 237.5,
      billed_by_ecommerce: true,
      downpayment_status: 'FULFILLED',
    });
  });

  it('an unknown code, an inactive code, another DNI → 404', async () => {
    const inactive = await newFunding(app, { dni: '45123456', credit_line: 1000, active: false });
    for (const query of [
      { dni: '42000001', funding_code: 'ZZZZZZ' },
      { dni: '45123456', funding_code: inactive.funding_code },
      { dni: '42000009', funding_code: 'PEND01' },
      { dni: '41000009', funding_code: 'INACT1' },
    ]) {
      const answer = await get(app, PATHS.v2Info, query);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(NOT_ACTIVE);
    }
  });

  it('works for a store that is not allowed v3 (the scenario sends those cashiers to v2)', async () => {
    await put(app, '/__mock/merchant', { v3_allowed: false });
    expect((await info(app, '42000001', 'PEND01')).downpayment_status).toBe('PENDING');
  });
});

describe('Paid-and-billed v2', () => {
  it('makes the code FULFILLED and billed_by_ecommerce true; collects the down payment', async () => {
    const created = await newFunding(app, { dni: '45123456', credit_line: 1000 });
    const answer = await payV2('45123456', created.funding_code);
    expect(answer.status).toBe(200);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(await info(app, '45123456', created.funding_code)).toEqual({
      funding_code: created.funding_code,
      purchase_total: 1000,
      billed_by_ecommerce: true,
      downpayment_amount: 250,
      downpayment_status: 'FULFILLED',
      downpayment_channel: 'Tienda',
    });
    expect(await rowsOf(created.order_id)).toEqual([
      { order_id: created.order_id, dni: '45123456', payment_origin: 'external', amount: 250 },
    ]);
  });

  it('a repeat answers 200 and has no effect', async () => {
    const created = await newFunding(app, {
      dni: '45123456',
      credit_line: 1000,
      paid_to_service: 100,
    });
    expect((await payV2('45123456', created.funding_code)).status).toBe(200);
    const after = await daySummary(app, DAY, 'true');
    expect((await payV2('45123456', created.funding_code)).status).toBe(200);
    expect(await daySummary(app, DAY, 'true')).toEqual(after);
    expect((await rowsOf(created.order_id)).map((r) => [r.payment_origin, r.amount])).toEqual([
      ['card', 100],
      ['external', 150],
    ]);
  });

  it('paid to the service already: billed with nothing collected in store', async () => {
    expect((await payV2('42000002', 'FULL01')).status).toBe(200);
    expect(await info(app, '42000002', 'FULL01')).toMatchObject({
      billed_by_ecommerce: true,
      downpayment_status: 'FULFILLED',
    });
  });

  it('takes a RUC in the body', async () => {
    const created = await newFunding(app, { ruc: '20512333797', credit_line: 1000 });
    const answer = await post(app, PATHS.v2PaidAndBilled, {
      ruc: '20512333797',
      funding_code: created.funding_code,
    });
    expect(answer.status).toBe(200);
  });

  it('v3 Verify afterwards shows the v2 billing', async () => {
    const created = await newFunding(app, {
      dni: '45123456',
      credit_line: 1000,
      approved_amount: 800,
    });
    await payV2('45123456', created.funding_code);
    const sale = {
      who: { dni: '45123456' },
      code: created.funding_code,
      billed: 800,
      cashier: 'C',
    };
    expect(conditions(await verify(app, sale))).toMatchObject({
      billed_by_ecommerce: true,
      billed_amount: 800,
      downpayment_amount_inhouse: 200,
    });
    expect((await verify(app, { ...sale, billed: 1000 })).body).toEqual({
      error: 'billed_amount cannot change after being marked as billed',
    });
  });

  it('an unknown code, an inactive code, another identity → 404', async () => {
    const inactive = await newFunding(app, { dni: '45123456', credit_line: 1000, active: false });
    for (const body of [
      { dni: '42000001', funding_code: 'ZZZZZZ' },
      { dni: '45123456', funding_code: inactive.funding_code },
      { dni: '42000009', funding_code: 'PEND01' },
      { ruc: '10054148289', funding_code: 'PEND01' },
    ]) {
      const answer = await post(app, PATHS.v2PaidAndBilled, body);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(NOT_ACTIVE);
    }
    // …and none of them billed anything.
    expect((await info(app, '42000001', 'PEND01')).billed_by_ecommerce).toBe(false);
  });
});
