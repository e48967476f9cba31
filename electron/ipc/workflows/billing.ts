// Paid-and-billed, v3 and v2: the call that lets the store hand over the goods. It is tied to the
// journaled Verify (or v2 Info) whose amount the cashier collected, journaled before the call,
// and reported succeeded only on the service's 200. A call without a definite answer is handed
// to the journal's retry loop, which repeats it (the service gives only the first call effect)
// until the answer is definite, also after a restart; the renderer polls `journal.operation`.
import type { BilledResult, HeldMoney } from '../../../shared/bridge';
import type { JournalOperation } from '../../../shared/journal-entry';
import { META_USES_HELD } from '../../journal/operation-index';
import { createResolver } from '../../journal/resolver';
import type { AttemptFn } from '../../journal/run-with-retry';
import { badArguments } from '../bridge-failure';
import type { HandlerDeps } from '../deps';
import { refuseIfTakenElsewhere } from './across-counters';
import { refuseWhileBillingInDoubt } from './billing-in-doubt';
import {
  billedData,
  callFor,
  type Generation,
  KIND,
  planFrom,
  untilAborted,
} from './billing-request';
import { nameCashierHere } from './cashier-here';
import { heldFor, settleHeld } from './held-money';
import { createKeyedLock } from './keyed-lock';
import { invoiceFor, requireService, requireShift } from './operation-support';
import { errorFromOutcome, journalOutcome, retryAnswer } from './service-outcome';

export type { Generation };

export type Billing = {
  paidAndBilled(generation: Generation, sourceOpId: string): Promise<BilledResult>;
  /** Starts retry loops for the journal's unfinished paid-and-billed operations. */
  resumeUnresolved(): Promise<string[]>;
  /** Resolves when no retry loop is running (tests; shutdown). */
  whenIdle(): Promise<void>;
  /** Stops the retry loops; their operations stay unresolved and resume at the next start. */
  close(): Promise<void>;
};

type Retryable = Pick<JournalOperation, 'op_id' | 'operation' | 'mode'> & {
  intent: Pick<JournalOperation['intent'], 'request'>;
};

export function createBilling(deps: HandlerDeps): Billing {
  const { journal, logger } = deps;
  const resolver = createResolver({ journal, ...deps.retry });
  const background = new Set<Promise<unknown>>();
  /** One paid-and-billed at a time per Verify: a double click must not start two operations. */
  const withLock = createKeyedLock();

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

  /** Operations whose loop this billing already follows to its end (one follower each). */
  const followed = new Set<string>();

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
        if (result.status === 'succeeded') await usedByRetried(op.op_id);
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

  /** An earlier paid-and-billed of this Verify that is not refused: it is the operation. */
  const findExisting = async (
    generation: Generation,
    source: JournalOperation,
  ): Promise<JournalOperation | null> => {
    const { operation, link } = KIND[generation];
    // The journal indexes which operations name this Verify in their meta, on any day: only
    // those are read back. Reading every paid-and-billed of the Verify's day and of today made
    // each call slower as the day went on (see bench/) and missed one made on a day in between.
    const mine = (await journal.linkedTo(source.op_id, { operation, key: link })).filter(
      (op) => op.status !== 'refused',
    );
    return mine.sort((a, b) => a.started_at.localeCompare(b.started_at)).at(-1) ?? null;
  };

  /** The held money paid this billing; a note that fails to write must not undo the green. */
  const markUsed = async (
    hold: Pick<HeldMoney, 'hold_id' | 'op_ids' | 'funding_code' | 'amount_cents'>,
    billingOpId: string,
  ) => {
    try {
      await settleHeld(journal, hold, 'used', { used_by_op_id: billingOpId });
    } catch (error) {
      logger.error('held money could not be marked used', { hold_id: hold.hold_id, error });
    }
  };

  /**
   * A billing the retry loop got through used the money held for its code, if that money was
   * held before this billing started (Verify refuses the code meanwhile, so no later refusal
   * can be another collection).
   */
  const usedByRetried = async (opId: string) => {
    try {
      const billing = await journal.operation(opId);
      const code = billing?.intent.funding_code;
      if (!billing || !code) return;
      const named = billing.intent.meta?.[META_USES_HELD];
      if (Array.isArray(named)) {
        // Its success already ended the hold it names (the index); the notes say so for audit.
        const ids = named.filter((id): id is string => typeof id === 'string');
        const latest = ids.length > 0 ? await journal.operation(ids.at(-1) ?? '') : null;
        if (!latest) return;
        await markUsed(
          {
            hold_id: latest.op_id,
            op_ids: ids,
            funding_code: code,
            amount_cents: latest.intent.to_collect_cents ?? 0,
          },
          opId,
        );
        return;
      }
      // A billing journaled before its intent named the hold it uses (an older journal).
      const hold = await heldFor(journal, billing.mode, code);
      if (hold && hold.held_at <= billing.started_at) await markUsed(hold, opId);
    } catch (error) {
      logger.error('held money could not be checked after a retry', { op_id: opId, error });
    }
  };

  const answerExisting = (op: JournalOperation): BilledResult => {
    const data = billedData(op.intent);
    if (op.status === 'succeeded') return { status: 'succeeded', op_id: op.op_id, data };
    retryInBackground(op); // joins the loop already running, or starts one
    return {
      status: 'unknown',
      op_id: op.op_id,
      error: errorFromOutcome(op.outcome),
      retrying: true,
    };
  };

  return {
    async paidAndBilled(generation, sourceOpId) {
      const shift = requireShift(deps);
      return withLock(sourceOpId, async () => {
        const kind = KIND[generation];
        const source = await journal.operation(sourceOpId);
        if (
          !source ||
          source.operation !== kind.source ||
          source.status !== 'succeeded' ||
          source.mode !== shift.mode ||
          source.intent.cashier_id.toUpperCase() !== shift.cashierId
        ) {
          throw badArguments(`not a successful ${kind.source} of this cashier`, {
            [kind.link]: `no successful ${kind.source} of this shift with this id`,
          });
        }
        const client = await requireService(deps, shift.mode);
        const existing = await findExisting(generation, source);
        if (existing) return answerExisting(existing);
        // What the Verify learnt from the other counters, from the journal: no database wait.
        refuseIfTakenElsewhere(source);

        const plan = planFrom(generation, source);
        // Another Verify of the code, made before this one's billing went out, must not bill it
        // again while that billing has no answer: Verify refuses the code meanwhile, and so does
        // this (docs/decisions.md "A billing in doubt holds its code and its held money").
        await refuseWhileBillingInDoubt(journal, shift.mode, plan.funding_code);
        // A till's sale: written under its lock, so a cancel from the till comes before (and
        // this is refused) or after (and the cancel is refused), never both.
        // Money held for an earlier refusal of this code, read before this billing is journaled:
        // its refusals are named in the intent, so the journal alone says they were used once
        // this billing succeeds, also if the host dies before the notes (NOTE_USES_HELD).
        const hold = await heldFor(journal, shift.mode, plan.funding_code);
        const guard = deps.integration?.saleRequests.guardBilling ?? ((_v, task) => task());
        const opId = await guard(source, () =>
          journal.recordIntent({
            operation: kind.operation,
            mode: shift.mode,
            cashier_id: shift.cashierId,
            identity: plan.identity,
            funding_code: plan.funding_code,
            billed_cents: plan.billed_cents,
            to_collect_cents: plan.to_collect_cents,
            request: plan.request,
            meta: { [kind.link]: sourceOpId, ...(hold ? { [META_USES_HELD]: hold.op_ids } : {}) },
          }),
        );
        const call = callFor(kind.operation, plan.request);
        if (!call) throw new Error('a planned request failed its own schema');
        const result = await call(client);
        const outcome = journalOutcome(result, {});
        const retryable = {
          op_id: opId,
          operation: kind.operation,
          mode: shift.mode,
          intent: { request: plan.request },
        };
        try {
          await journal.recordOutcome(opId, outcome);
        } catch (error) {
          // Answered, but the outcome line failed (disk full): the retry loop asks again once the
          // journal takes entries (a repeat has no effect and answers 200 again), so the billing
          // settles without a restart (docs/decisions.md "No operation stays pending without a
          // loop"). The bridge answers journal-unavailable: amber, money held.
          retryInBackground(retryable);
          throw error;
        }
        if (result.ok && hold) await markUsed(hold, opId);
        const data = {
          billed_cents: plan.billed_cents,
          collected_cents: plan.to_collect_cents,
          invoice: invoiceFor(plan.identity),
        };
        if (result.ok) return { status: 'succeeded', op_id: opId, data };
        if (outcome.status === 'refused') {
          const refused = { status: 'refused' as const, op_id: opId, error: result.error };
          return nameCashierHere(journal, shift, plan.funding_code, refused);
        }
        const retrying = retryInBackground(retryable);
        return { status: 'unknown', op_id: opId, error: result.error, retrying };
      });
    },

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
