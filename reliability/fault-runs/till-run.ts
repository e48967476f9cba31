// One seeded fault run of a till's sale request: the till POSTs (and sometimes POSTs again as
// after a lost answer), the cashier Verifies it until definite and confirms (double clicks,
// presses again while unknown), the till sometimes cancels at the same moment, the backend is
// sometimes restarted while the retry loop waits, with seeded faults between the client and the
// mock. At the end the till's state is compared with what reached the mock.
import type { SaleRequest } from '../../shared/integration/sale-request';
import { openChaosRun } from './chaos-run';
import { createFunding, externalPayments, fundingOf, type RunContext } from './run-context';
import type { RunOptions } from './run-options';

export type TillRunReport = {
  index: number;
  seed: number;
  state: string;
  falseBilled: number;
  doubleEffects: number;
  violations: string[];
};

const BASE = '/integration/v1/sale-requests';

export async function tillRun(options: RunOptions): Promise<TillRunReport> {
  const { index, seed, mock } = options;
  const report: TillRunReport = {
    index,
    seed,
    state: '',
    falseBilled: 0,
    doubleEffects: 0,
    violations: [],
  };
  const flag = (text: string) => report.violations.push(text);
  const { rng, tracker, run, plan } = await openChaosRun(options);
  const call = (method: string, args: unknown) =>
    run.backend.table.methods[method as 'v3.verify'](args as never, {
      channel: 'direct',
      verified: true,
    }).then(
      (result) => ({ ok: true as const, result: result as { status: string; op_id: string } }),
      (error: { code?: string }) => ({ ok: false as const, code: String(error.code) }),
    );
  const till = (method: string, path: string, body?: unknown) =>
    run.backend.integration.send(method, path, body);
  try {
    const dni = `8${String(index).padStart(7, '0')}`;
    const credit = rng.int(20_000, 400_000);
    const code = await createFunding(mock, {
      dni,
      credit_line: credit / 100,
      parts: rng.int(2, 8),
    });
    const billedCents = rng.chance(0.3) ? credit + rng.int(1, 50_000) : rng.int(5_000, credit);
    const body = { request_id: `T-${seed}`, billed_amount: billedCents / 100 };
    const first = await till('POST', BASE, body);
    if (first.status !== 201) flag(`first POST answered ${first.status}`);
    if (rng.chance(0.5)) {
      const again = await till('POST', BASE, body);
      const same =
        (again.body as SaleRequest).created_at === (first.body as SaleRequest).created_at;
      if (again.status !== 200 || !same) flag(`a repeated POST answered ${again.status}`);
    }
    await call('shift.start', { cashier_id: `caja-${index % 5}` });
    let verifyOpId: string | null = null;
    for (let i = 0; i < 12 && !verifyOpId; i++) {
      const answer = await call('v3.verify', {
        identity: { kind: 'dni', value: dni },
        funding_code: code,
        billed_cents: billedCents,
        sale_request_id: body.request_id,
      });
      if (answer.ok && answer.result.status === 'succeeded') verifyOpId = answer.result.op_id;
      if (answer.ok && answer.result.status === 'refused') break;
    }
    if (verifyOpId) {
      const cancelWith = rng.chance(0.3);
      const restart = rng.chance(0.3);
      if (restart) run.holdRetries();
      const presses = [call('v3.paidAndBilled', { verify_op_id: verifyOpId })];
      if (rng.chance(0.4)) presses.push(call('v3.paidAndBilled', { verify_op_id: verifyOpId }));
      const cancel = cancelWith ? till('POST', `${BASE}/${body.request_id}/cancel`) : null;
      const answers = await Promise.all(presses);
      if (cancel && (await cancel).status === 200 && answers.some((a) => a.ok)) {
        flag('canceled by the till while a confirm was taken');
      }
      if (restart) {
        await run.restart();
        run.releaseRetries();
      }
      if (answers.some((a) => a.ok && a.result.status === 'unknown')) {
        await call('v3.paidAndBilled', { verify_op_id: verifyOpId });
      }
    } else if (rng.chance(0.5)) {
      await till('POST', `${BASE}/${body.request_id}/cancel`);
    }
    plan.enabled = false;
    await run.backend.table.whenIdle();
    const final = (await till('GET', `${BASE}/${body.request_id}`)).body as SaleRequest;
    report.state = final.state;
    const effects = tracker.of(code);
    const funding = fundingOf({ mock } as RunContext, code);
    const billed = funding.billing !== null;
    if (effects.billings > 1 || externalPayments(funding).length > 1) {
      report.doubleEffects += 1;
      flag(`billed ${effects.billings} times`);
    }
    if (final.state === 'billed' && !billed) {
      report.falseBilled += 1;
      flag('billed to the till, not at the service');
    }
    if (final.state !== 'billed' && billed)
      flag(`${final.state} to the till, billed at the service`);
    if (final.state === 'unknown') flag('left unknown after the faults stopped');
    const requests = await run.backend.journal.ofOperation('integration.saleRequest');
    if (requests.length !== 1) flag(`${requests.length} sale requests journaled`);
  } catch (error) {
    flag(`crash: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  } finally {
    await run.remove();
  }
  return report;
}
