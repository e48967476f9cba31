// The training catalogue's store case through the real handlers, journal and in-process mock:
// with no store database, picking "Store close: one counter cut off from the database" gives the
// store close a practice store of three counters, Caja 3 cut off (docs/decisions.md "A practice
// store database for the training store close").
import { describe, expect, it } from 'vitest';
import { errorOf, NOW, ok, PIN, TODAY, testBed, verifiedSale } from '../compose/test-support';

const bed = testBed('on-shift');
const CASE = 'store-close-counter-cut-off';

describe('the training store close', () => {
  it('is not there until the store case is picked: F6 stays the one-counter summary', async () => {
    const absent = await errorOf(bed.backend.table, 'storeClose.load', { day: TODAY });
    expect(absent.code).toBe('not-configured');
  });

  it('shows Caja 3 silent holding a sale the database has without an answer; the rest balances', async () => {
    await ok(bed.backend.table, 'supervisor.setPin', { pin: PIN });
    // The trainee sells at this counter first, and undoes a sale the seed billed (at Caja 2 or 3).
    const verified = await verifiedSale(bed.backend.table);
    await ok(bed.backend.table, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
    const undo = await ok(bed.backend.table, 'v3.undoBilling', {
      identity: { kind: 'dni', value: '41000012' },
      funding_code: 'DESHA1',
      pin: PIN,
      reason: 'Cambio de producto',
    });
    expect(undo.status).toBe('succeeded');
    const picked = await ok(bed.backend.table, 'training.applyScenario', { name: CASE });
    expect(picked).toMatchObject({ action: 'close', store: 'counter-cut-off' });

    const view = await ok(bed.backend.table, 'storeClose.load', { day: TODAY });
    const { draft } = view;
    const caja3 = draft.counters.find((c) => c.terminal_name === 'Caja 3');
    expect(caja3).toMatchObject({ freshness: 'silent' });
    expect(draft.counters.find((c) => c.terminal_name === 'Caja 2')).toMatchObject({
      freshness: 'current',
    });
    // This counter's own sale is its own, and the service has it.
    const terminalId = (await ok(bed.backend.table, 'settings.get', {})).terminal_id;
    const here = draft.counters.find((c) => c.terminal_id === terminalId);
    expect(here).toMatchObject({ billed: 1, undone: 1, collected_cents: 30_000 });
    // Silent since its cut-off, holding its sale of CORTE1 without an answer: the close waits for
    // Caja 3's return, as in a store (issue 35 item 3).
    expect(draft.exceptions).toContainEqual(
      expect.objectContaining({
        kind: 'silent',
        terminal_id: caja3?.terminal_id,
        open_operations: 1,
      }),
    );
    expect(draft.exceptions).toContainEqual(
      expect.objectContaining({
        kind: 'open',
        terminal_id: caja3?.terminal_id,
        funding_code: 'CORTE1',
        to_collect_cents: 25_000,
      }),
    );
    expect(view.refusal).toEqual({ reason: 'open-operations', count: 1 });
    expect(draft.counts).toMatchObject({ missing: 0, extra: 0, amount_differs: 0, pending: 1 });
    expect(draft.counts.matched).toBeGreaterThan(1);
    expect(draft.as_of).toBe(NOW);
    // It names its case, so a reloaded screen shows the case's hint again.
    expect(view.practice).toBe('counter-cut-off');
  });

  it('closes once after the class brings Caja 3 back; the practice reset or another case turns it off', async () => {
    await ok(bed.backend.table, 'supervisor.setPin', { pin: PIN });
    // Not in a store: there is no practice counter to reconnect.
    expect(
      (await errorOf(bed.backend.table, 'storeClose.practiceReconnect', { day: TODAY })).code,
    ).toBe('not-available');
    await ok(bed.backend.table, 'training.applyScenario', { name: CASE });
    const args = { day: TODAY, pin: PIN, supervisor: 'Rosa', note: 'Caja 3 sin conexión' };
    // Naming it changes nothing: its sale has no answer.
    expect(await ok(bed.backend.table, 'storeClose.close', args)).toMatchObject({
      outcome: 'refused',
      refusal: { reason: 'open-operations', count: 1 },
    });
    const back = await ok(bed.backend.table, 'storeClose.practiceReconnect', { day: TODAY });
    expect(back.refusal).toBeNull();
    expect(back.draft.counters.find((c) => c.terminal_name === 'Caja 3')).toMatchObject({
      freshness: 'current',
    });
    expect(back.draft.exceptions.filter((e) => e.kind === 'silent' || e.kind === 'open')).toEqual(
      [],
    );
    const closed = await ok(bed.backend.table, 'storeClose.close', args);
    expect(closed).toMatchObject({ outcome: 'closed', already: false });
    const again = await ok(bed.backend.table, 'storeClose.close', { ...args, supervisor: 'Luis' });
    expect(again).toMatchObject({ outcome: 'closed', already: true });
    expect(again.view.stored?.content.closed?.supervisor).toBe('Rosa');

    await ok(bed.backend.table, 'training.reset', {});
    expect((await errorOf(bed.backend.table, 'storeClose.load', { day: TODAY })).code).toBe(
      'not-configured',
    );
    // Picked again after the reset: a new story, not yet closed, Caja 3 cut off again.
    await ok(bed.backend.table, 'training.applyScenario', { name: CASE });
    const fresh = await ok(bed.backend.table, 'storeClose.load', { day: TODAY });
    expect(fresh.stored).toBeNull();
    expect(fresh.refusal).toEqual({ reason: 'open-operations', count: 1 });
    await ok(bed.backend.table, 'training.applyScenario', { name: 'plain-sale' });
    expect((await errorOf(bed.backend.table, 'storeClose.load', { day: TODAY })).code).toBe(
      'not-configured',
    );
  });

  it('never answers for a live store close, even while the store case is on', async () => {
    await ok(bed.backend.table, 'supervisor.setPin', { pin: PIN });
    await ok(bed.backend.table, 'training.applyScenario', { name: CASE });
    expect((await ok(bed.backend.table, 'storeClose.load', { day: TODAY })).mode).toBe('training');
    // The terminal goes live with no store database: the practice store is not the store's.
    await bed.backend.settings.update({ mode: 'live', base_url: 'https://service.example' });
    // Refused for want of a store database, before anything is read or asked of the service.
    const noStore = { code: 'not-configured', message: expect.stringMatching(/No store database/) };
    expect(await errorOf(bed.backend.table, 'storeClose.load', { day: TODAY })).toMatchObject(
      noStore,
    );
    const args = { day: TODAY, pin: PIN, supervisor: 'Rosa', note: 'no' };
    expect(await errorOf(bed.backend.table, 'storeClose.close', args)).toMatchObject(noStore);
    await bed.backend.settings.update({ mode: 'training' });
  });
});
