import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Order } from '../../../shared/api/orders';
import type { MockApp } from '../app';
import { freshMock, okBody, post, put, request } from '../mock-test-support';
import { createOrder, getOrder, moveOrder, ORDERS_PATH, orderBody, orderIn } from './test-support';

let app: MockApp;
beforeEach(async () => {
  app = await freshMock();
});
afterEach(() => app.close());

const error = (message: string) => ({ error: message });
const confirm = (id: string) => post(app, `${ORDERS_PATH}/${id}/confirm`, {});
const cancel = (id: string) => post(app, `${ORDERS_PATH}/${id}/cancel`, {});
const read = async (id: string) => okBody(await getOrder(app, id), Order);

describe('GET /pos/order/{order_id}', () => {
  it('answers 404 Order does not exist for an unknown order', async () => {
    const answer = await getOrder(app, 'NOPE');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual(error('Order does not exist'));
  });

  it('answers 401 without the token, even for an unknown order', async () => {
    const answer = await request(app, { method: 'GET', path: `${ORDERS_PATH}/NOPE`, token: null });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(error('Wrong or missing client token'));
  });

  it('answers a malformed percent-encoding in the path with a 4xx', async () => {
    const answer = await request(app, { method: 'GET', path: `${ORDERS_PATH}/%E0%A4%A` });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
  });
});

describe('POST /pos/order/{order_id}/confirm', () => {
  it('confirms an approved order: modified_orders 1, confirmed, still approved', async () => {
    const id = await orderIn(app, 'approved');
    const answer = await confirm(id);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ modified_orders: 1 });
    expect(await read(id)).toMatchObject({ confirmed: true, status: 'approved' });
  });

  it('confirms a validated order, which becomes funded', async () => {
    const id = await orderIn(app, 'validated');
    expect((await confirm(id)).body).toEqual({ modified_orders: 1 });
    expect(await read(id)).toMatchObject({ confirmed: true, status: 'funded' });
  });

  it.each(['initial', 'created', 'onhold', 'rejected'])(
    'refuses a %s order: Cannot confirm an order before it is approved',
    async (status) => {
      const id = await orderIn(app, status);
      const answer = await confirm(id);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(error('Cannot confirm an order before it is approved'));
      expect((await read(id)).confirmed).toBe(false);
    },
  );

  it('refuses a funded order: Cannot confirm a funded order', async () => {
    const id = await orderIn(app, 'funded');
    expect((await confirm(id)).body).toEqual(error('Cannot confirm a funded order'));
    const confirmedThenFunded = await orderIn(app, 'validated', { order_id: 'WEB-2' });
    await confirm(confirmedThenFunded);
    expect((await confirm(confirmedThenFunded)).body).toEqual(
      error('Cannot confirm a funded order'),
    );
  });

  it('refuses a canceled order: Already canceled', async () => {
    const id = await orderIn(app, 'canceled');
    expect((await confirm(id)).body).toEqual(error('Already canceled'));
  });

  it('answers 404 and 401 like every order endpoint', async () => {
    expect((await confirm('NOPE')).body).toEqual(error('Order does not exist'));
    const id = await orderIn(app, 'approved');
    const answer = await request(app, {
      method: 'POST',
      path: `${ORDERS_PATH}/${id}/confirm`,
      token: 'bad',
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(error('Wrong or missing client token'));
  });

  it('takes no body: an empty JSON body or none at all is fine', async () => {
    const id = await orderIn(app, 'approved');
    const empty = await request(app, {
      method: 'POST',
      path: `${ORDERS_PATH}/${id}/confirm`,
      rawBody: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(empty.status, empty.text).toBe(200);
    const none = await request(app, { method: 'POST', path: `${ORDERS_PATH}/${id}/confirm` });
    expect(none.status, none.text).toBe(200);
  });
});

describe('POST /pos/order/{order_id}/cancel', () => {
  it.each(['initial', 'created', 'onhold', 'approved', 'validated', 'funded', 'rejected'])(
    'cancels a %s order that is not confirmed: modified_orders 1',
    async (status) => {
      const id = await orderIn(app, status);
      const answer = await cancel(id);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ modified_orders: 1 });
      expect((await read(id)).status).toBe('canceled');
    },
  );

  it('answers 200 with a result saying it was canceled before', async () => {
    const id = await orderIn(app, 'created');
    await cancel(id);
    const again = await cancel(id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ result: 'Order already canceled' });
  });

  it('refuses a confirmed order: Cannot cancel a confirmed order', async () => {
    const id = await orderIn(app, 'approved');
    await confirm(id);
    const answer = await cancel(id);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(error('Cannot cancel a confirmed order'));
    expect((await read(id)).status).toBe('approved');
  });

  it('answers 404 for an unknown order and 401 without the token', async () => {
    expect((await cancel('NOPE')).body).toEqual(error('Order does not exist'));
    const answer = await request(app, {
      method: 'POST',
      path: `${ORDERS_PATH}/NOPE/cancel`,
      token: null,
    });
    expect(answer.status).toBe(401);
  });
});

describe('trainer control POST /__mock/orders/{order_id}/status', () => {
  it.each([
    ['initial', 'created'],
    ['created', 'approved'],
    ['approved', 'validated'],
    ['validated', 'funded'],
    ['created', 'onhold'],
    ['onhold', 'approved'],
    ['created', 'rejected'],
    ['onhold', 'rejected'],
  ])('moves %s → %s and answers the order', async (from, to) => {
    const id = await orderIn(app, from);
    const answer = await moveOrder(app, id, { status: to });
    expect(answer.status).toBe(200);
    expect(okBody(answer, Order).status).toBe(to);
  });

  it.each([
    ['initial', 'approved', 'created'],
    ['created', 'validated', 'approved, onhold, rejected'],
    ['approved', 'funded', 'validated'],
    ['onhold', 'created', 'approved, rejected'],
    ['approved', 'rejected', 'validated'],
    ['funded', 'canceled', 'none (final state)'],
    ['rejected', 'approved', 'none (final state)'],
    ['canceled', 'created', 'none (final state)'],
    ['created', 'created', 'approved, onhold, rejected'],
  ])('refuses %s → %s with a clear error', async (from, to, next) => {
    const id = await orderIn(app, from);
    const answer = await moveOrder(app, id, { status: to });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(
      error(`Cannot move order from ${from} to ${to}; allowed next: ${next}`),
    );
    expect((await read(id)).status).toBe(from);
  });

  it('sets the approved amount on approval, never above the order amount', async () => {
    const id = await orderIn(app, 'created');
    const tooMuch = await moveOrder(app, id, { status: 'approved', approved_amount: 1000.01 });
    expect(tooMuch.body).toEqual(error('approved_amount cannot exceed the order amount'));
    const answer = await moveOrder(app, id, { status: 'approved', approved_amount: 800 });
    expect(answer.status).toBe(200);
  });

  it('refuses approved_amount on any other move', async () => {
    const id = await orderIn(app, 'initial');
    const answer = await moveOrder(app, id, { status: 'created', approved_amount: 500 });
    expect(answer.body).toEqual(error('approved_amount can only be set when moving to approved'));
  });

  it.each([
    [{}, { status: 'Error on status format' }],
    [{ status: 'paid' }, { status: 'Error on status format' }],
    [
      { status: 'created', approved_amount: '10' },
      { approved_amount: 'Error on approved_amount format' },
    ],
    [{ status: 'created', colour: 'red' }, { colour: 'Unknown field' }],
  ])('answers bad input %j with field errors', async (body, errors) => {
    const id = await orderIn(app, 'initial');
    const answer = await moveOrder(app, id, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(errors);
  });

  it('answers 404 for an unknown order and 401 without the token', async () => {
    expect((await moveOrder(app, 'NOPE', { status: 'created' })).body).toEqual(
      error('Order does not exist'),
    );
    const answer = await request(app, {
      method: 'POST',
      path: '/__mock/orders/NOPE/status',
      body: { status: 'created' },
      token: null,
    });
    expect(answer.status).toBe(401);
  });
});

describe('expiration and reset', () => {
  it('expires after 7 days by default; expiration_ts can only shorten it', async () => {
    await createOrder(app, orderBody());
    expect((await read('WEB-1001')).expiration_ts).toBe('2026-03-17 15:00:00.000');
    await createOrder(
      app,
      orderBody({ order_id: 'LATER', expiration_ts: '2026-04-01 00:00:00.000' }),
    );
    expect((await read('LATER')).expiration_ts).toBe('2026-03-17 15:00:00.000');
  });

  it('cancels an order still waiting for the customer once expiration_ts has passed', async () => {
    const waiting = await orderIn(app, 'created', { expiration_ts: '2026-03-10 18:00:00.000' });
    const approved = await orderIn(app, 'approved', {
      order_id: 'WEB-2',
      expiration_ts: '2026-03-10 18:00:00.000',
    });
    expect((await read(waiting)).status).toBe('created');
    await put(app, '/__mock/clock', { now: '2026-03-10T18:00:00Z' });
    expect((await read(waiting)).status).toBe('canceled');
    expect((await read(approved)).status).toBe('approved');
    expect((await moveOrder(app, waiting, { status: 'approved' })).status).toBe(400);
  });

  it('is forgotten by POST /__mock/reset', async () => {
    await createOrder(app, orderBody());
    await post(app, '/__mock/reset', {});
    expect((await getOrder(app, 'WEB-1001')).status).toBe(404);
  });
});
