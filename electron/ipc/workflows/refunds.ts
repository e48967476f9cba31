// Total and partial refunds: money going back, so never twice. Each refund gets ONE
// X-Unique-Token, written in the journal intent (meta.unique_token) before the first call and
// read back from there by every later call of the same refund — the automatic retries of an
// unknown answer (with backoff, also after a restart) and the cashier's explicit retry — so the
// service sees one transaction however often it is sent, and replays its first answer. A new
// refund of an order whose earlier refund is still unknown is not made: the earlier one is
// answered instead, to be finished first. The token never leaves the main process.
import { randomUUID } from 'node:crypto';
import type { Mode, RefundArgs, RefundResult } from '../../../shared/bridge';
import { centsToWire } from '../../../shared/domain/money';
import type { JournalOperation } from '../../../shared/journal-entry';
import { badArguments } from '../bridge-failure';
import type { HandlerDeps } from '../deps';
import { createKeyedLock } from './keyed-lock';
import { requireService, requireShift } from './operation-support';
import { createRefundLoops } from './refund-loops';
import {
  isRefundOperation,
  plannedRefund,
  REFUND_OPERATION,
  refundData,
  sendRefund,
} from './refund-request';
import { errorFromOutcome, isIndefinite, journalOutcome } from './service-outcome';

export type Refunds = {
  refund(args: RefundArgs): Promise<RefundResult>;
  /** Calls an unknown refund again now, with its journaled token. */
  retry(opId: string): Promise<RefundResult>;
  /** Starts retry loops for the journal's unfinished refunds (at start). */
  resumeUnresolved(): Promise<string[]>;
  whenIdle(): Promise<void>;
  /** Stops the retry loops; their refunds stay unresolved and resume at the next start. */
  close(): Promise<void>;
};

export function createRefunds(deps: HandlerDeps): Refunds {
  const { journal, logger } = deps;
  const loops = createRefundLoops(deps);
  const lock = createKeyedLock();

  const lockKey = (mode: Mode, orderId: string) => `${mode}:${orderId}`;

  /** The bridge answer of a journaled refund, as it stands now. */
  const answerOf = (op: JournalOperation): RefundResult => {
    if (op.status === 'succeeded') {
      const data = refundData(op.intent, op.outcome?.result);
      // The journal kept the service's 200 as checked; anything else is a damaged line.
      if (!data) throw new Error(`refund ${op.op_id} succeeded but its result is unreadable`);
      return { status: 'succeeded', op_id: op.op_id, data };
    }
    const error = errorFromOutcome(op.outcome);
    if (op.status === 'refused') return { status: 'refused', op_id: op.op_id, error };
    return { status: 'unknown', op_id: op.op_id, error, retrying: loops.isRunning(op.op_id) };
  };

  const reread = async (opId: string): Promise<JournalOperation> => {
    const op = await journal.operation(opId);
    if (!op) throw new Error(`refund ${opId} vanished from the journal`);
    return op;
  };

  /** An earlier refund of the order with no definite answer yet: it must be finished first. */
  const openRefundOf = async (mode: Mode, orderId: string) =>
    (await journal.unresolved()).find(
      (op) => isRefundOperation(op.operation) && op.mode === mode && op.intent.order_id === orderId,
    );

  return {
    async refund(args) {
      const shift = requireShift(deps);
      const client = await requireService(deps, shift.mode);
      return lock(lockKey(shift.mode, args.order_id), async () => {
        const open = await openRefundOf(shift.mode, args.order_id);
        if (open) {
          void loops.start(open, false); // joins the loop already running, or starts one
          return answerOf(open);
        }
        const body =
          args.kind === 'total'
            ? { author: shift.cashierId, reason: args.reason }
            : {
                amount: centsToWire(args.amount_cents),
                author: shift.cashierId,
                reason: args.reason,
              };
        const opId = await journal.recordIntent({
          operation: REFUND_OPERATION[args.kind],
          mode: shift.mode,
          cashier_id: shift.cashierId,
          order_id: args.order_id,
          ...(args.kind === 'partial' ? { refund_cents: args.amount_cents } : {}),
          request: body,
          // On disk before the call: every retry, even after a crash, sends this same token.
          meta: { unique_token: randomUUID() },
        });
        // The first call is built from the journaled intent, exactly as every retry will be.
        const journaled = await reread(opId);
        const plan = plannedRefund(journaled.intent);
        if (!plan) throw new Error('a journaled refund failed its own schema');
        const result = await sendRefund(client, plan);
        try {
          await journal.recordOutcome(opId, journalOutcome(result));
        } catch (error) {
          // Answered, but the outcome line failed (disk full): the loop sends the refund again
          // with its journaled token once the journal takes entries, and the service replays
          // its first answer (docs/decisions.md "No operation stays pending without a loop (issue 19)").
          void loops.start(journaled, false);
          throw error;
        }
        if (result.ok) {
          const data = refundData(journaled.intent, result.data);
          if (!data) throw new Error('a checked refund answer failed its own schema');
          return { status: 'succeeded', op_id: opId, data };
        }
        if (!isIndefinite(result.error)) {
          return { status: 'refused', op_id: opId, error: result.error };
        }
        void loops.start(journaled, false);
        return {
          status: 'unknown',
          op_id: opId,
          error: result.error,
          retrying: loops.isRunning(opId),
        };
      });
    },

    async retry(opId) {
      const found = await journal.operation(opId);
      if (!found || !isRefundOperation(found.operation) || !found.intent.order_id) {
        throw badArguments('not a refund', { op_id: 'no refund with this id' });
      }
      // Training and live never mix: a refund is retried from the mode it was made in.
      if (found.mode !== deps.settings.get().mode) {
        throw badArguments('a refund of the other mode', { op_id: `a ${found.mode} refund` });
      }
      await requireService(deps, found.mode);
      return lock(lockKey(found.mode, found.intent.order_id), async () => {
        const op = await reread(opId);
        if (op.status === 'succeeded' || op.status === 'refused') return answerOf(op);
        // A call under way now answers soon; a second one beside it would only race it.
        if (loops.isCalling(opId)) return answerOf(op);
        // Waiting out a backoff: stop the wait and call now instead.
        await loops.stop(opId);
        await loops.start(await reread(opId), true);
        return answerOf(await reread(opId));
      });
    },

    async resumeUnresolved() {
      const resumed: string[] = [];
      for (const op of await journal.unresolved()) {
        if (!isRefundOperation(op.operation)) continue;
        void loops.start(op, false);
        if (loops.isRunning(op.op_id)) resumed.push(op.op_id);
      }
      if (resumed.length > 0) logger.info('resumed unfinished refunds', { op_ids: resumed });
      return resumed;
    },

    whenIdle: () => loops.whenIdle(),
    close: () => loops.close(),
  };
}
