// In-store v3 over HTTP: Verify, Paid-and-billed, the amount rules (docs/decisions.md
// "Amount rules") and every v3 refusal, with the document's exact messages.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MockApp } from '../app';
import {
  conditions,
  daySummary,
  daySummaryAnswer,
  expectRefusal,
  freshMock,
  get,
  type NewFunding,
  newFunding,
  PATHS,
  paidAndBilled,
  post,
  put,
  type Sale,
  sell,
  TODAY,
  verify,
} from '../mock-test-support';

const DAY = TODAY; // freshMock's frozen clock, in America/Lima

let app: MockApp;
beforeEach(async () => {
  app = await freshMock();
});
afterEach(async () => {
  await app.close();
});

/** A new DNI customer's funding and the sale a cashier would ring up for it. */
async function saleFor(
  credit: number,
  billed: number,
  extra: Partial<NewFunding> = {},
): Promise<Sale & { orderId: string; loanId: string }> {
  const created = await newFunding(app, { dni: '45123456', credit_line: credit, ...extra });
  return {
    who: { dni: '45123456' },
    code: created.funding_code,
    billed,
    cashier: 'CAJA-01',
    orderId: created.order_id,
    loanId: created.loan_id,
  };
}

/** The conditions of a S/ 1,200 sale on a S/ 1,200 line, in the service's key order. */
const plainConditions = (who: { dni: string }, code: string) => ({
  ...who,
  funding_code: code,
  billed_amount: 1200,
  billed_by_ecommerce: false,
  approved_amount: 1200,
  excedent_amount: 0,
  downpayment_amount: 300,
  downpayment_amount_inhouse: 300,
  installments_number: 3,
  installments_amount: 300,
});

const rowsOf = async (orderId: string) =>
  ((await daySummary(app, DAY, 'true')).order_detail ?? []).filter((r) => r.order_id === orderId);

describe('Verify: the amounts', () => {
  it('a plain sale: the exact JSON of the funding conditions', async () => {
    const sale = await saleFor(1200, 1200);
    const answer = await verify(app, sale);
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(JSON.stringify(plainConditions({ dni: '45123456' }, sale.code)));
    expect(answer.contentType).toMatch(/^application\/json/);
  });

  it('the scenario VENTA1 gives the same numbers', async () => {
    const answer = await verify(app, {
      who: { dni: '41000001' },
      code: 'VENTA1',
      billed: 1200,
      cashier: 'CAJA-01',
    });
    expect(answer.body).toEqual(plainConditions({ dni: '41000001' }, 'VENTA1'));
  });

  it.each([
    // billed, parts, down payment, installment: the down payment absorbs the leftover cents.
    [1000.01, 4, 250.01, 250],
    [333.33, 4, 83.34, 83.33],
    [1000, 6, 166.7, 166.66],
    [100, 3, 33.34, 33.33],
    [0.01, 4, 0.01, 0],
  ])('%s in %s parts: down payment %s, installments %s', async (billed, parts, dp, inst) => {
    const sale = await saleFor(billed, billed, { parts });
    const body = conditions(await verify(app, sale));
    expect(body).toMatchObject({
      billed_amount: billed,
      approved_amount: billed,
      excedent_amount: 0,
      downpayment_amount: dp,
      downpayment_amount_inhouse: dp,
      installments_number: parts - 1,
      installments_amount: inst,
    });
    // Down payment + the remaining installments add up to the approved amount, to the cent.
    expect(Math.round(dp * 100) + (parts - 1) * Math.round(inst * 100)).toBe(
      Math.round(billed * 100),
    );
  });

  it('billed below the approved amount: everything shrinks in proportion', async () => {
    const sale = await saleFor(2000, 1500);
    expect(conditions(await verify(app, sale))).toMatchObject({
      billed_amount: 1500,
      approved_amount: 1500,
      excedent_amount: 0,
      downpayment_amount: 375,
      downpayment_amount_inhouse: 375,
      installments_number: 3,
      installments_amount: 375,
    });
  });

  it('billed above the credit line: the excess is the excedent, collected on top', async () => {
    const sale = await saleFor(1000, 1350.5);
    const body = conditions(await verify(app, sale));
    expect(body).toMatchObject({
      billed_amount: 1350.5,
      approved_amount: 1000,
      excedent_amount: 350.5,
      downpayment_amount: 250,
      downpayment_amount_inhouse: 250,
      installments_number: 3,
      installments_amount: 250,
    });
    expect(body.downpayment_amount_inhouse + body.excedent_amount).toBe(600.5);
  });

  it.each([
    ['partly paid online', 100, 150],
    ['fully paid online', 250, 0],
    ['over-paid online', 300, 0],
  ])('down payment %s (S/ %s): in-house down payment %s', async (_, paid, inhouse) => {
    const sale = await saleFor(1000, 1000, { paid_to_service: paid });
    expect(conditions(await verify(app, sale))).toMatchObject({
      approved_amount: 1000,
      excedent_amount: 0,
      downpayment_amount: 250,
      downpayment_amount_inhouse: inhouse,
      installments_number: 3,
      installments_amount: 250,
    });
  });

  it('paid online and billed above the line: the excedent is still collected whole', async () => {
    const sale = await saleFor(1000, 1200, { paid_to_service: 300 });
    expect(conditions(await verify(app, sale))).toMatchObject({
      approved_amount: 1000,
      excedent_amount: 200,
      downpayment_amount: 250,
      downpayment_amount_inhouse: 0,
    });
  });

  it('a later Verify with another amount recalculates (before billing)', async () => {
    const sale = await saleFor(1000, 800);
    expect(conditions(await verify(app, sale)).downpayment_amount).toBe(200);
    expect(conditions(await verify(app, { ...sale, billed: 1200 }))).toMatchObject({
      approved_amount: 1000,
      excedent_amount: 200,
      downpayment_amount: 250,
    });
  });

  it('a RUC customer: the response carries ruc, not dni', async () => {
    const created = await newFunding(app, { ruc: '20512333797', credit_line: 5000 });
    const answer = await verify(app, {
      who: { ruc: '20512333797' },
      code: created.funding_code,
      billed: 4800,
      cashier: 'CAJA-01',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      ruc: '20512333797',
      funding_code: created.funding_code,
      billed_amount: 4800,
      billed_by_ecommerce: false,
      approved_amount: 4800,
      excedent_amount: 0,
      downpayment_amount: 1200,
      downpayment_amount_inhouse: 1200,
      installments_number: 3,
      installments_amount: 1200,
    });
  });
});

describe('Verify and Paid-and-billed: refusals', () => {
  const NOT_ACTIVE = 'Funding code does not exist or not active';

  it('an unknown code → 404 Funding code does not exist or not active', async () => {
    const sale: Sale = { who: { dni: '41000001' }, code: 'ZZZZZZ', billed: 100, cashier: 'C' };
    for (const answer of [await verify(app, sale), await paidAndBilled(app, sale)]) {
      expectRefusal(answer, 404, NOT_ACTIVE);
    }
  });

  it('an inactive code → 404 Funding code does not exist or not active', async () => {
    const sale = await saleFor(1000, 1000, { active: false });
    const seeded: Sale = { who: { dni: '41000009' }, code: 'INACT1', billed: 1000, cashier: 'C' };
    for (const s of [sale, seeded]) {
      for (const answer of [await verify(app, s), await paidAndBilled(app, s)]) {
        expectRefusal(answer, 404, NOT_ACTIVE);
      }
    }
  });

  it('another DNI → 404 Financing DNI does not match with the DNI sent', async () => {
    const sale = await saleFor(1000, 1000);
    for (const who of [{ dni: '45123457' }, { ruc: '10451234566' }]) {
      const answer = await verify(app, { ...sale, who });
      expectRefusal(answer, 404, 'Financing DNI does not match with the DNI sent');
    }
    // A refused Verify binds no cashier: the right customer can still go on at another till.
    expect((await verify(app, { ...sale, cashier: 'CAJA-02' })).status).toBe(200);
  });

  it('Paid-and-billed with another DNI finds no such code for that customer (404)', async () => {
    const sale = await saleFor(1000, 1000);
    await verify(app, sale);
    const answer = await paidAndBilled(app, { ...sale, who: { dni: '45123457' } });
    expectRefusal(answer, 404, NOT_ACTIVE);
  });

  it('cashier_id changed: Verify from another till', async () => {
    const sale = await saleFor(1000, 1000);
    expect((await verify(app, sale)).status).toBe(200);
    const answer = await verify(app, { ...sale, cashier: 'CAJA-02' });
    expectRefusal(answer, 400, 'cashier_id changed');
    // The till that started keeps going.
    expect((await verify(app, sale)).status).toBe(200);
  });

  it('cashier_id changed: Paid-and-billed from another till', async () => {
    const sale = await saleFor(1000, 1000);
    await verify(app, sale);
    const answer = await paidAndBilled(app, { ...sale, cashier: 'CAJA-02' });
    expectRefusal(answer, 400, 'cashier_id changed');
    expect((await paidAndBilled(app, sale)).status).toBe(200);
  });

  it('billed_amount changed: Paid-and-billed with no Verify before', async () => {
    const sale = await saleFor(1000, 1000);
    const answer = await paidAndBilled(app, sale);
    expectRefusal(answer, 400, 'billed_amount changed');
  });

  it('billed_amount changed: Paid-and-billed with another amount; Verify again fixes it', async () => {
    const sale = await saleFor(1000, 1000);
    await verify(app, sale);
    const changed = await paidAndBilled(app, { ...sale, billed: 999.99 });
    expectRefusal(changed, 400, 'billed_amount changed');
    // The flow's step 8: Verify again with the new amount, collect it, mark again.
    await verify(app, { ...sale, billed: 999.99 });
    expect((await paidAndBilled(app, sale)).body).toEqual({ error: 'billed_amount changed' });
    expect((await paidAndBilled(app, { ...sale, billed: 999.99 })).status).toBe(200);
  });

  it('the schedule: refused until the customer accepts it, then 200', async () => {
    const sale = await saleFor(1000, 1000, { requires_schedule_acceptance: true });
    expect((await verify(app, sale)).status).toBe(200);
    const refused = await paidAndBilled(app, sale);
    expectRefusal(refused, 400, 'Customer did not accept new installment schedule yet');
    const accepted = await post(app, `/__mock/fundings/${sale.code}/accept-schedule`, {});
    expect(accepted.status).toBe(200);
    expect((await paidAndBilled(app, sale)).status).toBe(200);
  });

  it('accepting the schedule of an unknown code → 404', async () => {
    const answer = await post(app, '/__mock/fundings/ZZZZZZ/accept-schedule', {});
    expectRefusal(answer, 404, NOT_ACTIVE);
  });

  it('Client not enabled to use this API: Paid-and-billed refused, Verify still works', async () => {
    const sale = await saleFor(1000, 1000);
    expect((await put(app, '/__mock/merchant', { api_enabled: false })).status).toBe(200);
    expect((await verify(app, sale)).status).toBe(200);
    const refused = await paidAndBilled(app, sale);
    expectRefusal(refused, 400, 'Client not enabled to use this API');
    expect(await rowsOf(sale.orderId)).toEqual([]);
    await put(app, '/__mock/merchant', { api_enabled: true });
    expect((await paidAndBilled(app, sale)).status).toBe(200);
  });

  it('Your store is not allowed to use this endpoint: Verify refused', async () => {
    const sale = await saleFor(1000, 1000);
    expect((await put(app, '/__mock/merchant', { v3_allowed: false })).status).toBe(200);
    const refused = await verify(app, sale);
    expectRefusal(refused, 400, 'Your store is not allowed to use this endpoint');
    // The code must exist first (docs/decisions.md "Billing" order): an unknown code is still 404.
    const unknown = await verify(app, { ...sale, code: 'ZZZZZZ' });
    expect(unknown.status).toBe(404);
    await put(app, '/__mock/merchant', { v3_allowed: true });
    expect((await verify(app, sale)).status).toBe(200);
  });
});

describe('Paid-and-billed: the billing', () => {
  it('records one external payment of the amount collected; a repeat has no effect', async () => {
    const sale = await saleFor(1000, 1350.5);
    const before = await daySummary(app, DAY);
    await verify(app, sale);
    const first = await paidAndBilled(app, sale);
    expect(first.status).toBe(200);
    const after = await daySummary(app, DAY);
    const second = await paidAndBilled(app, sale);
    expect(second.status).toBe(200);
    const again = await daySummary(app, DAY);

    expect(await rowsOf(sale.orderId)).toEqual([
      { order_id: sale.orderId, dni: '45123456', payment_origin: 'external', amount: 600.5 },
    ]);
    expect(after.total_purchases - before.total_purchases).toBeCloseTo(1350.5, 2);
    expect(after.total_paid_in_store - before.total_paid_in_store).toBeCloseTo(600.5, 2);
    expect(again).toEqual(after);
  });

  it('a repeat with another amount or cashier-less is still 200 with no effect', async () => {
    const sale = await saleFor(1000, 1000);
    await sell(app, sale);
    const after = await daySummary(app, DAY, 'true');
    expect((await paidAndBilled(app, { ...sale, billed: 10 })).status).toBe(200);
    expect(await daySummary(app, DAY, 'true')).toEqual(after);
  });

  it('nothing to collect (paid online): no payment is recorded', async () => {
    const sale = await saleFor(1000, 1000, {
      paid_to_service: 250,
      paid_to_service_origin: 'transfer',
    });
    await sell(app, sale);
    expect(await rowsOf(sale.orderId)).toEqual([
      { order_id: sale.orderId, dni: '45123456', payment_origin: 'transfer', amount: 250 },
    ]);
  });

  it('Verify after billing: billed_by_ecommerce true and what should have been collected', async () => {
    const sale = await saleFor(1000, 1000, { paid_to_service: 100 });
    const before = await sell(app, sale);
    expect(before).toMatchObject({ billed_by_ecommerce: false, downpayment_amount_inhouse: 150 });
    const after = conditions(await verify(app, sale));
    expect(after).toEqual({ ...before, billed_by_ecommerce: true });
    expect(after.downpayment_amount_inhouse).toBe(150);
  });

  it('Verify after billing with another amount → billed_amount cannot change…', async () => {
    const sale = await saleFor(1000, 1000);
    await sell(app, sale);
    for (const billed of [999.99, 1000.01, 1]) {
      const answer = await verify(app, { ...sale, billed });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        error: 'billed_amount cannot change after being marked as billed',
      });
    }
  });

  it('Verify after billing from another till → cashier_id changed', async () => {
    const sale = await saleFor(1000, 1000);
    await sell(app, sale);
    const answer = await verify(app, { ...sale, cashier: 'CAJA-02' });
    expectRefusal(answer, 400, 'cashier_id changed');
  });

  it('the seeded already-billed code (FACTU1) shows as billed for its amount', async () => {
    const sale: Sale = { who: { dni: '41000010' }, code: 'FACTU1', billed: 800, cashier: 'C-1' };
    expect(conditions(await verify(app, sale))).toMatchObject({
      billed_by_ecommerce: true,
      billed_amount: 800,
      downpayment_amount: 200,
      downpayment_amount_inhouse: 200,
    });
    expect((await verify(app, { ...sale, billed: 1000 })).body).toEqual({
      error: 'billed_amount cannot change after being marked as billed',
    });
  });

  it('the 200 body of Paid-and-billed is a JSON object', async () => {
    const sale = await saleFor(1000, 1000);
    await verify(app, sale);
    const answer = await post(app, PATHS.v3PaidAndBilled, {
      ...sale.who,
      funding_code: sale.code,
      billed_amount: sale.billed,
      cashier_id: sale.cashier,
    });
    expect(answer.status).toBe(200);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(typeof answer.body).toBe('object');
  });
});

describe('the largest amounts (S/ 9,999,999,999,999.99) never make the mock fail', () => {
  const MAX = 9999999999999.99;

  it('staged payments adding up past the largest amount: every endpoint still answers', async () => {
    const sale = await saleFor(MAX, 100, { paid_to_service: MAX });
    await put(app, `/__mock/fundings/${sale.code}/payments`, [
      { origin: 'card', amount: MAX },
      { origin: 'external', amount: MAX },
    ]);
    const query = { dni: '45123456', funding_code: sale.code };
    expect((await get(app, PATHS.v2Info, query)).body).toMatchObject({
      downpayment_status: 'FULFILLED',
    });
    expect(conditions(await verify(app, sale)).downpayment_amount_inhouse).toBe(0);
    expect((await paidAndBilled(app, sale)).status).toBe(200);
    expect((await get(app, PATHS.v2Info, query)).status).toBe(200);
    expect((await daySummaryAnswer(app, DAY, 'true')).status).toBe(200);
  });

  it('an excedent collected again after an undo: still answers', async () => {
    const sale = await saleFor(1, MAX);
    expect(conditions(await verify(app, sale)).excedent_amount).toBe(9999999999998.99);
    await paidAndBilled(app, sale);
    await post(app, PATHS.v3UndoBilling, { dni: '45123456', funding_code: sale.code });
    await sell(app, sale);
    const query = { dni: '45123456', funding_code: sale.code };
    expect((await get(app, PATHS.v2Info, query)).status).toBe(200);
    expect((await verify(app, sale)).status).toBe(200);
    const summary = await daySummaryAnswer(app, DAY);
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ total_purchases: expect.any(Number) });
  });

  it('two sales of the largest amount on one day: the day summary adds them up', async () => {
    await sell(app, await saleFor(MAX, MAX));
    const other = await newFunding(app, { dni: '45123457', credit_line: MAX });
    await sell(app, {
      who: { dni: '45123457' },
      code: other.funding_code,
      billed: MAX,
      cashier: 'C',
    });
    const summary = await daySummaryAnswer(app, DAY);
    expect(summary.status).toBe(200);
    const body = summary.body as { total_purchases: number };
    expect(body.total_purchases).toBeGreaterThan(2 * MAX - 1);
  });
});
