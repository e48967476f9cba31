// Helpers for the voucher tests: a valid register body and the three endpoints.
import type { MockApp } from '../app';
import { get, post } from '../mock-test-support';

export const VOUCHERS_PATH = '/vouchers/unchecked_payment';

export function voucherBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    amount: 250.5,
    date: '2026-03-04',
    operation_number: '00123456',
    bank_account_id: '193-2045678-0-11',
    order_id: 'V-1001',
    webhook: 'https://shop.example.pe/hooks/voucher',
    customer_dni: '12345678',
    customer_fullname: 'Ana Quispe',
    receipt: 'https://cdn.example.pe/receipts/V-1001.jpg',
    ...overrides,
  };
}

export const register = (app: MockApp, body: unknown) =>
  post(app, `${VOUCHERS_PATH}/register`, body);

export const cancel = (app: MockApp, requestId: string, body: unknown) =>
  post(app, `${VOUCHERS_PATH}/cancel/${requestId}`, body);

export const info = (app: MockApp, requestId: string) =>
  get(app, `${VOUCHERS_PATH}/info/${requestId}`);

export const review = (app: MockApp, requestId: string, body: unknown) =>
  post(app, `/__mock/vouchers/${requestId}/review`, body);

/** Registers a voucher and answers its request_id. */
export async function registered(app: MockApp, overrides: Record<string, unknown> = {}) {
  const answer = await register(app, voucherBody(overrides));
  if (answer.status !== 200) throw new Error(`register: ${answer.status} ${answer.text}`);
  return (answer.body as { request_id: string }).request_id;
}
