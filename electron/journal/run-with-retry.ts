// Retrying an operation whose answer is unknown until the service gives a definite one. Every
// retry is journaled before its call and its answer right after, and an unknown answer stays
// unknown however many times it comes back: this code can report success only when the service
// said so (docs/decisions.md "Journal durability").
import type { OutcomeStatus, ServiceMessage } from '../../shared/journal-entry';
import { backoffDelay, DEFAULT_RETRY_POLICY, type RetryPolicy, type Sleep, sleep } from './backoff';
import type { Journal } from './journal';
import { isWriteFailure, JournalError } from './journal-error';

type AnswerDetails = {
  http_status?: number;
  service_message?: ServiceMessage;
  error_category?: string;
};

export type DefiniteAnswer = AnswerDetails & {
  kind: 'definite';
  status: 'succeeded' | 'refused';
  result?: unknown;
};
export type UnknownAnswer = AnswerDetails & { kind: 'unknown' };
export type AttemptAnswer = DefiniteAnswer | UnknownAnswer;

/** One call to the service. `signal` aborts when the app quits; an aborted call is unknown. */
export type AttemptFn = (context: {
  attempt: number;
  signal: AbortSignal;
}) => Promise<AttemptAnswer>;

export type RetryResult =
  | { status: 'succeeded' | 'refused'; calls: number }
  | { status: 'unknown'; calls: number; reason: 'cancelled' | 'gave-up' };

export type RetryOptions = {
  journal: Pick<Journal, 'operation' | 'recordAttempt' | 'recordOutcome'>;
  opId: string;
  attempt: AttemptFn;
  policy?: Partial<RetryPolicy>;
  random?: () => number;
  sleep?: Sleep;
  signal?: AbortSignal;
};

/** Only an explicit succeeded or refused is definite; anything else, even malformed, is unknown. */
function asOutcome(answer: unknown): AnswerDetails & { status: OutcomeStatus; result?: unknown } {
  const a = (answer ?? {}) as Partial<DefiniteAnswer>;
  const details: AnswerDetails = {
    http_status: a.http_status,
    service_message: a.service_message,
    error_category: a.error_category,
  };
  if (a.kind === 'definite' && (a.status === 'succeeded' || a.status === 'refused')) {
    return { ...details, status: a.status, result: a.result };
  }
  return { ...details, status: 'unknown' };
}

export async function runWithRetry(options: RetryOptions): Promise<RetryResult> {
  const { journal, opId } = options;
  const policy = { ...DEFAULT_RETRY_POLICY, ...options.policy };
  const random = options.random ?? Math.random;
  const wait = options.sleep ?? sleep;
  const signal = options.signal ?? new AbortController().signal;

  const operation = await journal.operation(opId);
  if (!operation)
    throw new JournalError('unknown-operation', `no operation ${opId} in the journal`);
  let calls = operation.calls;
  if (operation.status === 'succeeded' || operation.status === 'refused') {
    return { status: operation.status, calls };
  }

  for (let retry = 0; retry < policy.maxAttempts; retry += 1) {
    if (signal.aborted) return { status: 'unknown', calls, reason: 'cancelled' };
    const delay = backoffDelay(retry, policy, random);
    await wait(delay, signal);
    if (signal.aborted) return { status: 'unknown', calls, reason: 'cancelled' };

    // Journaled before the call: if the app dies during it, the journal still shows it was made.
    // A journal that cannot write (disk full) makes no call; the loop waits and tries again, so
    // the operation settles once space returns, without a restart (docs/decisions.md "No
    // operation stays pending without a loop").
    try {
      await journal.recordAttempt(opId, { attempt: calls + 1, delay_ms: delay });
    } catch (error) {
      if (isWriteFailure(error)) continue;
      throw error;
    }
    calls += 1;
    let answer: unknown;
    try {
      answer = await options.attempt({ attempt: calls, signal });
    } catch {
      // A throwing attempt tells nothing about whether the call reached the service.
      answer = { kind: 'unknown', error_category: 'attempt-failed' };
    }
    const outcome = asOutcome(answer);
    try {
      await journal.recordOutcome(opId, outcome);
    } catch (error) {
      // The answer is lost with its line: asked again (a repeat is safe, or this loop would not
      // run), it is written when the journal takes entries again.
      if (isWriteFailure(error)) continue;
      throw error;
    }
    if (outcome.status !== 'unknown') return { status: outcome.status, calls };
  }
  return { status: 'unknown', calls, reason: 'gave-up' };
}
