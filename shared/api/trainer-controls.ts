// The mock backend's trainer controls (docs/decisions.md "The mock backend"), described like the
// service's endpoints: one catalogue that the training client calls, the mock's routes register
// and the OpenAPI document describes. They are not the service's: every entry is `mockOnly`
// (its path under /__mock/), kept out of `serviceEndpoints`, and the live client refuses to call
// one (electron/service/call-endpoint.ts), so no control ever reaches a real service.
import { z } from 'zod';
import { type EndpointSpec, ErrorBody, FieldErrorsBody } from './common';
import { Order, OrderParams } from './orders';
import {
  FaultCreated,
  FaultList,
  FaultRequest,
  FaultsCleared,
  RequestLog,
  RequestLogQuery,
} from './sandbox';
import {
  ClockBody,
  ClockNow,
  DeliveryLog,
  FundingCreated,
  FundingSeedBody,
  MerchantSettings,
  MerchantUpdate,
  PaymentsBody,
  ReviewBody,
  Scenario,
  ScenarioCatalogue,
  StatusMove,
  TrainerBadRequest,
} from './trainer';
import { Voucher, VoucherParams } from './vouchers';

/** A trainer control: an endpoint of the mock only, with the description its document shows. */
export type TrainerControlSpec = EndpointSpec & {
  mockOnly: true;
  description: string;
  /** The control ignores its body; `{}` may be sent, or nothing. */
  bodyOptional?: boolean;
};

/** Marks every entry mock-only, so the flag cannot be forgotten on a new control. */
const mockOnlyEndpoints = <const T extends Record<string, Omit<TrainerControlSpec, 'mockOnly'>>>(
  controls: T,
): { [K in keyof T]: T[K] & { mockOnly: true } } =>
  Object.fromEntries(
    Object.entries(controls).map(([name, spec]) => [name, { ...spec, mockOnly: true }]),
  ) as { [K in keyof T]: T[K] & { mockOnly: true } };

const EmptyBody = z.strictObject({});
const FundingCodeParams = z.strictObject({ code: z.string().min(1) });
const ScenarioParams = z.strictObject({ name: z.string().min(1) });

export type TrainerControlName = keyof typeof trainerControls;

const auth = 'bearer' as const;
const unauthorized = { 401: ErrorBody };
const missing = { 401: ErrorBody, 404: ErrorBody };

/**
 * The trainer controls, keyed by operationId (each prefixed `trainer`, so none meets a service
 * endpoint's name). The training client calls them, the mock registers its routes from them and
 * the OpenAPI document describes them: change one here and all three follow.
 */
export const trainerControls = mockOnlyEndpoints({
  trainerReset: {
    method: 'POST',
    path: '/__mock/reset',
    summary: 'Reset the sandbox',
    description:
      'Clears all state, restores the default store settings, re-seeds the scenario catalogue ' +
      'and the test identities. Ids start over, so a reset sandbox hands out the same ids again.',
    auth,
    body: EmptyBody,
    bodyOptional: true,
    response: z.object({ reset: z.literal(true) }),
    errors: unauthorized,
  },
  trainerScenarios: {
    method: 'GET',
    path: '/__mock/scenarios',
    summary: 'Scenario catalogue',
    description:
      'One ready funding code for each case a cashier can meet, with what the cashier should see.',
    auth,
    response: ScenarioCatalogue,
    errors: unauthorized,
  },
  trainerApplyScenario: {
    method: 'POST',
    path: '/__mock/scenarios/{name}/apply',
    summary: 'Put one scenario back as new',
    description:
      'A fresh funding for the case, and the store settings it needs (others back to defaults).',
    auth,
    params: ScenarioParams,
    body: EmptyBody,
    bodyOptional: true,
    response: Scenario,
    errors: missing,
  },
  trainerGetMerchant: {
    method: 'GET',
    path: '/__mock/merchant',
    summary: 'Store settings',
    description: 'The settings the service keeps for the store, as the endpoints read them.',
    auth,
    response: MerchantSettings,
    errors: unauthorized,
  },
  trainerUpdateMerchant: {
    method: 'PUT',
    path: '/__mock/merchant',
    summary: 'Change store settings (partial update)',
    description: 'Only the keys sent change. Answers the settings as they are afterwards.',
    auth,
    body: MerchantUpdate,
    response: MerchantSettings,
    errors: { 400: FieldErrorsBody, 401: ErrorBody },
  },
  trainerCreateFunding: {
    method: 'POST',
    path: '/__mock/fundings',
    summary: 'Create a funding as an approved application leaves it',
    description:
      'Money in soles as JSON numbers. Defaults: approved_amount = credit_line, parts 4, ' +
      'nothing paid, origin card, channel Tienda, no schedule acceptance needed, active.',
    auth,
    body: FundingSeedBody,
    response: FundingCreated,
    errors: { 400: TrainerBadRequest, 401: ErrorBody },
  },
  trainerAcceptSchedule: {
    method: 'POST',
    path: '/__mock/fundings/{code}/accept-schedule',
    summary: 'The customer accepts the new installment schedule',
    description: 'Lets paid-and-billed go through for a funding that needed the acceptance.',
    auth,
    params: FundingCodeParams,
    body: EmptyBody,
    bodyOptional: true,
    response: z.object({ accepted: z.literal(true) }),
    errors: missing,
  },
  trainerSetPayments: {
    method: 'PUT',
    path: '/__mock/fundings/{code}/payments',
    summary: "Replace the loan's payments",
    description: 'The bare array of payments; stages the undo-billing cases.',
    auth,
    params: FundingCodeParams,
    body: PaymentsBody,
    response: z.object({ payments: PaymentsBody }),
    errors: { 400: FieldErrorsBody, 401: ErrorBody, 404: ErrorBody },
  },
  trainerMoveOrder: {
    method: 'POST',
    path: '/__mock/orders/{order_id}/status',
    summary: "Move an order as the customer's application would",
    description:
      'One step at a time: initial → created → approved → validated → funded, ' +
      'created → onhold → approved, created/onhold → rejected. order_id is the merchant’s. ' +
      'A connector payment backed by the order gets its callbackUrl called on approval or ' +
      'rejection.',
    auth,
    params: OrderParams,
    body: StatusMove,
    response: Order,
    errors: { 400: TrainerBadRequest, 401: ErrorBody, 404: ErrorBody },
  },
  trainerReviewVoucher: {
    method: 'POST',
    path: '/__mock/vouchers/{request_id}/review',
    summary: 'Validate or invalidate a PENDING voucher',
    description:
      "Plays the service's validation, with the corrected data the bank's records give, and " +
      "calls the voucher's webhook.",
    auth,
    params: VoucherParams,
    body: ReviewBody,
    response: Voucher,
    errors: { 400: TrainerBadRequest, 401: ErrorBody, 404: ErrorBody },
  },
  trainerWebhooks: {
    method: 'GET',
    path: '/__mock/webhooks',
    summary: 'Delivery log of the callbacks',
    description: 'Every callback the sandbox sent since the last reset, with each attempt.',
    auth,
    response: DeliveryLog,
    errors: unauthorized,
  },
  trainerGetClock: {
    method: 'GET',
    path: '/__mock/clock',
    summary: 'The sandbox’s "now"',
    description: 'The instant the day summary and expirations are computed from.',
    auth,
    response: ClockNow,
    errors: unauthorized,
  },
  trainerSetClock: {
    method: 'PUT',
    path: '/__mock/clock',
    summary: 'Set the sandbox’s "now"',
    description: 'Freezes the clock at this instant (day summary, expirations).',
    auth,
    body: ClockBody,
    response: ClockNow,
    errors: { 400: FieldErrorsBody, 401: ErrorBody },
  },
  trainerArmFault: {
    method: 'POST',
    path: '/__mock/faults',
    summary: 'Arm a fault (rehearse a bad day)',
    description:
      'The next matching calls of the service API (never these controls) meet the fault: ' +
      '`latency` answers after `ms` (default 1,000); `status` answers `status` (default 503) ' +
      'with a JSON error and does not do the work; `timeout` never answers and closes after ' +
      '`ms` (default 60,000); `reset` drops the connection without doing the work; ' +
      '`lost-after-apply` does the work, then drops the connection; `malformed` does the work ' +
      'and answers 200 with a body that is not JSON. `endpoint` is the operation path as this ' +
      'document writes it, `funding_code` the code in the body or query; `times` how many ' +
      'matching calls (default 1, 0 = until cleared). Cleared by DELETE and by reset.',
    auth,
    body: FaultRequest,
    response: FaultCreated,
    errors: { 400: FieldErrorsBody, 401: ErrorBody },
  },
  trainerListFaults: {
    method: 'GET',
    path: '/__mock/faults',
    summary: 'The faults in force',
    description: 'In the order they were armed, with the defaults filled in and the calls left.',
    auth,
    response: FaultList,
    errors: unauthorized,
  },
  trainerClearFaults: {
    method: 'DELETE',
    path: '/__mock/faults',
    summary: 'Clear every fault',
    description:
      'Answers how many faults were cleared. Calls held by timeout or latency faults are let go ' +
      'at once (a timeout call has its connection closed, as when its ms ends).',
    auth,
    response: FaultsCleared,
    errors: unauthorized,
  },
  trainerRequestLog: {
    method: 'GET',
    path: '/__mock/requests',
    summary: 'The last requests the sandbox answered',
    description:
      'Newest first: id (the X-Request-Id of the answer), time, method, path without the query ' +
      'string, status (null when a fault dropped the connection), duration and the fault met. ' +
      'No credentials, no bodies. `limit` defaults to 50; at most 1,000 are kept.',
    auth,
    query: RequestLogQuery,
    response: RequestLog,
    errors: { 400: FieldErrorsBody, 401: ErrorBody },
  },
});
