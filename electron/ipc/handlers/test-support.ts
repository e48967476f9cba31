// Shared by the order and refund handler tests: a mock whose every request is recorded (to see
// which X-Unique-Token each refund call carried), an order brought to a status through the
// trainer control, and what the mock itself holds of an order.
import { expect } from 'vitest';
import type { BridgeResult } from '../../../shared/bridge';
import type { MockApp } from '../../mock/app';
import { orderStore } from '../../mock/orders/order';
import type { HandlerTable } from '../compose/create-handlers';
import { ok } from '../compose/test-support';

export type SeenRequest = { method: string; url: string; headers: Record<string, string> };

/**
 * The same mock behind a recorder. Only `inject` is intercepted (the training transport's one
 * entry); the test closes the original mock, not this view.
 */
export function recordingMock(mock: MockApp): { app: MockApp; seen: SeenRequest[] } {
  const seen: SeenRequest[] = [];
  const app = new Proxy(mock, {
    get(target, property) {
      if (property === 'inject') {
        return (request: SeenRequest) => {
          seen.push({ method: request.method, url: request.url, headers: { ...request.headers } });
          return target.inject(request as never);
        };
      }
      return Reflect.get(target, property, target);
    },
  });
  return { app, seen };
}

/** The X-Unique-Token of every refund call that reached the mock, in order. */
export function refundTokens(seen: readonly SeenRequest[]): string[] {
  return seen
    .filter((r) => /\/(total|partial)-refund$/.test(r.url))
    .map((r) => r.headers['x-unique-token'] ?? '(none)');
}

/** What the mock recorded of an order: its refunds and the tokens whose answers it keeps. */
export function mockOrder(mock: MockApp, orderId: string) {
  const order = orderStore(mock.mockContext.state).get(orderId);
  if (!order) throw new Error(`no order ${orderId} in the mock`);
  return {
    status: order.status,
    confirmed: order.confirmed,
    refunds: order.refunds.map((r) => ({ kind: r.kind, amount: r.amount })),
    replayKeys: [...order.refundReplies.keys()],
  };
}

export async function createOrder(table: HandlerTable, amount_cents = 150_000) {
  const created = await ok(table, 'orders.create', {
    amount_cents,
    customer: { name: 'Ana Quispe' },
    send_sms: false,
  });
  expect(created.status).toBe('succeeded');
  if (created.status !== 'succeeded') throw new Error('order not created');
  return created;
}

/** Moves an order along the documented path to `status`, as the customer's application would. */
export async function moveTo(
  table: HandlerTable,
  orderId: string,
  path: Array<'created' | 'approved' | 'validated' | 'funded' | 'onhold' | 'rejected'>,
  approvedCents?: number,
): Promise<BridgeResult<'training.setOrderStatus'>> {
  let last: BridgeResult<'training.setOrderStatus'> | null = null;
  for (const status of path) {
    last = await ok(table, 'training.setOrderStatus', {
      order_id: orderId,
      status,
      ...(status === 'approved' && approvedCents !== undefined
        ? { approved_amount_cents: approvedCents }
        : {}),
    });
    expect(last.status, `move to ${status}`).toBe('succeeded');
  }
  if (!last) throw new Error('no move');
  return last;
}

/** An order the customer's application approved and the store confirmed: refundable. */
export async function confirmedOrder(table: HandlerTable, amount_cents = 150_000) {
  const created = await createOrder(table, amount_cents);
  const orderId = created.order_id;
  await moveTo(table, orderId, ['created', 'approved']);
  const confirmed = await ok(table, 'orders.confirm', { order_id: orderId });
  expect(confirmed.status).toBe('succeeded');
  return orderId;
}
