// Building blocks of the service's wire format, shared by every area's schemas.
import { z } from 'zod';
import { centsFromWire, MAX_CENTS } from '../domain/money';

/** `{ error: <message> }`, the service's usual error body. */
export const ErrorBody = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Format errors keyed by field name: `{ dni: "Error on dni format", … }`. */
export const FieldErrorsBody = z.record(z.string(), z.string());
export type FieldErrorsBody = z.infer<typeof FieldErrorsBody>;

/**
 * A money amount on the wire in soles: a JSON number with at most 2 decimals (`"amount": 12.5`),
 * what every in-store, order and voucher field of the interface is. Inside Mostrador it becomes
 * cents with `centsFromWire` (shared/domain/money.ts).
 */
export const WireAmount = z
  .number()
  .refine((n) => centsFromWire(n) !== null, { message: 'at most 2 decimals, not negative' });

/**
 * A money amount on the wire already in integer cents (céntimos, `"amount": 1250` for S/ 12.50),
 * for a field the interface writes in cents: whole, not negative, at most `MAX_CENTS`. It is the
 * app's own unit, so nothing converts it; never read a `WireAmount` field with it, nor the reverse
 * (docs/how-to/add-a-service-endpoint.md, section 1, "Money").
 */
export const WireCents = z.int().nonnegative().max(MAX_CENTS);

/** A calendar date `YYYY-MM-DD` that exists. */
export const IsoDate = z.string().refine(isCalendarDate, { message: 'a YYYY-MM-DD date' });

export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * A URL the service stores or sends back (redirects, webhooks, receipts): http or https only, so
 * `javascript:` or `file:` never reaches a browser. http stays allowed because the mock and a
 * local sandbox answer on loopback (docs/decisions.md "Authentication").
 */
export const HttpUrl = z.url({ protocol: z.regexes.httpProtocol });

/** A required string field: present and not empty. */
export const NonEmptyString = z.string().min(1);

/**
 * The 200 body of paid-and-billed and undo billing, which the interface does not show: `{}` as
 * the project restates it (an empty body is read as `{}`). Anything else (`null`, a gateway's
 * `{ error }`, an unexpected field) is not the service's yes: a bad answer, unknown, asked again
 * (docs/decisions.md "A 2xx is a success only with the success body (issue 19)").
 */
export const EmptyOk = z.strictObject({});

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** How an endpoint authenticates (docs/decisions.md "Authentication"). */
export type AuthScheme = 'bearer' | 'client-id' | 'none' | 'connector';

/**
 * One endpoint of the service: the single description that the client, the mock and the
 * OpenAPI document all read. `path` is a template with `{param}` segments.
 */
export type EndpointSpec = {
  method: HttpMethod;
  path: string;
  summary: string;
  auth: AuthScheme;
  params?: z.ZodObject;
  query?: z.ZodObject;
  headers?: z.ZodObject;
  body?: z.ZodType;
  /** `json` (default) or `html` for the embeddable fragments. */
  responseType?: 'json' | 'html';
  response: z.ZodType;
  /** Error bodies by HTTP status, as documented. */
  errors: Partial<Record<400 | 401 | 403 | 404 | 409 | 413, z.ZodType>>;
  /**
   * The mock's own endpoint (a trainer control, shared/api/trainer-controls.ts), not the
   * service's: only a client made for the training mock sends it.
   */
  mockOnly?: true;
};

export const defineEndpoints = <const T extends Record<string, EndpointSpec>>(endpoints: T): T =>
  endpoints;

/**
 * One request of an endpoint the sandbox answers 200: the values of its path parameters, its
 * query, headers and body. The OpenAPI document shows it as the operation's example, the
 * integrator session replays it (electron/mock/openapi/integrator-session.ts), the 401 table
 * sends it without credentials (electron/mock/http/auth.test.ts) and the fuzz breaks it
 * (reliability/fuzz/mock-targets.ts).
 */
export type EndpointExample = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: unknown;
};

/**
 * An endpoint of the service: everything that is per endpoint sits on its entry, so adding one is
 * one entry here (docs/how-to/add-a-service-endpoint.md, docs/decisions.md "One place per
 * endpoint").
 */
export type ServiceEndpointSpec = EndpointSpec & {
  /** What the operation does and the rules behind it, for integrators reading the document. */
  description: string;
  /**
   * A request a freshly reset sandbox answers 200 (`shared/api/endpoints.test.ts` parses it with
   * the entry's schemas), unless the scripted integrator session makes that very call after the
   * records it needs.
   */
  example: EndpointExample;
  /**
   * A 200 body the entry's `response` schema accepts, as the interface shows one (a string for an
   * HTML fragment): what the client's derived function is tested answering
   * (electron/service/service-client.test.ts); `shared/api/endpoints.test.ts` parses it.
   */
  sample: unknown;
};

/** The service's endpoints of one area: a missing description, example or sample does not compile. */
export const defineServiceEndpoints = <const T extends Record<string, ServiceEndpointSpec>>(
  endpoints: T,
): T => endpoints;

/** The example's path: the entry's template with the example's parameter values. */
export const examplePath = (spec: ServiceEndpointSpec): string =>
  spec.path.replace(/\{(\w+)\}/g, (whole, name: string) => spec.example.params?.[name] ?? whole);

/** The example as one request: its method, filled-in path, query, headers and body. */
export function exampleRequest(spec: ServiceEndpointSpec): EndpointExample & {
  method: HttpMethod;
  path: string;
} {
  const { query, headers, body } = spec.example;
  return {
    method: spec.method,
    path: examplePath(spec),
    ...(query ? { query } : {}),
    ...(headers ? { headers } : {}),
    ...(body === undefined ? {} : { body }),
  };
}
