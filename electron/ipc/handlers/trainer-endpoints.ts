// The mock's trainer controls the training screen uses (docs/decisions.md "The mock backend"),
// described like the service's endpoints so the same client (and the same training transport) calls
// them.
import { z } from 'zod';
import {
  defineEndpoints,
  ErrorBody,
  FieldErrorsBody,
  WireAmount,
} from '../../../shared/api/common';
import { Order, OrderParams, OrderStatus } from '../../../shared/api/orders';
import { Scenario, ScenarioCatalogue } from '../../../shared/api/trainer';

const Empty = z.object({});

export const trainerEndpoints = defineEndpoints({
  scenarios: {
    method: 'GET',
    path: '/__mock/scenarios',
    summary: 'Scenario catalogue',
    auth: 'bearer',
    response: ScenarioCatalogue,
    errors: { 401: ErrorBody },
  },
  applyScenario: {
    method: 'POST',
    path: '/__mock/scenarios/{name}/apply',
    summary: 'Puts one scenario back as new',
    auth: 'bearer',
    params: z.object({ name: z.string().min(1) }),
    body: Empty,
    response: Scenario,
    errors: { 401: ErrorBody, 404: ErrorBody },
  },
  acceptSchedule: {
    method: 'POST',
    path: '/__mock/fundings/{code}/accept-schedule',
    summary: 'The customer accepts the new installment schedule',
    auth: 'bearer',
    params: z.object({ code: z.string().min(1) }),
    body: Empty,
    response: z.object({ accepted: z.literal(true) }),
    errors: { 401: ErrorBody, 404: ErrorBody },
  },
  moveOrder: {
    method: 'POST',
    path: '/__mock/orders/{order_id}/status',
    summary: "Moves an order one step, as the customer's application would",
    auth: 'bearer',
    params: OrderParams,
    body: z.strictObject({ status: OrderStatus, approved_amount: WireAmount.optional() }),
    response: Order,
    errors: { 400: z.union([ErrorBody, FieldErrorsBody]), 401: ErrorBody, 404: ErrorBody },
  },
  reset: {
    method: 'POST',
    path: '/__mock/reset',
    summary: 'Clears the mock and re-seeds the scenarios',
    auth: 'bearer',
    body: Empty,
    response: z.object({ reset: z.literal(true) }),
    errors: { 401: ErrorBody },
  },
});
