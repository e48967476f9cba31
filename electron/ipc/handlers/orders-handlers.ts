// orders.*: online orders made at the counter. Create, confirm and cancel are journaled and made
// once — an unknown answer is reported, not retried, and the cashier checks with orders.get:
// repeating a confirm of a `validated` order that took effect would be refused as "funded", and
// a cancel is final. Refunds (refunds.ts) are the money-moving calls and are retried safely.
import type { Order } from '../../../shared/api/orders';
import { OrderCreateParams } from '../../../shared/api/orders';
import type { OrderCustomer } from '../../../shared/bridge';
import { toReadOutcome } from '../../../shared/bridge/result';
import { centsFromWire, centsToWire } from '../../../shared/domain/money';
import { storeDay } from '../../journal/store-day';
import { BridgeFailure } from '../bridge-failure';
import type { HandlerDeps, HandlerMap } from '../deps';
import { readLimits, withinLimits } from '../workflows/funding-limits';
import { createKeyedLock } from '../workflows/keyed-lock';
import { requireService, requireShift, settleOnce } from '../workflows/operation-support';
import { nextOrderId, orderIdPrefix } from '../workflows/order-id';
import type { Refunds } from '../workflows/refunds';
import { requirePin } from './require-pin';
import { redirectPages, storeIdentityFor } from './store-identity';

type OrderMethods =
  | 'orders.create'
  | 'orders.get'
  | 'orders.confirm'
  | 'orders.cancel'
  | 'orders.refund'
  | 'orders.refundRetry';

/** The service's order with its amount in cents (null when the amount is not one). */
export function orderView(order: Order) {
  const cents = centsFromWire(order.amount);
  return cents === null ? null : { order, amount_cents: cents };
}

/** Only what the cashier typed: the service is sent no empty fields. */
function customerData(customer: OrderCustomer) {
  const fields = Object.entries(customer).filter(([, value]) => value !== undefined);
  return fields.length === 0 ? {} : { customer_data: Object.fromEntries(fields) };
}

export function ordersHandlers(
  deps: HandlerDeps,
  refunds: Refunds,
): Pick<HandlerMap, OrderMethods> {
  const { journal } = deps;
  // One id is taken at a time, from the journal, until its intent is written: two creations at
  // once must not read the same highest sequence.
  const numbering = createKeyedLock();

  return {
    'orders.create': async ({ amount_cents, description, customer, send_sms }) => {
      const shift = requireShift(deps);
      const client = await requireService(deps, shift.mode);
      const store = storeIdentityFor(deps, shift.mode);
      // Checked at each creation: a trainer (or the service) may change the limits any time.
      const limits = await readLimits(client);
      if (!limits.ok) return { status: 'limits-unavailable', error: limits.error };
      if (!withinLimits(limits.view, amount_cents)) {
        const { min_amount_cents, max_amount_cents } = limits.view;
        return { status: 'outside-limits', amount_cents, min_amount_cents, max_amount_cents };
      }
      const { orderId, opId, request } = await numbering('order-id', async () => {
        const day = storeDay(deps.clock(), shift.timeZone);
        const prefix = orderIdPrefix(await deps.settings.terminalId(), day);
        const created = await journal.operations({
          day,
          timeZone: shift.timeZone,
          operation: 'orders.create',
        });
        const id = nextOrderId(prefix, created);
        // Checked before it is journaled: a body the service's schema refuses is a bug here.
        const body = OrderCreateParams.parse({
          amount: centsToWire(amount_cents),
          order_id: id,
          pos_client_id: store.posClientId,
          service_send_sms: send_sms,
          ...(description === undefined ? {} : { description }),
          ...redirectPages(store.storeUrl, id),
          ...customerData(customer),
        });
        const op = await journal.recordIntent({
          operation: 'orders.create',
          mode: shift.mode,
          cashier_id: shift.cashierId,
          order_id: id,
          request: body,
          meta: { amount_cents },
        });
        return { orderId: id, opId: op, request: body };
      });
      const result = await client.createOrder(request);
      if (result.ok && result.data.status === 'already_created') {
        // A fresh id the service already knew: the link may be another order's. Kept visible.
        deps.logger.warn('new order id answered already_created', { order_id: orderId });
      }
      const outcome = await settleOnce(deps, opId, result, (data) => ({
        kept: data,
        data: { order_id: orderId, redirect_to: data.redirect_to, status: data.status },
      }));
      return { ...outcome, order_id: orderId };
    },

    'orders.get': async ({ order_id }) => {
      const client = await requireService(deps, deps.settings.get().mode);
      return toReadOutcome(await client.getOrder(order_id), orderView);
    },

    'orders.confirm': async ({ order_id }) => {
      const shift = requireShift(deps);
      const client = await requireService(deps, shift.mode);
      const opId = await journal.recordIntent({
        operation: 'orders.confirm',
        mode: shift.mode,
        cashier_id: shift.cashierId,
        order_id,
        request: {},
      });
      const result = await client.confirmOrder(order_id);
      return settleOnce(deps, opId, result, (data) => ({
        kept: data,
        data: { confirmed: true as const },
      }));
    },

    'orders.cancel': async ({ order_id, pin }) => {
      const shift = requireShift(deps);
      const client = await requireService(deps, shift.mode);
      if (pin === undefined) {
        throw new BridgeFailure('pin-required', 'Cancelling an order needs the supervisor PIN.');
      }
      await requirePin(deps.settings, pin);
      const opId = await journal.recordIntent({
        operation: 'orders.cancel',
        mode: shift.mode,
        cashier_id: shift.cashierId,
        order_id,
        request: {},
        // The PIN is never journaled; that a supervisor approved it is.
        meta: { approved_by: 'supervisor' },
      });
      const result = await client.cancelOrder(order_id);
      return settleOnce(deps, opId, result, (data) => ({
        kept: data,
        data:
          'modified_orders' in data
            ? { canceled: 'now' as const }
            : { canceled: 'before' as const, service_result: data.result },
      }));
    },

    'orders.refund': async (args) => refunds.refund(args),
    'orders.refundRetry': async ({ op_id }) => refunds.retry(op_id),
  };
}
