// One seeded run: a cashier's v3 sale (Verify → Paid-and-billed, sometimes an undo and a new
// billing), and a v2 sale (Info → Paid-and-billed, sometimes an undo), through the product's
// handlers, journal on disk and client, with seeded faults between the client and the mock.
// When the flow is done the faults stop, the retry loops finish, and the whole journal and the
// mock's records are compared.

import { DaySummary } from '../../shared/api/in-store';
import type { SeededRandom } from '../support/seeded-random';
import { openChaosRun } from './chaos-run';
import { isSuccessStatus, payAndBill, undoBilling } from './operation-checks';
import { infoUntilDefinite, verifyUntilDefinite } from './read-checks';
import { PIN, TODAY } from './run-backend';
import { createFunding, externalPayments, flag, fundingOf, type RunContext } from './run-context';
import type { RunOptions } from './run-options';
import { newReport, type RunReport } from './run-report';

export type { RunOptions };

export async function cashierRun(options: RunOptions): Promise<RunReport> {
  const { index, seed, mock } = options;
  const report = newReport(index, seed);
  const { rng, tracker, run, plan } = await openChaosRun(options, { diskFaults: true });
  const context: RunContext = {
    backend: run.backend,
    restart: async () => {
      context.backend = await run.restart();
    },
    holdRetries: run.holdRetries,
    releaseRetries: run.releaseRetries,
    mock,
    tracker,
    report,
    cashierId: `CAJA-${index % 7}`,
    answered: new Set(),
    journalMayFail: () => plan.counts['disk-full'] > 0,
  };
  const dni = (n: number) => `7${String(index * 2 + n).padStart(7, '0')}`;
  const codes: Array<{ code: string; dni: string }> = [];
  try {
    await context.backend.table.methods['shift.start'](
      { cashier_id: context.cashierId },
      {
        channel: 'direct',
        verified: true,
      },
    );
    codes.push(await v3Sale(context, rng, dni(0)));
    codes.push(await v2Sale(context, rng, dni(1)));
    plan.enabled = false;
    await context.backend.table.whenIdle();
    await finalChecks(context, codes);
  } catch (error) {
    flag(context, 'crash', error instanceof Error ? (error.stack ?? error.message) : String(error));
  } finally {
    report.faults = plan.counts;
    report.faultLog = plan.log;
    report.spuriousTimeouts = plan.spuriousTimeouts;
    await run.remove();
  }
  return report;
}

async function v3Sale(context: RunContext, rng: SeededRandom, dni: string) {
  const credit = rng.int(20_000, 400_000);
  const billed = rng.chance(0.3) ? credit + rng.int(1, 200_000) : rng.int(5_000, credit);
  const paid = rng.chance(0.2) ? rng.int(1, 30_000) : 0;
  const code = await createFunding(context.mock, {
    dni,
    credit_line: credit / 100,
    parts: rng.int(1, 8),
    ...(paid > 0 ? { paid_to_service: paid / 100 } : {}),
  });
  const identity = { kind: 'dni' as const, value: dni };
  const choices = () => ({
    doubleClick: rng.chance(0.15),
    pressAgain: rng.chance(0.3),
    restart: rng.chance(0.2),
  });

  const verified = await verifyUntilDefinite(context, identity, code, billed, 3);
  if (!verified) return { code, dni };
  if (rng.chance(0.1)) {
    // The customer adds an item after the Verify; the cashier bills the first Verify anyway.
    await verifyUntilDefinite(context, identity, code, billed + rng.int(1, 5_000), 1);
  }
  if (verified.data.conditions.billed_by_ecommerce) return { code, dni };
  const billedOutcome = await payAndBill(context, 'v3', verified.op_id, code, choices());
  if (billedOutcome !== 'succeeded' || !rng.chance(0.5)) return { code, dni };

  await undoBilling(context, 'v3', identity, code, PIN);
  if (!rng.chance(0.6)) return { code, dni };
  // The exchanged product is billed again; a billed funding's Verify says so and stops here.
  const again = await verifyUntilDefinite(context, identity, code, billed, 3);
  if (again && !again.data.conditions.billed_by_ecommerce) {
    await payAndBill(context, 'v3', again.op_id, code, choices());
  }
  return { code, dni };
}

async function v2Sale(context: RunContext, rng: SeededRandom, dni: string) {
  const credit = rng.int(20_000, 400_000);
  const parts = rng.int(1, 8);
  const installment = Math.floor(credit / parts);
  const downpayment = credit - (parts - 1) * installment;
  // Sometimes the whole down payment was paid online: FULFILLED, nothing to collect.
  const paidOnline = rng.chance(0.15);
  const code = await createFunding(context.mock, {
    dni,
    credit_line: credit / 100,
    parts,
    ...(paidOnline ? { paid_to_service: downpayment / 100 } : {}),
  });
  const identity = { kind: 'dni' as const, value: dni };
  const checked = await infoUntilDefinite(context, identity, code, 3);
  if (!checked || checked.data.info.billed_by_ecommerce) return { code, dni };
  const outcome = await payAndBill(context, 'v2', checked.op_id, code, {
    doubleClick: rng.chance(0.15),
    pressAgain: rng.chance(0.3),
    restart: rng.chance(0.2),
  });
  if (outcome === 'succeeded' && rng.chance(0.3)) {
    await undoBilling(context, 'v2', identity, code, PIN);
  }
  return { code, dni };
}

/** Once the faults stopped and the loops ended: the journal as a whole against the mock. */
async function finalChecks(context: RunContext, fundings: Array<{ code: string; dni: string }>) {
  const { backend, report } = context;
  const ops = await backend.journal.operations({ day: TODAY });
  const ids = new Set(ops.map((op) => op.op_id));
  for (const opId of context.answered) {
    if (!ids.has(opId)) flag(context, 'unresolved', `answered op ${opId} missing from the journal`);
  }
  for (const op of ops) {
    const key = `${op.operation}:${op.status}`;
    report.outcomes[key] = (report.outcomes[key] ?? 0) + 1;
    const billing = op.operation.endsWith('paidAndBilled');
    if (op.status === 'pending' || (billing && op.status === 'unknown')) {
      flag(context, 'unresolved', `${op.operation} ${op.status} once the faults stopped`);
    }
    if (op.status === 'succeeded' && !isSuccessStatus(op.outcome?.http_status)) {
      flag(
        context,
        'false-success',
        `${op.operation} succeeded with http ${op.outcome?.http_status}`,
      );
    }
  }
  const summary = await daySummary(context);
  for (const { code, dni } of fundings) {
    const funding = fundingOf(context, code);
    const mine = ops.filter((op) => op.intent.funding_code === code);
    const billed = mine.filter(
      (op) => op.operation.endsWith('paidAndBilled') && op.status === 'succeeded',
    ).length;
    const effects = context.tracker.of(code);
    if (effects.billings > billed) {
      // Per operation, more than one effect is flagged as a double effect by payAndBill.
      flag(context, 'lost-effect', `${code}: ${effects.billings} billings, ${billed} journaled`);
    } else if (effects.billings < billed) {
      flag(
        context,
        'false-success',
        `${code}: ${billed} billings journaled, ${effects.billings} at the mock`,
      );
    }
    const undone = mine.some((op) => op.operation.endsWith('undoBilling'));
    if (!undone && (funding.billing !== null) !== billed > 0) {
      flag(
        context,
        'false-success',
        `${code}: mock billed ${funding.billing !== null}, journal ${billed}`,
      );
    }
    const rows = (summary.order_detail ?? []).filter((row) => row.dni === dni);
    const external = rows.filter((row) => row.payment_origin === 'external').length;
    const expected = funding.billing === null ? 0 : externalPayments(funding).length;
    if (external !== expected) {
      flag(
        context,
        'double-effect',
        `${code}: ${external} external rows in the day summary, ${expected} expected`,
      );
    }
  }
}

async function daySummary(context: RunContext) {
  const response = await context.mock.inject({
    method: 'GET',
    url: `/pos/client/inhouse-downpayment/v2/day-summary?day=${TODAY}&detail=true`,
    headers: { authorization: `Bearer ${context.mock.mockContext.credentials.token}` },
  });
  return DaySummary.parse(JSON.parse(response.body));
}
