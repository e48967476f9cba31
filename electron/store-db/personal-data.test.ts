// Customers' personal data in the store database (issue 37; docs/personal-data.md, migration
// 0115), tested as the logins a store makes: each store's login (`add-login --store`), its
// counters enrolled with the technician's codes, the owner for the owner's commands.
// - A close is written with its customers masked, its hash (the one printed) taken over that.
// - Retention masks an old day: lines lose the DNI, keep everything else; the close still
//   verifies against its content and the hash printed on its paper; the day's
//   figures are the same; the cross-counter check still finds the code; a supervisor's look-up
//   still finds the customer by pseudonym.
// - A counter sends again a line the database masked: the same line, no alarm.
// - The close masks the days past the retention by itself.
// - Erasure at a counter masks one customer in its store only (both counters' lines, the
//   close), records it without whose, tells each counter; a line arriving while a notice waits is
//   masked as it arrives; the owner's erasure reaches every store; refused while one of the
//   customer's sales has no definite answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  erasureNotices,
  erasureNoticesDone,
  forgetBefore,
  forgetCustomer,
  forgetIdentity,
  lookCustomer,
  retentionDays,
} from './personal-data';
import { readCodeAcrossCounters } from './store-queries';
import { makeChain, type StoreChain } from './test-support/chain';
import {
  type CounterApp,
  closeRequest,
  counterApp,
  draftOf,
  PAST_DAY,
  type StoreCounter,
  storeCounter,
} from './test-support/store-app';
import { throwawayStoreDb } from './test-support/store-db-fixture';
import { withClient } from './test-support/with-client';

const db = throwawayStoreDb();
let chain: StoreChain;
const opened: { counters: StoreCounter[]; apps: CounterApp[] } = { counters: [], apps: [] };

const urlOf = (store: string) => {
  const login = chain.stores[store];
  if (!login) throw new Error(`no login of ${store}`);
  return login.url;
};

async function counterOf(id: string, store: string): Promise<StoreCounter> {
  const c = await storeCounter(id, store);
  opened.counters.push(c);
  await c.join(urlOf(store));
  return c;
}

function appOf(c: StoreCounter): CounterApp {
  const app = counterApp(urlOf(c.store), c);
  opened.apps.push(app);
  return app;
}

/** Runs `write` with the close written as before 0115 (the owner turns the masking off). */
async function withoutCloseMasking<T>(write: () => Promise<T>): Promise<T> {
  const turn = (how: 'ENABLE' | 'DISABLE') =>
    withClient(chain.ownerUrl, (c) =>
      c.query(`ALTER TABLE store_day_closes ${how} TRIGGER store_day_closes_mask`),
    );
  await turn('DISABLE');
  try {
    return await write();
  } finally {
    await turn('ENABLE');
  }
}

const signer = (c: StoreCounter) => ({ terminalId: c.id, signingKey: c.signingKey });

/** What the owner sees of a store's lines of one customer's codes. */
async function linesOf(code: string) {
  return withClient(
    chain.ownerUrl,
    async (c) =>
      (
        await c.query<{
          terminal_id: string;
          type: string;
          line: string;
          identity_value: string | null;
          identity_ref: string | null;
          funding_code: string | null;
          to_collect_cents: string | null;
          masked_at: Date | null;
        }>(
          `SELECT l.terminal_id, l.type, l.line, l.identity_value, l.identity_ref, l.funding_code,
           l.to_collect_cents::text, l.masked_at
         FROM journal_lines l
         WHERE (l.store, l.terminal_id, l.op_id) IN (SELECT store, terminal_id, op_id
           FROM journal_lines WHERE funding_code = $1 AND type = 'intent')
         ORDER BY l.terminal_id, l.seq`,
          [code],
        )
      ).rows,
  );
}

beforeAll(async () => {
  chain = await makeChain(db, ['store-a', 'store-b']);
  // The default a store gets (the fixture keeps the tests' old days whole elsewhere).
  await withClient(chain.ownerUrl, (c) => retentionDays(c, 90));
}, 120_000);

afterAll(async () => {
  await Promise.all(opened.apps.map((a) => a.end()));
  await Promise.all(opened.counters.map((c) => c.close()));
});

describe('retention in the store database', () => {
  it('masks an old day: the DNI goes, the figures, codes and amounts stay, the close still verifies', async () => {
    // Kept whole at the close (the longest retention): the owner's command masks it below.
    await withClient(chain.ownerUrl, (c) => retentionDays(c, 3650));
    const caja1 = await counterOf('RETA0001', 'store-a');
    const caja2 = await counterOf('RETA0002', 'store-a');
    await caja1.sale('RETA01', '41000678');
    await caja1.sale('RETA02', '41000912', 'refused');
    await caja1.replicate(urlOf('store-a'));
    await caja2.replicate(urlOf('store-a'));
    const app = appOf(caja1);
    const query = { store: 'store-a', mode: 'live' as const, day: PAST_DAY };
    const kept = await app.close.closeDay(
      closeRequest(query, await draftOf(app.close, query, ['41000678']), caja1.id),
    );
    expect(kept.inserted).toBe(true);
    // Written with the customer masked and hashed as written: the hash on its paper never
    // depends on the DNI (the draft named it whole).
    const printed = kept.close.sha256;
    expect(kept.close.canonical).not.toContain('"41000678"');
    expect(kept.close.canonical).toContain('"*****678"');
    expect(kept.close.content.service.order_detail).toEqual([
      expect.objectContaining({ dni: '*****678' }),
    ]);
    const before = await linesOf('RETA01');
    const figures = async () =>
      withClient(
        chain.ownerUrl,
        async (c) =>
          (
            await c.query(`SELECT store_db_day_figures('store-a', 'live', $1::date) AS f`, [
              PAST_DAY,
            ])
          ).rows[0]?.f,
      );
    const figuresBefore = await figures();

    expect((await linesOf('RETA01')).map((l) => l.line).join()).toContain('41000678');
    await withClient(chain.ownerUrl, (c) => retentionDays(c, 90));
    // The owner's command (a cron line for a store that never closes).
    const done = await withClient(chain.ownerUrl, (c) => forgetBefore(c, '2026-03-11', 'store-a'));
    expect(done).toEqual([
      expect.objectContaining({ store: 'store-a', through: '2026-03-10', done: true }),
    ]);

    const after = await linesOf('RETA01');
    expect(after).toHaveLength(before.length);
    for (const [i, line] of after.entries()) {
      expect(line.line).not.toContain('41000678');
      // The same line but for the customer's identity: same length, codes and amounts.
      expect(line.line.length).toBe(before[i]?.line.length);
      expect(line.funding_code).toBe(before[i]?.funding_code);
      expect(line.to_collect_cents).toBe(before[i]?.to_collect_cents);
      expect(line.identity_ref).toBe(before[i]?.identity_ref);
    }
    expect(after.find((l) => l.type === 'intent')).toMatchObject({
      identity_value: '*****678',
      identity_ref: expect.stringMatching(/^r1:[0-9a-f]{32}$/),
      masked_at: expect.any(Date),
    });
    expect(await figures()).toEqual(figuresBefore);

    // The close: no DNI, its hash its content's (the table's CHECK, and again here) and still
    // the one printed on its paper; retention had nothing of it to mask.
    await withClient(chain.ownerUrl, async (c) => {
      const close = (
        await c.query(
          `SELECT content, sha256, sha256_as_printed, masked_at,
             encode(sha256(convert_to(content, 'UTF8')), 'hex') = sha256 AS verifies
           FROM store_day_closes WHERE store = 'store-a' AND store_day = $1`,
          [PAST_DAY],
        )
      ).rows[0];
      // Its identities (the service's rows, the exceptions); the order ids are the service's.
      expect(close.content).not.toContain('"41000678"');
      expect(close.content).toContain('"*****678"');
      expect(close.verifies).toBe(true);
      expect(close.sha256).toBe(printed);
      expect(close.sha256_as_printed).toBeNull();
      expect(close.masked_at).toBeInstanceOf(Date);
    });

    // Another counter's check of the code still finds it billed at Caja 1.
    const other = appOf(caja2);
    const check = await readCodeAcrossCounters(other.calls, {
      store: 'store-a',
      mode: 'live',
      funding_code: 'RETA01',
    });
    expect(check).toMatchObject({
      checked: true,
      findings: [expect.objectContaining({ kind: 'billed', terminal_id: caja1.id })],
    });
    // A supervisor's look-up by DNI finds the customer by pseudonym, masked, and is recorded.
    const found = await withClient(urlOf('store-a'), (c) =>
      lookCustomer(c, signer(caja2), { kind: 'dni', value: '41000678', supervisor: 'Rosa' }),
    );
    expect(found.counters).toEqual([
      expect.objectContaining({ terminal_id: caja1.id, operations: 1, masked: 1, open: 0 }),
    ]);
    expect(found.closes).toBe(0);
    const reads = await withClient(
      chain.ownerUrl,
      async (c) => (await c.query('SELECT * FROM identity_reads')).rows,
    );
    expect(reads).toEqual([
      expect.objectContaining({
        store: 'store-a',
        terminal_id: caja2.id,
        supervisor: 'Rosa',
        purpose: 'look',
        ref: after[0]?.identity_ref,
      }),
    ]);
    expect(JSON.stringify(reads)).not.toContain('41000678');

    // The counter sends again what the database masked (a new cursor: everything again): the
    // same lines, no alarm.
    await caja1.stopReplication();
    await caja1.journal.maskIdentities(() => false);
    const { rm } = await import('node:fs/promises');
    await rm(caja1.cursorPath, { force: true });
    await caja1.replicate(urlOf('store-a'));
    expect(caja1.replicator?.state()).toMatchObject({ state: 'ok', conflict_seq: null });
    // …and once its own journal is masked too.
    await caja1.stopReplication();
    await caja1.journal.maskIdentities(() => true);
    await rm(caja1.cursorPath, { force: true });
    await caja1.replicate(urlOf('store-a'));
    expect(caja1.replicator?.state()).toMatchObject({ state: 'ok', conflict_seq: null });
  });

  it('is set by the owner, 7 to 3650 days, and a close masks the days past it by itself', async () => {
    expect(await withClient(chain.ownerUrl, (c) => retentionDays(c))).toBe(90);
    // A new database's default.
    const fresh = await db.emptyDatabase();
    const { migrate } = await import('./migrate');
    await migrate(fresh);
    expect(await withClient(fresh, (c) => retentionDays(c))).toBe(90);
    await expect(withClient(chain.ownerUrl, (c) => retentionDays(c, 3))).rejects.toThrow();
    // A store's login cannot read or change it.
    await expect(withClient(urlOf('store-b'), (c) => retentionDays(c, 3650))).rejects.toMatchObject(
      {
        code: '42501',
      },
    );
    expect(await withClient(chain.ownerUrl, (c) => retentionDays(c, 7))).toBe(7);
    try {
      const caja = await counterOf('RETB0001', 'store-b');
      const now = Date.now();
      caja.setClock(new Date(now - 10 * 86_400_000));
      await caja.sale('RETB01', '41000111');
      caja.setClock(new Date(now - 86_400_000));
      await caja.sale('RETB02', '41000222');
      await caja.replicate(urlOf('store-b'));
      const app = appOf(caja);
      const yesterday = new Date(now - 86_400_000).toLocaleDateString('en-CA', {
        timeZone: 'America/Lima',
      });
      const query = { store: 'store-b', mode: 'live' as const, day: yesterday };
      await app.close.closeDay(
        closeRequest(query, await draftOf(app.close, query, ['41000222']), caja.id),
      );
      // The day ten days ago is past seven: masked by the close; yesterday's is kept whole.
      expect((await linesOf('RETB01')).map((l) => l.line).join()).not.toContain('41000111');
      expect((await linesOf('RETB02')).map((l) => l.line).join()).toContain('41000222');
    } finally {
      await withClient(chain.ownerUrl, (c) => retentionDays(c, 90));
    }
  });
});

describe('erasure on request', () => {
  it('at a counter: one customer, in its own store, recorded without whose, every counter told', async () => {
    const c1 = await counterOf('ERAA0001', 'store-a');
    const c2 = await counterOf('ERAA0002', 'store-a');
    const other = await counterOf('ERAB0001', 'store-b');
    // Today: days past the retention are masked already, whatever arrives for them.
    for (const c of [c1, c2, other]) c.setClock(new Date());
    await c1.sale('ERAS01', '45000123');
    await c2.sale('ERAS02', '45000123');
    await c2.sale('ERAS03', '45000999');
    await other.sale('ERAS04', '45000123');
    for (const c of [c1, c2, other]) await c.replicate(urlOf(c.store));

    const asked = { kind: 'dni' as const, value: '45000123', supervisor: 'Rosa' };
    const look = await withClient(urlOf('store-a'), (c) => lookCustomer(c, signer(c1), asked));
    expect(look.counters.map((x) => [x.terminal_id, x.operations])).toEqual([
      [c1.id, 1],
      [c2.id, 1],
    ]);

    // Another store's login carrying this counter's key: refused (the walls of 0110).
    await expect(
      withClient(urlOf('store-b'), (c) => forgetCustomer(c, signer(c1), asked)),
    ).rejects.toMatchObject({ code: 'MS011' });
    // A call not signed by its key: refused.
    await expect(
      withClient(urlOf('store-a'), (c) =>
        forgetCustomer(c, { terminalId: c1.id, signingKey: other.signingKey }, asked),
      ),
    ).rejects.toMatchObject({ code: 'MS014' });

    const erased = await withClient(urlOf('store-a'), (c) => forgetCustomer(c, signer(c1), asked));
    expect(erased).toMatchObject({ operations: 2, closes: 0 });
    expect(erased.lines).toBeGreaterThanOrEqual(4);
    for (const code of ['ERAS01', 'ERAS02'])
      expect((await linesOf(code)).map((l) => l.line).join()).not.toContain('45000123');
    // Another customer of the store, and the customer in another store: untouched.
    expect((await linesOf('ERAS03')).map((l) => l.line).join()).toContain('45000999');
    expect((await linesOf('ERAS04')).map((l) => l.line).join()).toContain('45000123');

    // Recorded: when, who, where; never whose (no DNI in any of the tables it wrote).
    await withClient(chain.ownerUrl, async (c) => {
      const record = (await c.query('SELECT * FROM erasures')).rows;
      expect(record).toEqual([
        expect.objectContaining({
          by_terminal: c1.id,
          supervisor: 'Rosa',
          scope: 'store-a',
          operations: 2,
        }),
      ]);
      for (const table of ['erasures', 'erasure_notices', 'identity_reads']) {
        const rows = (await c.query(`SELECT * FROM ${table}`)).rows;
        expect(JSON.stringify(rows), table).not.toContain('45000123');
      }
    });

    // Each counter of the store is told what to mask in its journal.
    const notice = await withClient(urlOf('store-a'), (c) => erasureNotices(c, signer(c2)));
    expect(notice).toEqual([
      expect.objectContaining({
        store: 'store-a',
        codes: expect.arrayContaining(['ERAS01', 'ERAS02']),
        mask: '*****123',
      }),
    ]);
    expect(notice[0]?.op_ids).toHaveLength(1);
    // Another store's counter is told nothing.
    expect(await withClient(urlOf('store-b'), (c) => erasureNotices(c, signer(other)))).toEqual([]);
    // While Caja 2's notice waits, a line of that customer it had not sent is masked as it arrives.
    await c2.sale('ERAS05', '45000123');
    await c2.replicate(urlOf('store-a'));
    expect((await linesOf('ERAS05')).map((l) => l.line).join()).not.toContain('45000123');
    // Done: the notice goes.
    const ids = notice.map((n) => n.id);
    expect(await withClient(urlOf('store-a'), (c) => erasureNoticesDone(c, signer(c2), ids))).toBe(
      1,
    );
    expect(await withClient(urlOf('store-a'), (c) => erasureNotices(c, signer(c2)))).toEqual([]);

    // The owner's erasure reaches every store.
    const everywhere = await withClient(chain.ownerUrl, (c) =>
      forgetIdentity(c, 'dni', '45000123'),
    );
    expect(everywhere.operations).toBeGreaterThanOrEqual(1);
    expect((await linesOf('ERAS04')).map((l) => l.line).join()).not.toContain('45000123');
  });

  it('waits while one of the customer’s sales has no definite answer', async () => {
    const c1 = await counterOf('ERAC0001', 'store-a');
    c1.setClock(new Date());
    await c1.sale('ERAO01', '46000555', 'unknown');
    await c1.replicate(urlOf('store-a'));
    await expect(
      withClient(urlOf('store-a'), (c) =>
        forgetCustomer(c, signer(c1), { kind: 'dni', value: '46000555', supervisor: 'Rosa' }),
      ),
    ).rejects.toMatchObject({ code: 'MS015' });
    expect((await linesOf('ERAO01')).map((l) => l.line).join()).toContain('46000555');
  });

  it('masks a close kept before 0115 that holds the customer whole, keeping its printed hash', async () => {
    const c1 = await counterOf('ERAD0001', 'store-a');
    const yesterday = new Date(Date.now() - 86_400_000);
    c1.setClock(yesterday);
    await c1.sale('ERAC01', '47000321');
    await c1.replicate(urlOf('store-a'));
    const app = appOf(c1);
    const day = yesterday.toLocaleDateString('en-CA', { timeZone: 'America/Lima' });
    const query = { store: 'store-a', mode: 'live' as const, day };
    // A close as 0114 wrote it: without 0115's masking at the write, the customer whole.
    const kept = await withoutCloseMasking(async () =>
      app.close.closeDay(closeRequest(query, await draftOf(app.close, query, ['47000321']), c1.id)),
    );
    expect(kept.close.canonical).toContain('"47000321"');
    const look = await withClient(urlOf('store-a'), (c) =>
      lookCustomer(c, signer(c1), { kind: 'dni', value: '47000321', supervisor: 'Rosa' }),
    );
    expect(look.closes).toBe(1);
    const erased = await withClient(urlOf('store-a'), (c) =>
      forgetCustomer(c, signer(c1), { kind: 'dni', value: '47000321', supervisor: 'Rosa' }),
    );
    expect(erased.closes).toBe(1);
    await withClient(chain.ownerUrl, async (c) => {
      const close = (
        await c.query(
          `SELECT content, sha256_as_printed FROM store_day_closes
           WHERE store = 'store-a' AND store_day = $1`,
          [day],
        )
      ).rows[0];
      expect(close.content).not.toContain('"47000321"');
      expect(close.sha256_as_printed).toBe(kept.close.sha256);
    });
  });
});
