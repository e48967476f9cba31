// The journal is where an unknown paid-and-billed gets its final answer (the main process keeps
// retrying it). These read a folded operation back into what the screen needs.
import type { JournalOperation } from '../../shared/journal-entry';
import { type ServiceError, ServiceErrorCategory } from '../../shared/service-error';

export type JournalVerdict =
  | { status: 'succeeded' }
  | { status: 'refused'; error: ServiceError }
  /** Still pending or unknown: stay amber. */
  | { status: 'open'; calls: number };

export function serviceErrorFromJournal(operation: JournalOperation): ServiceError {
  const outcome = operation.outcome;
  const parsedCategory = ServiceErrorCategory.safeParse(outcome?.error_category);
  const message = outcome?.service_message;
  return {
    category: parsedCategory.success ? parsedCategory.data : 'state-conflict',
    ...(outcome?.http_status !== undefined ? { httpStatus: outcome.http_status } : {}),
    ...(typeof message === 'string' ? { message } : {}),
    ...(message !== undefined && typeof message !== 'string' ? { fieldErrors: message } : {}),
  };
}

export function verdictOf(operation: JournalOperation): JournalVerdict {
  switch (operation.status) {
    case 'succeeded':
      return { status: 'succeeded' };
    case 'refused':
      return { status: 'refused', error: serviceErrorFromJournal(operation) };
    default:
      return { status: 'open', calls: operation.calls };
  }
}
