// The journal's public surface: the ipc handlers record through it, the resolver retries from it.
export { backoffDelay, DEFAULT_RETRY_POLICY, type RetryPolicy, type Sleep, sleep } from './backoff';
export {
  type AttemptInput,
  type IntentInput,
  type Journal,
  type JournalOptions,
  type LinkQuery,
  type OperationsQuery,
  type OutcomeInput,
  openJournal,
} from './journal';
export { JournalError, type JournalErrorCode } from './journal-error';
export type { JournalProblem, JournalProblemKind, JournalRecovery } from './load-journal';
export { type LineReader, openLineReader, type RawLine, type RawLines } from './read-lines-after';
export { createResolver, type Resolver, type ResolverOptions } from './resolver';
export {
  type AttemptAnswer,
  type AttemptFn,
  type DefiniteAnswer,
  type RetryOptions,
  type RetryResult,
  runWithRetry,
  type UnknownAnswer,
} from './run-with-retry';
export { DEFAULT_TIME_ZONE, dayBounds, storeDay } from './store-day';
