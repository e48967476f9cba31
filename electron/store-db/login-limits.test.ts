// Limits per login, straight to PostgreSQL (issue 34, item 3; docs/store-database.md "Limits per
// login"): every login `store-db add-login` makes has a CONNECTION LIMIT, a statement timeout and
// an idle-in-transaction timeout. A store's login that opens every connection it can stops at its
// limit, and the other stores' logins, the chain's and the owner still connect; an honest client
// idle inside a transaction is cut at the login's timeout. A hostile one can turn its own
// timeouts off (they are its session's): what bounds it is its limit, and nothing it holds in
// those connections (a read of every table, a session advisory lock on the key another store's
// close takes) keeps another store from selling, reading or closing its day.
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONNECTIONS, LOGIN_LIMITS } from './logins-admin';
import { readCodeAcrossCounters } from './store-queries';
import { makeChain } from './test-support/chain';
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

// A small server, as a back-office PC's: 30 connections, 3 of them kept for superusers. A login
// without a limit takes every other one.
const db = throwawayStoreDb({ settings: ['max_connections=30'] });
const opened: StoreCounter[] = [];
const apps: CounterApp[] = [];
const held: pg.Client[] = [];
afterEach(async () => {
  await Promise.all(held.splice(0).map((c) => c.end().catch(() => undefined)));
  await Promise.all(apps.splice(0).map((a) => a.end()));
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

/** Opens connections as `url` until one is refused (at most `most`): how many, and why not. */
async function openAll(url: string, most: number): Promise<{ opened: number; refusal: unknown }> {
  for (let n = 0; n < most; n += 1) {
    const c = new pg.Client({ connectionString: url });
    c.on('error', () => undefined);
    try {
      await c.connect();
      held.push(c);
    } catch (error) {
      return { opened: n, refusal: error };
    }
  }
  return { opened: most, refusal: null };
}

describe('a login at its connection limit', () => {
  it('a store’s login takes no more than its limit: the other store’s login, the chain’s, head office’s and the owner still connect and work', async () => {
    const chain = await makeChain(db, ['store-a', 'store-b']);
    const a = chain.stores['store-a']?.url ?? '';
    const b = chain.stores['store-b']?.url ?? '';
    const limit = await withClient(chain.ownerUrl, async (c) => {
      const r = await c.query<{ rolconnlimit: number }>(
        'SELECT rolconnlimit FROM pg_roles WHERE rolname = $1',
        [chain.stores['store-a']?.login],
      );
      return r.rows[0]?.rolconnlimit;
    });
    expect(limit).toBe(DEFAULT_CONNECTIONS.store);
    const taken = await openAll(a, 40);
    expect(taken.opened).toBe(limit);
    expect(taken.refusal).toMatchObject({
      code: '53300',
      message: expect.stringMatching(/too many connections for role/),
    });
    // Store B's counter joins, sells and reads; the chain's, head office's and the owner's logins
    // connect.
    const counterB = await storeCounter('CAJB0001', 'store-b');
    opened.push(counterB);
    await counterB.join(b);
    await counterB.sale('B-1', '41000701');
    await counterB.replicate(b);
    const app = counterApp(b, counterB);
    apps.push(app);
    expect(
      await readCodeAcrossCounters(app.calls, {
        store: 'store-b',
        mode: 'live',
        funding_code: 'B-1',
      }),
    ).toMatchObject({ checked: true });
    for (const url of [chain.chain.url, chain.headOffice.url, chain.ownerUrl]) {
      await withClient(url, async (c) => {
        expect((await c.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      });
    }
  });
});

describe('an idle transaction', () => {
  it('a store login’s client idle inside a transaction is cut at the login’s idle_in_transaction_session_timeout', async () => {
    const chain = await makeChain(db, ['store-a']);
    const url = chain.stores['store-a']?.url ?? '';
    const c = new pg.Client({ connectionString: url });
    const ended = new Promise<unknown>((resolve) => c.on('error', resolve));
    await c.connect();
    held.push(c);
    expect((await c.query('SHOW idle_in_transaction_session_timeout')).rows[0]).toEqual({
      idle_in_transaction_session_timeout: LOGIN_LIMITS.idleInTransactionTimeout,
    });
    await c.query('BEGIN; SELECT 1');
    const cut = await Promise.race([
      ended,
      new Promise((resolve) => setTimeout(() => resolve('still open after 25 s'), 25_000)),
    ]);
    expect(cut).toMatchObject({ message: expect.stringMatching(/idle-in-transaction timeout/) });
  }, 40_000);

  it('a hostile store login that turns its timeouts off holds its limit and nothing another store waits for: store B sells, checks and closes its day', async () => {
    const chain = await makeChain(db, ['store-a', 'store-b']);
    const a = chain.stores['store-a']?.url ?? '';
    const b = chain.stores['store-b']?.url ?? '';
    const counterB = await storeCounter('CAJB0001', 'store-b');
    opened.push(counterB);
    await counterB.join(b);
    await counterB.sale('B-1', '41000801');
    await counterB.replicate(b);
    // Every connection store A's login may hold, each in a transaction that never ends, having
    // read every table it may read, and holding session locks on the key store B's close of
    // its day takes (and of the days around it).
    const taken = await openAll(a, DEFAULT_CONNECTIONS.store);
    expect(taken.opened).toBe(DEFAULT_CONNECTIONS.store);
    for (const [i, c] of held.entries()) {
      await c.query(`SET idle_in_transaction_session_timeout = 0; SET statement_timeout = 0;
        SET lock_timeout = 0`);
      await c.query(
        `SELECT pg_advisory_lock(hashtext('store_db_close_day'),
        hashtext('store-b|live|' || ($1::date + $2::int)::text))`,
        [PAST_DAY, i - 5],
      );
      await c.query(`BEGIN; SELECT count(*) FROM journal_lines; SELECT count(*) FROM terminals;
        SELECT count(*) FROM store_operations; SELECT count(*) FROM store_day_closes;
        SELECT count(*) FROM open_operations; SELECT count(*) FROM store_counters;
        SELECT count(*) FROM store_logins; SELECT terminal_id FROM terminal_keys`);
    }
    // Store B, running the app: another sale goes in, a check answers, the day closes.
    await counterB.sale('B-2', '41000802');
    await counterB.replicate(b);
    const app = counterApp(b, counterB);
    apps.push(app);
    expect(
      await readCodeAcrossCounters(app.calls, {
        store: 'store-b',
        mode: 'live',
        funding_code: 'B-1',
      }),
    ).toEqual({ checked: true, findings: [], silent: [], held_lines: [] });
    const query = { store: 'store-b', mode: 'live' as const, day: PAST_DAY };
    const draft = await draftOf(app.close, query, ['41000801', '41000802']);
    const kept = await app.close.closeDay(closeRequest(query, draft, counterB.id));
    expect(kept.inserted).toBe(true);
    // A's connections were all still there, in their transactions, the whole time.
    for (const c of held) expect((await c.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });
});

describe('the close of a day takes its turn', () => {
  it('two supervisors closing the same day at once: one close is kept and both see it', async () => {
    const chain = await makeChain(db, ['store-b']);
    const b = chain.stores['store-b']?.url ?? '';
    const [b1, b2] = [
      await storeCounter('CAJB0001', 'store-b'),
      await storeCounter('CAJB0002', 'store-b'),
    ];
    opened.push(b1, b2);
    for (const [i, c] of [b1, b2].entries()) {
      await c.join(b);
      await c.sale(`B-${i}`, `4100090${i}`);
      await c.replicate(b);
    }
    const query = { store: 'store-b', mode: 'live' as const, day: PAST_DAY };
    const [app1, app2] = [counterApp(b, b1), counterApp(b, b2)];
    apps.push(app1, app2);
    const draft = await draftOf(app1.close, query, ['41000900', '41000901']);
    for (let round = 0; round < 3; round += 1) {
      const day = { ...query, day: round === 0 ? PAST_DAY : `2026-03-0${round}` };
      const content = round === 0 ? draft : await draftOf(app1.close, day, []);
      const both = await Promise.all([
        app1.close.closeDay(closeRequest(day, content, b1.id)),
        app2.close.closeDay(closeRequest(day, content, b2.id)),
      ]);
      expect(both.map((k) => k.inserted).sort(), day.day).toEqual([false, true]);
      expect(both[0]?.close.sha256).toBe(both[1]?.close.sha256);
    }
  });
});
