// Reads that are not journaled (funding limits, an order, an HTML fragment) answer the data or
// the service client's error. A 200 whose data cannot be used is a `bad-response` failure, never
// a success with made-up figures.
import type { ServiceError, ServiceResult } from '../../../shared/service-error';

export type ReadOutcome<T> =
  | { status: 'succeeded'; data: T }
  | { status: 'failed'; error: ServiceError };

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
