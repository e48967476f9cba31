// Undo billing, v3 and v2 alike (docs/decisions.md "v2": it follows v3's rules): its refusals with
// the service's exact spacing and loan id, the order docs/decisions.md "Billing" fixes, and what a
// successful undo releases and keeps.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MockApp } from '../app';
import {
  conditions,
  daySummary,
  freshMock,
  info,
  type NewFunding,
  newFunding,
  PATHS,
  paidAndBilled,
  post,
  type Sale,
  sell,
  setPayments,
  TODAY,
  verify,
  type Who,
} from '../mock-test-support';

const DAY = TODAY;

let app: MockApp;
beforeEach(async () => {
  app = await freshMock();
});
afterEach(async () => {
  await app.close();
});

type Created = Sale & { orderId: string; loanId: string };

async function funding(extra: Partial<NewFunding> = {}, who: Who = { dni: '45123456' }) {
  const created = await newFunding(app, { ...who, credit_line: 1000, ...extra });
  const sale: Created = {
    who,
    code: created.funding_code,
    billed: 1000,
    cashier: 'CAJA-01',
    orderId: created.order_id,
    loanId: created.loan_id,
  };
  return sale;
}

async function billed(extra: Partial<NewFunding> = {}, who: Who = { dni: '45123456' }) {
  const sale = await funding(extra, who);
  await sell(app, sale);
  return sale;
}

const rowsOf = async (orderId: string) =>
  ((await daySummary(app, DAY, 'true')).order_detail ?? []).filter((r) => r.order_id === orderId);

describe.each([
  ['v3', PATHS.v3UndoBilling],
  ['v2', PATHS.v2UndoBilling],
])('Undo billing %s', (_, path) => {
  const undo = (sale: Sale) => post(app, path, { ...sale.who, funding_code: sale.code });

  it('Not billed yet', async () => {
    const sale = await funding();
    const answer = await undo(sale);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: 'Not billed yet' });
  });

  it("This lend don't have downpayment, lend :<loan_id>", async () => {
    const sale = await billed({ paid_to_service: 250 });
    await setPayments(app, sale.code, []);
    const answer = await undo(sale);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: `This lend don't have downpayment, lend :${sale.loanId}`,
    });
    expect(sale.loanId).toMatch(/^\S+$/);
  });

  it('The origin of the first payment is not external, len :<loan_id>', async () => {
    // Paid S/ 100 by card online, then S/ 150 collected in store: the first payment is the card's.
    const sale = await billed({ paid_to_service: 100 });
    expect(await rowsOf(sale.orderId)).toEqual([
      { order_id: sale.orderId, dni: '45123456', payment_origin: 'card', amount: 100 },
      { order_id: sale.orderId, dni: '45123456', payment_origin: 'external', amount: 150 },
    ]);
    const answer = await undo(sale);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: `The origin of the first payment is not external, len :${sale.loanId}`,
    });
  });

  it('the first payment online with nothing collected in store is refused the same way', async () => {
    const sale = await billed({ paid_to_service: 250, paid_to_service_origin: 'transfer' });
    const answer = await undo(sale);
    expect(answer.body).toEqual({
      error: `The origin of the first payment is not external, len :${sale.loanId}`,
    });
  });

  it('This lend has not only 1 (one) payment, len : <loan_id>', async () => {
    const sale = await billed();
    await setPayments(app, sale.code, [
      { origin: 'external', amount: 250 },
      { origin: 'external', amount: 10 },
    ]);
    const answer = await undo(sale);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: `This lend has not only 1 (one) payment, len : ${sale.loanId}`,
    });
  });

  it('each refusal names the loan of its own funding', async () => {
    const a = await billed();
    const b = await billed({}, { dni: '45123457' });
    expect(a.loanId).not.toBe(b.loanId);
    await setPayments(app, b.code, []);
    expect((await undo(b)).body).toEqual({
      error: `This lend don't have downpayment, lend :${b.loanId}`,
    });
  });

  it('a RUC not starting with 10 is refused, before anything else', async () => {
    for (const ruc of ['20100070970', '20512333797']) {
      const notBilled = await funding({}, { ruc });
      const answer = await undo(notBilled);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ ruc: 'Error on ruc format' });
      const sale = await billed({}, { ruc });
      expect((await undo(sale)).body).toEqual({ ruc: 'Error on ruc format' });
    }
  });

  it('a RUC starting with 10 is accepted', async () => {
    const sale = await billed({}, { ruc: '10054148289' });
    const answer = await undo(sale);
    expect(answer.status).toBe(200);
  });

  it('the order of the rules: billed before payments, first payment before their count', async () => {
    const notBilled = await funding();
    await setPayments(app, notBilled.code, [{ origin: 'card', amount: 1 }]);
    expect((await undo(notBilled)).body).toEqual({ error: 'Not billed yet' });

    const both = await billed({}, { dni: '45123457' });
    await setPayments(app, both.code, [
      { origin: 'card', amount: 1 },
      { origin: 'external', amount: 250 },
    ]);
    expect((await undo(both)).body).toEqual({
      error: `The origin of the first payment is not external, len :${both.loanId}`,
    });
  });

  it('an unknown code, an inactive code or another identity → 404', async () => {
    const sale = await billed();
    const inactive = await funding({ active: false }, { dni: '45123457' });
    for (const attempt of [
      { ...sale, code: 'ZZZZZZ' },
      { ...sale, who: { dni: '45123457' } },
      inactive,
    ]) {
      const answer = await undo(attempt);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: 'Funding code does not exist or not active' });
    }
  });

  it('success: 200, the payment stays, the cashier is released, billing works again', async () => {
    const sale = await billed();
    expect(await rowsOf(sale.orderId)).toHaveLength(1);

    const answer = await undo(sale);
    expect(answer.status).toBe(200);
    expect(answer.contentType).toMatch(/^application\/json/);

    // Not billed any more: gone from the day summary, a second undo is refused.
    expect(await rowsOf(sale.orderId)).toEqual([]);
    expect((await undo(sale)).body).toEqual({ error: 'Not billed yet' });

    // Another till may verify now; the S/ 250 collected is counted as already collected.
    const other = { ...sale, cashier: 'CAJA-02' };
    expect(conditions(await verify(app, other))).toMatchObject({
      billed_by_ecommerce: false,
      downpayment_amount: 250,
      downpayment_amount_inhouse: 0,
    });
    // Billing again records no second payment; the loan still has its one external payment.
    expect((await paidAndBilled(app, other)).status).toBe(200);
    expect(await rowsOf(sale.orderId)).toEqual([
      { order_id: sale.orderId, dni: '45123456', payment_origin: 'external', amount: 250 },
    ]);
    expect(conditions(await verify(app, other)).billed_by_ecommerce).toBe(true);
    // …and, with still one external payment, it can be undone again.
    expect((await undo(sale)).status).toBe(200);
  });

  it('success: a Verify with a bigger amount afterwards collects only the difference', async () => {
    const sale = await billed({ credit_line: 2000 });
    await undo(sale);
    const bigger = { ...sale, billed: 1200 };
    expect(conditions(await verify(app, bigger))).toMatchObject({
      downpayment_amount: 300,
      downpayment_amount_inhouse: 50,
    });
    await paidAndBilled(app, bigger);
    expect((await rowsOf(sale.orderId)).map((r) => r.amount)).toEqual([250, 50]);
    // Two payments now: this billing can no longer be undone.
    expect((await undo(sale)).body).toEqual({
      error: `This lend has not only 1 (one) payment, len : ${sale.loanId}`,
    });
  });

  it('success: v2 info shows the code not billed, the down payment still fulfilled', async () => {
    const sale = await billed();
    expect(await info(app, '45123456', sale.code)).toMatchObject({
      billed_by_ecommerce: true,
      downpayment_status: 'FULFILLED',
    });
    await undo(sale);
    // The down payment stays paid (docs/decisions.md "Billing"): nothing is pending, so the screen
    // stays green and the cashier does not collect it a second time.
    expect(await info(app, '45123456', sale.code)).toMatchObject({
      billed_by_ecommerce: false,
      downpayment_status: 'FULFILLED',
      purchase_total: 1000,
    });
  });

  it('undoes a sale billed through the other generation', async () => {
    const sale = await funding();
    expect(
      (await post(app, PATHS.v2PaidAndBilled, { dni: '45123456', funding_code: sale.code })).status,
    ).toBe(200);
    expect((await undo(sale)).status).toBe(200);
    const v3 = await billed({}, { dni: '45123457' });
    expect((await undo(v3)).status).toBe(200);
  });

  it('the seeded undo cases answer as their scenario says', async () => {
    expect(
      (await undo({ who: { dni: '41000012' }, code: 'DESHA1', billed: 0, cashier: '' })).status,
    ).toBe(200);
    expect(
      (await undo({ who: { dni: '41000013' }, code: 'NOFAC1', billed: 0, cashier: '' })).body,
    ).toEqual({
      error: 'Not billed yet',
    });
  });
});
