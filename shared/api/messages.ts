// Every message the service (and so the mock) answers with, letter for letter as the service
// answers them (docs/decisions.md "The service's interface in the project"). The mock sends these;
// the renderer maps them to guidance. Keep them here, once, so a typo cannot drift between the
// mock, the client and the tests.

export const IN_STORE = {
  wrongToken: 'Wrong or missing client token',
  codeNotActive: 'Funding code does not exist or not active',
  dniMismatch: 'Financing DNI does not match with the DNI sent',
  cashierChanged: 'cashier_id changed',
  billedAmountLocked: 'billed_amount cannot change after being marked as billed',
  storeNotAllowed: 'Your store is not allowed to use this endpoint',
  billedAmountChanged: 'billed_amount changed',
  clientNotEnabled: 'Client not enabled to use this API',
  scheduleNotAccepted: 'Customer did not accept new installment schedule yet',
  notBilledYet: 'Not billed yet',
  // Decision (docs/decisions.md "Formats"): both identities sent at once.
  dniAndRuc: 'Send dni or ruc, not both',
} as const;

/** Undo-billing refusals carry the loan id, with the service's own spacing kept exactly. */
export const undoRefusal = {
  noDownpayment: (loanId: string) => `This lend don't have downpayment, lend :${loanId}`,
  firstNotExternal: (loanId: string) =>
    `The origin of the first payment is not external, len :${loanId}`,
  notOnlyOnePayment: (loanId: string) => `This lend has not only 1 (one) payment, len : ${loanId}`,
} as const;

/** Field-keyed format errors: `{ <field>: "Error on <field> format" }`. */
export const fieldFormatError = (field: string) => `Error on ${field} format`;

/**
 * The interface's per-parameter messages of a query, by the parameter's kind, written once: a new
 * query parameter of a kind listed here takes its message from here (`day: QUERY_FORMAT.date`),
 * never a second copy of the text.
 */
export const QUERY_FORMAT = {
  date: 'Not a valid date',
  boolean: 'Not a valid boolean',
} as const;

/** The day summary's query: each parameter's format message (`parseQuery`, electron/mock/http/parse.ts). */
export const DAY_SUMMARY = {
  day: QUERY_FORMAT.date,
  detail: QUERY_FORMAT.boolean,
} as const;

export const ORDERS = {
  orderNotFound: 'Order does not exist',
  clientNotRegistered: 'Client not registered',
  cannotModify: 'Cannot modify order',
  alreadyCanceled: 'Already canceled',
  disbursementFailed: 'Disbursement could not be made',
  amountNotPositive: 'Amount must be greater than 0',
  amountTooLarge: 'Amount must be less than the approved amount',
  partialDisbursementFailed: 'Partial disbursement could not be made',
  cannotCancelConfirmed: 'Cannot cancel a confirmed order',
  confirmBeforeApproved: 'Cannot confirm an order before it is approved',
  confirmFunded: 'Cannot confirm a funded order',
} as const;

/** Decision (docs/decisions.md "Orders"): the first missing field, or a field of the wrong type. */
export const orderValidation = {
  required: (field: string) => `Validation error, field ${field} required`,
  invalid: (field: string) => `Validation error, field ${field} invalid`,
} as const;

/** Decision (docs/decisions.md "Connector"): the connector's own errors. */
export const CONNECTOR = {
  wrongCredentials: 'Wrong or missing client credentials',
  paymentNotFound: 'Payment does not exist',
} as const;

/** Decisions for request bodies the document does not cover (bad JSON, size, unknown fields). */
export const REQUEST = {
  malformedJson: 'Malformed JSON body',
  bodyTooLarge: 'Request body too large',
  unknownField: 'Unknown field',
  unsupportedMediaType: 'Content-Type must be application/json',
} as const;

/** The only voucher error code (docs/decisions.md "Vouchers"). */
export const VOUCHERS = {
  invalidStatus: 'invalid_status',
} as const;
