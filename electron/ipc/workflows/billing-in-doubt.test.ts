// A code whose paid-and-billed has no answer yet gets no second amount to collect: Verify (v3)
// and Info (v2) refuse it until the service has answered, so the money is never taken twice
// (docs/decisions.md "Counter safety in the cashier's flows (issue 10)").
import { describe, expect, it } from 'vitest';
import {
  billThroughFault,
  errorOf,
  ok,
  PLAIN_SALE,
  stalledRetry,
  testBed,
  verifiedSale,
} from '../compose/test-support';

const bed = testBed();

describe('a billing in doubt', () => {
  it('refuses a second Verify of the code while its paid-and-billed is unknown', async () => {
    const backend = await bed.openOnShift({ retry: stalledRetry });
    const verified = await verifiedSale(backend.table);
    const first = await billThroughFault(backend.table, verified.op_id);
    expect(first).toMatchObject({ status: 'unknown' });
    const again = await errorOf(backend.table, 'v3.verify', PLAIN_SALE);
    expect(again.code).toBe('billing-in-doubt');
  });

  it('lets the code be verified once the billing has its answer', async () => {
    const backend = await bed.openOnShift();
    const verified = await verifiedSale(backend.table);
    await billThroughFault(backend.table, verified.op_id);
    // The retry loop (instant here) settles it; then the service says the code is billed.
    await expect
      .poll(async () => (await backend.journal.unresolved()).length, { timeout: 5_000 })
      .toBe(0);
    const again = await ok(backend.table, 'v3.verify', PLAIN_SALE);
    expect(again.status).toBe('succeeded');
  });

  it('refuses a second v2 Info of the code while its v2 paid-and-billed is unknown', async () => {
    const backend = await bed.openOnShift({ retry: stalledRetry });
    const scenario = (await ok(backend.table, 'training.scenarios', {})).scenarios.find(
      (s) => s.name === 'v2-pending',
    );
    if (!scenario || !('dni' in scenario.identity)) throw new Error('scenario missing');
    const args = {
      identity: { kind: 'dni' as const, value: scenario.identity.dni },
      funding_code: scenario.funding_code,
    };
    const info = await ok(backend.table, 'v2.info', args);
    if (info.status !== 'succeeded') throw new Error(info.status);
    await ok(backend.table, 'training.injectFault', {
      operation: 'v2.paidAndBilled',
      fault: 'timeout',
      times: 1,
    });
    const first = await ok(backend.table, 'v2.paidAndBilled', { info_op_id: info.op_id });
    expect(first).toMatchObject({ status: 'unknown' });
    expect((await errorOf(backend.table, 'v2.info', args)).code).toBe('billing-in-doubt');
  });
});
