// The typed client of the financing service: one function per endpoint of the service's catalogue
// (shared/api/endpoints.ts), each checked against the zod schemas in shared/api, returning a result
// value and never throwing.
import type { EndpointSpec } from '../../shared/api/common';
import { checkBaseUrl } from './base-url';
import { type CallContext, type CallEndpoint, callEndpoint } from './call-endpoint';
import { connectorCalls } from './connector-calls';
import type { ServiceCredentials } from './credentials';
import { derivedCalls } from './derived-calls';
import type { EndpointInput } from './endpoint-types';
import { fragmentAndVoucherCalls } from './fragment-and-voucher-calls';
import { inStoreCalls } from './in-store-calls';
import { orderCalls } from './order-calls';
import type { Transport } from './transports';

export const DEFAULT_TIMEOUT_MS = 15_000;

export type ServiceClientOptions = {
  /** `https://…`, or `http://` to a loopback address only (see `checkBaseUrl`). */
  baseUrl: string;
  credentials: ServiceCredentials;
  transport: Transport;
  timeoutMs?: number;
  /** Millisecond clock for `durationMs` (tests pass a fake one). */
  now?: () => number;
  /**
   * Only for the client of the in-process training mock: lets it call the trainer controls
   * (`mockOnly` specs). Any other client answers them with a `validation` error, unsent.
   */
  mockControls?: boolean;
};

/**
 * Throws only for a refused base URL — a configuration error, caught when the mode is set up,
 * not at a cashier's call. The message names the problem but never echoes the URL, which may
 * carry credentials.
 */
export function createServiceClient(options: ServiceClientOptions) {
  const checked = checkBaseUrl(options.baseUrl);
  if (!checked.ok) throw new Error(`Refused service base URL: ${checked.problem}`);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new RangeError('timeoutMs must be > 0');

  // Kept in this closure only: the returned object holds functions and nothing else, so
  // serializing or inspecting it shows no credential, transport or URL.
  const context: CallContext = {
    baseUrl: checked.baseUrl,
    credentials: options.credentials,
    transport: options.transport,
    timeoutMs,
    now: options.now ?? Date.now,
    mockControls: options.mockControls === true,
  };
  const call: CallEndpoint = <S extends EndpointSpec>(spec: S, input: EndpointInput<S>) =>
    callEndpoint(context, spec, input);

  return Object.freeze({
    /** Any endpoint from its spec: the trainer controls, and tests of the client itself. */
    call,
    // Every endpoint of the catalogue as `name(input)`, then the functions of another shape.
    ...derivedCalls(call),
    ...writtenCalls(call),
  });
}

/**
 * The endpoints whose function is written by hand, in the area's `<area>-calls.ts`, because its
 * callers need another shape than `name(input)` (each has its case in service-client.test.ts).
 */
export function writtenCalls(call: CallEndpoint) {
  return {
    ...inStoreCalls(call),
    ...orderCalls(call),
    ...fragmentAndVoucherCalls(call),
    ...connectorCalls(call),
  };
}

export type ServiceClient = ReturnType<typeof createServiceClient>;
