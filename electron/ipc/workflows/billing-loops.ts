// The retry loops of paid-and-billed operations without a definite answer (billing.ts): at most
// one follower per operation, each repeating the call exactly as journaled (the service gives
// only the first call effect) until the answer is definite, also after a restart.
import type { JournalOperation } from '../../../shared/journal-entry';
import { createResolver } from '../../journal/resolver';
import type { AttemptFn } from '../../journal/run-with-retry';
import type { HandlerDeps } from '../deps';
import { callFor, KIND, untilAborted } from './billing-request';
import { retryAnswer } from './service-outcome';

/** What a loop needs of an operation: its id, kind, mode and the request it journaled. */
export type Retryable = Pick<JournalOperation, 'op_id' | 'operation' | 'mode'> & {
  intent: Pick<JournalOperation['intent'], 'request'>;
};

export type BillingLoops = {
  /**
   * Follows `op` to a definite answer in the background: false when it cannot be sent again as
   * journaled. A repeat joins the loop already running.
   */
  retryInBackground(op: Retryable): boolean;
  /** Starts a loop for each of the journal's unfinished paid-and-billed operations. */
  resumeUnresolved(): Promise<string[]>;
  whenIdle(): Promise<void>;
  close(): Promise<void>;
};

/** `succeeded`: what to do once a loop got the service's 200 (the held money it used). */
export function createBillingLoops(
  deps: HandlerDeps,
  succeeded: (opId: string) => Promise<void>,
): BillingLoops {
  const { journal, logger } = deps;
  const resolver = createResolver({ journal, ...deps.retry });
  const background = new Set<Promise<unknown>>();
  /** Operations whose loop this billing already follows to its end (one follower each). */
  const followed = new Set<string>();

  const attemptFor = (op: Retryable): AttemptFn | null => {
    const call = callFor(op.operation, op.intent.request);
    if (!call) {
      logger.error('unfinished operation cannot be retried: unreadable request', {
        op_id: op.op_id,
        operation: op.operation,
      });
      return null;
    }
    return async ({ signal }) => {
      // The operation's own mode, whatever the terminal is in now.
      const client = await deps.serviceFor(op.mode);
      if (!client) return { kind: 'unknown', error_category: 'not-configured' };
      const result = await untilAborted(call(client), signal);
      if (result === null) return { kind: 'unknown', error_category: 'cancelled' };
      return retryAnswer(result);
    };
  };

  const retryInBackground = (op: Retryable): boolean => {
    const attempt = attemptFor(op);
    if (!attempt) return false;
    // A repeat (double click, reload, the outcome line failing) joins the running loop; a second
    // follower would mark the held money used a second time when it ends.
    if (followed.has(op.op_id)) {
      resolver
        .resolve(op.op_id, attempt)
        .catch((error: unknown) => logger.error('retry loop failed', { op_id: op.op_id, error }));
      return true;
    }
    followed.add(op.op_id);
    const run = resolver.resolve(op.op_id, attempt).then(
      async (result) => {
        logger.info('retry loop ended', { op_id: op.op_id, ...result });
        if (result.status === 'succeeded') await succeeded(op.op_id);
      },
      (error: unknown) => logger.error('retry loop failed', { op_id: op.op_id, error }),
    );
    background.add(run);
    void run.finally(() => {
      background.delete(run);
      followed.delete(op.op_id);
    });
    return true;
  };

  return {
    retryInBackground,

    async resumeUnresolved() {
      const resumed: string[] = [];
      for (const op of await journal.unresolved()) {
        const billing = op.operation === KIND.v3.operation || op.operation === KIND.v2.operation;
        if (billing && retryInBackground(op)) resumed.push(op.op_id);
      }
      if (resumed.length > 0)
        logger.info('resumed unfinished paid-and-billed', { op_ids: resumed });
      return resumed;
    },

    async whenIdle() {
      while (background.size > 0) await Promise.allSettled([...background]);
    },

    async close() {
      await resolver.cancel();
      while (background.size > 0) await Promise.allSettled([...background]);
    },
  };
}
