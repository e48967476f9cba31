// The store's day close through the real handlers, the real journal and the mock's day summary,
// with the store database as a unit-test double (its real implementation is tested against a
// throwaway PostgreSQL in electron/store-db/).
import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../shared/store/close-record';
import { closeDbHolder } from '../../store-close/close-db-holder';
import { StoreCloseUnavailable } from '../../store-close/pg-close-database';
import { type MemoryStoreDb, memoryStoreDb, rowOf } from '../../store-close/test-support';
import type { StoreDbPool } from '../../store-db/store-db-pool';
import { trainingStoreId } from '../../store-link/training-store-id';
import {
  errorOf,
  mockDay,
  NOW,
  ok,
  PIN,
  TODAY,
  testBed,
  verifiedSale,
} from '../compose/test-support';

let db = memoryStoreDb(() => new Date(NOW));
// The counter's clock: the day's sales at NOW; a day is closed once it has ended at the store.
let clockAt = NOW;
const nextMorning = () => {
  clockAt = new Date(Date.parse(NOW) + 24 * 3_600_000).toISOString();
};
beforeEach(() => {
  db = memoryStoreDb(() => new Date(NOW));
  clockAt = NOW;
});
const bed = testBed('on-shift', { storeCloseDb: () => db, clock: () => new Date(clockAt) });
/** Training's own store: this install's, as no client id is set (training-store-id.ts). */
let STORE = '';
beforeEach(async () => {
  STORE = trainingStoreId(null, await bed.backend.settings.terminalId());
});

async function billedHere() {
  const verified = await verifiedSale(bed.backend.table);
  await ok(bed.backend.table, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
  const ops = await bed.backend.journal.operations({ day: TODAY });
  return ops.map((op) => rowOf(op, STORE, 'CAJA1', TODAY));
}

/** Whatever the mock's seeded scenarios billed today, as another counter's operations. */
async function otherCounterRows() {
  const day = await mockDay(bed.mock);
  // One billing per customer: the summary lists a row per payment, the counter one operation.
  const byDni = new Map<string, number>();
  for (const r of day.order_detail ?? []) {
    if (r.dni === '41000001' || r.payment_origin !== 'external') continue;
    byDni.set(r.dni, (byDni.get(r.dni) ?? 0) + Math.round(r.amount * 100));
  }
  return [...byDni]
    .map(([dni, cents]) => ({ dni, cents }))
    .map((r, i) => ({
      ...rowOf(
        {
          op_id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
          operation: 'v3.paidAndBilled',
          mode: 'training',
          status: 'succeeded',
          started_at: NOW,
          updated_at: NOW,
          calls: 1,
          intent: {
            seq: 1,
            op_id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
            at: NOW,
            type: 'intent',
            operation: 'v3.paidAndBilled',
            mode: 'training',
            cashier_id: 'ana',
            identity: { kind: 'dni', value: r.dni },
            to_collect_cents: r.cents,
            request: {},
          },
          outcome: null,
        },
        STORE,
        'CAJA2',
        TODAY,
      ),
    }));
}

describe('the store close', () => {
  it('is not there without a store database: F6 stays as it is', async () => {
    const alone = await bed.open({});
    expect((await errorOf(alone.table, 'storeClose.load', { day: TODAY })).code).toBe(
      'not-configured',
    );
  });

  it('says what did not answer as data, so the screen words it in its own language (item 11)', async () => {
    db.readStoreDay = async () => {
      throw new StoreCloseUnavailable('network', 'connect ECONNREFUSED 127.0.0.1:5432');
    };
    const error = await errorOf(bed.backend.table, 'storeClose.load', { day: TODAY });
    expect(error.code).toBe('not-available');
    expect(error.issues).toEqual({ store_db: 'network' });
    // The technical detail stays, for the details under the message.
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('is refused while another counter has a paid-and-billed in doubt, then closes once', async () => {
    await ok(bed.backend.table, 'supervisor.setPin', { pin: PIN });
    db.rows = [...(await billedHere()), ...(await otherCounterRows())];
    const doubt = { ...db.rows[0], op_id: '00000000-0000-4000-8000-0000000000dd' };
    db.rows.push({
      ...(doubt as (typeof db.rows)[number]),
      terminal_id: 'CAJA3',
      operation: 'v3.paidAndBilled',
      status: 'unknown',
      identity_value: '41000077',
      resolved_at: null,
    });

    // The day has not ended at the store: closing it is refused, whatever else it says.
    const early = await ok(bed.backend.table, 'storeClose.load', { day: TODAY });
    expect(early.refusal).toEqual({ reason: 'day-not-ended', today: TODAY });
    expect(
      await ok(bed.backend.table, 'storeClose.close', {
        day: TODAY,
        pin: PIN,
        supervisor: 'Rosa',
        note: 'visto',
      }),
    ).toMatchObject({ outcome: 'refused', refusal: { reason: 'day-not-ended' } });

    nextMorning();
    const loaded = await ok(bed.backend.table, 'storeClose.load', { day: TODAY });
    expect(loaded.refusal).toEqual({ reason: 'open-operations', count: 1 });
    expect(loaded.draft.exceptions[0]).toMatchObject({ kind: 'open', terminal_id: 'CAJA3' });
    expect(loaded.draft.counts).toMatchObject({ extra: 0, missing: 0 });
    // The store's database, not a practice store.
    expect(loaded.practice).toBeNull();

    const wrong = await errorOf(bed.backend.table, 'storeClose.close', {
      day: TODAY,
      pin: '0000',
      supervisor: 'Rosa',
    });
    expect(wrong.code).toBe('wrong-pin');
    const refused = await ok(bed.backend.table, 'storeClose.close', {
      day: TODAY,
      pin: PIN,
      supervisor: 'Rosa',
      note: 'visto',
    });
    expect(refused).toMatchObject({ outcome: 'refused', refusal: { reason: 'open-operations' } });
    expect(await db.readClose({ store: STORE, mode: 'training', day: TODAY })).toBeNull();

    // The doubt is answered: the counter's operation is refused by the service.
    db.rows = db.rows.map((r) =>
      r.status === 'unknown' ? { ...r, status: 'refused' as const, resolved_at: NOW } : r,
    );
    const closed = await ok(bed.backend.table, 'storeClose.close', {
      day: TODAY,
      pin: PIN,
      supervisor: 'Rosa',
    });
    if (closed.outcome !== 'closed') throw new Error(JSON.stringify(closed));
    expect(closed.already).toBe(false);
    const stored = closed.view.stored;
    // Cashier codes are upper case (the shift's 'caja-01' is CAJA-01: one cashier, one code).
    expect(stored?.content.closed).toMatchObject({ supervisor: 'Rosa', cashier_id: 'CAJA-01' });
    expect(stored?.content.counts).toMatchObject({ extra: 0, missing: 0, pending: 0 });
    // Anyone recomputes the hash from the stored content.
    const canonical = canonicalJson(stored?.content);
    expect(canonical).toBe(stored?.canonical);
    expect(createHash('sha256').update(canonical).digest('hex')).toBe(stored?.sha256);

    // Closing twice shows the first close; a line of the day arriving later is shown as such.
    // A sale (a Verify arriving late moves no money and is not listed).
    const sale = db.rows.find((r) => r.operation === 'v3.paidAndBilled');
    const late = {
      ...sale,
      op_id: '00000000-0000-4000-8000-0000000000ee',
      terminal_id: 'CAJA2',
    };
    db.rows.push(late as (typeof db.rows)[number]);
    const again = await ok(bed.backend.table, 'storeClose.close', {
      day: TODAY,
      pin: PIN,
      supervisor: 'Otro',
    });
    expect(again).toMatchObject({ outcome: 'closed', already: true });
    expect(again.view.stored?.sha256).toBe(stored?.sha256);
    expect(again.view.arrived_after.map((r) => [r.op_id, r.terminal_id])).toEqual([
      [late.op_id, 'CAJA2'],
    ]);
  });

  it('lists a silent counter with work, waits for the note to name it, and lets a supervisor mark it off', async () => {
    await ok(bed.backend.table, 'supervisor.setPin', { pin: PIN });
    db.rows = [...(await billedHere()), ...(await otherCounterRows())];
    const fresh = {
      store: STORE,
      mode: 'training' as const,
      app_version: '0.1.0',
      last_seq: 5,
      last_line_at: NOW,
      open_operations: 0,
    };
    const silentSince = new Date(Date.parse(NOW) - 40_000).toISOString();
    db.freshness = [
      {
        ...fresh,
        terminal_id: 'CAJA1',
        terminal_name: 'Caja 1',
        last_seen_at: NOW,
        standing: 'current',
      },
      {
        ...fresh,
        terminal_id: 'CAJA2',
        terminal_name: 'Caja 2',
        last_seen_at: silentSince,
        standing: 'silent',
        reported_open: 1,
        waiting_lines: 2,
      },
    ];
    nextMorning();
    const view = await ok(bed.backend.table, 'storeClose.load', { day: TODAY });
    expect(view.draft.exceptions).toContainEqual(
      expect.objectContaining({ kind: 'silent', terminal_id: 'CAJA2', open_operations: 1 }),
    );
    const args = { day: TODAY, pin: PIN, supervisor: 'Rosa' };
    expect(
      await ok(bed.backend.table, 'storeClose.close', { ...args, note: 'todo revisado' }),
    ).toMatchObject({
      outcome: 'refused',
      refusal: { reason: 'silent-not-named', counters: ['Caja 2'] },
    });
    // Marked off for the day (PIN): off, recorded with who marked it and from which counter. It
    // is no longer asked about at the other counters, but what it did after its last data is
    // still not in the close: the note must still name it (issue 35 item 1).
    const markOff = { day: TODAY, terminal_id: 'CAJA2', supervisor: 'Rosa' };
    expect(
      (await errorOf(bed.backend.table, 'storeClose.markOff', { ...markOff, pin: '0000' })).code,
    ).toBe('wrong-pin');
    const after = await ok(bed.backend.table, 'storeClose.markOff', { ...markOff, pin: PIN });
    const caja2 = after.draft.counters.find((c) => c.terminal_id === 'CAJA2');
    expect(caja2).toMatchObject({
      freshness: 'off',
      marked_off: { supervisor: 'Rosa', by_terminal_id: await bed.backend.settings.terminalId() },
    });
    expect(after.draft.exceptions).toContainEqual(
      expect.objectContaining({
        kind: 'silent',
        terminal_id: 'CAJA2',
        marked_off: caja2?.marked_off,
      }),
    );
    expect(
      await ok(bed.backend.table, 'storeClose.close', { ...args, note: 'todo revisado' }),
    ).toMatchObject({ outcome: 'refused', refusal: { reason: 'silent-not-named' } });
    // A counter that is current is not marked off.
    expect(
      (
        await errorOf(bed.backend.table, 'storeClose.markOff', {
          ...markOff,
          terminal_id: 'CAJA1',
          pin: PIN,
        })
      ).code,
    ).toBe('not-available');
  });

  it('asks for the supervisor note when the close has exceptions', async () => {
    await ok(bed.backend.table, 'supervisor.setPin', { pin: PIN });
    // This counter's sale only: every other counter's payment in the summary is an extra.
    db.rows = await billedHere();
    const summary = await mockDay(bed.mock);
    const others = (summary.order_detail ?? []).filter((r) => r.dni !== '41000001');
    nextMorning();
    const answer = await ok(bed.backend.table, 'storeClose.close', {
      day: TODAY,
      pin: PIN,
      supervisor: 'Rosa',
    });
    // The mock's seeded scenarios billed other customers today.
    expect(others.length).toBeGreaterThan(0);
    expect(answer).toMatchObject({ outcome: 'refused', refusal: { reason: 'note-required' } });
  });

  it('shows the money each counter holds for refused sales, first, as the database folds it', async () => {
    db.rows = await billedHere();
    db.held = [
      {
        terminal_id: 'CAJA2',
        hold: {
          hold_id: '00000000-0000-4000-8000-00000000a001',
          op_ids: ['00000000-0000-4000-8000-00000000a001'],
          mode: 'training',
          generation: 'v3',
          funding_code: 'HELD02',
          cashier_id: 'ana',
          amount_cents: 37_500,
          held_at: NOW,
          reason: { category: 'state-conflict', message: 'Funding is not active' },
        },
      },
    ];
    const view = await ok(bed.backend.table, 'storeClose.load', { day: TODAY });
    expect(view.draft.exceptions[0]).toMatchObject({
      kind: 'held',
      terminal_id: 'CAJA2',
      funding_code: 'HELD02',
      amount_cents: 37_500,
      reason: 'Funding is not active',
    });
    expect(view.draft.totals.held_cents).toBe(37_500);
    expect(view.draft.counters.find((c) => c.terminal_id === 'CAJA2')?.held_cents).toBe(37_500);
  });

  it('keeps the close in the database its figures were read from, when the URL changes meanwhile', async () => {
    await ok(bed.backend.table, 'supervisor.setPin', { pin: PIN });
    // Two store databases behind the real pool holder; a pool, once ended, refuses every call
    // as pg's does ('Cannot use a pool after calling end on the pool').
    let url = 'postgres://store-a';
    const dbs = new Map<string, MemoryStoreDb & { ended: boolean }>();
    const holder = closeDbHolder(
      () => url,
      (u) => {
        const one = Object.assign(
          memoryStoreDb(() => new Date(NOW)),
          { ended: false },
        );
        dbs.set(u, one);
        return {
          end: async () => {
            one.ended = true;
          },
        } as unknown as StoreDbPool;
      },
      (pool) => {
        const one = [...dbs.values()].at(-1) as MemoryStoreDb & { ended: boolean };
        void pool;
        const guard =
          <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
          async (...args: A): Promise<R> => {
            if (one.ended) throw new Error('Cannot use a pool after calling end on the pool');
            return run(...args);
          };
        return {
          readStoreDay: guard(async (q) => {
            // While the close reads, a supervisor points the counter at another database and
            // another screen of this counter asks for the store close's database.
            url = 'postgres://store-b';
            holder.get();
            return one.readStoreDay(q);
          }),
          readFreshness: guard(one.readFreshness),
          readHeld: guard(one.readHeld),
          readClose: guard(one.readClose),
          closeDay: guard(one.closeDay),
        };
      },
    );
    const alone = await bed.openOnShift({
      storeCloseDb: holder.get,
      clock: () => new Date(clockAt),
    });
    nextMorning();
    const closed = await ok(alone.table, 'storeClose.close', {
      day: TODAY,
      pin: PIN,
      supervisor: 'Rosa',
      note: 'visto',
    });
    expect(closed).toMatchObject({ outcome: 'closed', already: false });
    const query = { store: STORE, mode: 'training' as const, day: TODAY };
    expect(await dbs.get('postgres://store-a')?.readClose(query)).not.toBeNull();
    expect(await dbs.get('postgres://store-b')?.readClose(query)).toBeNull();
    await holder.end();
  });
});

describe("this counter's own day close on paper in a store (issue 35 item 5)", () => {
  it('shows no other counter’s sale as extra: the store close balances the store, as on screen', async () => {
    db.rows = await billedHere();
    // The mock's seeded scenarios billed other customers today: other counters' sales.
    expect(((await mockDay(bed.mock)).order_detail ?? []).length).toBeGreaterThan(1);
    const request = { document: 'day-close' as const, day: TODAY };
    const preview = await ok(bed.backend.table, 'receipt.preview', { request, columns: 48 });
    const text = preview.lines.map((line) => line.text.replace(/\u00a0/g, ' ')).join('\n');
    expect(text).not.toContain('Sobran en el servicio');
    expect(text).not.toMatch(/Coinciden|Faltan en el servicio/);
    expect(text.replace(/\s+/g, ' ')).toContain(
      'se concilia en el Cierre del día de la tienda (F6)',
    );
    // This counter's own figures stay.
    expect(text).toMatch(/Ventas facturadas +1/);
  });
});
