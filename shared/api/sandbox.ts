// The sandbox's fault and request-log controls (docs/sandbox.md): not part of the service. An
// integrator arms a fault to rehearse a bad day, and reads the log to see what the sandbox got.
import { z } from 'zod';

export const FAULT_KINDS = [
  'latency',
  'status',
  'timeout',
  'reset',
  'lost-after-apply',
  'malformed',
  'gateway-error',
] as const;
export const FaultKind = z.enum(FAULT_KINDS);
export type FaultKind = z.infer<typeof FaultKind>;

/** Longest wait a fault may hold a call: 10 minutes. */
export const MAX_FAULT_MS = 600_000;
export const DEFAULT_TIMEOUT_MS = 60_000;
/**
 * Calls held at once by `timeout` and `latency` faults (each holds a connection). Past it a
 * `timeout` fault answers as `reset` (the connection is dropped at once) and a `latency` fault
 * answers without the wait (docs/sandbox.md).
 */
export const MAX_HELD_CALLS = 64;
export const DEFAULT_LATENCY_MS = 1_000;
export const DEFAULT_FAULT_STATUS = 503;
export const MAX_FAULT_TIMES = 1_000_000;

/** Body of POST /__mock/faults. */
export const FaultRequest = z.strictObject({
  kind: FaultKind,
  /** The operation's path as the document writes it (`/pos/order/{order_id}`); all when absent. */
  endpoint: z.string().min(1).max(200).optional(),
  funding_code: z
    .string()
    .regex(/^[A-Z0-9]{6}$/)
    .optional(),
  /** How many matching calls meet the fault; 0 = every one until cleared. */
  times: z.number().int().min(0).max(MAX_FAULT_TIMES).optional(),
  ms: z.number().int().min(0).max(MAX_FAULT_MS).optional(),
  /** `status` only: the status answered (4xx or 5xx). */
  status: z.number().int().min(400).max(599).optional(),
});
export type FaultRequest = z.infer<typeof FaultRequest>;

export const FaultCreated = z.object({ fault_id: z.string() });

/** A fault in force: what was asked, with the defaults filled in and the calls it has left. */
export const Fault = z.object({
  fault_id: z.string(),
  kind: FaultKind,
  endpoint: z.string().optional(),
  funding_code: z.string().optional(),
  times: z.number().int(),
  /** Matching calls still to meet the fault; absent when `times` is 0 (until cleared). */
  remaining: z.number().int().optional(),
  ms: z.number().int().optional(),
  status: z.number().int().optional(),
});
export type Fault = z.infer<typeof Fault>;

export const FaultList = z.object({ faults: z.array(Fault) });
export const FaultsCleared = z.object({ cleared: z.number().int() });

export const MAX_LOGGED_REQUESTS = 1_000;
export const DEFAULT_LOGGED_REQUESTS = 50;

export const RequestLogQuery = z.strictObject({
  limit: z
    .string()
    .regex(/^[0-9]{1,4}$/)
    .refine((text) => Number(text) >= 1 && Number(text) <= MAX_LOGGED_REQUESTS)
    .optional(),
});

/** One request as the sandbox saw it: no credentials, no bodies, no query string. */
export const RequestLogEntry = z.object({
  /** The `X-Request-Id` the answer carried. */
  id: z.string(),
  at: z.string(),
  method: z.string(),
  path: z.string(),
  /** null when no answer was sent (a `reset`, `timeout` or `lost-after-apply` fault). */
  status: z.number().int().nullable(),
  duration_ms: z.number().int().nonnegative(),
  fault_id: z.string().optional(),
});
export type RequestLogEntry = z.infer<typeof RequestLogEntry>;

export const RequestLog = z.object({ requests: z.array(RequestLogEntry) });

export const REQUEST_ID_HEADER = 'X-Request-Id';
/**
 * In process (the app's training mode) there is no socket to drop: the sandbox marks the answer
 * with this header instead, and the in-process transport fails the call as a dropped connection.
 */
export const DROPPED_CONNECTION_HEADER = 'x-mock-dropped-connection';
