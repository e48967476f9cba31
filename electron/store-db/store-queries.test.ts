import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { poolCalls, type StoreCalls } from './store-calls';
import { openStoreDbPool, type StoreDbPool } from './store-db-pool';
import { readCodeAcrossCounters, readFreshness, readStoreDay } from './store-queries';
import { openTestCounter, STORES, type TestCounter } from './test-support/counter';
import { startSilentServer } from './test-support/silent-server';
import { throwawayStoreDb } from './test-support/store-db-fixture';

const db = throwawayStoreDb();
let urls: { ownerUrl: string; terminalUrl: string };
let pool: StoreDbPool;
const counters: TestCounter[] = [];

beforeAll(async () => {
  urls = await db.migratedDatabase();
  pool = openStoreDbPool(urls.terminalUrl);
});
afterAll(async () => {
  await pool.end();
});
afterEach(async () => {
  await Promise.all(counters.splice(0).map((c) => c.close()));
});

async function replicated(
  id: string,
  sales: (c: TestCounter) => Promise<void>,
  clock?: () => Date,
) {
  // A counter that already read here (enrolled then) replicates with the same key.
  const known = enrolled.get(id);
  const c = known ?? (await openTestCounter(id, clock));
  if (!known) counters.push(c);
  await sales(c);
  await c.enroll(urls.terminalUrl);
  enrolled.set(id, c);
  await c.startReplication(urls.terminalUrl).drained(20_000);
  return c;
}

/** The signed reads of counter `id` (enrolled in the test store the first time it asks). */
const readers = new Map<string, Promise<StoreCalls>>();
const enrolled = new Map<string, TestCounter>();
function readerOf(id: string): Promise<StoreCalls> {
  const known = readers.get(id);
  if (known) return known;
  const made = (async () => {
    // A counter that replicated here is enrolled already: it reads with its own key.
    let c = enrolled.get(id);
    if (!c) {
      c = await openTestCounter(id);
      counters.push(c);
      await c.enroll(urls.terminalUrl);
      enrolled.set(id, c);
    }
    const key = c.signingKey;
    return poolCalls(pool, async () => ({ terminalId: id, signingKey: key }));
  })();
  readers.set(id, made);
  return made;
}

const ask = async (code: string, asker = 'CAJA0002') =>
  readCodeAcrossCounters(await readerOf(asker), {
    store: STORES.live,
    mode: 'live',
    funding_code: code,
  });

describe('another counter and this funding code', () => {
  it('finds a billing at another counter with its name, cashier and time, not at this one', async () => {
    await replicated('CAJA0001', async (c) => {
      await c.sell('BIL001');
    });
    const answer = await ask('BIL001');
    expect(answer).toMatchObject({
      checked: true,
      findings: [
        {
          kind: 'billed',
          terminal_id: 'CAJA0001',
          terminal_name: 'Caja 1',
          cashier_id: 'caja-01',
          operation: 'v3.paidAndBilled',
          billed_cents: 150_000,
          collected_cents: 37_500,
        },
      ],
    });
    expect(await ask('BIL001', 'CAJA0001')).toMatchObject({ checked: true, findings: [] });
  });

  it('a paid-and-billed without a definite answer is in doubt; a refused one is nothing', async () => {
    await replicated('CAJA0003', async (c) => {
      await c.sell('DOU001', 'unknown');
      await c.sell('DOU002', null);
      await c.sell('REF001', 'refused');
    });
    expect(await ask('DOU001')).toMatchObject({ checked: true, findings: [{ kind: 'in-doubt' }] });
    expect(await ask('DOU002')).toMatchObject({ checked: true, findings: [{ kind: 'in-doubt' }] });
    expect(await ask('REF001')).toMatchObject({ checked: true, findings: [] });
  });

  it('a billing undone afterwards no longer counts', async () => {
    await replicated('CAJA0004', async (c) => {
      await c.sell('UND001');
      const undo = await c.journal.recordIntent({
        operation: 'v3.undoBilling',
        mode: 'live',
        cashier_id: 'caja-01',
        funding_code: 'UND001',
        request: { funding_code: 'UND001' },
      });
      await c.journal.recordOutcome(undo, { status: 'succeeded', http_status: 200 });
    });
    expect(await ask('UND001')).toMatchObject({ checked: true, findings: [] });
  });

  it('an undo at a counter whose clock is 90 s behind cancels a billing made 20 s before it', async () => {
    // K-k1 bills with the right clock; K-k2, 90 s behind, undoes it: by its own clock the undo
    // "started" 70 s before the billing. The database received it after the billing's outcome.
    await replicated('CAJA0011', async (c) => {
      await c.sell('SKEW90');
    });
    await replicated(
      'CAJA0012',
      async (c) => {
        const undo = await c.journal.recordIntent({
          operation: 'v3.undoBilling',
          mode: 'live',
          cashier_id: 'caja-01',
          funding_code: 'SKEW90',
          request: { funding_code: 'SKEW90' },
        });
        await c.journal.recordOutcome(undo, { status: 'succeeded', http_status: 200 });
      },
      () => new Date(Date.now() - 90_000),
    );
    expect(await ask('SKEW90', 'CAJA0013')).toMatchObject({ checked: true, findings: [] });
  });

  it('an undo made while the billing counter was cut off counts once both arrive, whatever the order (issue 35 item 2)', async () => {
    // DEN9XC is billed at Caja 2 while it is cut off from the database; Caja 3 undoes it (the
    // service had it billed); Caja 2's billing reaches the database after the undo. The service
    // accepts an undo only of a billed code and a billing only of one not billed, so the code's
    // billings and undos alternate: one of each, it is not billed, at every counter.
    const undo = async (c: TestCounter, code: string) => {
      const op = await c.journal.recordIntent({
        operation: 'v3.undoBilling',
        mode: 'live',
        cashier_id: 'caja-03',
        funding_code: code,
        request: { funding_code: code },
      });
      await c.journal.recordOutcome(op, { status: 'succeeded', http_status: 200 });
    };
    const caja2 = await openTestCounter('CAJA0042', () => new Date(Date.now() - 60_000));
    counters.push(caja2);
    await caja2.sell('DEN9XC');
    await caja2.enroll(urls.terminalUrl);
    enrolled.set(caja2.id, caja2);
    const caja3 = await replicated('CAJA0043', (c) => undo(c, 'DEN9XC'));
    await caja2.startReplication(urls.terminalUrl).drained(20_000);
    for (const here of ['CAJA0041', 'CAJA0042', 'CAJA0043']) {
      expect(await ask('DEN9XC', here)).toMatchObject({ checked: true, findings: [] });
    }
    // Sold again at Caja 1: billed, named there, at every other counter.
    const caja1 = await replicated('CAJA0041', (c) => c.sell('DEN9XC').then(() => undefined));
    for (const here of ['CAJA0042', 'CAJA0043']) {
      expect(await ask('DEN9XC', here)).toMatchObject({
        checked: true,
        findings: [{ kind: 'billed', terminal_id: 'CAJA0041' }],
      });
    }
    // At Caja 1 itself its own journal says it: the database names no other counter.
    expect(await ask('DEN9XC', caja1.id)).toMatchObject({ checked: true, findings: [] });
    // Undone again at Caja 3, billed again at Caja 2: billings 3, undos 2, billed at Caja 2.
    await undo(caja3, 'DEN9XC');
    await caja3.replicator?.drained(20_000);
    expect(await ask('DEN9XC', 'CAJA0041')).toMatchObject({ checked: true, findings: [] });
    await caja2.sell('DEN9XC');
    await caja2.replicator?.drained(20_000);
    expect(await ask('DEN9XC', 'CAJA0041')).toMatchObject({
      checked: true,
      findings: [{ kind: 'billed', terminal_id: 'CAJA0042' }],
    });
  });

  it('names the other counters the database has not heard from, not one signed off or off', async () => {
    const owner = new pg.Client({ connectionString: urls.ownerUrl });
    await owner.connect();
    try {
      const silent = await replicated('CAJA0021', async () => undefined);
      await silent.stopReplication();
      const signedOff = await replicated('CAJA0022', async () => undefined);
      await signedOff.replicator?.stop({ signOff: true });
      const off = await replicated('CAJA0023', async () => undefined);
      await off.stopReplication();
      // Their last calls were two minutes ago; a supervisor marked CAJA0023 off for the day.
      await owner.query(
        `UPDATE terminals SET last_seen_at = now() - interval '2 minutes'
         WHERE terminal_id IN ('CAJA0021', 'CAJA0022', 'CAJA0023')`,
      );
      await owner.query(
        `UPDATE terminals SET off_day = current_date, off_by = 'sup', off_at = now()
         WHERE terminal_id = 'CAJA0023'`,
      );
      const answer = await ask('NOSALE', 'CAJA0024');
      if (!answer.checked) throw new Error('expected an answer');
      const ids = answer.silent.map((c) => c.terminal_id);
      expect(ids).toContain('CAJA0021');
      expect(ids).not.toContain('CAJA0022');
      expect(ids).not.toContain('CAJA0023');
      expect(answer.silent.find((c) => c.terminal_id === 'CAJA0021')).toMatchObject({
        terminal_name: 'Caja 1',
      });
      // A counter is not asked about itself.
      const self = await ask('NOSALE', 'CAJA0021');
      expect(self.checked && self.silent.map((c) => c.terminal_id)).not.toContain('CAJA0021');
    } finally {
      await owner.query(`DELETE FROM terminals WHERE terminal_id LIKE 'CAJA002%'`);
      await owner.end();
    }
  });

  it("reads the lines of another counter's refused sale of the code, never this counter's", async () => {
    await replicated('CAJA0031', async (c) => {
      await c.sell('HELD01', 'refused');
    });
    const answer = await ask('HELD01', 'CAJA0032');
    if (!answer.checked) throw new Error('expected an answer');
    expect(answer.held_lines.map((l) => [l.terminal_id, l.terminal_name])).toEqual([
      ['CAJA0031', 'Caja 1'],
      ['CAJA0031', 'Caja 1'],
    ]);
    const own = await ask('HELD01', 'CAJA0031');
    expect(own.checked && own.held_lines).toEqual([]);
  });

  it('a database that accepts and never answers is "not checked" within the bounded wait', async () => {
    const silent = await startSilentServer();
    const hanging = openStoreDbPool(silent.url, {
      connectTimeoutMs: 10_000,
      statementTimeoutMs: 10_000,
    });
    try {
      const answer = await readCodeAcrossCounters(
        poolCalls(hanging, async () => ({ terminalId: 'X', signingKey: Buffer.alloc(32) })),
        { store: STORES.live, mode: 'live', funding_code: 'BIL001' },
        200,
      );
      expect(answer).toEqual({ checked: false, category: 'timeout' });
    } finally {
      await silent.close();
      await hanging.end().catch(() => undefined);
    }
  });
});

describe('the store from the database', () => {
  it('lists every counter freshness and a store day as the documented rows', async () => {
    await replicated('CAJA0005', async (c) => {
      await c.sell('DAY001');
      await c.sell('DAY002', 'unknown');
    });
    const reader = await readerOf('CAJA0002');
    const freshness = await readFreshness(reader, { store: STORES.live, mode: 'live' });
    expect(freshness.ok).toBe(true);
    const five = freshness.ok ? freshness.rows.find((r) => r.terminal_id === 'CAJA0005') : null;
    expect(five).toMatchObject({
      terminal_name: 'Caja 5',
      app_version: '0.1.0',
      last_seq: 4,
      open_operations: 1,
    });
    expect(five?.last_seen_at).not.toBeNull();

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());
    const day = await readStoreDay(reader, { store: STORES.live, mode: 'live', day: today });
    expect(day.ok).toBe(true);
    // By code: two sales a millisecond apart may start at the same instant, and the read orders
    // those by their random op ids.
    const rows = day.ok
      ? day.rows
          .filter((r) => r.terminal_id === 'CAJA0005')
          .sort((a, b) => (a.funding_code ?? '').localeCompare(b.funding_code ?? ''))
      : [];
    expect(rows.map((r) => [r.funding_code, r.status, r.collected_cents, r.store_day])).toEqual([
      ['DAY001', 'succeeded', 37_500, today],
      ['DAY002', 'unknown', null, today],
    ]);
    // Another store's day is not this counter's to read: the database refuses it.
    expect(
      await readStoreDay(reader, { store: STORES.training, mode: 'live', day: today }),
    ).toEqual({
      ok: false,
      category: 'other-store',
    });
  });

  it('a read of an unreachable database is a value with its category', async () => {
    const gone = openStoreDbPool('postgres://x:y@127.0.0.1:1/none');
    try {
      const calls = poolCalls(gone, async () => ({
        terminalId: 'X',
        signingKey: Buffer.alloc(32),
      }));
      expect(await readFreshness(calls, { store: 's', mode: 'live' })).toEqual({
        ok: false,
        category: 'network',
      });
    } finally {
      await gone.end().catch(() => undefined);
    }
  });
});

describe('a counter whose clock is off', () => {
  it('reads at the database’s time: a signed read is answered though the counter is a day behind', async () => {
    const c = await openTestCounter('CAJA0051');
    counters.push(c);
    await c.enroll(urls.terminalUrl);
    const dayBehind = () => new Date(Date.now() - 24 * 3_600_000);
    const calls = poolCalls(pool, async () => ({ terminalId: c.id, signingKey: c.signingKey }), {
      clock: dayBehind,
    });
    expect(await readFreshness(calls, { store: STORES.live, mode: 'live' })).toMatchObject({
      ok: true,
    });
  });
});
