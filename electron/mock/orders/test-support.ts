// Helpers for the order tests: a valid creation body, and the trainer moves that bring an order
// to a given status along the documented path.
import { expect } from 'vitest';
import { MOCK_DEFAULTS, type MockApp } from '../app';
import { get, post } from '../mock-test-support';

export const ORDERS_PATH = '/pos/order';

export function orderBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    amount: 1000,
    order_id: 'WEB-1001',
    pos_client_id: MOCK_DEFAULTS.clientId,
    description: 'Laptop 14"',
    url_redir_on_canceled: 'https://shop.example.pe/canceled',
    url_redir_on_rejected: 'https://shop.example.pe/rejected',
    url_redir_on_success: 'https://shop.example.pe/success',
    url_redir_on_downpayment: 'https://shop.example.pe/downpayment',
    ...overrides,
  };
}

export const createOrder = (app: MockApp, body: unknown) =>
  post(app, `${ORDERS_PATH}/create`, body);

export const getOrder = (app: MockApp, orderId: string) =>
  get(app, `${ORDERS_PATH}/${encodeURIComponent(orderId)}`);

export const moveOrder = (app: MockApp, orderId: string, body: Record<string, unknown>) =>
  post(app, `/__mock/orders/${encodeURIComponent(orderId)}/status`, body);

const PATHS: Record<string, string[]> = {
  initial: [],
  created: ['created'],
  approved: ['created', 'approved'],
  onhold: ['created', 'onhold'],
  rejected: ['created', 'rejected'],
  validated: ['created', 'approved', 'validated'],
  funded: ['created', 'approved', 'validated', 'funded'],
};

/** Creates an order (with `overrides`) and moves it to `status` through the trainer control. */
export async function orderIn(
  app: MockApp,
  status: string,
  overrides: Record<string, unknown> = {},
  approvedAmount?: number,
): Promise<string> {
  const body = orderBody(overrides);
  const created = await createOrder(app, body);
  expect(created.status, created.text).toBe(200);
  const orderId = String(body.order_id);
  if (status === 'canceled') {
    expect((await post(app, `${ORDERS_PATH}/${orderId}/cancel`, {})).status).toBe(200);
    return orderId;
  }
  for (const step of PATHS[status] ?? []) {
    const extra =
      step === 'approved' && approvedAmount !== undefined
        ? { approved_amount: approvedAmount }
        : {};
    const moved = await moveOrder(app, orderId, { status: step, ...extra });
    expect(moved.status, moved.text).toBe(200);
  }
  return orderId;
}
