// The financing service's endpoints as its interface document lists them, restated here as data so
// the catalogue can be checked against the contract without reading anything outside this
// repository (docs/decisions.md, "The project stands alone"). Written out by hand from the
// document, independently of `endpoints.ts`: a path that differs by one character in either place
// fails `endpoints.test.ts`.

export type DocumentedEndpoint = { method: 'GET' | 'POST' | 'PUT'; path: string };

const IN_STORE = '/pos/client/inhouse-downpayment';

export const documentedEndpoints: readonly DocumentedEndpoint[] = [
  // In-store down payment, v3
  { method: 'POST', path: `${IN_STORE}/v3/verify-fundingcode-and-conditions` },
  { method: 'POST', path: `${IN_STORE}/v3/paid-and-billed` },
  { method: 'POST', path: `${IN_STORE}/v3/undo-billing` },
  // In-store down payment, v2
  { method: 'GET', path: `${IN_STORE}/v2/info` },
  { method: 'POST', path: `${IN_STORE}/v2/paid-and-billed` },
  { method: 'POST', path: `${IN_STORE}/v2/undo-billing` },
  { method: 'GET', path: `${IN_STORE}/v2/day-summary` },
  // Funding limits
  { method: 'GET', path: '/pos/client/landing_config' },
  // Orders and refunds
  { method: 'POST', path: '/pos/order/create' },
  { method: 'GET', path: '/pos/order/{order_id}' },
  { method: 'POST', path: '/pos/order/{order_id}/total-refund' },
  { method: 'POST', path: '/pos/order/{order_id}/partial-refund' },
  { method: 'POST', path: '/pos/order/{order_id}/cancel' },
  { method: 'POST', path: '/pos/order/{order_id}/confirm' },
  // Embeddable HTML
  { method: 'GET', path: '/pos/pay-with-service-add-on/{amount}' },
  { method: 'GET', path: '/pos/{client_id}/info-steps' },
  // Voucher registration
  { method: 'POST', path: '/vouchers/unchecked_payment/register' },
  { method: 'POST', path: '/vouchers/unchecked_payment/cancel/{request_id}' },
  { method: 'GET', path: '/vouchers/unchecked_payment/info/{request_id}' },
  // Platform connector
  { method: 'GET', path: '/payment-methods' },
  { method: 'GET', path: '/manifest' },
  { method: 'POST', path: '/payments' },
  { method: 'POST', path: '/payments/{payment_id}/cancellations' },
  { method: 'POST', path: '/payments/{payment_id}/settlements' },
  { method: 'POST', path: '/payments/{payment_id}/refunds' },
];

/**
 * The test endpoints: "the same shapes" as v2 under their own prefix, documented as that prefix
 * and a list of last segments, each with the method of its v2 twin.
 */
export const documentedTestEndpointPrefix = `${IN_STORE}/mock/`;
export const documentedTestEndpointSegments = [
  'info',
  'paid-and-billed',
  'undo-billing',
  'day-summary',
] as const;
