import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CancelPaymentResponse,
  CapturePaymentResponse,
  CreatePaymentResponse,
  Manifest,
  PaymentCallbackPayload,
  PaymentMethodsResponse,
  RefundPaymentResponse,
} from '../../../shared/api/connector';
import { Order } from '../../../shared/api/orders';
import type { MockApp } from '../app';
import { type Answer, freshMock, okBody, request } from '../mock-test-support';
import { createOrder, getOrder, moveOrder, orderBody } from '../orders/test-support';
import { type Receiver, startReceiver } from '../webhooks/test-receiver';

let app: MockApp;
let receiver: Receiver;
beforeEach(async () => {
  receiver = await startReceiver();
  app = await freshMock({ baseUrl: 'http://127.0.0.1:4010' });
});
afterEach(async () => {
  await app.close();
  await receiver.close();
});

const CREDENTIALS = { client_id: 'mock-client', secret_token: 'mock-secret' };
const error = (message: string) => ({ error: message });

function call(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = CREDENTIALS,
): Promise<Answer> {
  return request(app, {
    method,
    path,
    token: null,
    headers,
    ...(body !== undefined ? { body } : {}),
  });
}

const payment = (overrides: Record<string, unknown> = {}) => ({
  paymentId: 'PAY-1',
  reference: 'R-1',
  orderId: 'O-1',
  transactionId: 'T-1',
  paymentMethod: 'Service',
  value: 1500.5,
  currency: 'PEN',
  callbackUrl: receiver.url('/callback'),
  returnUrl: 'https://shop.example.pe/return',
  ...overrides,
});
const create = (body: unknown = payment()) => call('POST', '/payments', body);
const cancelBody = (requestId = 1) => ({ paymentId: 'PAY-1', requestId });
const captureBody = (requestId = 2) => ({
  paymentId: 'PAY-1',
  transactionId: 'T-1',
  requestId,
  value: 150050,
});
const refundBody = (settleId: string, requestId = 3) => ({ ...captureBody(requestId), settleId });
const op = (name: string, body: unknown, id = 'PAY-1') =>
  call('POST', `/payments/${id}/${name}`, body);

async function approvedAndCaptured() {
  await create();
  await moveOrder(app, 'PAY-1', { status: 'created' });
  await moveOrder(app, 'PAY-1', { status: 'approved' });
  return okBody(await op('settlements', captureBody()), CapturePaymentResponse);
}

describe('connector authentication', () => {
  const endpoints = [
    ['GET', '/payment-methods'],
    ['GET', '/manifest'],
    ['POST', '/payments'],
    ['POST', '/payments/PAY-1/cancellations'],
    ['POST', '/payments/PAY-1/settlements'],
    ['POST', '/payments/PAY-1/refunds'],
  ] as const;
  const wrong = [
    ['no headers', {}],
    ['no secret_token', { client_id: 'mock-client' }],
    ['no client_id', { secret_token: 'mock-secret' }],
    ['a wrong secret_token', { ...CREDENTIALS, secret_token: 'mock-token' }],
    ['a wrong client_id', { ...CREDENTIALS, client_id: 'other' }],
    ['the bearer token only', { authorization: 'Bearer mock-token' }],
  ] as const;

  for (const [method, path] of endpoints) {
    it.each(wrong)(`${method} ${path} answers 401 with %s`, async (_, headers) => {
      const answer = await call(method, path, method === 'POST' ? {} : undefined, headers);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(error('Wrong or missing client credentials'));
    });
  }
});

describe('GET /payment-methods and /manifest', () => {
  it('offers Service and CreditCard', async () => {
    expect(okBody(await call('GET', '/payment-methods'), PaymentMethodsResponse)).toEqual({
      paymentMethods: ['Service', 'CreditCard'],
    });
  });

  it('describes the methods (no split) and the custom fields', async () => {
    expect(okBody(await call('GET', '/manifest'), Manifest)).toEqual({
      paymentMethods: [
        { name: 'Service', allowSplit: 'disabled' },
        { name: 'CreditCard', allowSplit: 'disabled' },
      ],
      customFields: [
        { name: 'Client id', type: 'text' },
        { name: 'Secret token', type: 'text' },
        { name: 'Currency', type: 'select', options: [{ text: 'PEN', value: '1' }] },
      ],
    });
  });
});

describe('POST /payments', () => {
  it('answers status undefined and the returnURL that continues the process', async () => {
    const created = okBody(await create(), CreatePaymentResponse);
    expect(created).toEqual({
      paymentId: 'PAY-1',
      status: 'undefined',
      authorizationId: null,
      nsu: null,
      tid: expect.stringMatching(/^[0-9a-f]{24}$/),
      returnURL: 'http://127.0.0.1:4010/pos?client=mock-client&order=PAY-1',
    });
  });

  it('is backed by an order whose order_id is the paymentId', async () => {
    await create();
    const order = okBody(await getOrder(app, 'PAY-1'), Order);
    expect(order).toMatchObject({
      order_id: 'PAY-1',
      amount: 1500.5,
      status: 'initial',
      confirmed: false,
      description: 'R-1',
      pos_client_id: 'mock-client',
      url_redir_on_success: 'https://shop.example.pe/return',
      magic_link: 'http://127.0.0.1:4010/pos?client=mock-client&order=PAY-1',
    });
  });

  it('answers a repeated paymentId with the first answer, whatever the body', async () => {
    const first = await create();
    const again = await create(payment({ value: 99 }));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(okBody(await getOrder(app, 'PAY-1'), Order).amount).toBe(1500.5);
  });

  it.each([
    [{ value: 10 }, 'Validation error, field paymentId required'],
    [{ paymentId: 'P' }, 'Validation error, field value required'],
    [{ paymentId: 7, value: 10 }, 'Validation error, field paymentId invalid'],
    [{ paymentId: 'P', value: '10' }, 'Validation error, field value invalid'],
    [{ paymentId: 'P', value: 0 }, 'Validation error, field value invalid'],
    [
      { paymentId: 'P', value: 10, callbackUrl: 'nope' },
      'Validation error, field callbackUrl invalid',
    ],
    [
      { paymentId: 'P', value: 10, installments: 1.5 },
      'Validation error, field installments invalid',
    ],
    [{ paymentId: 'P', value: 10, card: 'x' }, 'Validation error, field card invalid'],
    [{ paymentId: 'P', value: 10, sandbox: true }, 'Validation error, field sandbox invalid'],
  ])('answers 400 to %j', async (body, message) => {
    const answer = await create(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(error(message));
  });

  it('refuses a paymentId that is already an order created by the merchant', async () => {
    await createOrder(app, orderBody({ order_id: 'PAY-1' }));
    expect((await create()).body).toEqual(error('paymentId is already used by an order'));
  });
});

describe('the payment callback', () => {
  async function callbacks() {
    await app.mockContext.webhooks.settled();
    const verifier = new Webhook(app.mockContext.webhookSecret);
    return receiver.received.map((got) => {
      expect(got.path).toBe('/callback');
      const payload = verifier.verify(got.body, got.headers as Record<string, string>);
      PaymentCallbackPayload.parse(payload);
      return payload;
    });
  }

  it('POSTs approved, signed, when the backing order is approved', async () => {
    await create();
    await moveOrder(app, 'PAY-1', { status: 'created' });
    expect(await callbacks()).toEqual([]);
    await moveOrder(app, 'PAY-1', { status: 'onhold' });
    await moveOrder(app, 'PAY-1', { status: 'approved' });
    expect(await callbacks()).toEqual([{ paymentId: 'PAY-1', status: 'approved' }]);
  });

  it('POSTs denied when the backing order is rejected', async () => {
    await create();
    await moveOrder(app, 'PAY-1', { status: 'created' });
    await moveOrder(app, 'PAY-1', { status: 'rejected' });
    expect(await callbacks()).toEqual([{ paymentId: 'PAY-1', status: 'denied' }]);
  });

  it('goes through the webhook log', async () => {
    await create();
    await moveOrder(app, 'PAY-1', { status: 'created' });
    await moveOrder(app, 'PAY-1', { status: 'approved' });
    await app.mockContext.webhooks.settled();
    const log = await request(app, { method: 'GET', path: '/__mock/webhooks' });
    expect(log.body).toMatchObject({
      deliveries: [
        { type: 'payment.approved', url: receiver.url('/callback'), state: 'delivered' },
      ],
    });
  });

  it('is not made without a callbackUrl', async () => {
    await create(payment({ callbackUrl: undefined }));
    await moveOrder(app, 'PAY-1', { status: 'created' });
    await moveOrder(app, 'PAY-1', { status: 'approved' });
    expect(await callbacks()).toEqual([]);
  });
});

describe.each(['cancellations', 'settlements', 'refunds'])(
  'POST /payments/{id}/%s, common rules',
  (name) => {
    const body =
      name === 'cancellations'
        ? cancelBody()
        : name === 'settlements'
          ? captureBody()
          : refundBody('ST-1');

    it('answers 404 Payment does not exist for an unknown payment', async () => {
      const answer = await op(name, { ...body, paymentId: 'NOPE' }, 'NOPE');
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(error('Payment does not exist'));
    });

    it('answers 404 for an order that is not a connector payment', async () => {
      await createOrder(app, orderBody({ order_id: 'WEB-1' }));
      expect((await op(name, { ...body, paymentId: 'WEB-1' }, 'WEB-1')).status).toBe(404);
    });

    it('answers 400 when the body names another payment', async () => {
      await create();
      expect((await op(name, { ...body, paymentId: 'PAY-2' })).body).toEqual(
        error('paymentId does not match the payment in the path'),
      );
    });

    it.each([
      ['requestId', '1', 'invalid'],
      ['requestId', 1.5, 'invalid'],
      ['requestId', undefined, 'required'],
      ['paymentId', undefined, 'required'],
    ])('answers 400 when %s is %j', async (field, value, kind) => {
      await create();
      const answer = await op(name, { ...body, [field]: value });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(error(`Validation error, field ${field} ${kind}`));
    });
  },
);

describe('POST /payments/{payment_id}/cancellations', () => {
  it('cancels the backing order while it is not confirmed: SUCCESSFUL', async () => {
    await create();
    const answer = okBody(await op('cancellations', cancelBody(7)), CancelPaymentResponse);
    expect(answer).toEqual({
      paymentId: 'PAY-1',
      status: 'cancelled',
      message: 'Payment cancelled',
      cancellationId: expect.stringMatching(/^CN-\d{8}$/),
      requestId: 7,
      code: 'SUCCESSFUL',
    });
    expect(okBody(await getOrder(app, 'PAY-1'), Order).status).toBe('canceled');
  });

  it('answers refund-manually once the payment was captured, leaving the order', async () => {
    await approvedAndCaptured();
    const answer = okBody(await op('cancellations', cancelBody(8)), CancelPaymentResponse);
    expect(answer.code).toBe('refund-manually');
    expect(okBody(await getOrder(app, 'PAY-1'), Order)).toMatchObject({
      status: 'approved',
      confirmed: true,
    });
  });

  it('answers a repeated requestId with the first answer', async () => {
    await create();
    const first = await op('cancellations', cancelBody(1));
    expect((await op('cancellations', cancelBody(1))).body).toEqual(first.body);
    const other = okBody(await op('cancellations', cancelBody(2)), CancelPaymentResponse);
    expect(other.cancellationId).not.toBe(
      (first.body as { cancellationId: string }).cancellationId,
    );
  });
});

describe('POST /payments/{payment_id}/settlements', () => {
  it('captures an approved payment: the backing order is confirmed', async () => {
    const settled = await approvedAndCaptured();
    expect(settled).toEqual({
      paymentId: 'PAY-1',
      settleId: expect.stringMatching(/^ST-\d{8}$/),
      value: 150050,
      requestId: 2,
    });
    expect(okBody(await getOrder(app, 'PAY-1'), Order)).toMatchObject({ confirmed: true });
  });

  it('refuses before approval, as Confirm does, and keeps no answer for the refusal', async () => {
    await create();
    const refused = await op('settlements', captureBody(5));
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(error('Cannot confirm an order before it is approved'));
    await moveOrder(app, 'PAY-1', { status: 'created' });
    await moveOrder(app, 'PAY-1', { status: 'approved' });
    expect((await op('settlements', captureBody(5))).status).toBe(200);
  });

  it('refuses a canceled payment', async () => {
    await create();
    await op('cancellations', cancelBody());
    expect((await op('settlements', captureBody())).body).toEqual(error('Already canceled'));
  });

  it('funds a validated order and marks a funded one confirmed', async () => {
    await create();
    for (const status of ['created', 'approved', 'validated'])
      await moveOrder(app, 'PAY-1', { status });
    expect((await op('settlements', captureBody())).status).toBe(200);
    expect(okBody(await getOrder(app, 'PAY-1'), Order)).toMatchObject({
      status: 'funded',
      confirmed: true,
    });
    expect((await op('settlements', captureBody(3))).status).toBe(200);
  });

  it('answers a repeated requestId with the first answer', async () => {
    const first = await approvedAndCaptured();
    expect(okBody(await op('settlements', captureBody()), CapturePaymentResponse)).toEqual(first);
  });
});

describe('POST /payments/{payment_id}/refunds', () => {
  it('refunds a captured payment: the order is refunded in total', async () => {
    const { settleId } = await approvedAndCaptured();
    const refunded = okBody(await op('refunds', refundBody(settleId)), RefundPaymentResponse);
    expect(refunded).toEqual({
      paymentId: 'PAY-1',
      status: 'cancelled',
      message: 'Payment refunded',
      requestId: 3,
      refundId: expect.stringMatching(/^RF-\d{8}$/),
    });
    expect(okBody(await getOrder(app, 'PAY-1'), Order).status).toBe('canceled');
  });

  it('answers a repeated requestId with the first answer; a new one says already refunded', async () => {
    const { settleId } = await approvedAndCaptured();
    const first = okBody(await op('refunds', refundBody(settleId)), RefundPaymentResponse);
    expect(okBody(await op('refunds', refundBody(settleId)), RefundPaymentResponse)).toEqual(first);
    const second = okBody(await op('refunds', refundBody(settleId, 4)), RefundPaymentResponse);
    expect(second).toEqual({ ...first, requestId: 4, message: 'Payment already refunded' });
  });

  it('needs the settleId of one of the payment’s captures', async () => {
    await approvedAndCaptured();
    expect((await op('refunds', refundBody('ST-99999999'))).body).toEqual(
      error('settleId is not a settlement of this payment'),
    );
  });

  it('checks settleId and transactionId are sent', async () => {
    await approvedAndCaptured();
    const { settleId: _, ...noSettle } = refundBody('x');
    expect((await op('refunds', noSettle)).body).toEqual(
      error('Validation error, field settleId required'),
    );
    const { transactionId: __, ...noTransaction } = refundBody('x');
    expect((await op('refunds', noTransaction)).body).toEqual(
      error('Validation error, field transactionId required'),
    );
  });
});
