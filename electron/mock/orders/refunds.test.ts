import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Order, PartialRefundResult, TotalRefundResult } from '../../../shared/api/orders';
import type { MockApp } from '../app';
import { freshMock, okBody, post, request, type TokenOption } from '../mock-test-support';
import { getOrder, ORDERS_PATH, orderIn } from './test-support';

let app: MockApp;
beforeEach(async () => {
  app = await freshMock();
});
afterEach(() => app.close());

const error = (message: string) => ({ error: message });
const reason = { author: 'supervisor-7', reason: 'returned goods' };

function refund(
  kind: 'total-refund' | 'partial-refund',
  orderId: string,
  body: unknown,
  uniqueToken: string | null,
  token?: TokenOption,
) {
  return request(app, {
    method: 'POST',
    path: `${ORDERS_PATH}/${orderId}/${kind}`,
    body,
    ...(token !== undefined ? { token } : {}),
    headers: uniqueToken === null ? {} : { 'x-unique-token': uniqueToken },
  });
}
const total = (id: string, token: string | null, body: unknown = reason) =>
  refund('total-refund', id, body, token);
const partial = (id: string, amount: unknown, token: string | null) =>
  refund('partial-refund', id, { amount, ...reason }, token);

async function confirmed(status = 'approved', overrides = {}, approvedAmount?: number) {
  const id = await orderIn(app, status, overrides, approvedAmount);
  expect((await post(app, `${ORDERS_PATH}/${id}/confirm`, {})).status).toBe(200);
  return id;
}

describe.each(['total-refund', 'partial-refund'] as const)('POST …/%s, common rules', (kind) => {
  const body = kind === 'total-refund' ? reason : { amount: 10, ...reason };

  it('answers 401 without the token, before anything else', async () => {
    const answer = await refund(kind, 'NOPE', body, null, null);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(error('Wrong or missing client token'));
  });

  it.each([
    ['missing', null],
    ['empty', ''],
  ])('answers 400 when X-Unique-Token is %s', async (_, value) => {
    const id = await confirmed();
    const answer = await refund(kind, id, body, value);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(error('Validation error, field X-Unique-Token required'));
  });

  it('answers 404 Order does not exist for an unknown order', async () => {
    const answer = await refund(kind, 'NOPE', body, 'T-1');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual(error('Order does not exist'));
  });

  it.each([
    [{ reason: 'x' }, 'Validation error, field author required'],
    [{ author: 'a' }, 'Validation error, field reason required'],
    [{ author: 7, reason: 'x' }, 'Validation error, field author invalid'],
    [{ author: 'a', reason: '' }, 'Validation error, field reason invalid'],
  ])('checks the body %j', async (fields, message) => {
    const id = await confirmed();
    const answer = await refund(
      kind,
      id,
      kind === 'total-refund' ? fields : { amount: 10, ...fields },
      'T-1',
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(error(message));
  });

  it('refuses an unknown body field', async () => {
    const id = await confirmed();
    const answer = await refund(kind, id, { ...body, note: 'x' }, 'T-1');
    expect(answer.body).toEqual(error('Validation error, field note invalid'));
  });

  it('refuses an order that was canceled: Already canceled', async () => {
    const id = await orderIn(app, 'canceled');
    const answer = await refund(kind, id, body, 'T-1');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(error('Already canceled'));
  });
});

describe('POST /pos/order/{order_id}/total-refund', () => {
  it('refunds a confirmed order: success, card, a tracking id; the order ends canceled', async () => {
    const id = await confirmed();
    const result = okBody(await total(id, 'T-1'), TotalRefundResult);
    expect(result).toEqual({
      refund_method: 'card',
      tracking_id: expect.stringMatching(/^RF-\d{8}$/),
      status: 'success',
      successful: true,
    });
    expect(okBody(await getOrder(app, id), Order)).toMatchObject({
      status: 'canceled',
      confirmed: true,
    });
  });

  it('refunds a funded order even if it was never confirmed', async () => {
    const id = await orderIn(app, 'funded');
    expect(okBody(await total(id, 'T-1'), TotalRefundResult).status).toBe('success');
  });

  it.each(['initial', 'created', 'onhold', 'approved', 'validated', 'rejected'])(
    'refuses a %s order that is not confirmed: Disbursement could not be made',
    async (status) => {
      const id = await orderIn(app, status);
      const answer = await total(id, 'T-1');
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(error('Disbursement could not be made'));
    },
  );

  it('replays the first answer unchanged to the same X-Unique-Token', async () => {
    const id = await confirmed();
    const first = await total(id, 'T-1');
    const again = await total(id, 'T-1', { author: 'someone else', reason: 'retry' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });

  it('answers already_refunded to a second refund with a new token', async () => {
    const id = await confirmed();
    const first = okBody(await total(id, 'T-1'), TotalRefundResult);
    const second = okBody(await total(id, 'T-2'), TotalRefundResult);
    expect(second).toEqual({ ...first, status: 'already_refunded' });
  });

  it('keeps no answer for a refused attempt: the same token works once the cause is gone', async () => {
    const id = await orderIn(app, 'approved');
    expect((await total(id, 'T-1')).body).toEqual(error('Disbursement could not be made'));
    await post(app, `${ORDERS_PATH}/${id}/confirm`, {});
    expect(okBody(await total(id, 'T-1'), TotalRefundResult).status).toBe('success');
  });
});

describe('POST /pos/order/{order_id}/partial-refund', () => {
  it.each([0, -5])('refuses amount %s: Amount must be greater than 0', async (amount) => {
    const id = await confirmed();
    const answer = await partial(id, amount, 'P-1');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(error('Amount must be greater than 0'));
  });

  it.each([
    [undefined, 'Validation error, field amount required'],
    ['10', 'Validation error, field amount invalid'],
    [10.005, 'Validation error, field amount invalid'],
  ])('checks amount %j', async (amount, message) => {
    const id = await confirmed();
    expect((await partial(id, amount, 'P-1')).body).toEqual(error(message));
  });

  it.each(['initial', 'created', 'onhold', 'approved', 'validated', 'rejected'])(
    'refuses a %s order that is not confirmed: Partial disbursement could not be made',
    async (status) => {
      const id = await orderIn(app, status);
      const answer = await partial(id, 10, 'P-1');
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(error('Partial disbursement could not be made'));
    },
  );

  it('keeps the refunds together below the approved amount', async () => {
    const id = await confirmed();
    expect((await partial(id, 1000, 'P-1')).body).toEqual(
      error('Amount must be less than the approved amount'),
    );
    expect((await partial(id, 600, 'P-2')).status).toBe(200);
    expect((await partial(id, 400, 'P-3')).body).toEqual(
      error('Amount must be less than the approved amount'),
    );
    expect((await partial(id, 399.99, 'P-4')).status).toBe(200);
  });

  it.each([1e308, 1e15, 99_999_999_999_999.98, 10_000_000_000_000])(
    'answers a positive %s far above the approved amount as too large, not as a bad field',
    async (amount) => {
      const id = await confirmed();
      const answer = await partial(id, amount, `P-${amount}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(error('Amount must be less than the approved amount'));
    },
  );

  it('measures against the approved amount set by the trainer, not the order amount', async () => {
    const id = await confirmed('approved', {}, 800);
    expect((await partial(id, 800, 'P-1')).body).toEqual(
      error('Amount must be less than the approved amount'),
    );
    expect((await partial(id, 799.99, 'P-2')).status).toBe(200);
  });

  it('answers decreased_debt while the amount only lowers the debt, then success', async () => {
    // Approved 1000: the customer paid a down payment of 250 and owes 750.
    const id = await confirmed();
    const lower = okBody(await partial(id, 100, 'P-1'), PartialRefundResult);
    expect(lower).toEqual({
      refund_method: 'transfer',
      tracking_id: expect.stringMatching(/^RF-\d{8}$/),
      status: 'decreased_debt',
      successful: true,
    });
    expect(okBody(await partial(id, 650, 'P-2'), PartialRefundResult).status).toBe(
      'decreased_debt',
    );
    const back = okBody(await partial(id, 0.01, 'P-3'), PartialRefundResult);
    expect(back).toMatchObject({ status: 'success', refund_method: 'card' });
  });

  it('answers success when the amount is more than the debt left', async () => {
    const id = await confirmed();
    expect(okBody(await partial(id, 750.01, 'P-1'), PartialRefundResult).status).toBe('success');
  });

  it('replays the same X-Unique-Token without refunding twice', async () => {
    const id = await confirmed();
    const first = await partial(id, 600, 'P-1');
    const again = await partial(id, 600, 'P-1');
    expect(again.body).toEqual(first.body);
    // Only 600 was refunded: 399.99 more still fits under the approved 1000.
    expect((await partial(id, 399.99, 'P-2')).status).toBe(200);
  });

  it('answers Already canceled after a total refund', async () => {
    const id = await confirmed();
    await total(id, 'T-1');
    expect((await partial(id, 10, 'P-1')).body).toEqual(error('Already canceled'));
  });

  it('allows a total refund after partial ones', async () => {
    const id = await confirmed();
    await partial(id, 100, 'P-1');
    expect(okBody(await total(id, 'T-1'), TotalRefundResult).status).toBe('success');
  });
});
