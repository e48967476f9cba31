// Day summary v2 (docs/decisions.md "Day summary"): totals of the fundings billed on the store's
// calendar day and not undone, `order_detail` only with detail=true, and the document's own
// messages for a bad `day` or `detail`.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MockApp } from '../app';
import {
  daySummary,
  freshMock,
  get,
  newFunding,
  PATHS,
  post,
  put,
  sell,
  TODAY,
} from '../mock-test-support';

let app: MockApp;
beforeEach(async () => {
  app = await freshMock();
});
afterEach(async () => {
  await app.close();
});

const setClock = async (now: string) => {
  const answer = await put(app, '/__mock/clock', { now });
  expect(answer.status).toBe(200);
};

/** Two sales on 2026-03-17 (Lima): one v3 above the line, one v2 partly paid online. */
async function twoSales() {
  await setClock('2026-03-17T15:00:00Z');
  const a = await newFunding(app, { dni: '45123456', credit_line: 1000 });
  await sell(app, {
    who: { dni: '45123456' },
    code: a.funding_code,
    billed: 1350.5,
    cashier: 'C1',
  });
  const b = await newFunding(app, { dni: '45123457', credit_line: 1000, paid_to_service: 100 });
  await post(app, PATHS.v2PaidAndBilled, { dni: '45123457', funding_code: b.funding_code });
  return { a, b };
}

describe.each([
  ['v2', PATHS.v2DaySummary],
  ['/mock/', PATHS.testDaySummary],
])('Day summary %s: bad parameters', (_, path) => {
  it.each([
    '2026-02-30',
    '2026-13-01',
    '2026-3-5',
    '05/03/2026',
    '2026-03-05T00:00:00Z',
    '',
    'today',
  ])('day=%j → { day: "Not a valid date" }', async (day) => {
    const answer = await get(app, path, { day });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ day: 'Not a valid date' });
  });

  it('no day at all → { day: "Not a valid date" }', async () => {
    const answer = await get(app, path);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ day: 'Not a valid date' });
  });

  it.each(['yes', '1', 'TRUE', 'True', ''])(
    'detail=%j → { detail: "Not a valid boolean" }',
    async (detail) => {
      const answer = await get(app, path, { day: TODAY, detail });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ detail: 'Not a valid boolean' });
    },
  );

  it('both wrong → both keys', async () => {
    const answer = await get(app, path, { day: '2026-02-29', detail: 'no' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ day: 'Not a valid date', detail: 'Not a valid boolean' });
  });

  it('a leap day is a date', async () => {
    expect((await get(app, path, { day: '2028-02-29' })).status).toBe(200);
  });

  it('an unknown parameter is refused by name', async () => {
    const answer = await get(app, path, { day: '2026-03-05', cashier_id: 'C1' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ cashier_id: 'Unknown field' });
  });
});

describe('Day summary v2: totals and detail', () => {
  it('a day with no sales: zeros, and order_detail only when asked', async () => {
    const plain = await get(app, PATHS.v2DaySummary, { day: '2026-03-18' });
    expect(plain.status).toBe(200);
    expect(plain.text).toBe(
      JSON.stringify({ total_purchases: 0, total_paid_in_store: 0, total_financed: 0 }),
    );
    expect(await daySummary(app, '2026-03-18', 'true')).toEqual({
      total_purchases: 0,
      total_paid_in_store: 0,
      total_financed: 0,
      order_detail: [],
    });
  });

  it('totals of the day and one detail row per payment of the loans billed', async () => {
    const { a, b } = await twoSales();
    const expectedTotals = {
      total_purchases: 2350.5,
      total_paid_in_store: 750.5,
      total_financed: 1600,
    };
    expect(await daySummary(app, '2026-03-17')).toEqual(expectedTotals);
    expect(await daySummary(app, '2026-03-17', 'false')).toEqual(expectedTotals);
    const detailed = await daySummary(app, '2026-03-17', 'true');
    expect(detailed).toEqual({
      ...expectedTotals,
      order_detail: expect.arrayContaining([
        { order_id: a.order_id, dni: '45123456', payment_origin: 'external', amount: 600.5 },
        { order_id: b.order_id, dni: '45123457', payment_origin: 'card', amount: 100 },
        { order_id: b.order_id, dni: '45123457', payment_origin: 'external', amount: 150 },
      ]),
    });
    expect(detailed.order_detail).toHaveLength(3);
    // Other days do not see them.
    expect(await daySummary(app, '2026-03-18')).toEqual({
      total_purchases: 0,
      total_paid_in_store: 0,
      total_financed: 0,
    });
  });

  it('undone sales are not counted; billed again they count on the day of the new billing', async () => {
    const { a } = await twoSales();
    const undo = await post(app, PATHS.v3UndoBilling, {
      dni: '45123456',
      funding_code: a.funding_code,
    });
    expect(undo.status).toBe(200);
    expect(await daySummary(app, '2026-03-17', 'true')).toEqual({
      total_purchases: 1000,
      total_paid_in_store: 150,
      total_financed: 850,
      order_detail: [
        expect.objectContaining({ payment_origin: 'card', amount: 100 }),
        expect.objectContaining({ payment_origin: 'external', amount: 150 }),
      ],
    });

    await setClock('2026-03-19T15:00:00Z');
    // Billed again for S/ 1,000.00 (within the line): the S/ 600.50 collected before the undo
    // covers the down payment, so nothing new is collected and no payment is added.
    await sell(app, {
      who: { dni: '45123456' },
      code: a.funding_code,
      billed: 1000,
      cashier: 'C2',
    });
    expect(await daySummary(app, '2026-03-19', 'true')).toEqual({
      total_purchases: 1000,
      total_paid_in_store: 600.5,
      total_financed: 399.5,
      order_detail: [
        { order_id: a.order_id, dni: '45123456', payment_origin: 'external', amount: 600.5 },
      ],
    });
    expect((await daySummary(app, '2026-03-17')).total_purchases).toBe(1000);
  });

  it("the day is the store's calendar day (America/Lima by default)", async () => {
    // 04:30 UTC on the 17th is 23:30 on the 16th in Lima (UTC−5).
    await setClock('2026-03-17T04:30:00Z');
    const late = await newFunding(app, { dni: '45123456', credit_line: 1000 });
    await sell(app, {
      who: { dni: '45123456' },
      code: late.funding_code,
      billed: 1000,
      cashier: 'C1',
    });
    // 05:00 UTC on the 17th is midnight on the 17th in Lima.
    await setClock('2026-03-17T05:00:00Z');
    const midnight = await newFunding(app, { dni: '45123457', credit_line: 500 });
    await sell(app, {
      who: { dni: '45123457' },
      code: midnight.funding_code,
      billed: 500,
      cashier: 'C1',
    });

    expect(await daySummary(app, '2026-03-16')).toEqual({
      total_purchases: 1000,
      total_paid_in_store: 250,
      total_financed: 750,
    });
    expect(await daySummary(app, '2026-03-17')).toEqual({
      total_purchases: 500,
      total_paid_in_store: 125,
      total_financed: 375,
    });

    // The store's time zone is a setting: in UTC both sales are on the 17th.
    expect((await put(app, '/__mock/merchant', { time_zone: 'UTC' })).status).toBe(200);
    expect((await daySummary(app, '2026-03-16')).total_purchases).toBe(0);
    expect((await daySummary(app, '2026-03-17')).total_purchases).toBe(1500);
  });

  it('the seeded billed scenarios count on the day the mock started', async () => {
    // freshMock starts at NOW; FACTU1 (S/ 800) and the billed undo cases are on that day.
    const summary = await daySummary(app, TODAY, 'true');
    expect(summary.total_purchases).toBeGreaterThanOrEqual(800);
    expect(summary.order_detail?.length).toBeGreaterThan(0);
    expect((await daySummary(app, '2026-03-04')).total_purchases).toBe(0);
  });
});
