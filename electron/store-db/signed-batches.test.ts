// A counter writes only as itself (docs/store-database.md "What one counter's login can and
// cannot do"): tried as a hostile counter login would, on a database made as a store makes it
// (a non-superuser owner, one login per counter).
import { writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { paidAndBilledIntent } from '../journal/test-support';
import { APPEND_SQL, appendParams, newSigningKey, type SignedBatch } from './batch-signature';
import { listTerminals, retireTerminal } from './terminals-admin';
import { openTestCounter, STORES, type TestCounter } from './test-support/counter';
import { enrollCounter } from './test-support/enroll';
import { throwawayStoreDb } from './test-support/store-db-fixture';
import { withClient } from './test-support/with-client';

const db = throwawayStoreDb();
const counters: TestCounter[] = [];

async function counter(id: string): Promise<TestCounter> {
  const opened = await openTestCounter(id);
  counters.push(opened);
  return opened;
}

afterEach(async () => {
  await Promise.all(counters.splice(0).map((c) => c.close()));
});

const LIMA = 'America/Lima';

function intent(seq: number, opId: string, code: string): string {
  return JSON.stringify({
    seq,
    type: 'intent',
    op_id: opId,
    at: '2026-11-27T15:00:00.000Z',
    operation: 'v3.paidAndBilled',
    mode: 'live',
    cashier_id: 'FORGER',
    identity: { kind: 'dni', value: '41000001' },
    funding_code: code,
    billed_cents: 10_029_900,
    to_collect_cents: 10_029_900,
  });
}

function outcome(seq: number, opId: string, status: string): string {
  return JSON.stringify({
    seq,
    type: 'outcome',
    op_id: opId,
    at: '2026-11-27T15:00:01.000Z',
    status,
  });
}

function batchOf(
  terminalId: string,
  beat: number,
  lines: { seq: number; text: string }[],
): SignedBatch {
  return {
    terminalId,
    beat,
    stores: [{ store: STORES.live, mode: 'live' }],
    terminalName: 'Caja 7',
    appVersion: '0.1.0',
    timeZone: LIMA,
    journalSeq: lines.at(-1)?.seq ?? 0,
    waiting: 0,
    open: 0,
    signOff: false,
    lines: lines.map((l) => ({ store: STORES.live, seq: l.seq, text: l.text, bytes: null })),
  };
}

const OP = '7b0e7a52-4f7e-4d55-9a55-0a4b9b1c0001';

describe('a counter login writes only as its own counter', () => {
  it('refuses lines, outcomes and heartbeats under another counter, and replays of its calls', async () => {
    const { ownerUrl, terminalUrl, database } = await db.ownedDatabase();
    const honest = await counter('CAJA0001');
    await honest.sell('VENTA1', 'unknown');
    await honest.enroll(terminalUrl);
    honest.startReplication(terminalUrl);
    await honest.replicator?.drained(20_000);

    // Another counter's login of the same store (a cashier there read its password).
    const hostileUrl = db.storeLogin(database, STORES.live);
    const stolenless = newSigningKey();
    await withClient(hostileUrl, async (c) => {
      // Its own key under Caja 1's id: registering it, or signing with it, is refused.
      await expect(
        c.query('SELECT store_db_register($1, $2)', ['CAJA0001', stolenless]),
      ).rejects.toMatchObject({ code: 'MS014' });
      const forged = batchOf('CAJA0001', Date.now() + 10_000, [
        { seq: 100, text: intent(100, OP, 'FORGED') },
      ]);
      await expect(c.query(APPEND_SQL, appendParams(forged, stolenless))).rejects.toMatchObject({
        code: 'MS014',
      });
      // A refused outcome for Caja 1's real doubt, a note at its next seq: the same refusal.
      const [opId] = (await honest.journal.unresolved()).map((o) => o.op_id);
      const settle = batchOf('CAJA0001', Date.now() + 20_000, [
        { seq: 5, text: outcome(5, String(opId), 'refused') },
      ]);
      await expect(c.query(APPEND_SQL, appendParams(settle, stolenless))).rejects.toMatchObject({
        code: 'MS014',
      });
      // Plain SQL: no INSERT anywhere.
      await expect(
        c.query(
          `INSERT INTO journal_lines (store, terminal_id, seq, time_zone, line) VALUES ($1, 'CAJA0001', 100, $2, $3)`,
          [STORES.live, LIMA, intent(100, OP, 'FORGED')],
        ),
      ).rejects.toMatchObject({ code: '42501' });
    });

    // A call signed with the right key, sent twice (a replay, as a copied heartbeat would be):
    // the second is refused, so an old call cannot keep a dead counter current.
    const call = batchOf('CAJA0001', Date.now() + 60_000, []);
    await honest.stopReplication();
    await withClient(hostileUrl, async (c) => {
      await c.query(APPEND_SQL, appendParams(call, honest.signingKey));
      await expect(
        c.query(APPEND_SQL, appendParams(call, honest.signingKey)),
      ).rejects.toMatchObject({ code: '42501' });
    });

    await withClient(ownerUrl, async (c) => {
      const rows = await c.query(
        `SELECT seq::int, line, signed_by, sent_by FROM journal_lines WHERE terminal_id = 'CAJA0001' ORDER BY seq`,
      );
      expect(rows.rows.map((r) => r.line)).toEqual(await honest.fileLines());
      expect(new Set(rows.rows.map((r) => r.signed_by))).toEqual(new Set(['CAJA0001']));
      expect(new Set(rows.rows.map((r) => r.sent_by))).toEqual(
        new Set([new URL(terminalUrl).username]),
      );
      // The doubt is still a doubt: nothing settled it.
      const open = await c.query(`SELECT count(*)::int AS n FROM open_operations`);
      expect(open.rows[0].n).toBe(1);
      const view = await c.query(
        `SELECT status, signed_by, sent_by FROM store_operations WHERE terminal_id = 'CAJA0001'`,
      );
      expect(view.rows).toEqual([
        { status: 'unknown', signed_by: 'CAJA0001', sent_by: new URL(terminalUrl).username },
      ]);
    });
  });
});

describe('the technician retires a counter', () => {
  it('lists who registered each counter, and a retired key signs nothing more', async () => {
    const { ownerUrl, terminalUrl } = await db.ownedDatabase();
    const c = await counter('CAJA0005');
    await c.sell('R1');
    await c.enroll(terminalUrl);
    const replicator = c.startReplication(terminalUrl);
    await replicator.drained(20_000);
    await withClient(ownerUrl, async (client) => {
      const listed = await listTerminals(client);
      expect(listed).toEqual([
        expect.objectContaining({
          terminal_id: 'CAJA0005',
          registered_by: new URL(terminalUrl).username,
          retired_at: null,
          names: ['Caja 5'],
          standing: ['current'],
          unreadable_lines: 0,
        }),
      ]);
      expect(await retireTerminal(client, 'CAJA0005')).toBe(true);
      expect(await retireTerminal(client, 'NOPE')).toBe(false);
    });
    await c.sell('R2');
    const deadline = Date.now() + 10_000;
    while (replicator.state().state !== 'refused' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(replicator.state()).toMatchObject({
      state: 'refused',
      last_error_category: 'permission',
    });
    await withClient(ownerUrl, async (client) => {
      const held = await client.query(
        `SELECT count(*)::int AS n FROM journal_lines WHERE terminal_id = 'CAJA0005'`,
      );
      expect(held.rows[0].n).toBe(2);
    });
  });
});

describe('the store time zone', () => {
  it('a call with a POSIX offset or an abbreviation for its zone is refused (PostgreSQL reads them otherwise)', async () => {
    const { terminalUrl } = await db.ownedDatabase();
    const key = newSigningKey();
    await enrollCounter(null, terminalUrl, 'CAJA0008', key, STORES.live);
    await withClient(terminalUrl, async (c) => {
      let beat = 1;
      for (const zone of ['+09:00', '-05:00', 'IST', 'PST8PDT']) {
        const batch = { ...batchOf('CAJA0008', ++beat, []), timeZone: zone };
        await expect(c.query(APPEND_SQL, appendParams(batch, key)), zone).rejects.toMatchObject({
          code: '22023',
        });
      }
      const lima = { ...batchOf('CAJA0008', ++beat, []), timeZone: 'America/Lima' };
      await c.query(APPEND_SQL, appendParams(lima, key));
    });
  });
});

describe('no line stops the record', () => {
  it('stores NUL, control characters, lone surrogates and HTML in a service answer, and goes on', async () => {
    const { ownerUrl, terminalUrl } = await db.ownedDatabase();
    const c = await counter('CAJA0002');
    const odd = [
      '502 <html><body>Bad gateway\u0000\u0001\u0002</body></html>',
      'Rechazado \u0000 por el servicio',
      'Texto con \ud800 suelto',
      'Y otro \udc00 bajo',
    ];
    for (const message of odd) {
      const opId = await c.journal.recordIntent(
        paidAndBilledIntent({
          funding_code: 'ODD1',
          request: { dni: '41000001', funding_code: 'ODD1', billed_amount: 100, cashier_id: 'C1' },
        }),
      );
      await c.journal.recordOutcome(opId, {
        status: 'refused',
        http_status: 502,
        service_message: message,
      });
    }
    await c.sell('AFTER1');
    await c.enroll(terminalUrl);
    const replicator = c.startReplication(terminalUrl);
    await replicator.drained(20_000);
    expect(replicator.state()).toMatchObject({ state: 'ok', waiting_lines: 0 });

    await withClient(ownerUrl, async (client) => {
      const rows = await client.query(
        `SELECT line, type, problem FROM journal_lines WHERE terminal_id = 'CAJA0002' ORDER BY seq`,
      );
      expect(rows.rows.map((r) => r.line)).toEqual(await c.fileLines());
      expect(rows.rows.filter((r) => r.type === 'unreadable')).toEqual([]);
      const view = await client.query(
        `SELECT funding_code, status, service_message FROM store_operations
         WHERE terminal_id = 'CAJA0002' ORDER BY started_at, funding_code`,
      );
      // Intents journaled in the same millisecond tie on started_at: compared as a set.
      expect(view.rows.map((r) => `${r.funding_code} ${r.status}`).sort()).toEqual([
        'AFTER1 succeeded',
        'ODD1 refused',
        'ODD1 refused',
        'ODD1 refused',
        'ODD1 refused',
      ]);
      expect(view.rows.map((r) => r.service_message)).toEqual(
        expect.arrayContaining([
          '502 <html><body>Bad gateway\ufffd\u0001\u0002</body></html>',
          'Rechazado \ufffd por el servicio',
          'Texto con \ufffd suelto',
          'Y otro \ufffd bajo',
        ]),
      );
    });
  });

  it('keeps a damaged line: invalid UTF-8 as its exact bytes, a line it cannot read as unreadable with the reason', async () => {
    const { ownerUrl, terminalUrl } = await db.ownedDatabase();
    const c = await counter('CAJA0003');
    await c.sell('BEFORE1');
    await c.journal.close();
    // A disk that damaged a line's bytes inside a string, then a line whose seq is not its key's.
    const broken = Buffer.concat([
      Buffer.from(
        `{"seq":3,"type":"note","op_id":"${OP}","at":"2026-11-27T15:00:00.000Z","text":"a`,
      ),
      Buffer.from([0xc3, 0x28, 0xff]),
      Buffer.from('"}\n'),
    ]);
    const wrongSeq = `${JSON.stringify({ seq: 4, type: 'outcome', op_id: OP, at: 'not a time', status: 'succeeded' })}\n`;
    await writeFile(c.journal.path, Buffer.concat([broken, Buffer.from(wrongSeq)]), { flag: 'a' });
    await c.enroll(terminalUrl);
    const replicator = c.startReplication(terminalUrl);
    await replicator.drained(20_000);
    await withClient(ownerUrl, async (client) => {
      const rows = await client.query(
        `SELECT seq::int, type, problem, line_bytes FROM journal_lines WHERE terminal_id = 'CAJA0003' ORDER BY seq`,
      );
      expect(rows.rows.map((r) => r.seq)).toEqual([1, 2, 3, 4]);
      expect(rows.rows[2]).toMatchObject({ type: 'note' });
      expect(Buffer.compare(rows.rows[2].line_bytes, broken.subarray(0, -1))).toBe(0);
      expect(rows.rows[3]).toMatchObject({
        type: 'unreadable',
        problem: expect.stringMatching(/time|timestamp/i),
      });
    });
  });
});

describe('a heartbeat says what a counter holds', () => {
  it('current while heard from, silent 30 s after, signed off when it says so', async () => {
    const { ownerUrl, terminalUrl } = await db.ownedDatabase();
    const c = await counter('CAJA0004');
    await c.sell('HB1');
    await c.enroll(terminalUrl);
    const replicator = c.startReplication(terminalUrl);
    await replicator.drained(20_000);
    const standing = () =>
      withClient(ownerUrl, async (client) => {
        const r = await client.query(
          `SELECT standing, journal_seq::int, waiting_lines, open_operations FROM store_counters
           WHERE terminal_id = 'CAJA0004' AND mode = 'live'`,
        );
        return r.rows[0];
      });
    expect(await standing()).toEqual({
      standing: 'current',
      journal_seq: 2,
      waiting_lines: 0,
      open_operations: 0,
    });
    // The database's clock moves on 31 s (the owner moves the counter's last call back).
    await withClient(ownerUrl, (client) =>
      client.query(
        `UPDATE terminals SET last_seen_at = last_seen_at - interval '31 seconds' WHERE terminal_id = 'CAJA0004'`,
      ),
    );
    expect((await standing()).standing).toBe('silent');
    await replicator.stop({ signOff: true });
    expect((await standing()).standing).toBe('signed-off');
  });
});
