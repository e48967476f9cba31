// Paid-and-billed, v3 and v2: the call that lets the store hand over the goods. It is tied to the
// journaled Verify (or v2 Info) whose amount the cashier collected, journaled before the call,
// and reported succeeded only on the service's 200. A call without a definite answer is handed
// to the journal's retry loop (billing-loops.ts), which repeats it (the service gives only the
// first call effect) until the answer is definite, also after a restart; the renderer polls
// `journal.operation`. Money held for an earlier refusal of the code is marked used once it
// bills (billing-held-money.ts).
import type { BilledResult, HeldMoney } from '../../../shared/bridge';
import type { JournalOperation } from '../../../shared/journal-entry';
import type { Journal } from '../../journal/journal';
import { META_USES_HELD } from '../../journal/operation-index';
import type { ServiceClient } from '../../service/service-client';
import { badArguments } from '../bridge-failure';
import type { HandlerDeps } from '../deps';
import { refuseIfTakenElsewhere } from './across-counters';
import { billingHeldMoney } from './billing-held-money';
import { refuseWhileBillingInDoubt } from './billing-in-doubt';
import { createBillingLoops } from './billing-loops';
import { billedData, callFor, type Generation, KIND, type Plan, planFrom } from './billing-request';
import { nameCashierHere } from './cashier-here';
import { heldFor } from './held-money';
import { createKeyedLock } from './keyed-lock';
import { invoiceFor, requireService, requireShift, type Shift } from './operation-support';
import { errorFromOutcome, journalOutcome } from './service-outcome';

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

type Kind = (typeof KIND)[Generation];

/** The Verify (v3) or Info (v2) being billed: a successful one of this shift's cashier. */
async function successfulSource(
  journal: Journal,
  kind: Kind,
  sourceOpId: string,
  shift: Shift,
): Promise<JournalOperation> {
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
  return source;
}

/** An earlier paid-and-billed of this Verify that is not refused: it is the operation. */
async function findExisting(
  journal: Journal,
  kind: Kind,
  source: JournalOperation,
): Promise<JournalOperation | null> {
  // The journal indexes which operations name this Verify in their meta, on any day: only
  // those are read back. Reading every paid-and-billed of the Verify's day and of today made
  // each call slower as the day went on (see bench/) and missed one made on a day in between.
  const mine = (
    await journal.linkedTo(source.op_id, { operation: kind.operation, key: kind.link })
  ).filter((op) => op.status !== 'refused');
  return mine.sort((a, b) => a.started_at.localeCompare(b.started_at)).at(-1) ?? null;
}

/**
 * The billing's intent, journaled before the call: under a till sale's lock, so a cancel from the
 * till comes before (and this is refused) or after (and the cancel is refused), never both. The
 * money held for an earlier refusal of the code, read before, is named in the intent, so the
 * journal alone says it was used once this billing succeeds, also if the host dies before the
 * notes (NOTE_USES_HELD).
 */
async function recordBillingIntent(
  deps: HandlerDeps,
  billing: {
    kind: Kind;
    shift: Shift;
    plan: Plan;
    source: JournalOperation;
    hold: HeldMoney | null;
  },
): Promise<string> {
  const { kind, shift, plan, source, hold } = billing;
  const guard = deps.integration?.saleRequests.guardBilling ?? ((_v, task) => task());
  return guard(source, () =>
    deps.journal.recordIntent({
      operation: kind.operation,
      mode: shift.mode,
      cashier_id: shift.cashierId,
      identity: plan.identity,
      funding_code: plan.funding_code,
      billed_cents: plan.billed_cents,
      to_collect_cents: plan.to_collect_cents,
      request: plan.request,
      meta: { [kind.link]: source.op_id, ...(hold ? { [META_USES_HELD]: hold.op_ids } : {}) },
    }),
  );
}

export function createBilling(deps: HandlerDeps): Billing {
  const { journal } = deps;
  const held = billingHeldMoney(deps);
  const loops = createBillingLoops(deps, held.usedByRetried);
  /** One paid-and-billed at a time per Verify: a double click must not start two operations. */
  const withLock = createKeyedLock();

  const answerExisting = (op: JournalOperation): BilledResult => {
    const data = billedData(op.intent);
    if (op.status === 'succeeded') return { status: 'succeeded', op_id: op.op_id, data };
    loops.retryInBackground(op); // joins the loop already running, or starts one
    return {
      status: 'unknown',
      op_id: op.op_id,
      error: errorFromOutcome(op.outcome),
      retrying: true,
    };
  };

  /** The call, its outcome journaled, and the answer: green only on the service's 200. */
  const send = async (
    client: ServiceClient,
    billing: { kind: Kind; shift: Shift; plan: Plan; opId: string; hold: HeldMoney | null },
  ): Promise<BilledResult> => {
    const { kind, shift, plan, opId, hold } = billing;
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
      loops.retryInBackground(retryable);
      throw error;
    }
    if (result.ok && hold) await held.markUsed(hold, opId);
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
    const retrying = loops.retryInBackground(retryable);
    return { status: 'unknown', op_id: opId, error: result.error, retrying };
  };

  return {
    async paidAndBilled(generation, sourceOpId) {
      const shift = requireShift(deps);
      return withLock(sourceOpId, async () => {
        const kind = KIND[generation];
        const source = await successfulSource(journal, kind, sourceOpId, shift);
        const client = await requireService(deps, shift.mode);
        const existing = await findExisting(journal, kind, source);
        if (existing) return answerExisting(existing);
        // What the Verify learnt from the other counters, from the journal: no database wait.
        refuseIfTakenElsewhere(source);

        const plan = planFrom(generation, source);
        // Another Verify of the code, made before this one's billing went out, must not bill it
        // again while that billing has no answer: Verify refuses the code meanwhile, and so does
        // this (docs/decisions.md "A billing in doubt holds its code and its held money").
        await refuseWhileBillingInDoubt(journal, shift.mode, plan.funding_code);
        const hold = await heldFor(journal, shift.mode, plan.funding_code);
        const opId = await recordBillingIntent(deps, { kind, shift, plan, source, hold });
        return send(client, { kind, shift, plan, opId, hold });
      });
    },

    resumeUnresolved: loops.resumeUnresolved,
    whenIdle: loops.whenIdle,
    close: loops.close,
  };
}
