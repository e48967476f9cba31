// Money collected for a sale the service refused stays the customer's (issue 18 item 3): the
// journal holds it until a note says it was given back or used, the next Verify/Info of the code
// says to use it (collecting only the difference), a billing that uses it ends the hold, and the
// day close lists it. All of it read back after a restart: the journal is the only source.
import { describe, expect, it } from 'vitest';
import {
  NOTE_MONEY_KEPT,
  NOTE_MONEY_RETURNED,
  NOTE_MONEY_USED,
} from '../../journal/operation-index';
import {
  billThroughFault,
  errorOf,
  ok,
  stalledRetry,
  TODAY,
  testBed,
} from '../compose/test-support';
import { heldMoney } from './held-money';

const bed = testBed('on-shift');
const CRONO = {
  identity: { kind: 'dni' as const, value: '41000007' },
  funding_code: 'CRONO1',
  billed_cents: 100_000,
};

/** CRONO1 verified, collected, and refused: the schedule is not accepted yet. */
async function refusedAfterCollecting() {
  const verified = await ok(bed.backend.table, 'v3.verify', CRONO);
  if (verified.status !== 'succeeded') throw new Error(`verify ${verified.status}`);
  const refused = await ok(bed.backend.table, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
  expect(refused.status).toBe('refused');
  return { verified, refused };
}

async function notesOf(opId: string, backend = bed.backend) {
  const text = await backend.journal.operation(opId);
  expect(text).not.toBeNull();
  const { readFile } = await import('node:fs/promises');
  const lines = (await readFile(backend.journal.path, 'utf8')).trim().split('\n');
  return lines
    .map((line) => JSON.parse(line) as { type: string; op_id: string; data?: { kind?: string } })
    .filter((entry) => entry.type === 'note' && entry.op_id === opId)
    .map((entry) => entry.data?.kind);
}

describe('money held for a refused sale', () => {
  it('is held after the refusal, with amount, time and reason, also after a restart', async () => {
    const { refused } = await refusedAfterCollecting();
    const held = await ok(bed.backend.table, 'money.held', {});
    expect(held.total_cents).toBe(25_000);
    expect(held.holds).toEqual([
      expect.objectContaining({
        hold_id: refused.op_id,
        funding_code: 'CRONO1',
        identity: { kind: 'dni', value: '41000007' },
        amount_cents: 25_000,
        generation: 'v3',
        cashier_id: 'CAJA-01',
        reason: expect.objectContaining({ category: 'state-conflict' }),
      }),
    ]);
    await bed.backend.close();
    const reopened = await bed.openOnShift();
    expect(await ok(reopened.table, 'money.held', {})).toEqual(held);
  });

  it('makes the next Verify of the code use it: nothing more to collect', async () => {
    await refusedAfterCollecting();
    const again = await ok(bed.backend.table, 'v3.verify', CRONO);
    if (again.status !== 'succeeded') throw new Error(again.status);
    expect(again.data.amounts.to_collect).toBe(25_000);
    expect(again.data.held).toMatchObject({
      to_collect_now_cents: 0,
      give_back_cents: 0,
      hold: { amount_cents: 25_000, funding_code: 'CRONO1' },
    });
    // Another code knows nothing of it.
    const other = await ok(bed.backend.table, 'v3.verify', {
      identity: { kind: 'dni', value: '41000001' },
      funding_code: 'VENTA1',
      billed_cents: 120_000,
    });
    if (other.status !== 'succeeded') throw new Error(other.status);
    expect(other.data.held).toBeUndefined();
  });

  it('a retry refused again is the same money, counted once', async () => {
    const { verified } = await refusedAfterCollecting();
    const retried = await ok(bed.backend.table, 'v3.paidAndBilled', {
      verify_op_id: verified.op_id,
    });
    expect(retried.status).toBe('refused');
    const held = await ok(bed.backend.table, 'money.held', {});
    expect(held.holds).toHaveLength(1);
    expect(held.holds[0]?.op_ids).toHaveLength(2);
    expect(held.total_cents).toBe(25_000);
  });

  it('is used by the billing once the customer accepted the schedule, and then no longer held', async () => {
    const { refused } = await refusedAfterCollecting();
    await ok(bed.backend.table, 'training.acceptSchedule', { funding_code: 'CRONO1' });
    const again = await ok(bed.backend.table, 'v3.verify', CRONO);
    if (again.status !== 'succeeded') throw new Error(again.status);
    const billed = await ok(bed.backend.table, 'v3.paidAndBilled', { verify_op_id: again.op_id });
    expect(billed.status).toBe('succeeded');
    expect(await ok(bed.backend.table, 'money.held', {})).toEqual({ holds: [], total_cents: 0 });
    expect(await notesOf(refused.op_id)).toEqual([NOTE_MONEY_USED]);
  });

  it('is used by a billing whose success is journaled, even if the host died before the note', async () => {
    await refusedAfterCollecting();
    await ok(bed.backend.table, 'training.acceptSchedule', { funding_code: 'CRONO1' });
    const again = await ok(bed.backend.table, 'v3.verify', CRONO);
    if (again.status !== 'succeeded') throw new Error(again.status);
    const billed = await ok(bed.backend.table, 'v3.paidAndBilled', { verify_op_id: again.op_id });
    expect(billed.status).toBe('succeeded');
    await bed.backend.close();
    // The journal as a host killed between the billing's outcome line and its notes leaves it.
    const { readFile, writeFile } = await import('node:fs/promises');
    const path = bed.backend.journal.path;
    const lines = (await readFile(path, 'utf8')).trim().split('\n');
    const cut = lines.filter((line) => !line.includes(NOTE_MONEY_USED));
    expect(cut.length).toBeLessThan(lines.length);
    await writeFile(path, `${cut.join('\n')}\n`);
    const reopened = await bed.openOnShift();
    // Still "held", a later Verify would tell the cashier to give back money that paid the sale.
    expect(await ok(reopened.table, 'money.held', {})).toEqual({ holds: [], total_cents: 0 });
  });

  it('is used by a billing whose answer was lost and that the retry loop then got through', async () => {
    const { refused } = await refusedAfterCollecting();
    await ok(bed.backend.table, 'training.acceptSchedule', { funding_code: 'CRONO1' });
    const again = await ok(bed.backend.table, 'v3.verify', CRONO);
    if (again.status !== 'succeeded') throw new Error(again.status);
    const lost = await billThroughFault(bed.backend.table, again.op_id);
    expect(lost.status).toBe('unknown');
    await bed.backend.table.whenIdle();
    const billing = await ok(bed.backend.table, 'journal.operation', { op_id: lost.op_id });
    expect(billing.status).toBe('succeeded');
    expect(await ok(bed.backend.table, 'money.held', {})).toEqual({ holds: [], total_cents: 0 });
    expect(await notesOf(refused.op_id)).toEqual([NOTE_MONEY_USED]);
  });

  it('given back: journaled and no longer held; kept: journaled and still held', async () => {
    const { refused } = await refusedAfterCollecting();
    const kept = await ok(bed.backend.table, 'money.settleHeld', {
      hold_id: refused.op_id,
      how: 'kept',
    });
    expect(kept.total_cents).toBe(25_000);
    const returned = await ok(bed.backend.table, 'money.settleHeld', {
      hold_id: refused.op_id,
      how: 'returned',
    });
    expect(returned).toEqual({ holds: [], total_cents: 0 });
    expect(await notesOf(refused.op_id)).toEqual([NOTE_MONEY_KEPT, NOTE_MONEY_RETURNED]);
    // Given back: the next Verify collects the whole amount again.
    const again = await ok(bed.backend.table, 'v3.verify', CRONO);
    if (again.status !== 'succeeded') throw new Error(again.status);
    expect(again.data.held).toBeUndefined();
  });

  it('is listed on the day close with its total (receipt lines, the PDF and A4 share them)', async () => {
    await refusedAfterCollecting();
    const preview = await ok(bed.backend.table, 'receipt.preview', {
      request: { document: 'day-close', day: TODAY },
    });
    const text = preview.lines.map((line) => line.text).join('\n');
    expect(text).toMatch(/Dinero retenido por ventas rechazadas \(1\)/);
    expect(text).toMatch(/CRONO1/);
    expect(text).toMatch(/Total retenido[^\n]*S\/\s250\.00/);
  });

  it('practice money held goes with the practice data on "Reiniciar datos de práctica"', async () => {
    await refusedAfterCollecting();
    await ok(bed.backend.table, 'training.reset', {});
    expect(await ok(bed.backend.table, 'money.held', {})).toEqual({ holds: [], total_cents: 0 });
  });

  it('is a plain function over the journal, per mode (for a store-wide close)', async () => {
    await refusedAfterCollecting();
    expect(await heldMoney(bed.backend.journal, 'live')).toEqual([]);
    expect((await heldMoney(bed.backend.journal, 'training')).map((h) => h.amount_cents)).toEqual([
      25_000,
    ]);
  });
});

describe('money held while a billing of its code has no answer yet', () => {
  // The retry loop stalls: the billing that uses the hold stays in doubt for the whole test.
  const doubt = testBed();

  /** A hold for CRONO1, the schedule accepted, then `verifies` Verifies of the code. */
  async function heldThenVerified(verifies: number) {
    const backend = await doubt.openOnShift({ retry: stalledRetry });
    const verified = await ok(backend.table, 'v3.verify', CRONO);
    if (verified.status !== 'succeeded') throw new Error(verified.status);
    const refused = await ok(backend.table, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
    expect(refused.status).toBe('refused');
    await ok(backend.table, 'training.acceptSchedule', { funding_code: 'CRONO1' });
    const again = [];
    for (let i = 0; i < verifies; i += 1) {
      const next = await ok(backend.table, 'v3.verify', CRONO);
      if (next.status !== 'succeeded') throw new Error(next.status);
      expect(next.data.held?.to_collect_now_cents).toBe(0);
      again.push(next);
    }
    return { backend, refused, again };
  }

  it('is not given back while the billing that used it may still go through', async () => {
    const { backend, refused, again } = await heldThenVerified(1);
    const lost = await billThroughFault(backend.table, again[0]?.op_id ?? '');
    expect(lost.status).toBe('unknown');
    // Given back now, the customer would have the goods and the money if the retry gets through.
    const refusal = await errorOf(backend.table, 'money.settleHeld', {
      hold_id: refused.op_id,
      how: 'returned',
    });
    expect(refusal.code).toBe('billing-in-doubt');
    expect((await ok(backend.table, 'money.held', {})).total_cents).toBe(25_000);
    expect(await notesOf(refused.op_id, backend)).toEqual([]);
  });

  it('a second Verify of the code is not billed while the first billing has no answer', async () => {
    // Two Verifies made before the first billing (a second window, a stale screen, a till).
    const { backend, again } = await heldThenVerified(2);
    const lost = await billThroughFault(backend.table, again[0]?.op_id ?? '');
    expect(lost.status).toBe('unknown');
    const second = await errorOf(backend.table, 'v3.paidAndBilled', {
      verify_op_id: again[1]?.op_id ?? '',
    });
    expect(second.code).toBe('billing-in-doubt');
    // The first one's own repeat (double click, reload) still joins its operation.
    const repeat = await ok(backend.table, 'v3.paidAndBilled', {
      verify_op_id: again[0]?.op_id ?? '',
    });
    expect(repeat).toMatchObject({ status: 'unknown', op_id: lost.op_id });
  });
});

describe('money held, used by a billing the retry loop got through', () => {
  const joined = testBed();

  it('is marked used once, however many times the billing was asked again meanwhile', async () => {
    // The retry loop waits at its first pause until the test lets it go on.
    let go = () => {};
    const gate = new Promise<void>((resolve) => {
      go = resolve;
    });
    const backend = await joined.openOnShift({ retry: { sleep: () => gate, random: () => 0 } });
    const verified = await ok(backend.table, 'v3.verify', CRONO);
    if (verified.status !== 'succeeded') throw new Error(verified.status);
    const refused = await ok(backend.table, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
    expect(refused.status).toBe('refused');
    await ok(backend.table, 'training.acceptSchedule', { funding_code: 'CRONO1' });
    const again = await ok(backend.table, 'v3.verify', CRONO);
    if (again.status !== 'succeeded') throw new Error(again.status);
    const lost = await billThroughFault(backend.table, again.op_id);
    expect(lost.status).toBe('unknown');
    // A double click and a reload ask for the same billing while its loop waits.
    for (let i = 0; i < 2; i += 1) {
      const repeat = await ok(backend.table, 'v3.paidAndBilled', { verify_op_id: again.op_id });
      expect(repeat).toMatchObject({ status: 'unknown', op_id: lost.op_id });
    }
    go();
    await backend.table.whenIdle();
    expect((await ok(backend.table, 'journal.operation', { op_id: lost.op_id })).status).toBe(
      'succeeded',
    );
    expect(await ok(backend.table, 'money.held', {})).toEqual({ holds: [], total_cents: 0 });
    expect(await notesOf(refused.op_id, backend)).toEqual([NOTE_MONEY_USED]);
  });
});

describe('cashier codes', () => {
  it('are upper case from shift start on', async () => {
    const settings = await ok(bed.backend.table, 'shift.start', { cashier_id: 'caja-02' });
    expect(settings.cashier_id).toBe('CAJA-02');
  });

  it('a "cashier changed" refusal names this terminal’s own previous cashier', async () => {
    await ok(bed.backend.table, 'v3.verify', CRONO);
    await ok(bed.backend.table, 'shift.end', {});
    await ok(bed.backend.table, 'shift.start', { cashier_id: 'caja-02' });
    const refused = await ok(bed.backend.table, 'v3.verify', CRONO);
    expect(refused).toMatchObject({ status: 'refused', started_here_by: 'CAJA-01' });
  });
});
