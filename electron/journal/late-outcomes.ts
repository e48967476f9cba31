// Outcomes that are known but could not be written: the service answered, then the journal's
// disk was full (or gone) for the outcome line. The operation is pending on disk; this keeps
// trying to write the answer, with backoff, until the journal takes entries again, so the
// operation settles without a restart (docs/decisions.md "No operation stays pending without a
// loop"). Used for the calls that are made once (Verify, Info, undo, orders); paid-and-billed and
// refunds ask the service again instead (run-with-retry.ts).
import { backoffDelay, DEFAULT_RETRY_POLICY, type RetryPolicy, type Sleep, sleep } from './backoff';
import type { Journal, OutcomeInput } from './journal';
import { isWriteFailure } from './journal-error';

export type LateOutcomes = {
  /** Writes `outcome` of `opId` once the journal can, retrying with backoff. */
  hold(opId: string, outcome: OutcomeInput): void;
  /** op_ids whose outcome waits to be written. */
  waiting(): string[];
  /** Resolves when nothing waits (tests; shutdown). */
  whenIdle(): Promise<void>;
  /** Stops trying; what was not written stays pending on disk, as after a crash. */
  close(): Promise<void>;
};

export type LateOutcomesOptions = {
  journal: Pick<Journal, 'recordOutcome'>;
  policy?: Partial<RetryPolicy>;
  random?: () => number;
  sleep?: Sleep;
  onGiveUp?: (opId: string, error: unknown) => void;
};

export function createLateOutcomes(options: LateOutcomesOptions): LateOutcomes {
  const policy = { ...DEFAULT_RETRY_POLICY, ...options.policy };
  const random = options.random ?? Math.random;
  const wait = options.sleep ?? sleep;
  const controller = new AbortController();
  const loops = new Map<string, Promise<void>>();

  const write = async (opId: string, outcome: OutcomeInput) => {
    for (let retry = 0; retry < policy.maxAttempts; retry += 1) {
      await wait(backoffDelay(retry, policy, random), controller.signal);
      if (controller.signal.aborted) return;
      try {
        await options.journal.recordOutcome(opId, outcome);
        return;
      } catch (error) {
        if (isWriteFailure(error)) continue;
        // Final already (a supervisor closed it) or closed: nothing left to write.
        options.onGiveUp?.(opId, error);
        return;
      }
    }
  };

  return {
    hold(opId, outcome) {
      if (controller.signal.aborted || loops.has(opId)) return;
      const run = write(opId, outcome).finally(() => loops.delete(opId));
      loops.set(opId, run);
    },
    waiting: () => [...loops.keys()],
    async whenIdle() {
      while (loops.size > 0) await Promise.allSettled([...loops.values()]);
    },
    async close() {
      controller.abort();
      while (loops.size > 0) await Promise.allSettled([...loops.values()]);
    },
  };
}
