import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CreateOrderResponse, Order } from '../../../shared/api/orders';
import { createMockApp, type MockApp } from '../app';
import { freshMock, okBody, put, request } from '../mock-test-support';
import { createOrder, getOrder, moveOrder, ORDERS_PATH, orderBody } from './test-support';

let app: MockApp;
beforeEach(async () => {
  app = await freshMock();
});
afterEach(() => app.close());

const error = (message: string) => ({ error: message });
const without = (key: string) => {
  const body = orderBody();
  delete body[key];
  return body;
};

describe('POST /pos/order/create', () => {
  it('creates an initial order and answers new_order with the redirect_to URL', async () => {
    const created = okBody(await createOrder(app, orderBody()), CreateOrderResponse);
    expect(created.status).toBe('new_order');
    expect(created.redirect_to).toMatch(
      /^http:\/\/127\.0\.0\.1\/pos\?client=mock-client&service_order=[0-9a-f]{24}$/,
    );
    const order = okBody(await getOrder(app, 'WEB-1001'), Order);
    expect(order).toMatchObject({
      amount: 1000,
      order_id: 'WEB-1001',
      pos_client_id: 'mock-client',
      description: 'Laptop 14"',
      status: 'initial',
      confirmed: false,
      magic_link: created.redirect_to,
      customer_data: null,
      url_redir_on_canceled: 'https://shop.example.pe/canceled',
      url_redir_on_rejected: 'https://shop.example.pe/rejected',
      url_redir_on_success: 'https://shop.example.pe/success',
    });
  });

  it('builds redirect_to on the base URL the mock is reached at', async () => {
    const served = await createMockApp({ baseUrl: 'http://127.0.0.1:4010', clientId: 'shop 1&2' });
    const created = okBody(
      await createOrder(served, orderBody({ pos_client_id: 'shop 1&2' })),
      CreateOrderResponse,
    );
    expect(created.redirect_to).toMatch(
      /^http:\/\/127\.0\.0\.1:4010\/pos\?client=shop\+1%262&service_order=[0-9a-f]{24}$/,
    );
    await served.close();
  });

  it.each([
    ['no token', null],
    ['a wrong token', 'not-the-token'],
  ])('answers 401 with %s, before looking at the body', async (_, token) => {
    const answer = await request(app, {
      method: 'POST',
      path: `${ORDERS_PATH}/create`,
      body: {},
      token,
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(error('Wrong or missing client token'));
  });

  it.each([
    'amount',
    'order_id',
    'pos_client_id',
    'url_redir_on_canceled',
    'url_redir_on_rejected',
    'url_redir_on_success',
    'url_redir_on_downpayment',
  ])('names the missing required field %s', async (field) => {
    const answer = await createOrder(app, without(field));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(error(`Validation error, field ${field} required`));
  });

  it('names the first missing field in the order of the table', async () => {
    const body = orderBody();
    delete body.url_redir_on_success;
    delete body.order_id;
    expect((await createOrder(app, body)).body).toEqual(
      error('Validation error, field order_id required'),
    );
    expect((await createOrder(app, {})).body).toEqual(
      error('Validation error, field amount required'),
    );
  });

  it('reports a wrong field before a missing one that comes later in the table', async () => {
    const answer = await createOrder(app, { amount: 'mil' });
    expect(answer.body).toEqual(error('Validation error, field amount invalid'));
  });

  it.each([
    ['amount', '1000'],
    ['amount', 0],
    ['amount', -5],
    ['amount', 10.005],
    ['order_id', 1001],
    ['order_id', ''],
    ['pos_client_id', ['mock-client']],
    ['service_send_sms', 'yes'],
    ['expiration_ts', '2026-03-10T10:00:00Z'],
    ['expiration_ts', '2026-02-30 10:00:00.000'],
    ['description', 42],
    ['url_redir_on_canceled', 'javascript:alert(1)'],
    ['url_redir_on_success', 'not a url'],
    ['url_redir_on_order_detail', 'ftp://shop.example.pe/detail'],
    ['financed_products', [{ sku: 'A1', name: 'Laptop', quantity: 1 }]],
    [
      'financed_products',
      [
        {
          sku: 'A1',
          name: 'Laptop',
          unit_price_after_discount: 10,
          quantity: 1,
          product_stage: 'broken',
        },
      ],
    ],
    ['customer_6m_payments', [{ dni: '12345678' }]],
    ['customer_data', { email: 7 }],
    ['customer_data', { favourite_colour: 'blue' }],
  ])('refuses %s = %j as invalid', async (field, value) => {
    const answer = await createOrder(app, orderBody({ [field]: value }));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(error(`Validation error, field ${field} invalid`));
  });

  it('refuses a field the table does not have, e.g. the other spelling customer_6m_payment', async () => {
    const answer = await createOrder(app, orderBody({ customer_6m_payment: [] }));
    expect(answer.body).toEqual(error('Validation error, field customer_6m_payment invalid'));
  });

  it('reads null as not sent: required fields are missing, optional ones absent', async () => {
    expect((await createOrder(app, orderBody({ order_id: null }))).body).toEqual(
      error('Validation error, field order_id required'),
    );
    const created = await createOrder(app, orderBody({ description: null, customer_data: null }));
    expect(created.status).toBe(200);
    expect(okBody(await getOrder(app, 'WEB-1001'), Order).description).toBeNull();
  });

  it('accepts every optional field of the table', async () => {
    const answer = await createOrder(
      app,
      orderBody({
        service_send_sms: true,
        expiration_ts: '2026-03-06 15:00:00.000',
        url_redir_on_order_detail: 'https://shop.example.pe/detail',
        financed_products: [
          {
            sku: 'A1',
            name: 'Laptop',
            unit_price_after_discount: 1000,
            quantity: 1,
            discount: 0,
            brand: 'Acme',
            category: 'computers',
            warranty_months: 12,
            product_stage: 'new',
          },
        ],
        customer_6m_payments: [
          {
            dni: '12345678',
            amount: '120.00',
            payment_time: '2026-01-10 10:00:00',
            payment_detail: 'cuota',
            subscription_plan: false,
          },
        ],
        customer_data: { name: 'Ana Quispe', dni: '12345678', email: 'ana@example.pe' },
      }),
    );
    expect(answer.status, answer.text).toBe(200);
    const order = okBody(await getOrder(app, 'WEB-1001'), Order);
    expect(order.customer_data).toEqual({
      name: 'Ana Quispe',
      dni: '12345678',
      email: 'ana@example.pe',
    });
    expect(order.expiration_ts).toBe('2026-03-06 15:00:00.000');
  });

  it('reads a body that is not a JSON object as an object with no fields', async () => {
    expect((await createOrder(app, [orderBody()])).body).toEqual(
      error('Validation error, field amount required'),
    );
    expect((await createOrder(app, 'amount=1000')).body).toEqual(
      error('Validation error, field amount required'),
    );
  });

  it('answers malformed JSON with a 400, never a 5xx', async () => {
    const answer = await request(app, {
      method: 'POST',
      path: `${ORDERS_PATH}/create`,
      rawBody: '{"amount": 10,',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(error('Malformed JSON body'));
  });

  it('answers Client not registered for another pos_client_id, after the field checks', async () => {
    expect((await createOrder(app, orderBody({ pos_client_id: 'other-store' }))).body).toEqual(
      error('Client not registered'),
    );
    const both = orderBody({ pos_client_id: 'other-store' });
    delete both.url_redir_on_rejected;
    expect((await createOrder(app, both)).body).toEqual(
      error('Validation error, field url_redir_on_rejected required'),
    );
  });

  describe('require_financed_products', () => {
    beforeEach(async () => {
      expect((await put(app, '/__mock/merchant', { require_financed_products: true })).status).toBe(
        200,
      );
    });

    it('makes financed_products required, empty list included', async () => {
      expect((await createOrder(app, orderBody())).body).toEqual(
        error('Validation error, field financed_products required'),
      );
      expect((await createOrder(app, orderBody({ financed_products: [] }))).body).toEqual(
        error('Validation error, field financed_products required'),
      );
    });

    it('creates the order when products are sent', async () => {
      const products = [
        { sku: 'A1', name: 'Laptop', unit_price_after_discount: 1000, quantity: 1 },
      ];
      const answer = await createOrder(app, orderBody({ financed_products: products }));
      expect(answer.status).toBe(200);
    });
  });

  describe('a repeated order_id', () => {
    it('answers already_created with the same redirect_to for the same body, keys in any order', async () => {
      const first = okBody(await createOrder(app, orderBody()), CreateOrderResponse);
      const reordered = Object.fromEntries(Object.entries(orderBody()).reverse());
      const again = okBody(await createOrder(app, reordered), CreateOrderResponse);
      expect(again).toEqual({ redirect_to: first.redirect_to, status: 'already_created' });
    });

    it('answers already_created to any body while the order is initial, keeping the first', async () => {
      const first = okBody(await createOrder(app, orderBody()), CreateOrderResponse);
      const again = okBody(
        await createOrder(app, orderBody({ amount: 2500 })),
        CreateOrderResponse,
      );
      expect(again).toEqual({ redirect_to: first.redirect_to, status: 'already_created' });
      expect(okBody(await getOrder(app, 'WEB-1001'), Order).amount).toBe(1000);
    });

    it('answers Cannot modify order to a different body once the order moved on', async () => {
      await createOrder(app, orderBody());
      expect((await moveOrder(app, 'WEB-1001', { status: 'created' })).status).toBe(200);
      expect((await createOrder(app, orderBody({ amount: 2500 }))).body).toEqual(
        error('Cannot modify order'),
      );
      const same = okBody(await createOrder(app, orderBody()), CreateOrderResponse);
      expect(same.status).toBe('already_created');
    });
  });
});
