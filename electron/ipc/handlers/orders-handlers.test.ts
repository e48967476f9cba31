// Online orders, funding limits, the HTML fragments and the trainer's order control, through the
// real handlers, the real journal on disk and the mock in process.
import { describe, expect, it } from 'vitest';
import type { TransportResponse } from '../../service/transports';
import { createMemoryVault } from '../../vault/memory-vault';
import { errorOf, ok, PIN, readText, TODAY, testBed } from '../compose/test-support';
import { createOrder, moveTo } from './test-support';

const bed = testBed('backend');

const startShift = () => ok(bed.backend.table, 'shift.start', { cashier_id: 'caja-01' });
const todays = () => bed.backend.journal.operations({ day: TODAY });

async function setMerchant(change: Record<string, unknown>) {
  const answer = await bed.mock.inject({
    method: 'PUT',
    url: '/__mock/merchant',
    headers: { authorization: 'Bearer mock-token', 'content-type': 'application/json' },
    payload: JSON.stringify(change),
  });
  expect(answer.statusCode).toBe(200);
}

describe('limits.get', () => {
  it('answers the funding limits with the amount bounds in cents', async () => {
    expect(await ok(bed.backend.table, 'limits.get', {})).toEqual({
      status: 'succeeded',
      data: {
        limits: {
          landing_version: 'v3',
          min_amount: 100,
          max_amount: 15000,
          min_steps: 2,
          max_steps: 12,
        },
        min_amount_cents: 10_000,
        max_amount_cents: 1_500_000,
      },
    });
    await setMerchant({ min_amount: 250 });
    const again = await ok(bed.backend.table, 'limits.get', {});
    expect(again.status === 'succeeded' && again.data.min_amount_cents).toBe(25_000);
  });
});

describe('orders.create', () => {
  it('needs a shift, and journals nothing without one', async () => {
    const error = await errorOf(bed.backend.table, 'orders.create', {
      amount_cents: 150_000,
      customer: {},
      send_sms: false,
    });
    expect(error.code).toBe('not-configured');
    expect(await todays()).toEqual([]);
  });

  it('creates an order within the limits with an id, client id and pages of its own', async () => {
    await startShift();
    const created = await ok(bed.backend.table, 'orders.create', {
      amount_cents: 150_050,
      description: 'Laptop 14"',
      customer: { name: 'Ana Quispe', dni: '41000001', email: 'ana@example.pe' },
      send_sms: true,
    });
    expect(created).toMatchObject({
      status: 'succeeded',
      order_id: expect.stringMatching(/^MOS-[A-HJ-NP-Z2-9]{6}-20260310-0001$/),
      data: {
        redirect_to: expect.stringMatching(
          /^http:\/\/127\.0\.0\.1\/pos\?client=mock-client&service_order=[0-9a-f]{24}$/,
        ),
        status: 'new_order',
      },
    });
    if (created.status !== 'succeeded') return;
    const orderId = created.order_id;
    expect(created.data.order_id).toBe(orderId);

    const operation = await ok(bed.backend.table, 'journal.operation', { op_id: created.op_id });
    expect(operation).toMatchObject({
      operation: 'orders.create',
      status: 'succeeded',
      calls: 1,
      intent: {
        cashier_id: 'CAJA-01',
        order_id: orderId,
        meta: { amount_cents: 150_050 },
        request: {
          amount: 1500.5,
          order_id: orderId,
          pos_client_id: 'mock-client',
          service_send_sms: true,
          description: 'Laptop 14"',
          url_redir_on_canceled: `http://127.0.0.1/canceled?order_id=${orderId}`,
          url_redir_on_rejected: `http://127.0.0.1/rejected?order_id=${orderId}`,
          url_redir_on_success: `http://127.0.0.1/success?order_id=${orderId}`,
          url_redir_on_downpayment: `http://127.0.0.1/downpayment?order_id=${orderId}`,
          customer_data: { name: 'Ana Quispe', dni: '41000001', email: 'ana@example.pe' },
        },
      },
      outcome: { status: 'succeeded', http_status: 200 },
    });

    const read = await ok(bed.backend.table, 'orders.get', { order_id: orderId });
    expect(read).toMatchObject({
      status: 'succeeded',
      data: {
        amount_cents: 150_050,
        order: {
          order_id: orderId,
          status: 'initial',
          confirmed: false,
          magic_link: created.data.redirect_to,
          pos_client_id: 'mock-client',
          customer_data: { name: 'Ana Quispe', dni: '41000001', email: 'ana@example.pe' },
        },
      },
    });
  });

  it('numbers the orders of the terminal and day one after another, also after a restart', async () => {
    await startShift();
    const first = await createOrder(bed.backend.table);
    const second = await createOrder(bed.backend.table);
    expect(second.order_id).toBe(first.order_id.replace(/0001$/, '0002'));
    await bed.backend.close();
    await bed.open();
    const third = await createOrder(bed.backend.table);
    expect(third.order_id).toBe(first.order_id.replace(/0001$/, '0003'));
    expect((await ok(bed.backend.table, 'settings.get', {})).terminal_id).toBe(
      first.order_id.split('-')[1],
    );
  });

  it('sends no customer_data when the cashier typed none', async () => {
    await startShift();
    const created = await ok(bed.backend.table, 'orders.create', {
      amount_cents: 150_000,
      customer: {},
      send_sms: false,
    });
    expect(created.status).toBe('succeeded');
    if (created.status !== 'succeeded') return;
    const operation = await bed.backend.journal.operation(created.op_id);
    expect(operation?.intent.request).not.toHaveProperty('customer_data');
    expect(operation?.intent.request).toMatchObject({ service_send_sms: false });
  });

  it('accepts the bounds themselves and refuses outside them without sending or journaling', async () => {
    await startShift();
    expect((await createOrder(bed.backend.table, 10_000)).status).toBe('succeeded');
    expect((await createOrder(bed.backend.table, 1_500_000)).status).toBe('succeeded');
    for (const amount_cents of [9_999, 1_500_001]) {
      const refused = await ok(bed.backend.table, 'orders.create', {
        amount_cents,
        customer: {},
        send_sms: false,
      });
      expect(refused).toEqual({
        status: 'outside-limits',
        amount_cents,
        min_amount_cents: 10_000,
        max_amount_cents: 1_500_000,
      });
    }
    expect(await todays()).toHaveLength(2);
    await setMerchant({ max_amount: 1000 });
    const lowered = await ok(bed.backend.table, 'orders.create', {
      amount_cents: 150_000,
      customer: {},
      send_sms: false,
    });
    expect(lowered).toMatchObject({ status: 'outside-limits', max_amount_cents: 100_000 });
  });

  it('refuses arguments the form should not have sent', async () => {
    await startShift();
    const bad = await errorOf(bed.backend.table, 'orders.create', {
      amount_cents: 0,
      customer: { dni: '4100', email: 'not-an-email' },
      send_sms: false,
    });
    expect(bad).toMatchObject({
      code: 'bad-arguments',
      issues: {
        amount_cents: expect.any(String),
        'customer.dni': expect.any(String),
        'customer.email': expect.any(String),
      },
    });
  });

  it('reports a lost answer as unknown with the order id to check, and does not retry it', async () => {
    await startShift();
    await ok(bed.backend.table, 'training.injectFault', {
      operation: 'orders.create',
      fault: 'lose-response',
      times: 1,
    });
    const lost = await ok(bed.backend.table, 'orders.create', {
      amount_cents: 150_000,
      customer: {},
      send_sms: false,
    });
    expect(lost).toMatchObject({
      status: 'unknown',
      retrying: false,
      order_id: expect.stringMatching(/-0001$/),
      error: { category: 'network' },
    });
    if (lost.status !== 'unknown') return;
    await bed.backend.table.whenIdle();
    const operation = await ok(bed.backend.table, 'journal.operation', { op_id: lost.op_id });
    expect(operation).toMatchObject({ status: 'unknown', calls: 1 });
    // The mock applied it: the cashier finds it with orders.get.
    const read = await ok(bed.backend.table, 'orders.get', { order_id: lost.order_id });
    expect(read).toMatchObject({ status: 'succeeded', data: { order: { status: 'initial' } } });
  });
});

describe('orders.get', () => {
  it("answers the service's 404 for an unknown order", async () => {
    expect(await ok(bed.backend.table, 'orders.get', { order_id: 'WEB-404' })).toMatchObject({
      status: 'failed',
      error: { category: 'not-found', httpStatus: 404, message: 'Order does not exist' },
    });
  });
});

describe('orders.confirm', () => {
  it('is refused before approval, succeeds once approved, and is refused once funded', async () => {
    await startShift();
    const { order_id } = await createOrder(bed.backend.table);
    const early = await ok(bed.backend.table, 'orders.confirm', { order_id });
    expect(early).toMatchObject({
      status: 'refused',
      error: {
        category: 'state-conflict',
        httpStatus: 400,
        message: 'Cannot confirm an order before it is approved',
      },
    });
    await moveTo(bed.backend.table, order_id, ['created', 'approved', 'validated']);
    const confirmed = await ok(bed.backend.table, 'orders.confirm', { order_id });
    expect(confirmed).toMatchObject({ status: 'succeeded', data: { confirmed: true } });
    const read = await ok(bed.backend.table, 'orders.get', { order_id });
    expect(read).toMatchObject({ data: { order: { confirmed: true, status: 'funded' } } });
    const again = await ok(bed.backend.table, 'orders.confirm', { order_id });
    expect(again).toMatchObject({
      status: 'refused',
      error: { message: 'Cannot confirm a funded order' },
    });

    const operation = await ok(bed.backend.table, 'journal.operation', { op_id: confirmed.op_id });
    expect(operation).toMatchObject({
      operation: 'orders.confirm',
      intent: { order_id, cashier_id: 'CAJA-01' },
      outcome: { status: 'succeeded', result: { modified_orders: 1 } },
    });
  });

  it('reports a confirm without an answer as unknown and leaves it to the cashier', async () => {
    await startShift();
    const { order_id } = await createOrder(bed.backend.table);
    await moveTo(bed.backend.table, order_id, ['created', 'approved']);
    await ok(bed.backend.table, 'training.injectFault', {
      operation: 'orders.confirm',
      fault: 'server-error',
      times: 1,
    });
    const unknown = await ok(bed.backend.table, 'orders.confirm', { order_id });
    expect(unknown).toMatchObject({
      status: 'unknown',
      retrying: false,
      error: { category: 'server', httpStatus: 503 },
    });
    await bed.backend.table.whenIdle();
    const read = await ok(bed.backend.table, 'orders.get', { order_id });
    expect(read).toMatchObject({ data: { order: { confirmed: false } } });
    expect((await bed.backend.journal.operation(unknown.op_id))?.calls).toBe(1);
  });

  it('answers 404 for an order the service does not know, journaled as refused', async () => {
    await startShift();
    const missing = await ok(bed.backend.table, 'orders.confirm', { order_id: 'WEB-404' });
    expect(missing).toMatchObject({
      status: 'refused',
      error: { category: 'not-found', message: 'Order does not exist' },
    });
  });
});

describe('orders.cancel', () => {
  it('needs the supervisor PIN, never journals it, and tells now from before', async () => {
    await ok(bed.backend.table, 'supervisor.setPin', { pin: PIN });
    await startShift();
    const { order_id } = await createOrder(bed.backend.table);
    expect((await errorOf(bed.backend.table, 'orders.cancel', { order_id })).code).toBe(
      'pin-required',
    );
    expect(
      (await errorOf(bed.backend.table, 'orders.cancel', { order_id, pin: '0000' })).code,
    ).toBe('wrong-pin');
    const canceled = await ok(bed.backend.table, 'orders.cancel', { order_id, pin: PIN });
    expect(canceled).toMatchObject({ status: 'succeeded', data: { canceled: 'now' } });
    const again = await ok(bed.backend.table, 'orders.cancel', { order_id, pin: PIN });
    expect(again).toMatchObject({
      status: 'succeeded',
      data: { canceled: 'before', service_result: 'Order already canceled' },
    });
    const read = await ok(bed.backend.table, 'orders.get', { order_id });
    expect(read).toMatchObject({ data: { order: { status: 'canceled' } } });
    const operation = await ok(bed.backend.table, 'journal.operation', { op_id: canceled.op_id });
    expect(operation.intent).toMatchObject({ order_id, meta: { approved_by: 'supervisor' } });
    expect(await readText(bed.backend.journal.path)).not.toContain(`"${PIN}"`);
  });

  it('is refused for a confirmed order', async () => {
    await ok(bed.backend.table, 'supervisor.setPin', { pin: PIN });
    await startShift();
    const { order_id } = await createOrder(bed.backend.table);
    await moveTo(bed.backend.table, order_id, ['created', 'approved']);
    await ok(bed.backend.table, 'orders.confirm', { order_id });
    const refused = await ok(bed.backend.table, 'orders.cancel', { order_id, pin: PIN });
    expect(refused).toMatchObject({
      status: 'refused',
      error: { httpStatus: 400, message: 'Cannot cancel a confirmed order' },
    });
  });
});

describe('training.setOrderStatus', () => {
  it("moves an order one step at a time and passes on the mock's refusal", async () => {
    await startShift();
    const { order_id } = await createOrder(bed.backend.table, 150_000);
    const skipped = await ok(bed.backend.table, 'training.setOrderStatus', {
      order_id,
      status: 'approved',
    });
    expect(skipped).toMatchObject({
      status: 'failed',
      error: { message: 'Cannot move order from initial to approved; allowed next: created' },
    });
    const approved = await moveTo(bed.backend.table, order_id, ['created', 'approved'], 120_000);
    expect(approved).toMatchObject({
      status: 'succeeded',
      data: { amount_cents: 150_000, order: { status: 'approved' } },
    });
    const unknown = await ok(bed.backend.table, 'training.setOrderStatus', {
      order_id: 'WEB-404',
      status: 'created',
    });
    expect(unknown).toMatchObject({ status: 'failed', error: { message: 'Order does not exist' } });
  });
});

describe('html fragments', () => {
  it('answers the add-on and the info steps as received, with the mock client id', async () => {
    const addOn = await ok(bed.backend.table, 'html.addOn', { amount_cents: 150_050 });
    expect(addOn.status).toBe('succeeded');
    if (addOn.status !== 'succeeded') return;
    expect(addOn.data.html).toContain('<style');
    expect(addOn.data.html).toContain('S/\u00a01,500.50');
    expect(addOn.data.html).toContain('/pos/mock-client/info-steps');
    const steps = await ok(bed.backend.table, 'html.infoSteps', {});
    expect(steps.status).toBe('succeeded');
    if (steps.status !== 'succeeded') return;
    expect(steps.data.html).toContain('<style');
    expect(steps.data.html).toContain('class="svc-fragment');
  });
});

describe('live mode', () => {
  type Sent = { url: string; headers: Record<string, string>; body?: string };

  async function openLive(answer: (url: string) => { status: number; body: string }) {
    const sent: Sent[] = [];
    await bed.backend.close();
    await bed.open({
      vault: createMemoryVault('live-token-1234'),
      liveTransport: async (url, init): Promise<TransportResponse> => {
        sent.push({ url, headers: init.headers, ...(init.body ? { body: init.body } : {}) });
        const { status, body } = answer(url);
        return {
          status,
          headers: { get: (name) => (name === 'content-type' ? 'application/json' : null) },
          text: async () => body,
        };
      },
    });
    await bed.backend.settings.update({ mode: 'live', base_url: 'https://service.example.pe' });
    await startShift();
    return sent;
  }

  const limits = JSON.stringify({
    landing_version: 'v3',
    min_amount: 100,
    max_amount: 15000,
    min_steps: 2,
    max_steps: 12,
  });

  it('needs the store client id and web address, set behind the PIN', async () => {
    const sent = await openLive(() => ({ status: 200, body: limits }));
    const args = { amount_cents: 150_000, customer: {}, send_sms: false };
    expect((await errorOf(bed.backend.table, 'orders.create', args)).code).toBe('not-configured');
    // It says which setting is missing, so the screen can name it (issue "A counter that has
    // gone silent", item 9): first the client id, then the store's web address.
    expect((await errorOf(bed.backend.table, 'orders.create', args)).missing).toBe(
      'store-client-id',
    );
    await bed.backend.settings.update({ pos_client_id: 'tienda-centro' });
    expect((await errorOf(bed.backend.table, 'orders.create', args)).missing).toBe('store-url');
    await bed.backend.settings.update({ pos_client_id: null });
    expect((await errorOf(bed.backend.table, 'html.infoSteps', {})).code).toBe('not-configured');
    expect((await errorOf(bed.backend.table, 'html.addOn', { amount_cents: 100 })).code).toBe(
      'not-configured',
    );
    await ok(bed.backend.table, 'supervisor.setPin', { pin: PIN });
    const plain = await errorOf(bed.backend.table, 'settings.update', {
      pin: PIN,
      change: { store_url: 'http://tienda.example.pe' },
    });
    expect(plain).toMatchObject({
      code: 'bad-arguments',
      issues: { 'change.store_url': 'plain-http-not-loopback' },
    });
    const settings = await ok(bed.backend.table, 'settings.update', {
      pin: PIN,
      change: { pos_client_id: 'tienda-centro', store_url: 'https://tienda.example.pe/pagos/' },
    });
    expect(settings).toMatchObject({
      pos_client_id: 'tienda-centro',
      store_url: 'https://tienda.example.pe/pagos',
    });
    expect(await todays()).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('sends the configured client id and pages, and the client id to the add-on', async () => {
    const sent = await openLive((url) =>
      url.endsWith('/landing_config')
        ? { status: 200, body: limits }
        : url.endsWith('/pos/order/create')
          ? { status: 400, body: JSON.stringify({ error: 'Client not registered' }) }
          : { status: 200, body: '<div>ok</div>' },
    );
    await bed.backend.settings.update({
      pos_client_id: 'tienda-centro',
      store_url: 'https://tienda.example.pe/pagos',
    });
    const refused = await ok(bed.backend.table, 'orders.create', {
      amount_cents: 150_000,
      customer: {},
      send_sms: false,
    });
    expect(refused).toMatchObject({
      status: 'refused',
      error: { category: 'state-conflict', message: 'Client not registered' },
    });
    const created = sent.find((s) => s.url.endsWith('/pos/order/create'));
    const body = JSON.parse(created?.body ?? '{}');
    expect(body).toMatchObject({
      pos_client_id: 'tienda-centro',
      url_redir_on_success: `https://tienda.example.pe/pagos/success?order_id=${body.order_id}`,
    });
    await ok(bed.backend.table, 'html.addOn', { amount_cents: 150_050 });
    const addOn = sent.find((s) => s.url.includes('/pay-with-service-add-on/'));
    expect(addOn?.url).toBe('https://service.example.pe/pos/pay-with-service-add-on/1500.5');
    expect(addOn?.headers.Client_id).toBe('tienda-centro');
    await ok(bed.backend.table, 'html.infoSteps', {});
    expect(sent.at(-1)?.url).toBe('https://service.example.pe/pos/tienda-centro/info-steps');
  });

  it('sends no order while the limits cannot be read, and journals nothing', async () => {
    const sent = await openLive(() => ({ status: 503, body: 'busy' }));
    await bed.backend.settings.update({
      pos_client_id: 'tienda-centro',
      store_url: 'https://tienda.example.pe',
    });
    const answer = await ok(bed.backend.table, 'orders.create', {
      amount_cents: 150_000,
      customer: {},
      send_sms: false,
    });
    expect(answer).toMatchObject({
      status: 'limits-unavailable',
      error: { category: 'server', httpStatus: 503 },
    });
    expect(sent.map((s) => new URL(s.url).pathname)).toEqual(['/pos/client/landing_config']);
    expect(await todays()).toEqual([]);
  });

  it('keeps trainer controls out of live mode', async () => {
    await openLive(() => ({ status: 200, body: limits }));
    const error = await errorOf(bed.backend.table, 'training.setOrderStatus', {
      order_id: 'WEB-1',
      status: 'created',
    });
    expect(error.code).toBe('not-available');
  });
});
