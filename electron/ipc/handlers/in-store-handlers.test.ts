// The cashier's flow through the real handlers, the real journal on disk and the mock in process.
import { describe, expect, it } from 'vitest';
import {
  errorOf,
  externalRows,
  ok,
  PIN,
  PLAIN_SALE,
  TODAY,
  testBed,
} from '../compose/test-support';

const bed = testBed('backend');

const startShift = () => ok(bed.backend.table, 'shift.start', { cashier_id: 'caja-01' });

describe('v3 sale', () => {
  it('needs a shift before any journaled operation', async () => {
    const error = await errorOf(bed.backend.table, 'v3.verify', PLAIN_SALE);
    expect(error.code).toBe('not-configured');
    expect(await bed.backend.journal.operations({ day: TODAY })).toEqual([]);
  });

  it('answers not-configured in live mode without a token, journaling nothing', async () => {
    await ok(bed.backend.table, 'supervisor.setPin', { pin: PIN });
    await startShift();
    await bed.backend.settings.update({ mode: 'live', base_url: 'https://service.example' });
    expect((await errorOf(bed.backend.table, 'v3.verify', PLAIN_SALE)).code).toBe('not-configured');
    expect(await bed.backend.journal.operations({ day: TODAY })).toEqual([]);
  });

  it('verifies, bills once on a 200, and journals both with their outcomes', async () => {
    await startShift();
    const verified = await ok(bed.backend.table, 'v3.verify', PLAIN_SALE);
    expect(verified.status).toBe('succeeded');
    if (verified.status !== 'succeeded') return;
    expect(verified.data.amounts).toMatchObject({
      billed: 120_000,
      approved: 120_000,
      excedent: 0,
      downpayment: 30_000,
      downpayment_inhouse: 30_000,
      downpayment_paid_online: 0,
      installments_number: 3,
      installments_amount: 30_000,
      to_collect: 30_000,
    });

    const billed = await ok(bed.backend.table, 'v3.paidAndBilled', {
      verify_op_id: verified.op_id,
    });
    expect(billed).toEqual({
      status: 'succeeded',
      op_id: expect.any(String),
      data: { billed_cents: 120_000, collected_cents: 30_000, invoice: 'boleta' },
    });
    expect(await externalRows(bed.mock)).toEqual([
      { order_id: expect.any(String), dni: '41000001', payment_origin: 'external', amount: 300 },
    ]);

    const operation = await ok(bed.backend.table, 'journal.operation', { op_id: billed.op_id });
    expect(operation).toMatchObject({
      operation: 'v3.paidAndBilled',
      mode: 'training',
      status: 'succeeded',
      calls: 1,
      intent: {
        cashier_id: 'CAJA-01',
        billed_cents: 120_000,
        to_collect_cents: 30_000,
        meta: { verify_op_id: verified.op_id },
        request: {
          dni: '41000001',
          funding_code: 'VENTA1',
          billed_amount: 1200,
          cashier_id: 'CAJA-01',
        },
      },
      outcome: { status: 'succeeded', http_status: 200 },
    });
    const today = await ok(bed.backend.table, 'journal.operations', {});
    expect(today.day).toBe(TODAY);
    expect(today.operations.map((op) => op.operation)).toEqual(['v3.verify', 'v3.paidAndBilled']);
  });

  it('adds the excedent to the down payment in the amount to collect', async () => {
    await startShift();
    const verified = await ok(bed.backend.table, 'v3.verify', {
      identity: { kind: 'dni', value: '41000003' },
      funding_code: 'EXCED1',
      billed_cents: 135_050,
    });
    expect(verified.status === 'succeeded' && verified.data.amounts).toMatchObject({
      approved: 100_000,
      excedent: 35_050,
      downpayment_inhouse: 25_000,
      downpayment_paid_online: 0,
      to_collect: 60_050,
    });
  });

  it('answers a second paid-and-billed of the same Verify with the same operation', async () => {
    await startShift();
    const verified = await ok(bed.backend.table, 'v3.verify', PLAIN_SALE);
    const args = { verify_op_id: verified.op_id };
    const [first, second] = await Promise.all([
      ok(bed.backend.table, 'v3.paidAndBilled', args),
      ok(bed.backend.table, 'v3.paidAndBilled', args),
    ]);
    expect(first.status).toBe('succeeded');
    expect(second).toEqual(first);
    const billings = (await bed.backend.journal.operations({ day: TODAY })).filter(
      (op) => op.operation === 'v3.paidAndBilled',
    );
    expect(billings).toHaveLength(1);
    expect(await externalRows(bed.mock)).toHaveLength(1);
  });

  it('refuses a paid-and-billed not tied to a successful Verify of this cashier', async () => {
    await startShift();
    const unknownId = '00000000-0000-4000-8000-000000000000';
    expect(
      (await errorOf(bed.backend.table, 'v3.paidAndBilled', { verify_op_id: unknownId })).code,
    ).toBe('bad-arguments');
    const refused = await ok(bed.backend.table, 'v3.verify', {
      ...PLAIN_SALE,
      funding_code: 'ZZZZZZ',
    });
    expect(refused.status).toBe('refused');
    expect(
      (await errorOf(bed.backend.table, 'v3.paidAndBilled', { verify_op_id: refused.op_id })).code,
    ).toBe('bad-arguments');

    const verified = await ok(bed.backend.table, 'v3.verify', PLAIN_SALE);
    await ok(bed.backend.table, 'shift.start', { cashier_id: 'caja-02' });
    const other = await errorOf(bed.backend.table, 'v3.paidAndBilled', {
      verify_op_id: verified.op_id,
    });
    expect(other.code).toBe('bad-arguments');
    expect(await externalRows(bed.mock)).toEqual([]);
  });

  it("reports the service's refusal with its exact message", async () => {
    await startShift();
    const verified = await ok(bed.backend.table, 'v3.verify', {
      identity: { kind: 'dni', value: '41000099' },
      funding_code: 'VENTA1',
      billed_cents: 120_000,
    });
    expect(verified).toMatchObject({
      status: 'refused',
      error: {
        category: 'not-found',
        httpStatus: 404,
        message: 'Financing DNI does not match with the DNI sent',
      },
    });
    const operation = await ok(bed.backend.table, 'journal.operation', { op_id: verified.op_id });
    expect(operation.outcome).toMatchObject({
      status: 'refused',
      http_status: 404,
      service_message: 'Financing DNI does not match with the DNI sent',
    });
  });

  it('refuses paid-and-billed until the customer accepts the schedule, then bills', async () => {
    await startShift();
    const scenario = (await ok(bed.backend.table, 'training.scenarios', {})).scenarios.find(
      (s) => s.name === 'schedule-acceptance-needed',
    );
    if (!scenario || !('dni' in scenario.identity) || scenario.billed_amount === undefined) {
      throw new Error('scenario missing');
    }
    const sale = {
      identity: { kind: 'dni' as const, value: scenario.identity.dni },
      funding_code: scenario.funding_code,
      billed_cents: Math.round(scenario.billed_amount * 100),
    };
    const verified = await ok(bed.backend.table, 'v3.verify', sale);
    const refused = await ok(bed.backend.table, 'v3.paidAndBilled', {
      verify_op_id: verified.op_id,
    });
    expect(refused).toMatchObject({
      status: 'refused',
      error: { message: 'Customer did not accept new installment schedule yet' },
    });
    await ok(bed.backend.table, 'training.acceptSchedule', { funding_code: scenario.funding_code });
    const billed = await ok(bed.backend.table, 'v3.paidAndBilled', {
      verify_op_id: verified.op_id,
    });
    expect(billed.status).toBe('succeeded');
    expect(billed.op_id).not.toBe(refused.op_id);
  });
});

describe('undo billing', () => {
  it('needs the supervisor PIN and journals the reason but never the PIN', async () => {
    await ok(bed.backend.table, 'supervisor.setPin', { pin: PIN });
    await startShift();
    const verified = await ok(bed.backend.table, 'v3.verify', PLAIN_SALE);
    await ok(bed.backend.table, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
    const undoArgs = {
      identity: PLAIN_SALE.identity,
      funding_code: PLAIN_SALE.funding_code,
      reason: 'cambio de producto',
    };
    expect(
      (await errorOf(bed.backend.table, 'v3.undoBilling', { ...undoArgs, pin: '0000' })).code,
    ).toBe('wrong-pin');
    const undone = await ok(bed.backend.table, 'v3.undoBilling', { ...undoArgs, pin: PIN });
    expect(undone).toMatchObject({ status: 'succeeded', data: { undone: true } });
    const operation = await ok(bed.backend.table, 'journal.operation', { op_id: undone.op_id });
    expect(operation.intent.meta).toEqual({ supervisor_reason: 'cambio de producto' });
    const journalText = await (await import('node:fs/promises')).readFile(
      bed.backend.journal.path,
      'utf8',
    );
    expect(journalText).not.toContain(PIN);
    // The payment stays; the funding is no longer billed.
    expect(bed.mock.mockContext.state.fundings.get('VENTA1')?.billing).toBeNull();
  });

  it('needs a PIN to be set at all', async () => {
    await startShift();
    const error = await errorOf(bed.backend.table, 'v3.undoBilling', {
      identity: PLAIN_SALE.identity,
      funding_code: PLAIN_SALE.funding_code,
      pin: PIN,
      reason: 'cambio',
    });
    expect(error.code).toBe('pin-required');
  });
});

describe('v2', () => {
  it('checks a code, bills it from the Info, and shows the day summary', async () => {
    await startShift();
    const scenario = (await ok(bed.backend.table, 'training.scenarios', {})).scenarios.find(
      (s) => s.name === 'v2-pending',
    );
    if (!scenario || !('dni' in scenario.identity)) throw new Error('scenario missing');
    const identity = { kind: 'dni' as const, value: scenario.identity.dni };
    const info = await ok(bed.backend.table, 'v2.info', {
      identity,
      funding_code: scenario.funding_code,
    });
    expect(info.status).toBe('succeeded');
    if (info.status !== 'succeeded') return;
    expect(info.data.info.downpayment_status).toBe('PENDING');

    const billed = await ok(bed.backend.table, 'v2.paidAndBilled', { info_op_id: info.op_id });
    expect(billed).toMatchObject({
      status: 'succeeded',
      data: {
        billed_cents: info.data.purchase_total_cents,
        collected_cents: info.data.downpayment_cents,
        invoice: 'boleta',
      },
    });
    const summary = await ok(bed.backend.table, 'v2.daySummary', { day: TODAY, detail: true });
    expect(summary.status).toBe('succeeded');
    if (summary.status !== 'succeeded') return;
    expect(summary.data.summary.order_detail?.length).toBeGreaterThan(0);
    const journaled = await ok(bed.backend.table, 'journal.operation', { op_id: summary.op_id });
    expect(journaled.operation).toBe('v2.daySummary');
  });

  it('refuses v2 info for a RUC (the endpoint takes a DNI)', async () => {
    await startShift();
    const error = await errorOf(bed.backend.table, 'v2.info', {
      identity: { kind: 'ruc', value: '20100070970' },
      funding_code: 'VENTA1',
    });
    expect(error).toMatchObject({
      code: 'bad-arguments',
      issues: { 'identity.kind': expect.any(String) },
    });
  });
});

describe('training controls', () => {
  it('lists and applies scenarios, and resets the mock', async () => {
    const { scenarios } = await ok(bed.backend.table, 'training.scenarios', {});
    expect(scenarios.map((s) => s.name)).toContain('plain-sale');
    const applied = await ok(bed.backend.table, 'training.applyScenario', { name: 'plain-sale' });
    expect(applied.funding_code).toBe('VENTA1');
    expect(
      (await errorOf(bed.backend.table, 'training.applyScenario', { name: 'nope' })).code,
    ).toBe('bad-arguments');
    expect(await ok(bed.backend.table, 'training.reset', {})).toEqual({ reset: true });
  });

  it("a practice reset leaves the last class's sales out of this terminal's day", async () => {
    await startShift();
    const verified = await ok(bed.backend.table, 'v3.verify', PLAIN_SALE);
    if (verified.status !== 'succeeded') throw new Error('not verified');
    await ok(bed.backend.table, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
    const before = await ok(bed.backend.table, 'journal.operations', {});
    expect(before.operations.map((op) => op.operation)).toEqual(['v3.verify', 'v3.paidAndBilled']);

    await ok(bed.backend.table, 'training.reset', {});
    // The mock forgot that sale: the day's reconciliation must not call it missing.
    expect((await ok(bed.backend.table, 'journal.operations', {})).operations).toEqual([]);
    // The reset itself is on record, and what comes after it counts again.
    const resets = await bed.backend.journal.ofOperation('training.reset');
    expect(resets.map((op) => [op.mode, op.status])).toEqual([['training', 'succeeded']]);
    await ok(bed.backend.table, 'v3.verify', PLAIN_SALE);
    const after = await ok(bed.backend.table, 'journal.operations', {});
    expect(after.operations.map((op) => op.operation)).toEqual(['v3.verify']);
  });

  it('are not available in live mode', async () => {
    await ok(bed.backend.table, 'supervisor.setPin', { pin: PIN });
    await bed.backend.settings.update({ mode: 'live', base_url: 'https://service.example' });
    for (const method of ['training.scenarios', 'training.reset'] as const) {
      expect((await errorOf(bed.backend.table, method, {})).code).toBe('not-available');
    }
    const fault = await errorOf(bed.backend.table, 'training.injectFault', {
      operation: 'v3.paidAndBilled',
      fault: 'timeout',
      times: 1,
    });
    expect(fault.code).toBe('not-available');
  });
});

describe('print and app info', () => {
  it('answers browser-print in browser mode and describes the app', async () => {
    const printed = await ok(bed.backend.table, 'print.document', {
      document: 'day-summary',
      layout: 'a4',
      target: 'printer',
      route: `#/print/day-summary?day=${TODAY}`,
    });
    expect(printed).toEqual({ handled: false, reason: 'browser-print' });
    const info = await ok(bed.backend.table, 'app.info', {});
    expect(info).toMatchObject({
      shell: 'browser',
      data_dir: bed.dir,
      journal_file: bed.backend.journal.path,
      electron: null,
      node: process.versions.node,
    });
  });
});
