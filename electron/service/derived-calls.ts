// A function for every endpoint of the catalogue, derived from its entry alone: `name(input)`
// sends the entry's method and path with the input's `params`, `query`, `headers` and `body`
// (`EndpointInput`, each required exactly when the entry has it), checked against its schemas.
// A new endpoint is callable as `client.<name>(…)` with nothing written here; an area's
// `<area>-calls.ts` gives an endpoint a function of another shape only when callers need one
// (`getOrder(order_id)`, a refund's unique token as its own argument).
import type { EndpointSpec } from '../../shared/api/common';
import { type EndpointName, serviceEndpoints } from '../../shared/api/endpoints';
import type { ServiceResult } from '../../shared/service-error';
import type { CallEndpoint } from './call-endpoint';
import type { EndpointData, EndpointInput } from './endpoint-types';

/** Takes no argument when the entry has no parameters, query, caller headers or body. */
export type DerivedCall<S extends EndpointSpec> =
  Record<never, never> extends EndpointInput<S>
    ? (input?: EndpointInput<S>) => Promise<ServiceResult<EndpointData<S>>>
    : (input: EndpointInput<S>) => Promise<ServiceResult<EndpointData<S>>>;

export type DerivedCalls = {
  [K in EndpointName]: DerivedCall<(typeof serviceEndpoints)[K]>;
};

export function derivedCalls(call: CallEndpoint): DerivedCalls {
  const calls: Record<string, (input?: unknown) => Promise<unknown>> = {};
  for (const [name, spec] of Object.entries(serviceEndpoints)) {
    calls[name] = (input = {}) => call(spec, input as never);
  }
  return calls as DerivedCalls;
}
