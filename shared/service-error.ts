// The one error value of the service client. It crosses the bridge to the renderer, which maps
// the category to guidance for the cashier and shows the service's exact message in details,
// so it is a zod schema here (the bridge validates it) rather than a TypeScript type only.
import { z } from 'zod';

/**
 * What kind of failure it was, which is what decides what the cashier does next:
 * - `auth`: the token or client credentials are wrong or missing (401, or none configured);
 * - `not-found`: the funding code, order, voucher or payment does not exist (404);
 * - `validation`: the request was malformed, refused by the app before sending (no `httpStatus`)
 *   or by the service with field-keyed errors (400);
 * - `state-conflict`: the service understood and refused it for a business rule (400 `{ error }`);
 * - `network`, `timeout`, `server` (5xx): no definite answer — the operation may or may not have
 *   happened, so the journal marks it unknown;
 * - `bad-response`: the service answered something the contract does not allow.
 */
export const ServiceErrorCategory = z.enum([
  'auth',
  'not-found',
  'validation',
  'state-conflict',
  'network',
  'timeout',
  'server',
  'bad-response',
]);
export type ServiceErrorCategory = z.infer<typeof ServiceErrorCategory>;

export const ServiceError = z.object({
  category: ServiceErrorCategory,
  /** Absent when no HTTP answer was received (or the request never left the app). */
  httpStatus: z.number().int().optional(),
  /** The service's exact `error` text, letter for letter. */
  message: z.string().optional(),
  /** Field-keyed format errors, from the service or from the app's own request check. */
  fieldErrors: z.record(z.string(), z.string()).optional(),
  /** The error body as received (JSON, or text when not JSON), for the details view. */
  body: z.unknown().optional(),
});
export type ServiceError = z.infer<typeof ServiceError>;

/** The outcome of one service call: failures are values, never exceptions. */
export type ServiceResult<T> =
  | { ok: true; status: number; data: T; durationMs?: number }
  | { ok: false; error: ServiceError; durationMs?: number };

/** The schema of a `ServiceResult` whose data is `data`, for bridge contracts. */
export const serviceResultSchema = <T extends z.ZodType>(data: T) =>
  z.discriminatedUnion('ok', [
    z.object({
      ok: z.literal(true),
      status: z.number().int(),
      data,
      durationMs: z.number().optional(),
    }),
    z.object({ ok: z.literal(false), error: ServiceError, durationMs: z.number().optional() }),
  ]);
