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

/**
 * When the bridge gave no answer at all, the operation's id is unknown: find the latest journaled
 * call of that kind for that funding code that started no earlier than the click.
 */
export function findOperationFor(
  operations: readonly JournalOperation[],
  query: { operation: string; fundingCode: string; sinceMs: number },
): JournalOperation | null {
  let best: JournalOperation | null = null;
  for (const op of operations) {
    if (op.operation !== query.operation || op.intent.funding_code !== query.fundingCode) continue;
    // A second of slack: the main process's clock stamps the intent, not the renderer's.
    if (Date.parse(op.started_at) < query.sinceMs - 1000) continue;
    if (!best || Date.parse(op.started_at) > Date.parse(best.started_at)) best = op;
  }
  return best;
}
