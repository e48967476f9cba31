// The checks made around each cashier operation of a run: right after the bridge answers (a
// success must already be true at the mock) and once the operation is resolved (one effect per
// operation, the payment the amount the cashier collected).
import type { BilledResult, UndoResult } from '../../shared/bridge';
import { bridge, externalPayments, flag, fundingOf, type RunContext } from './run-context';

type Generation = 'v3' | 'v2';

export type BillingOutcome = 'succeeded' | 'refused' | 'open' | 'none';

/**
 * Paid-and-billed of a successful Verify (v3) or Info (v2): may be double-clicked, may be pressed
 * again while unknown, and is then left to the retry loop until definite.
 */
export async function payAndBill(
  context: RunContext,
  generation: Generation,
  sourceOpId: string,
  code: string,
  choices: { doubleClick: boolean; pressAgain: boolean; restart: boolean },
): Promise<BillingOutcome> {
  const { tracker } = context;
  const before = {
    billings: tracker.of(code).billings,
    ext: externalPayments(fundingOf(context, code)).length,
  };
  const press = () =>
    generation === 'v3'
      ? bridge(context, 'v3.paidAndBilled', { verify_op_id: sourceOpId })
      : bridge(context, 'v2.paidAndBilled', { info_op_id: sourceOpId });

  // A restart is made while the retry loop waits before its first retry (see holdRetries).
  if (choices.restart) context.holdRetries();
  const answers = choices.doubleClick ? await Promise.all([press(), press()]) : [await press()];
  const first = answers[0];
  if (!first) {
    context.releaseRetries();
    return 'none';
  }
  for (const answer of answers) {
    if (!answer) continue;
    checkBilledAnswer(context, generation, code, answer, before.billings);
    // A refused operation had no effect, so the other click may start a new one; otherwise
    // both clicks must be answered by the same operation.
    if (answer.op_id !== first.op_id && first.status !== 'refused') {
      flag(context, 'double-effect', `${generation} double click started two operations`);
    }
  }
  if (first.status === 'unknown' && choices.pressAgain) {
    const again = await press();
    if (again) {
      checkBilledAnswer(context, generation, code, again, before.billings);
      if (again.op_id !== first.op_id) {
        flag(context, 'double-effect', `${generation} pressed again: a second operation`);
      }
    }
  }

  if (first.status === 'unknown' && choices.restart) {
    // The app quits while the retry loop runs; the next start resumes the operation.
    await context.restart();
  }
  context.releaseRetries();
  await context.backend.table.whenIdle();
  const op = await context.backend.journal.operation(first.op_id);
  if (!op) {
    flag(context, 'unresolved', `${generation} paid-and-billed ${first.op_id} not in the journal`);
    return 'none';
  }
  const funding = fundingOf(context, code);
  const billings = tracker.of(code).billings - before.billings;
  const added = externalPayments(funding).slice(before.ext);
  if (billings > 1)
    flag(context, 'double-effect', `${generation} billed ${billings} times by one operation`);
  if (added.length > 1) {
    flag(
      context,
      'double-effect',
      `${generation} recorded ${added.length} payments for one operation`,
    );
  }
  if (op.status === 'succeeded') {
    if (!isSuccessStatus(op.outcome?.http_status)) {
      flag(
        context,
        'false-success',
        `${generation} journaled succeeded with http ${op.outcome?.http_status}`,
      );
    }
    if (funding.billing === null || billings !== 1) {
      flag(
        context,
        'false-success',
        `${generation} journaled succeeded, mock billings ${billings}`,
      );
    }
    const collect = op.intent.to_collect_cents ?? 0;
    const expected = collect > 0 ? [collect] : [];
    const recorded = added.map((payment) => payment.amount);
    if (recorded.join() !== expected.join()) {
      flag(
        context,
        'money',
        `${generation} collected ${collect}, mock recorded [${recorded.join()}]`,
      );
    }
    return 'succeeded';
  }
  if (op.status === 'refused') {
    if (billings !== 0 || added.length !== 0) {
      flag(context, 'lost-effect', `${generation} journaled refused, mock billings ${billings}`);
    }
    return 'refused';
  }
  flag(
    context,
    'unresolved',
    `${generation} paid-and-billed ${op.status} after the faults stopped`,
  );
  return 'open';
}

/** A success the bridge gives must already be true at the mock: billed by this operation. */
function checkBilledAnswer(
  context: RunContext,
  generation: Generation,
  code: string,
  answer: BilledResult,
  billingsBefore: number,
) {
  if (answer.status !== 'succeeded') return;
  const funding = fundingOf(context, code);
  if (funding.billing === null || context.tracker.of(code).billings <= billingsBefore) {
    flag(
      context,
      'false-success',
      `${generation} paid-and-billed answered succeeded, mock not billed`,
    );
  }
}

/** Undo billing with the supervisor PIN: never retried; an unknown undo is left as it is. */
export async function undoBilling(
  context: RunContext,
  generation: Generation,
  identity: { kind: 'dni'; value: string },
  code: string,
  pin: string,
): Promise<UndoResult['status'] | 'none'> {
  const before = context.tracker.of(code).undos;
  const args = { identity, funding_code: code, pin, reason: 'cambio de producto' };
  const answer =
    generation === 'v3'
      ? await bridge(context, 'v3.undoBilling', args)
      : await bridge(context, 'v2.undoBilling', args);
  if (!answer) return 'none';
  const undos = context.tracker.of(code).undos - before;
  if (undos > 1) flag(context, 'double-effect', `${generation} undo applied ${undos} times`);
  const op = await context.backend.journal.operation(answer.op_id);
  if (op?.status !== answer.status) {
    flag(
      context,
      'contract',
      `${generation} undo answered ${answer.status}, journal ${op?.status}`,
    );
  }
  if (answer.status === 'succeeded') {
    if (fundingOf(context, code).billing !== null || undos !== 1) {
      flag(context, 'false-success', `${generation} undo answered succeeded, mock undos ${undos}`);
    }
    if (!isSuccessStatus(op?.outcome?.http_status)) {
      flag(context, 'false-success', `${generation} undo journaled without a 2xx`);
    }
  }
  if (answer.status === 'refused' && undos !== 0) {
    flag(context, 'lost-effect', `${generation} undo answered refused but the mock undid`);
  }
  return answer.status;
}

export const isSuccessStatus = (status: number | undefined) =>
  status !== undefined && status >= 200 && status < 300;
