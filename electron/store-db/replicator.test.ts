import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { ReplicationState } from '../../shared/store/replication-state';
import { newSigningKey } from './batch-signature';
import { connectStoreDb } from './connection';
import { readCursor } from './replication-cursor';
import { replicationOff, startReplicator, storeDbKnowsTimeZone } from './replicator';
import { databaseLines, openTestCounter, STORES, type TestCounter } from './test-support/counter';
import { enrollCounter, ownerOf } from './test-support/enroll';
import { memoryJournal } from './test-support/memory-journal';
import { throwawayStoreDb } from './test-support/store-db-fixture';
import { withClient } from './test-support/with-client';

const db = throwawayStoreDb();
const counters: TestCounter[] = [];

async function counter(id: string): Promise<TestCounter> {
  const opened = await openTestCounter(id);
  counters.push(opened);
  return opened;
}

/** Waits for `condition`, failing the test after `ms` instead of hanging it. */
async function until(condition: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

afterEach(async () => {
  await Promise.all(counters.splice(0).map((c) => c.close()));
});

describe('replicating a counter journal to the store database', () => {
  it('a change of store (pos_client_id) needs the counter enrolled there, and sends no old line again under the new store', async () => {
    const { terminalUrl, ownerUrl } = await db.migratedDatabase();
    const c = await counter('CAJA0009');
    await c.sell('OLD1');
    await c.sell('OLD2');
    await c.enroll(terminalUrl);
    await c.startReplication(terminalUrl).drained(20_000);
    await c.stopReplication();
    // Set to store-2 while enrolled in store-1: nothing is sent, and it says why.
    const elsewhere = c.startReplication(terminalUrl, {
      stores: { live: 'store-2', training: 'training:store-2' },
    });
    await until(() => elsewhere.state().state === 'refused');
    expect(elsewhere.state().last_error_category).toBe('other-store');
    await c.stopReplication();
    // The technician's code for store-2 that names this counter moves it there.
    await enrollCounter(ownerUrl, terminalUrl, 'CAJA0009', c.signingKey, 'store-2', {
      terminalId: 'CAJA0009',
    });
    const moved = c.startReplication(terminalUrl, {
      stores: { live: 'store-2', training: 'training:store-2' },
    });
    await c.sell('NEW1');
    await moved.drained(20_000);
    // And once more, back and forth: never a line twice.
    await c.stopReplication();
    await enrollCounter(ownerUrl, terminalUrl, 'CAJA0009', c.signingKey, STORES.live, {
      terminalId: 'CAJA0009',
    });
    const back = c.startReplication(terminalUrl);
    await c.sell('NEW2');
    await back.drained(20_000);
    const rows = await databaseLines(ownerUrl, 'CAJA0009');
    expect(rows.map((r) => [r.store, r.seq])).toEqual([
      [STORES.live, 1],
      [STORES.live, 2],
      [STORES.live, 3],
      [STORES.live, 4],
      ['store-2', 5],
      ['store-2', 6],
      [STORES.live, 7],
      [STORES.live, 8],
    ]);
  });

  it('sends every line in order, byte-identical, each mode to its store', async () => {
    const { terminalUrl, ownerUrl } = await db.migratedDatabase();
    const c = await counter('CAJA0001');
    await c.sell('ABC123');
    await c.sell('DEF456', 'refused', 'training');
    await c.sell('GHI789', null);
    // A line with characters JSON escapes and ones it does not, to prove the text is kept whole.
    const opId = await c.sell('JKL012', 'unknown');
    await c.journal.recordNote(opId, 'Revisó con el supervisor: ñandú “ok” \u2028 😀 \\ "');
    await c.enroll(terminalUrl);
    const replicator = c.startReplication(terminalUrl);
    await replicator.drained(20_000);

    const file = await c.fileLines();
    const rows = await databaseLines(ownerUrl, 'CAJA0001');
    expect(rows.map((r) => r.line)).toEqual(file);
    expect(Buffer.from(rows.map((r) => r.line).join('\n'))).toEqual(Buffer.from(file.join('\n')));
    expect(rows.filter((r) => r.store === STORES.training).map((r) => r.seq)).toEqual([3, 4]);
    expect(replicator.state()).toMatchObject({
      state: 'ok',
      waiting_lines: 0,
      replicated_seq: file.length,
    });
    expect(await readCursor(c.cursorPath)).toMatchObject({ seq: file.length });
    // New lines after the catch-up arrive too, woken by the journal's append.
    await c.sell('MNO345');
    await replicator.drained(20_000);
    expect((await databaseLines(ownerUrl, 'CAJA0001')).map((r) => r.line)).toEqual(
      await c.fileLines(),
    );
  });

  it('sending the same lines again changes nothing (cursor lost)', async () => {
    const { terminalUrl, ownerUrl } = await db.migratedDatabase();
    const c = await counter('CAJA0002');
    for (const code of ['AAA111', 'BBB222', 'CCC333']) await c.sell(code);
    await c.enroll(terminalUrl);
    await c.startReplication(terminalUrl).drained(20_000);
    await c.stopReplication();
    await import('node:fs/promises').then((fs) => fs.rm(c.cursorPath));
    await c.enroll(terminalUrl);
    const again = c.startReplication(terminalUrl);
    await again.drained(20_000);
    const rows = await databaseLines(ownerUrl, 'CAJA0002');
    expect(rows.map((r) => r.line)).toEqual(await c.fileLines());
    expect(again.state().state).toBe('ok');
  });

  it('a crash after COMMIT and before the cursor moves loses nothing and duplicates nothing', async () => {
    const { terminalUrl, ownerUrl } = await db.migratedDatabase();
    const c = await counter('CAJA0003');
    for (const code of ['AAA111', 'BBB222']) await c.sell(code);
    let crashed = false;
    await c.enroll(terminalUrl);
    const first = c.startReplication(terminalUrl, {
      faults: {
        afterCommit: () => {
          crashed = true;
          throw new Error('killed between COMMIT and the cursor write');
        },
      },
    });
    await until(() => crashed);
    await c.stopReplication();
    expect(first.state().state).not.toBe('ok');
    expect(await readCursor(c.cursorPath)).toEqual({ seq: 0, offset: 0 });
    expect(await databaseLines(ownerUrl, 'CAJA0003')).toHaveLength(4);

    await c.sell('CCC333');
    await c.enroll(terminalUrl);
    await c.startReplication(terminalUrl).drained(20_000);
    const rows = await databaseLines(ownerUrl, 'CAJA0003');
    expect(rows.map((r) => r.line)).toEqual(await c.fileLines());
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('a different line under a known key is an alarm: held there, never overwritten, never skipped', async () => {
    const { terminalUrl, ownerUrl } = await db.migratedDatabase();
    const c = await counter('CAJA0004');
    for (const code of ['AAA111', 'BBB222', 'CCC333']) await c.sell(code);
    const file = await c.fileLines();
    // Another machine wrote seq 3 under this terminal's key (a cloned install, say).
    const other = file[2]?.replace('BBB222', 'ZZZ999') ?? '';
    await withClient(ownerUrl, (o) =>
      o.query(
        `INSERT INTO journal_lines (store, terminal_id, seq, time_zone, line) VALUES ($1, 'CAJA0004', 3, 'America/Lima', $2)`,
        [STORES.live, other],
      ),
    );
    const states: string[] = [];
    await c.enroll(terminalUrl);
    const replicator = c.startReplication(terminalUrl, {
      onState: (s) => states.push(s.state),
    });
    await until(() => replicator.state().state === 'conflict');
    expect(replicator.state()).toMatchObject({
      state: 'conflict',
      conflict_seq: 3,
      waiting_lines: 4,
    });
    const rows = await databaseLines(ownerUrl, 'CAJA0004');
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3]);
    expect(rows[2]?.line).toBe(other);
    expect(await readCursor(c.cursorPath)).toMatchObject({ seq: 2 });
    // Still held on the next tries.
    await new Promise((r) => setTimeout(r, 300));
    expect(replicator.state().state).toBe('conflict');
    expect(await databaseLines(ownerUrl, 'CAJA0004')).toHaveLength(3);
  });

  it('a database that is not there leaves lines waiting, says unreachable, and sales go on', async () => {
    const c = await counter('CAJA0005');
    const replicator = c.startReplication(`postgres://x:y@127.0.0.1:1/none`);
    for (const code of ['AAA111', 'BBB222']) await c.sell(code);
    await until(() => replicator.state().state === 'unreachable');
    expect(replicator.state()).toMatchObject({
      state: 'unreachable',
      last_error_category: 'network',
      waiting_lines: 4,
    });
  });

  it('a user without the counters role is refused, with the reason, and the lines wait', async () => {
    const { database } = await db.migratedDatabase();
    const c = await counter('CAJA0006');
    await c.sell('AAA111');
    const replicator = c.startReplication(db.terminalUser(database, false));
    await until(() => replicator.state().state === 'refused');
    expect(replicator.state()).toMatchObject({
      last_error_category: 'permission',
      waiting_lines: 2,
    });
  });

  it('a database never migrated is refused as not migrated', async () => {
    const url = await db.emptyDatabase();
    const c = await counter('CAJA0007');
    await c.sell('AAA111');
    const replicator = c.startReplication(url);
    await until(() => replicator.state().state === 'refused');
    expect(replicator.state().last_error_category).toBe('not-migrated');
  });

  it('an idle connection killed by the server does not crash the process; later lines still arrive', async () => {
    const { terminalUrl, ownerUrl } = await db.migratedDatabase();
    const c = await counter('CAJA0008');
    await c.sell('AAA111');
    await c.enroll(terminalUrl);
    const replicator = c.startReplication(terminalUrl);
    await replicator.drained(20_000);
    await withClient(ownerUrl, (o) =>
      o.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'mostrador-replication' AND datname = current_database()`,
      ),
    );
    await new Promise((r) => setTimeout(r, 100));
    await c.sell('BBB222');
    await replicator.drained(20_000);
    expect((await databaseLines(ownerUrl, 'CAJA0008')).map((r) => r.line)).toEqual(
      await c.fileLines(),
    );
    expect(JSON.parse(await readFile(c.cursorPath, 'utf8'))).toMatchObject({ seq: 4 });
  });

  it('a database restored from an older backup gets back the lines it lost', async () => {
    const { terminalUrl, ownerUrl } = await db.migratedDatabase();
    const c = await counter('CAJA0009');
    await c.sell('AAA111');
    await c.enroll(terminalUrl);
    const replicator = c.startReplication(terminalUrl);
    await replicator.drained(20_000);
    await c.sell('BBB222');
    await replicator.drained(20_000);
    // The backup was taken after the first sale: the restored database lacks the second.
    await withClient(ownerUrl, async (o) => {
      await o.query(`DELETE FROM journal_lines WHERE terminal_id = 'CAJA0009' AND seq > 2`);
      await o.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'mostrador-replication' AND datname = current_database()`,
      );
    });
    await until(() => replicator.state().state !== 'ok', 5_000).catch(() => undefined);
    await c.sell('CCC333');
    await replicator.drained(20_000);
    expect((await databaseLines(ownerUrl, 'CAJA0009')).map((r) => r.line)).toEqual(
      await c.fileLines(),
    );
  });

  it('with no store database the state to show is off, in the shared shape', () => {
    const off = ReplicationState.parse(replicationOff(new Date('2026-03-10T15:00:00Z')));
    expect(off).toMatchObject({ state: 'off', waiting_lines: 0, last_error_category: null });
  });
});

describe('the store time zone (issue 26, item 8)', () => {
  it('a zone PostgreSQL reads otherwise is never sent: refused, bad-time-zone, lines waiting', async () => {
    const { terminalUrl } = await db.migratedDatabase();
    for (const [id, zone] of [
      ['CAJA0081', '+09:00'],
      ['CAJA0082', '-05:00'],
      ['CAJA0083', 'IST'],
    ] as const) {
      const c = await counter(id);
      await c.sell('ZONA01');
      await c.enroll(terminalUrl);
      const replicator = c.startReplication(terminalUrl, { timeZone: zone });
      await until(() => replicator.state().state === 'refused');
      expect({ zone, state: replicator.state() }).toMatchObject({
        zone,
        state: { state: 'refused', last_error_category: 'bad-time-zone', waiting_lines: 2 },
      });
      expect(await databaseLines(ownerOf(terminalUrl), id)).toEqual([]);
    }
  });

  it('the database is asked too: a name it does not know is refused', async () => {
    const { terminalUrl } = await db.migratedDatabase();
    const client = await connectStoreDb(terminalUrl);
    try {
      expect(await storeDbKnowsTimeZone(client, 'America/Lima')).toBe(true);
      expect(await storeDbKnowsTimeZone(client, 'Mars/Olympus')).toBe(false);
      expect(await storeDbKnowsTimeZone(client, '+09:00')).toBe(false);
    } finally {
      await client.end();
    }
  });
});

describe('a journal kept in memory (the chain bench’s simulated counters)', () => {
  it('replicates as a journal file does: every line, readable, the cursor moved', async () => {
    const { terminalUrl, ownerUrl } = await db.migratedDatabase();
    const journal = memoryJournal();
    const key = newSigningKey();
    await enrollCounter(ownerUrl, terminalUrl, 'CAJA0091', key, STORES.live);
    const replicator = startReplicator({
      url: terminalUrl,
      source: journal.source,
      terminalId: 'CAJA0091',
      stores: { ...STORES },
      timeZone: 'America/Lima',
      signingKey: key,
      retry: { baseMs: 20, maxMs: 200 },
    });
    try {
      for (const code of ['MEM001', 'MEM002']) replicator.wake(journal.recordVerify(code));
      await replicator.drained(20_000);
      // A line after the first batch, as the bench's counters journal one a second.
      replicator.wake(journal.recordVerify('MEM003'));
      await replicator.drained(20_000);
      const sent = await journal.source.openReader().then((r) => r.readFrom(0, 10));
      const rows = await withClient(ownerUrl, (c) =>
        c.query(
          `SELECT seq::int AS seq, line, type, funding_code, problem FROM journal_lines
           WHERE terminal_id = 'CAJA0091' ORDER BY seq`,
        ),
      );
      expect(rows.rows).toEqual(
        sent.lines.map((l, i) => ({
          seq: i + 1,
          line: l.text,
          type: 'intent',
          funding_code: `MEM00${i + 1}`,
          problem: null,
        })),
      );
      expect(rows.rows).toHaveLength(3);
      expect(await journal.source.readCursor()).toMatchObject({ seq: 3, offset: sent.next });
    } finally {
      await replicator.stop();
    }
  });
});
