// How a service answer becomes a journal outcome and a bridge outcome. The one rule that matters
// for money: only an HTTP 2xx whose body is the service's success body is `succeeded`; a 4xx
// with the service's message is `refused`; anything without a definite answer (timeout, dropped
// connection, 5xx, a 2xx with another body: a gateway's `{ error }`, `null`) is `unknown`,
// because the call may or may not have had effect (docs/decisions.md "A 2xx is a success only
// with the success body").

import type { OutcomeEntry } from '../../../shared/journal-entry';
import {
  type ServiceError,
  ServiceErrorCategory,
  type ServiceResult,
} from '../../../shared/service-error';
import type { OutcomeInput } from '../../journal/journal';
import type { AttemptAnswer } from '../../journal/run-with-retry';

const INDEFINITE: ReadonlySet<ServiceErrorCategory> = new Set([
  'network',
  'timeout',
  'server',
  'bad-response',
]);

export function isIndefinite(error: ServiceError): boolean {
  return INDEFINITE.has(error.category);
}

function messageOf(error: ServiceError): OutcomeInput['service_message'] {
  return error.message ?? error.fieldErrors;
}

/** The journal outcome of a first call. `result` is what the journal keeps of a success. */
export function journalOutcome(result: ServiceResult<unknown>, kept?: unknown): OutcomeInput {
  if (result.ok) {
    return { status: 'succeeded', http_status: result.status, result: kept ?? result.data };
  }
  const { error } = result;
  return {
    status: isIndefinite(error) ? 'unknown' : 'refused',
    ...(error.httpStatus === undefined ? {} : { http_status: error.httpStatus }),
    ...(messageOf(error) === undefined ? {} : { service_message: messageOf(error) }),
    error_category: error.category,
  };
}

/**
 * The answer of a retried call (`kept`: what the journal keeps of a success; nothing by default).
 * A retry's 401 (the token was changed or cleared meanwhile) says
 * nothing about whether the first call took effect, so it keeps the operation unknown rather
 * than closing it as refused; every other 4xx is the service's definite word, because it gives
 * a repeated paid-and-billed no effect and answers 200 once the first one did, and replays a
 * refund's first 200 to a repeated X-Unique-Token.
 */
export function retryAnswer(result: ServiceResult<unknown>, kept: unknown = {}): AttemptAnswer {
  const outcome = journalOutcome(result, kept);
  if (outcome.status === 'unknown' || (!result.ok && result.error.category === 'auth')) {
    return { ...outcome, kind: 'unknown' };
  }
  return { ...outcome, kind: 'definite', status: outcome.status };
}

/** The ServiceError a journaled unknown outcome stands for (what the renderer shows). */
export function errorFromOutcome(outcome: OutcomeEntry | null): ServiceError {
  const category = ServiceErrorCategory.safeParse(outcome?.error_category);
  const message = outcome?.service_message;
  return {
    category: category.success ? category.data : 'network',
    ...(outcome?.http_status === undefined ? {} : { httpStatus: outcome.http_status }),
    ...(typeof message === 'string' ? { message } : {}),
    ...(message !== undefined && typeof message !== 'string' ? { fieldErrors: message } : {}),
  };
}
