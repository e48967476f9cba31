// Online orders, funding limits, refunds and the embeddable HTML over the bridge. Money crosses
// as integer cents; the main process converts from and to the service's soles, so the renderer
// shows amounts and never computes one it then sends.
import { z } from 'zod';
import { HttpUrl } from '../api/common';
import { FundingLimits } from '../api/limits';
import { CreateOrderStatus, Order, OrderStatus, RefundMethod } from '../api/orders';
import { DNI_PATTERN } from '../domain/identity';
import { Cents } from '../domain/money';
import { ServiceError } from '../service-error';
import { operationOutcome, readOutcome } from './result';
import { SupervisorPin } from './settings';

/** A positive amount in cents, at most S/ 9,999,999,999.99 (as the sale amounts). */
export const OrderCents = z.int().positive().max(99_999_999_99);

/**
 * The merchant's `order_id`: Mostrador's own (`MOS-…`), or one the store's web shop made. Kept to
 * characters that need no escaping in a path segment or a journal line.
 */
export const MerchantOrderId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/, { message: 'letters, digits, . _ : -' });

const RefundReason = z.string().trim().min(3).max(300);

/** What the cashier may type about the customer; sent as `customer_data` to ease the application. */
export const OrderCustomer = z.strictObject({
  name: z.string().trim().min(1).max(120).optional(),
  dni: z.string().trim().regex(DNI_PATTERN, { message: '8 digits' }).optional(),
  phone: z
    .string()
    .trim()
    .regex(/^\+?\d[\d ]{5,19}$/, { message: 'digits, optionally starting with +' })
    .optional(),
  email: z.email().max(254).optional(),
});
export type OrderCustomer = z.infer<typeof OrderCustomer>;

/** The funding limits as the service sent them, and the amount bounds in cents (inclusive). */
export const LimitsView = z.object({
  limits: FundingLimits,
  min_amount_cents: Cents,
  max_amount_cents: Cents,
});
export type LimitsView = z.infer<typeof LimitsView>;
export const LimitsResult = readOutcome(LimitsView);
export type LimitsResult = z.infer<typeof LimitsResult>;

/** An order as the service describes it, with its amount in cents. */
export const OrderView = z.object({ order: Order, amount_cents: Cents });
export type OrderView = z.infer<typeof OrderView>;
export const OrderResult = readOutcome(OrderView);
export type OrderResult = z.infer<typeof OrderResult>;

export const CreateOrderArgs = z.strictObject({
  amount_cents: OrderCents,
  description: z.string().trim().min(1).max(200).optional(),
  customer: OrderCustomer,
  /** Whether the service texts the application link to the customer. */
  send_sms: z.boolean(),
});

const OrderIdField = { order_id: z.string() };

/**
 * Journaled like every cashier operation, and each journaled answer names the `order_id` the
 * main process generated, so an unknown outcome can be checked with `orders.get`. Two answers
 * send nothing and journal nothing: the amount is outside the funding limits, or the limits
 * could not be read (the amount is never sent unchecked).
 */
export const CreateOrderResult = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('succeeded'),
    op_id: z.uuid(),
    ...OrderIdField,
    data: z.object({
      ...OrderIdField,
      redirect_to: HttpUrl,
      /** `already_created` for an order id that existed: see orders-handlers.ts. */
      status: CreateOrderStatus,
    }),
  }),
  z.object({ status: z.literal('refused'), op_id: z.uuid(), ...OrderIdField, error: ServiceError }),
  z.object({
    status: z.literal('unknown'),
    op_id: z.uuid(),
    ...OrderIdField,
    error: ServiceError,
    retrying: z.boolean(),
  }),
  z.object({
    status: z.literal('outside-limits'),
    amount_cents: Cents,
    min_amount_cents: Cents,
    max_amount_cents: Cents,
  }),
  z.object({ status: z.literal('limits-unavailable'), error: ServiceError }),
]);
export type CreateOrderResult = z.infer<typeof CreateOrderResult>;

export const ConfirmOrderResult = operationOutcome(z.object({ confirmed: z.literal(true) }));
export type ConfirmOrderResult = z.infer<typeof ConfirmOrderResult>;

/** `now`: this call canceled it; `before`: it was canceled already (the service's text kept). */
export const CancelOrderResult = operationOutcome(
  z.object({ canceled: z.enum(['now', 'before']), service_result: z.string().optional() }),
);
export type CancelOrderResult = z.infer<typeof CancelOrderResult>;

export const RefundKind = z.enum(['total', 'partial']);
export type RefundKind = z.infer<typeof RefundKind>;

export const RefundArgs = z.discriminatedUnion('kind', [
  z.strictObject({ order_id: MerchantOrderId, kind: z.literal('total'), reason: RefundReason }),
  z.strictObject({
    order_id: MerchantOrderId,
    kind: z.literal('partial'),
    /** What goes back, not the amount of the new order. */
    amount_cents: OrderCents,
    reason: RefundReason,
  }),
]);
export type RefundArgs = z.infer<typeof RefundArgs>;

/**
 * A refund's answer. Unknown means the refund may have been made: it is retried with the same
 * X-Unique-Token (never a new one) until definite, and the cashier must not refund again by
 * other means. The token itself never crosses the bridge.
 */
export const RefundResult = operationOutcome(
  z.object({
    kind: RefundKind,
    /** total: `success` | `already_refunded`; partial: `success` | `decreased_debt`. */
    status: z.enum(['success', 'already_refunded', 'decreased_debt']),
    refund_method: RefundMethod,
    tracking_id: z.string(),
    /** The partial amount asked for; a total refund's amount is the service's to compute. */
    refund_cents: Cents.optional(),
  }),
);
export type RefundResult = z.infer<typeof RefundResult>;

/**
 * An HTML fragment as received, for a sandboxed iframe with no scripts and no bridge;
 * `frame_path` (relative to the app's root) serves it under a policy of its own.
 */
export const HtmlResult = readOutcome(
  z.object({
    html: z.string(),
    frame_path: z
      .string()
      .regex(/^fragment\/[0-9a-f]{32}$/)
      .optional(),
  }),
);
export type HtmlResult = z.infer<typeof HtmlResult>;

export const SetOrderStatusArgs = z.strictObject({
  order_id: MerchantOrderId,
  status: OrderStatus,
  /** Only when moving to `approved`: the amount the service finances (at most the order's). */
  approved_amount_cents: OrderCents.optional(),
});

/** The bridge methods of this area, spread into `bridgeMethods`. */
export const orderMethods = {
  'limits.get': { args: z.strictObject({}), result: LimitsResult },
  'orders.create': { args: CreateOrderArgs, result: CreateOrderResult },
  'orders.get': { args: z.strictObject({ order_id: MerchantOrderId }), result: OrderResult },
  /** No PIN: confirming is the forward step of a sale the customer's application approved. */
  'orders.confirm': {
    args: z.strictObject({ order_id: MerchantOrderId }),
    result: ConfirmOrderResult,
  },
  /**
   * The supervisor PIN is required (absent → `pin-required`): a cancel cannot be undone and can
   * take an approved credit away from the customer at the counter, like an undo billing.
   */
  'orders.cancel': {
    args: z.strictObject({
      order_id: MerchantOrderId,
      pin: SupervisorPin.optional(),
    }),
    result: CancelOrderResult,
  },
  'orders.refund': { args: RefundArgs, result: RefundResult },
  /** Retries an unknown refund now, with its own journaled token; never makes a new refund. */
  'orders.refundRetry': { args: z.strictObject({ op_id: z.uuid() }), result: RefundResult },
  'html.addOn': { args: z.strictObject({ amount_cents: OrderCents }), result: HtmlResult },
  'html.infoSteps': { args: z.strictObject({}), result: HtmlResult },
  /** Training only: moves an order as the customer's application would (the mock's control). */
  'training.setOrderStatus': { args: SetOrderStatusArgs, result: OrderResult },
} as const;
