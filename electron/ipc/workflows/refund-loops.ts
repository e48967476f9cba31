// The retry loops of refunds whose answer is unknown: at most one per refund, each sending the
// refund exactly as journaled (same body, same X-Unique-Token) until the service answers for
// sure. A loop waiting out its backoff can be cut short when the cashier asks to retry now; a
// loop in the middle of a call is left to finish, so two calls of one refund never race.
import type { JournalOperation } from '../../../shared/journal-entry';
import type { AttemptFn, RetryResult } from '../../journal/run-with-retry';
import { runWithRetry } from '../../journal/run-with-retry';
import type { HandlerDeps } from '../deps';
import { untilAborted } from './billing-request';
import { plannedRefund, sendRefund } from './refund-request';
import { retryAnswer } from './service-outcome';

type Loop = { run: Promise<RetryResult>; stop: AbortController; calling: boolean };

export type RefundLoops = {
  /**
   * Starts the loop of `op` unless one runs (or it cannot be sent again as journaled).
   * `immediate`: the first call is made at once, and the promise resolves once it is answered;
   * otherwise it resolves at once and the loop backs off before each call.
   */
  start(op: JournalOperation, immediate: boolean): Promise<void>;
  isRunning(opId: string): boolean;
  /** A call of this refund is under way right now. */
  isCalling(opId: string): boolean;
  /** Stops a loop that is only waiting, and waits until it has ended. */
  stop(opId: string): Promise<void>;
  whenIdle(): Promise<void>;
  /** Stops every loop for good; their refunds stay unresolved for the next start. */
  close(): Promise<void>;
};

const noWait = async () => {};

export function createRefundLoops(deps: HandlerDeps): RefundLoops {
  const { journal, logger } = deps;
  const loops = new Map<string, Loop>();
  let closed = false;

  const attemptFor = (op: JournalOperation, loop: Pick<Loop, 'calling'>): AttemptFn | null => {
    const plan = plannedRefund(op.intent);
    if (!plan) {
      // Never made up again (above all, never with a new token): left for a supervisor.
      logger.error('unfinished refund cannot be retried: unreadable intent', {
        op_id: op.op_id,
        operation: op.operation,
      });
      return null;
    }
    return async ({ signal }) => {
      // The refund's own mode, whatever the terminal is in now.
      const client = await deps.serviceFor(op.mode);
      if (!client) return { kind: 'unknown', error_category: 'not-configured' };
      // Stopped while its attempt was being journaled: no call leaves.
      if (signal.aborted) return { kind: 'unknown', error_category: 'cancelled' };
      loop.calling = true;
      try {
        const result = await untilAborted(sendRefund(client, plan), signal);
        if (result === null) return { kind: 'unknown', error_category: 'cancelled' };
        return retryAnswer(result, result.ok ? result.data : {});
      } finally {
        loop.calling = false;
      }
    };
  };

  const settle = () => Promise.allSettled([...loops.values()].map((loop) => loop.run));

  return {
    start(op, immediate) {
      if (closed || loops.has(op.op_id)) return Promise.resolve();
      const loop: Loop = {
        run: Promise.resolve({ status: 'unknown', calls: 0, reason: 'cancelled' }),
        stop: new AbortController(),
        calling: false,
      };
      const attempt = attemptFor(op, loop);
      if (!attempt) return Promise.resolve();
      const common = { journal, opId: op.op_id, attempt, signal: loop.stop.signal };
      let firstAnswered = () => {};
      const first = new Promise<void>((resolve) => {
        firstAnswered = resolve;
      });
      loop.run = (async () => {
        try {
          if (immediate) {
            const once = await runWithRetry({
              ...common,
              policy: { ...deps.retry?.policy, maxAttempts: 1 },
              random: () => 0,
              sleep: noWait,
            });
            firstAnswered();
            if (once.status !== 'unknown' || loop.stop.signal.aborted) return once;
          }
          return await runWithRetry({ ...common, ...deps.retry });
        } finally {
          firstAnswered();
        }
      })();
      loops.set(op.op_id, loop);
      void loop.run
        .then(
          (result) => logger.info('refund retry loop ended', { op_id: op.op_id, ...result }),
          (error: unknown) => logger.error('refund retry loop failed', { op_id: op.op_id, error }),
        )
        .finally(() => {
          if (loops.get(op.op_id) === loop) loops.delete(op.op_id);
        });
      return immediate ? first : Promise.resolve();
    },

    isRunning: (opId) => loops.has(opId),
    isCalling: (opId) => loops.get(opId)?.calling === true,

    async stop(opId) {
      const loop = loops.get(opId);
      if (!loop || loop.calling) return;
      loop.stop.abort();
      await loop.run.catch(() => undefined);
      if (loops.get(opId) === loop) loops.delete(opId);
    },

    async whenIdle() {
      while (loops.size > 0) await settle();
    },

    async close() {
      closed = true;
      for (const loop of loops.values()) loop.stop.abort();
      while (loops.size > 0) await settle();
    },
  };
}
