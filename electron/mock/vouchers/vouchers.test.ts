import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RegisterVoucherResponse, Voucher } from '../../../shared/api/vouchers';
import type { MockApp } from '../app';
import { freshMock, okBody, put, request } from '../mock-test-support';
import {
  cancel,
  info,
  register,
  registered,
  review,
  VOUCHERS_PATH,
  voucherBody,
} from './test-support';

let app: MockApp;
beforeEach(async () => {
  // Webhooks go nowhere here (a fake fetch); voucher-webhooks.test.ts uses a real receiver.
  app = await freshMock({ webhooks: { fetch: async () => new Response(null, { status: 204 }) } });
});
afterEach(() => app.close());

const without = (key: string) => {
  const body = voucherBody();
  delete body[key];
  return body;
};

function expectText(
  answer: { status: number; body: unknown; text: string; contentType: string },
  text: string,
) {
  expect(answer.status).toBe(400);
  expect(answer.contentType).toBe('text/plain; charset=utf-8');
  expect(answer.text).toBe(text);
}

describe('voucher authentication', () => {
  const calls = [
    ['register', 'POST', `${VOUCHERS_PATH}/register`],
    ['cancel', 'POST', `${VOUCHERS_PATH}/cancel/66000001aaaaaaaaaaaaaaaa`],
    ['info', 'GET', `${VOUCHERS_PATH}/info/66000001aaaaaaaaaaaaaaaa`],
  ] as const;

  it.each(calls)('%s answers 401 with an empty body without the token', async (_, method, path) => {
    const answer = await request(app, {
      method,
      path,
      token: null,
      ...(method === 'POST' ? { body: {} } : {}),
    });
    expect(answer.status).toBe(401);
    expect(answer.text).toBe('');
  });

  it.each(calls)(
    '%s answers 401 with an empty body to a wrong token, even with broken JSON',
    async (_, method, path) => {
      const answer = await request(app, {
        method,
        path,
        token: 'nope',
        ...(method === 'POST'
          ? { rawBody: '{', headers: { 'content-type': 'application/json' } }
          : {}),
      });
      expect(answer.status).toBe(401);
      expect(answer.text).toBe('');
    },
  );
});

describe('POST /vouchers/unchecked_payment/register', () => {
  it('answers a 24-hex request_id; the voucher starts PENDING', async () => {
    const { request_id } = okBody(await register(app, voucherBody()), RegisterVoucherResponse);
    expect(request_id).toMatch(/^[0-9a-f]{24}$/);
    const voucher = okBody(await info(app, request_id), Voucher);
    expect(voucher).toEqual({
      request_id,
      amount: 250.5,
      date: '2026-03-04',
      operation_number: '00123456',
      bank_account_id: '193-2045678-0-11',
      order_id: 'V-1001',
      detail: null,
      status: 'PENDING',
      bank_operation_number: null,
    });
  });

  it('keeps detail, and never shows extra', async () => {
    const id = await registered(app, { detail: 'Pago de la inicial', extra: { channel: 'app' } });
    const answer = await info(app, id);
    expect(answer.body).toMatchObject({ detail: 'Pago de la inicial' });
    expect(answer.body).not.toHaveProperty('extra');
  });

  it.each([
    'amount',
    'date',
    'operation_number',
    'bank_account_id',
    'order_id',
    'webhook',
    'customer_dni',
    'customer_fullname',
    'receipt',
  ])('answers a plain string naming the missing field %s', async (field) => {
    expectText(await register(app, without(field)), `Invalid field data: ${field} is required`);
  });

  it.each([
    ['amount', '250.50'],
    ['amount', 0],
    ['amount', 1.001],
    ['date', '04/03/2026'],
    ['date', '2026-02-30'],
    ['webhook', 'not-a-url'],
    ['webhook', 'file:///etc/passwd'],
    ['receipt', 'javascript:alert(1)'],
    ['detail', 5],
    ['extra', 'x'],
    ['colour', 'red'],
  ])('answers a plain string for %s = %j', async (field, value) => {
    expectText(
      await register(app, voucherBody({ [field]: value })),
      `Invalid field data: ${field} is not valid`,
    );
  });

  it.each([
    ['malformed JSON', '{"amount": 1', 'application/json', 'Malformed JSON body'],
    ['an empty JSON body', '', 'application/json', 'Malformed JSON body'],
    ['a text body', 'amount=1', 'text/plain', 'Content-Type must be application/json'],
  ])('answers %s with a plain string', async (_, rawBody, type, text) => {
    const answer = await request(app, {
      method: 'POST',
      path: `${VOUCHERS_PATH}/register`,
      rawBody,
      headers: { 'content-type': type },
    });
    expectText(answer, text);
  });

  it('refuses a bank account that is not one of the merchant’s', async () => {
    expectText(
      await register(app, voucherBody({ bank_account_id: '999-999' })),
      "Invalid field data: bank_account_id is not one of the merchant's bank accounts",
    );
    await put(app, '/__mock/merchant', { bank_account_ids: ['999-999'] });
    expect((await register(app, voucherBody({ bank_account_id: '999-999' }))).status).toBe(200);
  });

  it('keeps order_id unique per voucher, until that voucher is canceled', async () => {
    const id = await registered(app);
    expectText(
      await register(app, voucherBody({ operation_number: '999' })),
      'Invalid field data: order_id is already used by another voucher',
    );
    await cancel(app, id, { expected_status: 'PENDING' });
    expect((await register(app, voucherBody())).status).toBe(200);
  });

  it.each([
    'https://cdn.example.pe/r/a.jpeg',
    'https://cdn.example.pe/r/a.jpg',
    'https://cdn.example.pe/r/a.PNG',
    'https://cdn.example.pe/r/a.gif',
    'https://cdn.example.pe/r/a.bmp',
    'https://cdn.example.pe/r/a.webp',
    'https://cdn.example.pe/r/a.raw',
    'https://cdn.example.pe/r/a.ico',
    'https://cdn.example.pe/r/a.pdf?signature=abc',
    'https://cdn.example.pe/r/a.tiff#page=2',
    'https://cdn.example.pe/r/a.tif',
  ])('keeps a voucher with receipt %s PENDING', async (receipt) => {
    const id = await registered(app, { receipt });
    expect((await info(app, id)).body).toMatchObject({ status: 'PENDING' });
  });

  it.each([
    'https://cdn.example.pe/r/a.docx',
    'https://cdn.example.pe/r/a',
    'https://cdn.example.pe/r/a.jpg.exe',
    'https://cdn.example.pe/r/a.exe?f=a.jpg',
    'https://cdn.example.pe/r/pdf',
  ])('makes a voucher with receipt %s INVALID at once', async (receipt) => {
    const id = await registered(app, { receipt });
    expect((await info(app, id)).body).toMatchObject({ status: 'INVALID' });
  });
});

describe('POST /vouchers/unchecked_payment/cancel/{request_id}', () => {
  it('cancels when expected_status is the real status', async () => {
    const id = await registered(app);
    const answer = await cancel(app, id, { expected_status: 'PENDING' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ canceled: true });
    expect((await info(app, id)).body).toMatchObject({ status: 'CANCELED' });
  });

  it.each(['VALIDATED', 'INVALID'] as const)('cancels a %s voucher', async (status) => {
    const id = await registered(app);
    await review(app, id, { status });
    expect((await cancel(app, id, { expected_status: status })).body).toEqual({ canceled: true });
  });

  it('refuses another expected_status with the real status, to resend with', async () => {
    const id = await registered(app);
    await review(app, id, { status: 'VALIDATED' });
    const answer = await cancel(app, id, { expected_status: 'PENDING' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      canceled: false,
      error_code: 'invalid_status',
      error_detail: 'Expected status PENDING but the voucher is VALIDATED',
      extra_data: { status: 'VALIDATED' },
    });
    expect((await cancel(app, id, { expected_status: 'VALIDATED' })).status).toBe(200);
  });

  it('refuses to cancel a CANCELED voucher again, whatever is expected', async () => {
    const id = await registered(app);
    await cancel(app, id, { expected_status: 'PENDING' });
    for (const expected_status of ['CANCELED', 'PENDING']) {
      const answer = await cancel(app, id, { expected_status });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        canceled: false,
        error_code: 'invalid_status',
        error_detail: 'The voucher is already CANCELED and cannot be canceled again',
        extra_data: { status: 'CANCELED' },
      });
    }
  });

  it.each([[{}], [{ expected_status: 'pending' }], [{ expected_status: 'PENDING', x: 1 }], [[]]])(
    'refuses a bad body %j with the real status',
    async (body) => {
      const id = await registered(app);
      const answer = await cancel(app, id, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        canceled: false,
        error_code: 'invalid_status',
        error_detail:
          'expected_status must be one of PENDING, VALIDATED, INVALID, CANCELED; the voucher is PENDING',
        extra_data: { status: 'PENDING' },
      });
    },
  );

  it('answers malformed JSON with a plain string', async () => {
    const id = await registered(app);
    const answer = await request(app, {
      method: 'POST',
      path: `${VOUCHERS_PATH}/cancel/${id}`,
      rawBody: '{',
      headers: { 'content-type': 'application/json' },
    });
    expectText(answer, 'Malformed JSON body');
  });

  it('answers 404 with no body for an unknown request_id', async () => {
    const answer = await cancel(app, '66000001aaaaaaaaaaaaaaaa', { expected_status: 'PENDING' });
    expect(answer.status).toBe(404);
    expect(answer.text).toBe('');
  });
});

describe('GET /vouchers/unchecked_payment/info/{request_id}', () => {
  it('answers 404 with no body for an unknown request_id', async () => {
    for (const id of ['66000001aaaaaaaaaaaaaaaa', 'not-an-id']) {
      const answer = await info(app, id);
      expect(answer.status).toBe(404);
      expect(answer.text).toBe('');
    }
  });

  it('is forgotten by POST /__mock/reset', async () => {
    const id = await registered(app);
    await request(app, { method: 'POST', path: '/__mock/reset', body: {} });
    expect((await info(app, id)).status).toBe(404);
  });
});

describe('trainer control POST /__mock/vouchers/{request_id}/review', () => {
  it('validates with the corrected data the bank records give', async () => {
    const id = await registered(app);
    const answer = await review(app, id, {
      status: 'VALIDATED',
      amount: 250,
      date: '2026-03-05',
      operation_number: '00123457',
      bank_account_id: '0011-0123-0100012345',
      bank_operation_number: 'BCP-998877',
    });
    expect(answer.status).toBe(200);
    expect(okBody(await info(app, id), Voucher)).toMatchObject({
      status: 'VALIDATED',
      amount: 250,
      date: '2026-03-05',
      operation_number: '00123457',
      bank_account_id: '0011-0123-0100012345',
      bank_operation_number: 'BCP-998877',
    });
  });

  it('keeps the registered data when no correction is given, and finds a bank operation', async () => {
    const id = await registered(app);
    await review(app, id, { status: 'VALIDATED' });
    const voucher = okBody(await info(app, id), Voucher);
    expect(voucher).toMatchObject({
      status: 'VALIDATED',
      amount: 250.5,
      operation_number: '00123456',
    });
    expect(voucher.bank_operation_number).toMatch(/^BANKOP-\d{8}$/);
  });

  it('invalidates', async () => {
    const id = await registered(app);
    expect((await review(app, id, { status: 'INVALID' })).status).toBe(200);
    expect((await info(app, id)).body).toMatchObject({
      status: 'INVALID',
      bank_operation_number: null,
    });
  });

  it('reviews only PENDING vouchers', async () => {
    const id = await registered(app);
    await review(app, id, { status: 'INVALID' });
    const answer = await review(app, id, { status: 'VALIDATED' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: 'Only PENDING vouchers can be reviewed; this one is INVALID',
    });
  });

  it('matches one bank operation to one voucher, until that voucher is canceled', async () => {
    const first = await registered(app);
    const second = await registered(app, { order_id: 'V-1002' });
    await review(app, first, { status: 'VALIDATED', bank_operation_number: 'OP-1' });
    expect(
      (await review(app, second, { status: 'VALIDATED', bank_operation_number: 'OP-1' })).body,
    ).toEqual({
      error: `bank_operation_number already matches voucher ${first}`,
    });
    await cancel(app, first, { expected_status: 'VALIDATED' });
    expect(
      (await review(app, second, { status: 'VALIDATED', bank_operation_number: 'OP-1' })).status,
    ).toBe(200);
  });

  it('refuses a bank account that is not the merchant’s', async () => {
    const id = await registered(app);
    const answer = await review(app, id, { status: 'VALIDATED', bank_account_id: '999' });
    expect(answer.body).toEqual({
      error: "bank_account_id is not one of the merchant's bank accounts",
    });
  });

  it.each([
    [{}, 'status'],
    [{ status: 'CANCELED' }, 'status'],
    [{ status: 'VALIDATED', amount: 'x' }, 'amount'],
    [{ status: 'INVALID', amount: 5 }, 'amount'],
  ])('answers bad input %j with field errors', async (body, field) => {
    const id = await registered(app);
    const answer = await review(app, id, body);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body as object)).toContain(field);
  });

  it('answers 404 for an unknown voucher and 401 without the token', async () => {
    expect((await review(app, '66000001aaaaaaaaaaaaaaaa', { status: 'INVALID' })).body).toEqual({
      error: 'Voucher does not exist',
    });
    const answer = await request(app, {
      method: 'POST',
      path: '/__mock/vouchers/x/review',
      body: { status: 'INVALID' },
      token: null,
    });
    expect(answer.status).toBe(401);
  });
});
