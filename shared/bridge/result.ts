// The two result wrappers of the bridge, in one module that the result shapes import (operations.ts,
// orders.ts...) and that imports none of them, so no cycle: a journaled operation answers an
// `operationOutcome`, a read that is not journaled a `readOutcome`. `toReadOutcome` is the main
// process's half of the second: it turns the service client's answer into one.
import { z } from 'zod';
import { ServiceError, type ServiceResult } from '../service-error';

/**
 * Every journaled operation answers one of:
 * - succeeded: the service said yes (HTTP 200);
 * - refused: the service said no, with its exact message;
 * - unknown: no definite answer yet; paid-and-billed keeps retrying (`retrying`), and the
 *   cashier must not collect again.
 */
export const operationOutcome = <T extends z.ZodType>(data: T) =>
  z.discriminatedUnion('status', [
    z.object({ status: z.literal('succeeded'), op_id: z.uuid(), data }),
    RefusedOutcome,
    UnknownOutcome,
  ]);

/** The refused branch of `operationOutcome`, for a result that adds to it (operations.ts). */
export const RefusedOutcome = z.object({
  status: z.literal('refused'),
  op_id: z.uuid(),
  error: ServiceError,
  /**
   * A refusal because another cashier started this sale, when that cashier was this
   * terminal's own (its journal): their code, so the screen names them, not "another till".
   */
  started_here_by: z.string().optional(),
});

/** The unknown branch of `operationOutcome`. */
export const UnknownOutcome = z.object({
  status: z.literal('unknown'),
  op_id: z.uuid(),
  error: ServiceError,
  retrying: z.boolean(),
});

/**
 * A read that is not journaled (limits, an order, an HTML fragment): the data, or the service
 * client's error. Nothing changed at the service either way, so there is no "unknown" here.
 */
export const readOutcome = <T extends z.ZodType>(data: T) =>
  z.discriminatedUnion('status', [
    z.object({ status: z.literal('succeeded'), data }),
    z.object({ status: z.literal('failed'), error: ServiceError }),
  ]);

export type ReadOutcome<T> =
  | { status: 'succeeded'; data: T }
  | { status: 'failed'; error: ServiceError };

/**
 * The service client's answer as a `readOutcome`. A 200 whose data cannot be used (`use` answers
 * null) is a `bad-response` failure, never a success with made-up figures.
 */
export function toReadOutcome<D, T>(
  result: ServiceResult<D>,
  use: (data: D) => T | null,
): ReadOutcome<T> {
  if (!result.ok) return { status: 'failed', error: result.error };
  const data = use(result.data);
  if (data === null) {
    return {
      status: 'failed',
      error: { category: 'bad-response', httpStatus: result.status, body: result.data },
    };
  }
  return { status: 'succeeded', data };
}
