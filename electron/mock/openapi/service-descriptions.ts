// What each operation of the service does, for integrators reading the document; the summary
// stays short (a generator's method comment), the description says the rules behind it.
import type { EndpointName } from '../../../shared/api/endpoints';

const IN_STORE_ORDER =
  'Checks, in order: the token, the formats (every field in error reported together, keyed by ' +
  'field), the code exists and is active, then its own rules (`{ error }` with the message).';

export const SERVICE_DESCRIPTIONS: Record<EndpointName, string> = {
  v3Verify:
    'The funding conditions recalculated for `billed_amount`: approved = min(billed, credit ' +
    'line), excedent, down payment (absorbs the rounding), installments, and ' +
    '`downpayment_amount_inhouse`, what the store collects besides the excedent. The first ' +
    `Verify binds the funding to its \`cashier_id\`. ${IN_STORE_ORDER}`,
  v3PaidAndBilled:
    'Records that the store collected and billed. Compares `billed_amount` with the last ' +
    'Verify; only the first call has effect and every repeat answers 200 again, so an ' +
    `unknown outcome is settled by calling again. ${IN_STORE_ORDER}`,
  v3UndoBilling:
    'Releases a billing. Its own rules, in order: a RUC must start with 10, billed, the loan ' +
    'has a payment, the first payment is `external`, there is only one payment. The payment ' +
    `stays. ${IN_STORE_ORDER}`,
  v2Info:
    'Check funding code (v2): purchase total, down payment, its status (`PENDING` or ' +
    '`FULFILLED`) and the channel the customer chose.',
  v2PaidAndBilled: `v2 billing: marks the down payment collected in store; repeats have no effect. ${IN_STORE_ORDER}`,
  v2UndoBilling: `v2 undo billing. ${IN_STORE_ORDER}`,
  v2DaySummary:
    "The store's calendar day (America/Lima unless changed): totals of the fundings billed " +
    'that day and not undone; with `detail=true`, a row per payment of those loans.',
  mockInfo: 'As v2 Info, over the documented test identities only (dni 00000001…, TEST01…).',
  mockPaidAndBilled: 'As v2 Paid-and-billed, over the test identities only.',
  mockUndoBilling: 'As v2 Undo billing, over the test identities only.',
  mockDaySummary: 'As v2 Day summary, over the test identities only.',
  fundingLimits: "The store's financing bounds: amounts in whole soles and number of installments.",
  createOrder:
    'Creates a financing order; `magic_link` is where the customer applies. A repeated ' +
    '`order_id` with the same body, or any body while still `initial`, answers ' +
    '`already_created`; a different body later answers `Cannot modify order`.',
  getOrder:
    'The order by the merchant’s `order_id`. `GET /pos/order/info-steps` is this operation ' +
    '(the order "info-steps"), never the info steps of a client named "order".',
  totalRefund:
    'Refunds a confirmed or funded order in full. Replayed unchanged for a repeated ' +
    '`X-Unique-Token`; a second total refund with a new token answers `already_refunded`.',
  partialRefund:
    'Refunds part of a confirmed or funded order: `decreased_debt` when the amount only ' +
    'lowers the debt, `success` when money goes back to the customer.',
  cancelOrder: 'Cancels an order that is not funded yet.',
  confirmOrder:
    '`approved` or `validated` orders become confirmed (`validated` becomes `funded`); earlier ' +
    'states answer `Cannot confirm an order before it is approved`.',
  financingAddOn:
    'An HTML fragment for a product page: the amount in installments within the store’s ' +
    'limits, and a link to the info steps. The amount is an integer or a 2-decimal float.',
  infoSteps:
    'An HTML fragment: the steps, requirements and a how-it-works link. No credentials; an ' +
    'unknown client id answers 404 `Client not registered`.',
  registerVoucher:
    'Registers a bank transfer voucher, `PENDING` until reviewed; a receipt whose path does ' +
    'not end in a listed format is `INVALID` at once. Errors are plain text.',
  cancelVoucher:
    'Cancels a voucher in the `expected_status`; another status answers `invalid_status`.',
  getVoucher: 'The voucher by its 24-hex-character `request_id`.',
  paymentMethods: 'The platform connector: the payment methods this provider offers.',
  manifest: 'The platform connector: the provider’s manifest (methods and custom fields).',
  createPayment:
    'Creates a payment backed by an order whose `order_id` is the `paymentId`; `status` is ' +
    '`undefined` until the order is approved or rejected, when `callbackUrl` is called. ' +
    'Idempotent on `paymentId`.',
  cancelPayment: 'Cancels a payment; idempotent on `requestId` (a repeat gets the first answer).',
  capturePayment: 'Settles an approved payment; idempotent on `requestId`.',
  refundPayment: 'Refunds a settled payment; idempotent on `requestId`.',
};
