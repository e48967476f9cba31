// The practice store database of the training catalogue's store case: this terminal's training
// journal and two simulated counters, one of them cut off (docs/decisions.md "A practice store
// database for the training store close").
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildStoreClose } from '../../shared/store/store-close';
import { type Journal, openJournal } from '../journal/journal';
import { makeTempDir, paidAndBilledIntent, testClock } from '../journal/test-support';
import { openTrainingStore, type PracticeBilling, type TrainingStore } from './training-store';

const STORE = 'training:terminal:CAJA0001';
const TODAY = '2026-03-10';
const QUERY = { store: STORE, mode: 'training' as const, day: TODAY };

const SEEDED: PracticeBilling[] = [
  {
    code: 'FACTU1',
    identity: { kind: 'dni', value: '41000010' },
    billed_cents: 80_000,
    collected_cents: 20_000,
    after_cut_off: false,
  },
  {
    code: 'DESHA1',
    identity: { kind: 'dni', value: '41000012' },
    billed_cents: 100_000,
    collected_cents: 25_000,
    after_cut_off: false,
  },
  {
    code: 'RUCPE1',
    identity: { kind: 'ruc', value: '10054148289' },
    billed_cents: 100_000,
    collected_cents: 25_000,
    after_cut_off: false,
  },
  {
    code: 'CORTE1',
    identity: { kind: 'dni', value: '41000020' },
    billed_cents: 100_000,
    collected_cents: 25_000,
    after_cut_off: true,
  },
];

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let journal: Journal;
let time: ReturnType<typeof testClock>;
let practice: TrainingStore;

beforeEach(async () => {
  temp = await makeTempDir();
  time = testClock('2026-03-10T15:00:00.000Z');
  journal = await openJournal({ dir: temp.dir, clock: time.clock });
  practice = openTrainingStore({
    store: async () => STORE,
    clock: time.clock,
    settings: {
      get: () => ({ time_zone: 'America/Lima', terminal_name: 'Caja 1' }),
      terminalId: async () => 'CAJA0001',
    },
    journal,
    seeded: () => SEEDED,
  });
});

afterEach(async () => {
  await journal.close();
  await temp.remove();
});

async function billedHere(identity = '41000001') {
  const opId = await journal.recordIntent(
    paidAndBilledIntent({ identity: { kind: 'dni', value: identity }, funding_code: 'VENTA1' }),
  );
  await journal.recordOutcome(opId, { status: 'succeeded' });
  return opId;
}

describe('the practice store database', () => {
  it('is not there until a store case turns it on, nor after another case', async () => {
    expect(practice.database()).toBeNull();
    await practice.use('counter-cut-off');
    expect(practice.database()).not.toBeNull();
    await practice.use(null);
    expect(practice.database()).toBeNull();
  });

  it("holds this terminal's practice since the last reset and two simulated counters", async () => {
    // Before the last practice reset: the mock has forgotten it, so the store has too.
    await billedHere('41000099');
    const reset = await journal.recordIntent({
      operation: 'training.reset',
      mode: 'training',
      cashier_id: 'TRAINER',
      request: {},
    });
    await journal.recordOutcome(reset, { status: 'succeeded' });
    time.advance(60_000);
    const here = await billedHere();
    time.advance(60_000);
    await practice.use('counter-cut-off');
    const db = practice.database();
    if (!db) throw new Error('no practice store');

    const rows = await db.readStoreDay(QUERY);
    const mine = rows.filter((r) => r.terminal_id === 'CAJA0001');
    expect(
      mine.map((r) => [r.op_id, r.terminal_name, r.identity_value, r.collected_cents]),
    ).toEqual([[here, 'Caja 1', '41000001', 37_500]]);
    // The seeded billings, shared by Caja 2 and Caja 3, as the store database's view shows them
    // (and Caja 3's sale left without an answer when it was cut off: below).
    expect(
      rows
        .filter((r) => r.terminal_id !== 'CAJA0001')
        .map((r) => r.funding_code)
        .sort(),
    ).toEqual(['CORTE1', 'DESHA1', 'FACTU1', 'RUCPE1']);
    const others = rows.filter((r) => r.terminal_id !== 'CAJA0001' && r.funding_code !== 'CORTE1');
    expect(new Set(others.map((r) => r.terminal_name))).toEqual(new Set(['Caja 2', 'Caja 3']));
    for (const row of others) {
      expect(row).toMatchObject({
        store: STORE,
        mode: 'training',
        operation: 'v3.paidAndBilled',
        status: 'succeeded',
        store_day: TODAY,
      });
      // Before anything this terminal did: an undo here of a seeded sale comes after its billing.
      expect(Date.parse(row.started_at)).toBeLessThan(Date.parse(mine[0]?.started_at ?? ''));
    }
    expect(others.find((r) => r.funding_code === 'RUCPE1')).toMatchObject({
      identity_kind: 'ruc',
      identity_value: '10054148289',
      billed_cents: 100_000,
      collected_cents: 25_000,
    });
    // Another store, another mode or another day: nothing.
    expect(await db.readStoreDay({ ...QUERY, day: '2026-03-09' })).toEqual([]);
    expect(await db.readStoreDay({ ...QUERY, mode: 'live' })).toEqual([]);
  });

  it('calls this terminal Caja 1 when it has no name: the class sees three counters by name (issue 35 item 15)', async () => {
    const unnamed = openTrainingStore({
      store: async () => STORE,
      clock: time.clock,
      settings: {
        get: () => ({ time_zone: 'America/Lima', terminal_name: null }),
        terminalId: async () => '8ADB9U',
      },
      journal,
      seeded: () => SEEDED,
    });
    await billedHere();
    await unnamed.use('counter-cut-off');
    const db = unnamed.database();
    if (!db) throw new Error('no practice store');
    const freshness = await db.readFreshness({ store: STORE, mode: 'training' });
    expect(freshness.map((f) => f.terminal_name)).toEqual(['Caja 1', 'Caja 2', 'Caja 3']);
    const mine = (await db.readStoreDay(QUERY)).filter((r) => r.terminal_id === '8ADB9U');
    expect(mine.map((r) => r.terminal_name)).toEqual(['Caja 1']);
  });

  it('reads as the training store of now: a client id set after the case was picked moves it', async () => {
    let store = STORE;
    const moving = openTrainingStore({
      store: async () => store,
      clock: time.clock,
      settings: {
        get: () => ({ time_zone: 'America/Lima', terminal_name: 'Caja 1' }),
        terminalId: async () => 'CAJA0001',
      },
      journal,
      seeded: () => SEEDED,
    });
    await moving.use('counter-cut-off');
    const db = moving.database();
    if (!db) throw new Error('no practice store');
    store = 'training:tienda-centro';
    // The store close asks for the store's training store (store-identity.ts storeDbStoreFor).
    expect(await db.readStoreDay({ ...QUERY, store: STORE })).toEqual([]);
    const rows = await db.readStoreDay({ ...QUERY, store });
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.store))).toEqual(new Set([store]));
    expect((await db.readFreshness({ store, mode: 'training' })).length).toBe(3);
  });

  it('has Caja 3 cut off while its sale waited for the service: the database holds it without an answer (issue 35 item 3)', async () => {
    await practice.use('counter-cut-off');
    const db = practice.database();
    if (!db) throw new Error('no practice store');
    time.advance(30_000);
    const rows = await db.readStoreDay(QUERY);
    const freshness = await db.readFreshness({ store: STORE, mode: 'training' });
    const caja3 = freshness.find((f) => f.terminal_name === 'Caja 3');
    const caja2 = freshness.find((f) => f.terminal_name === 'Caja 2');
    const here = freshness.find((f) => f.terminal_id === 'CAJA0001');
    if (!caja3?.last_line_at || !caja3.last_seen_at) throw new Error('no Caja 3 data');
    // Silent by the database's standing: not seen for more than 30 s, and it said at its last
    // call that it held an operation without an answer and a line not yet sent.
    expect(caja3).toMatchObject({ standing: 'silent', reported_open: 1, waiting_lines: 1 });
    expect(Date.parse(time.clock().toISOString()) - Date.parse(caja3.last_seen_at)).toBeGreaterThan(
      30_000,
    );
    const own = rows.filter((r) => r.terminal_id === caja3.terminal_id);
    for (const row of own)
      expect(Date.parse(row.started_at)).toBeLessThanOrEqual(Date.parse(caja3.last_line_at));
    // Its sale of CORTE1 reached the database, its answer did not: it holds the close, and only
    // Caja 3's return can bring the answer (as in a store).
    expect(own.find((r) => r.funding_code === 'CORTE1')).toMatchObject({
      status: 'pending',
      resolved_at: null,
      collected_cents: null,
      to_collect_cents: 25_000,
    });
    const close = buildStoreClose({
      store: STORE,
      mode: 'training',
      day: TODAY,
      timeZone: 'America/Lima',
      now: time.clock().toISOString(),
      summary: { total_purchases: 0, total_paid_in_store: 0, total_financed: 0, order_detail: [] },
      rows,
      freshness,
      practice: true,
    });
    expect(close.refusal).toEqual({ reason: 'open-operations', count: 1 });
    // The other two counters reach the database now.
    expect(caja2?.last_seen_at).toBe(time.clock().toISOString());
    expect(here).toMatchObject({
      terminal_name: 'Caja 1',
      last_seen_at: time.clock().toISOString(),
    });
    expect(freshness.every((f) => f.store === STORE && f.mode === 'training')).toBe(true);
  });

  it('brings Caja 3 back when the class reconnects it: its answer arrives and the day can close', async () => {
    expect(practice.reconnect()).toBe(false);
    await practice.use('counter-cut-off');
    const db = practice.database();
    if (!db) throw new Error('no practice store');
    time.advance(60_000);
    expect(practice.reconnect()).toBe(true);
    const rows = await db.readStoreDay(QUERY);
    const freshness = await db.readFreshness({ store: STORE, mode: 'training' });
    expect(freshness.find((f) => f.terminal_name === 'Caja 3')).toMatchObject({
      standing: 'current',
      reported_open: 0,
      waiting_lines: 0,
      last_seen_at: time.clock().toISOString(),
    });
    expect(rows.find((r) => r.funding_code === 'CORTE1')).toMatchObject({
      terminal_name: 'Caja 3',
      status: 'succeeded',
      collected_cents: 25_000,
    });
    const close = buildStoreClose({
      store: STORE,
      mode: 'training',
      day: TODAY,
      timeZone: 'America/Lima',
      now: time.clock().toISOString(),
      summary: { total_purchases: 0, total_paid_in_store: 0, total_financed: 0, order_detail: [] },
      rows,
      freshness,
      practice: true,
    });
    expect(close.refusal).toBeNull();
    expect(
      close.content.exceptions.filter((e) => e.kind === 'silent' || e.kind === 'open'),
    ).toEqual([]);
  });

  it('keeps the close insert-only, until the practice reset', async () => {
    await practice.use('counter-cut-off');
    const db = practice.database();
    if (!db) throw new Error('no practice store');
    // A close as the handlers seal it, over what the practice store reads.
    const build = buildStoreClose({
      store: STORE,
      mode: 'training',
      day: TODAY,
      timeZone: 'America/Lima',
      now: time.clock().toISOString(),
      summary: { total_purchases: 0, total_paid_in_store: 0, total_financed: 0, order_detail: [] },
      rows: await db.readStoreDay(QUERY),
      freshness: await db.readFreshness(QUERY),
    });
    const close = (supervisor: string) => ({
      store: STORE,
      mode: 'training' as const,
      day: TODAY,
      draft: build.content,
      supervisor,
      cashier_id: 'CAJA-01',
      terminal_id: 'CAJA0001',
      note: 'Caja 3 sin conexión',
    });
    expect(await db.readClose(QUERY)).toBeNull();
    const first = await db.closeDay(close('Rosa'));
    expect(first.inserted).toBe(true);
    const second = await db.closeDay(close('Luis'));
    expect(second).toMatchObject({ inserted: false, close: { sha256: first.close.sha256 } });
    expect((await db.readClose(QUERY))?.content.closed?.supervisor).toBe('Rosa');
    expect(await db.readClose({ ...QUERY, day: '2026-03-09' })).toBeNull();

    practice.reset();
    expect(practice.database()).toBeNull();
    await practice.use('counter-cut-off');
    expect(await practice.database()?.readClose(QUERY)).toBeNull();
  });
});
