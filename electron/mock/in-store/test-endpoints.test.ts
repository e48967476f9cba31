// The `/mock/` test endpoints (docs/decisions.md "v2": same shapes as v2, success for documented
// test inputs). They run on their own records — the documented test identities TEST01..TEST04 — so
// an integrator's test run and a training class never see each other's sales.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MockApp } from '../app';
import { daySummary, freshMock, get, info, PATHS, post, sell, TODAY } from '../mock-test-support';
import { TEST_IDENTITIES } from '../trainer/test-identities';

const DAY = TODAY; // the day freshMock starts on, when TEST03 is billed
const NOT_ACTIVE = { error: 'Funding code does not exist or not active' };

let app: MockApp;
beforeEach(async () => {
  app = await freshMock();
});
afterEach(async () => {
  await app.close();
});

const testInfo = (dni: string, code: string) => info(app, dni, code, PATHS.testInfo);
const mockSummary = (day: string, detail?: 'true' | 'false') =>
  daySummary(app, day, detail, PATHS.testDaySummary);

describe('the documented test identities', () => {
  it('are TEST01..TEST04, and each is answered by the test endpoints', async () => {
    expect(TEST_IDENTITIES.map((t) => [t.funding_code, 'dni' in t ? t.dni : t.ruc])).toEqual([
      ['TEST01', '00000001'],
      ['TEST02', '00000002'],
      ['TEST03', '00000003'],
      ['TEST04', '10054148289'],
    ]);
    for (const t of TEST_IDENTITIES) {
      const who = 'dni' in t ? { dni: t.dni } : { ruc: t.ruc };
      const body = { ...who, funding_code: t.funding_code };
      if ('dni' in t)
        expect((await testInfo(t.dni, t.funding_code)).funding_code).toBe(t.funding_code);
      expect((await post(app, PATHS.testPaidAndBilled, body)).status).toBe(200);
      const undo = await post(app, PATHS.testUndoBilling, body);
      if (t.funding_code === 'TEST02') {
        // Paid to the service: nothing was collected in store, so the rules refuse the undo.
        const loanId = app.mockContext.testState.fundings.get('TEST02')?.loanId;
        expect(undo.body).toEqual({
          error: `The origin of the first payment is not external, len :${loanId}`,
        });
      } else {
        expect(undo.status).toBe(200);
      }
    }
  });

  it('TEST01: PENDING, channel Tienda, S/ 1,000.00', async () => {
    expect(await testInfo('00000001', 'TEST01')).toEqual({
      funding_code: 'TEST01',
      purchase_total: 1000,
      billed_by_ecommerce: false,
      downpayment_amount: 250,
      downpayment_status: 'PENDING',
      downpayment_channel: 'Tienda',
    });
  });

  it('TEST02: FULFILLED, paid to the service, channel Service', async () => {
    expect(await testInfo('00000002', 'TEST02')).toMatchObject({
      billed_by_ecommerce: false,
      downpayment_status: 'FULFILLED',
      downpayment_channel: 'Service',
    });
  });

  it('TEST03: already billed today; undo allowed', async () => {
    expect(await testInfo('00000003', 'TEST03')).toMatchObject({
      purchase_total: 600,
      billed_by_ecommerce: true,
      downpayment_status: 'FULFILLED',
    });
    const undo = await post(app, PATHS.testUndoBilling, {
      dni: '00000003',
      funding_code: 'TEST03',
    });
    expect(undo.status).toBe(200);
    expect((await testInfo('00000003', 'TEST03')).billed_by_ecommerce).toBe(false);
  });

  it('TEST01: paid-and-billed, then undo, then not billed yet', async () => {
    const body = { dni: '00000001', funding_code: 'TEST01' };
    expect((await post(app, PATHS.testPaidAndBilled, body)).status).toBe(200);
    expect(await testInfo('00000001', 'TEST01')).toMatchObject({
      billed_by_ecommerce: true,
      downpayment_status: 'FULFILLED',
    });
    expect((await post(app, PATHS.testPaidAndBilled, body)).status).toBe(200);
    expect((await post(app, PATHS.testUndoBilling, body)).status).toBe(200);
    const again = await post(app, PATHS.testUndoBilling, body);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: 'Not billed yet' });
  });

  it('TEST04: a personal RUC; paid-and-billed and undo take it', async () => {
    const body = { ruc: '10054148289', funding_code: 'TEST04' };
    expect((await post(app, PATHS.testPaidAndBilled, body)).status).toBe(200);
    expect((await post(app, PATHS.testUndoBilling, body)).status).toBe(200);
  });

  it('the test day summary counts TEST03, billed when the mock started', async () => {
    expect(await mockSummary(DAY, 'true')).toEqual({
      total_purchases: 600,
      total_paid_in_store: 150,
      total_financed: 450,
      order_detail: [
        { order_id: expect.any(String), dni: '00000003', payment_origin: 'external', amount: 150 },
      ],
    });
    expect(await mockSummary(DAY)).not.toHaveProperty('order_detail');
  });

  it('the test day summary follows the test sales', async () => {
    await post(app, PATHS.testPaidAndBilled, { dni: '00000001', funding_code: 'TEST01' });
    await post(app, PATHS.testUndoBilling, { dni: '00000003', funding_code: 'TEST03' });
    expect(await mockSummary(DAY)).toEqual({
      total_purchases: 1000,
      total_paid_in_store: 250,
      total_financed: 750,
    });
  });
});

describe('inputs that are not test inputs → 404', () => {
  it.each([
    ['a scenario code', '41000001', 'VENTA1'],
    ['a scenario code (v2 pending)', '42000001', 'PEND01'],
    ['a test code with another DNI', '00000002', 'TEST01'],
    ['an unknown code', '00000001', 'TEST99'],
  ])('%s', async (_, dni, code) => {
    const body = { dni, funding_code: code };
    const answers = [
      await get(app, PATHS.testInfo, body),
      await post(app, PATHS.testPaidAndBilled, body),
      await post(app, PATHS.testUndoBilling, body),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(NOT_ACTIVE);
    }
  });

  it('a funding created with the trainer control is not a test input', async () => {
    const created = await post(app, '/__mock/fundings', { dni: '00000001', credit_line: 1000 });
    const code = (created.body as { funding_code: string }).funding_code;
    const answer = await get(app, PATHS.testInfo, { dni: '00000001', funding_code: code });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual(NOT_ACTIVE);
  });
});

describe('the test records and the live records are apart', () => {
  it('the live endpoints do not know the test codes', async () => {
    const body = { dni: '00000001', funding_code: 'TEST01' };
    for (const answer of [
      await get(app, PATHS.v2Info, body),
      await post(app, PATHS.v2PaidAndBilled, body),
      await post(app, PATHS.v2UndoBilling, { dni: '00000003', funding_code: 'TEST03' }),
      await post(app, PATHS.v3Verify, { ...body, billed_amount: 1000, cashier_id: 'C1' }),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(NOT_ACTIVE);
    }
  });

  it('test sales do not touch the live records', async () => {
    const liveBefore = await daySummary(app, DAY, 'true');
    const pendingBefore = await info(app, '42000001', 'PEND01');
    await post(app, PATHS.testPaidAndBilled, { dni: '00000001', funding_code: 'TEST01' });
    await post(app, PATHS.testPaidAndBilled, { ruc: '10054148289', funding_code: 'TEST04' });
    await post(app, PATHS.testUndoBilling, { dni: '00000003', funding_code: 'TEST03' });
    expect(await daySummary(app, DAY, 'true')).toEqual(liveBefore);
    expect(await info(app, '42000001', 'PEND01')).toEqual(pendingBefore);
  });

  it('live sales do not touch the test records', async () => {
    const testBefore = await mockSummary(DAY, 'true');
    await post(app, PATHS.v2PaidAndBilled, { dni: '42000001', funding_code: 'PEND01' });
    await sell(app, { who: { dni: '41000001' }, code: 'VENTA1', billed: 1200, cashier: 'C1' });
    await post(app, PATHS.v3UndoBilling, { dni: '41000012', funding_code: 'DESHA1' });
    expect(await mockSummary(DAY, 'true')).toEqual(testBefore);
    expect((await testInfo('00000001', 'TEST01')).downpayment_status).toBe('PENDING');
  });
});
