// A store sees only itself (issue 33, item 4; docs/store-database.md "Walls between stores"):
// four stores in one database, each with a counter that sold live and in training, left an
// operation in doubt and closed a past day, so every table and view holds rows of every store.
// Then each store's login (`store-db add-login --store S`), straight and through PgBouncer, reads
// every table and view with plain SQL and sees its own store's rows and no other's; the chain's
// login (`add-login --chain`) reads nothing with plain SQL; and the signed read (`store_db_read`,
// migration 0112) answers only for the key's store, only within 15 minutes of its time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_SQL, type ReadName, readParams } from './read-signature';
import { signedRead } from './store-calls';
import { readCodeAcrossCounters, readFreshness, readStoreDay } from './store-queries';
import { makeChain, type StoreChain } from './test-support/chain';
import { enrollCounter } from './test-support/enroll';
import { type PgBouncer, startPgBouncer } from './test-support/pgbouncer';
import {
  type CounterApp,
  closeRequest,
  counterApp,
  draftOf,
  PAST_AT,
  PAST_DAY,
  type StoreCounter,
  storeCounter,
  trainingOf,
} from './test-support/store-app';
import { throwawayStoreDb } from './test-support/store-db-fixture';
import { withClient } from './test-support/with-client';

const db = throwawayStoreDb();
const STORES = ['store-a', 'store-b', 'store-c', 'store-d'] as const;
let bouncer: PgBouncer;
let chain: StoreChain;
const counters = new Map<string, StoreCounter>();
const apps: CounterApp[] = [];

/** Every table and view that holds a store's rows, and how to read its rows' stores. */
const TABLES: { name: string; select: string }[] = [
  { name: 'journal_lines', select: 'SELECT store FROM public.journal_lines' },
  { name: 'store_operations', select: 'SELECT store FROM public.store_operations' },
  { name: 'terminals', select: 'SELECT store FROM public.terminals' },
  { name: 'store_counters', select: 'SELECT store FROM public.store_counters' },
  { name: 'open_operations', select: 'SELECT store FROM public.open_operations' },
  { name: 'store_day_closes', select: 'SELECT store FROM public.store_day_closes' },
  // The columns a counter's login may read (never the key).
  { name: 'terminal_keys', select: 'SELECT store FROM public.terminal_keys' },
  { name: 'store_logins', select: 'SELECT store FROM public.store_logins' },
];

const counterOf = (store: string) => {
  const c = counters.get(store);
  if (!c) throw new Error(`no counter of ${store}`);
  return c;
};
const loginOf = (store: string) => {
  const l = chain.stores[store];
  if (!l) throw new Error(`no login of ${store}`);
  return l;
};
const dniOf = (i: number) => `4100030${i}`;

beforeAll(async () => {
  bouncer = await startPgBouncer(db.cluster());
  chain = await makeChain(db, [...STORES]);
  await bouncer.reload();
  for (const [i, store] of STORES.entries()) {
    const url = loginOf(store).url;
    const c = await storeCounter(`CAJ${'ABCD'[i]}0001`, store);
    counters.set(store, c);
    await c.join(url);
    // A live sale and a training sale on the past day; today, a sale in doubt (an open operation).
    await c.sale(`${store}-CODE`, dniOf(i));
    await c.sale(`${store}-PRACTICE`, dniOf(i), 'succeeded', 'training');
    c.setClock(new Date());
    await c.sale(`${store}-DOUBT`, dniOf(i), 'unknown');
    c.setClock(PAST_AT);
    await c.replicate(url);
    const app = counterApp(url, c);
    apps.push(app);
    const query = { store, mode: 'live' as const, day: PAST_DAY };
    const kept = await app.close.closeDay(
      closeRequest(query, await draftOf(app.close, query, [dniOf(i)]), c.id),
    );
    expect(kept.inserted).toBe(true);
  }
}, 120_000);

afterAll(async () => {
  await Promise.all(apps.map((a) => a.end()));
  await Promise.all([...counters.values()].map((c) => c.close()));
  bouncer?.stop();
});

describe('a store’s login reads its own store only (plain SQL, row-level security)', () => {
  it.each([
    ['straight to PostgreSQL', (store: string) => loginOf(store).url],
    ['through PgBouncer', (store: string) => loginOf(store).via(bouncer)],
  ] as const)('%s: every table and view, for each of four stores', async (_, urlOf) => {
    for (const store of STORES) {
      const own = [store, trainingOf(store)];
      await withClient(urlOf(store), async (c) => {
        for (const table of TABLES) {
          const rows = (await c.query<{ store: string }>(table.select)).rows.map((r) => r.store);
          expect(
            rows.filter((s) => !own.includes(s)),
            `${store} reads ${table.name}`,
          ).toEqual([]);
          // Its own rows are there: the wall hides the others, not everything.
          expect(rows.length, `${store}'s own rows in ${table.name}`).toBeGreaterThan(0);
        }
        // Training rows of its own store, none of another's.
        const practice = await c.query<{ store: string }>(
          `SELECT DISTINCT store FROM public.store_operations WHERE mode = 'training'`,
        );
        expect(practice.rows).toEqual([{ store: trainingOf(store) }]);
        // Another store's rows named outright, and its day's figures: nothing of it.
        for (const other of STORES.filter((s) => s !== store)) {
          const named = await c.query(
            `SELECT store, identity_value, funding_code FROM public.store_operations WHERE store = $1`,
            [other],
          );
          expect(named.rows).toEqual([]);
          const figures = await c.query<{
            f: { counters: object; totals: { operations: number } };
          }>(`SELECT public.store_db_day_figures($1, 'live', $2::date) AS f`, [other, PAST_DAY]);
          expect(figures.rows[0]?.f.counters).toEqual({});
          expect(figures.rows[0]?.f.totals.operations).toBe(0);
        }
        const mine = await c.query<{ f: { counters: object } }>(
          `SELECT public.store_db_day_figures($1, 'live', $2::date) AS f`,
          [store, PAST_DAY],
        );
        expect(Object.keys(mine.rows[0]?.f.counters ?? {})).toEqual([counterOf(store).id]);
      });
    }
  });

  it('nor the key, the codes, another store’s reads or a code of its own making', async () => {
    const store = 'store-a';
    await withClient(loginOf(store).url, async (c) => {
      for (const sql of [
        'SELECT key FROM public.terminal_keys',
        'SELECT * FROM public.enrollment_codes',
        `SELECT public.store_db_read_day('store-b', 'live', '${PAST_DAY}')`,
        `SELECT public.store_db_read_code('store-b', 'live', 'store-b-CODE', 'CAJA0001')`,
        `SELECT public.store_db_read_held('store-b', 'live', '${PAST_DAY}')`,
        `SELECT * FROM public.store_db_make_enrollment_code('store-a', NULL, 8, 'mine')`,
        `SELECT * FROM public.store_db_make_enrollment_code('store-b', 'CAJA0001', 8, 'move')`,
        `INSERT INTO public.store_logins (login, store) VALUES (session_user, 'store-b')`,
        'UPDATE public.terminal_keys SET store = $$store-b$$',
      ]) {
        await expect(c.query(sql), sql).rejects.toMatchObject({ code: '42501' });
      }
    });
  });
});

describe('what a counter’s login may reach, as the catalog says', () => {
  it('every table or view with a store column it may read is walled, and the functions running with the owner’s rights it may call are the signed calls', async () => {
    for (const login of [loginOf('store-a').login, chain.chain.login]) {
      await withClient(chain.ownerUrl, async (c) => {
        const open = await c.query(
          `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm')
             AND EXISTS (SELECT FROM pg_attribute a WHERE a.attrelid = c.oid
               AND a.attname = 'store' AND NOT a.attisdropped)
             AND has_any_column_privilege($1, c.oid, 'SELECT')
             AND NOT (c.relkind IN ('r', 'p') AND c.relrowsecurity)
             AND NOT (c.relkind = 'v'
               AND array_to_string(c.reloptions, ',') ~ 'security_invoker=(on|true)')`,
          [login],
        );
        expect(open.rows, login).toEqual([]);
        const definers = await c.query<{ f: string }>(
          `SELECT p.oid::regprocedure::text AS f FROM pg_proc p
           JOIN pg_namespace n ON n.oid = p.pronamespace
           WHERE n.nspname = 'public' AND p.prosecdef AND has_function_privilege($1, p.oid, 'EXECUTE')
           ORDER BY 1`,
          [login],
        );
        expect(
          definers.rows.map((r) => r.f),
          login,
        ).toEqual([
          'store_db_append(text,bigint,text[],text[],text,text,text,bigint,integer,integer,boolean,text[],bigint[],text[],bytea[],bytea)',
          'store_db_close_day(text,text,date,text,text,text,text,text,bytea)',
          'store_db_enroll(text,bytea,text,text)',
          'store_db_login_stores()',
          'store_db_mark_off(text,text,text,date,text,text,bytea)',
          'store_db_personal_data(text,text,text,text,bytea)',
          'store_db_read(text,text,text,text,bytea)',
          'store_db_register(text,bytea)',
        ]);
      });
    }
  });
});

describe('the chain’s login reads nothing with plain SQL', () => {
  it.each([
    ['straight to PostgreSQL', () => chain.chain.url],
    ['through PgBouncer', () => chain.chain.via(bouncer)],
  ] as const)(
    '%s: every table and view refuses it (42501), and the day figures',
    async (_, url) => {
      await withClient(url(), async (c) => {
        for (const table of TABLES.filter((t) => t.name !== 'store_logins')) {
          await expect(c.query(table.select), table.name).rejects.toMatchObject({ code: '42501' });
        }
        await expect(
          c.query(`SELECT public.store_db_day_figures('store-b', 'live', $1::date)`, [PAST_DAY]),
        ).rejects.toMatchObject({ code: '42501' });
        // Its own bindings: none (it is bound to no store).
        expect((await c.query('SELECT store FROM public.store_logins')).rows).toEqual([]);
      });
    },
  );
});

describe('the signed read answers for the key’s store only', () => {
  it.each([
    ['the chain login through PgBouncer', () => chain.chain.via(bouncer)],
    ['store A’s login straight', () => loginOf('store-a').url],
  ] as const)('%s: A’s key reads A, never B; another store named is MS011', async (_, url) => {
    const a = counterOf('store-a');
    const pool = counterApp(url(), a);
    apps.push(pool);
    const day = await readStoreDay(pool.calls, { store: 'store-a', mode: 'live', day: PAST_DAY });
    expect(day.ok && day.rows.map((r) => [r.terminal_id, r.funding_code])).toEqual([
      [a.id, 'store-a-CODE'],
    ]);
    const fresh = await readFreshness(pool.calls, { store: 'store-a', mode: 'live' });
    expect(fresh.ok && fresh.rows.map((r) => r.terminal_id)).toEqual([a.id]);
    // B's code billed at B: A's check of the same code finds nothing (it is not A's store's).
    expect(
      await readCodeAcrossCounters(pool.calls, {
        store: 'store-a',
        mode: 'live',
        funding_code: 'store-b-CODE',
      }),
    ).toEqual({ checked: true, findings: [], silent: [], held_lines: [] });
    // The training store is A's own training store.
    const practice = await readStoreDay(pool.calls, {
      store: trainingOf('store-a'),
      mode: 'training',
      day: PAST_DAY,
    });
    expect(practice.ok && practice.rows.map((r) => r.funding_code)).toEqual(['store-a-PRACTICE']);
    const closed = (await pool.calls.read('close', { mode: 'live', day: PAST_DAY })) as {
      content: string;
    };
    expect(JSON.parse(closed.content)).toMatchObject({ store: 'store-a' });

    // Another store named in the read's arguments, whatever the read: MS011.
    for (const [read, args] of [
      ['day', { mode: 'live', store: 'store-b', day: PAST_DAY }],
      ['code', { mode: 'live', store: 'store-b', funding_code: 'store-b-CODE' }],
      ['counters', { mode: 'live', store: 'store-b' }],
      ['standing', { mode: 'live', store: 'store-b' }],
      ['held', { mode: 'live', store: 'store-b', day: PAST_DAY }],
      ['close', { mode: 'live', store: 'store-b', day: PAST_DAY }],
      ['day', { mode: 'training', store: trainingOf('store-b'), day: PAST_DAY }],
      ['day', { mode: 'live', store: trainingOf('store-a'), day: PAST_DAY }],
    ] as const) {
      await expect(pool.calls.read(read, args), `${read} ${args.store}`).rejects.toMatchObject({
        code: 'MS011',
      });
    }
  });

  it('a read signed more than 15 minutes from the database’s clock is refused (MS013), and one carried by another store’s login (MS011)', async () => {
    const a = counterOf('store-a');
    const reader = { terminalId: a.id, signingKey: a.signingKey };
    await withClient(chain.chain.via(bouncer), async (c) => {
      // A read seen on the wire 16 minutes ago, replayed; one dated 16 minutes ahead.
      for (const minutes of [-16, 16]) {
        const at = new Date(Date.now() + minutes * 60_000).toISOString();
        await expect(
          signedRead(c, reader, 'day', { mode: 'live', day: PAST_DAY }, { at }),
          `${minutes} min`,
        ).rejects.toMatchObject({ code: 'MS013' });
      }
      // The same bytes replayed: answered while fresh (a read changes nothing), refused later.
      const request = {
        terminalId: a.id,
        at: new Date(Date.now() - 16 * 60_000).toISOString(),
        read: 'counters' as ReadName,
        args: JSON.stringify({ mode: 'live' }),
      };
      await expect(c.query(READ_SQL, readParams(request, a.signingKey))).rejects.toMatchObject({
        code: 'MS013',
      });
      // Signed by another store's key under A's id.
      await expect(
        c.query(
          READ_SQL,
          readParams({ ...request, at: new Date().toISOString() }, counterOf('store-b').signingKey),
        ),
      ).rejects.toMatchObject({ code: 'MS014' });
    });
    // A's key through store B's own login (a cashier of A holding B's password too).
    await withClient(loginOf('store-b').url, (c) =>
      expect(
        signedRead(c, reader, 'counters', { mode: 'live' }, { at: new Date().toISOString() }),
      ).rejects.toMatchObject({
        code: 'MS011',
      }),
    );
  });

  it('a key not enrolled reads nothing (MS010), whatever login carries it', async () => {
    const stranger = { terminalId: 'CAJZ0001', signingKey: Buffer.alloc(32, 7) };
    for (const url of [chain.chain.via(bouncer), loginOf('store-a').url]) {
      await withClient(url, (c) =>
        expect(
          signedRead(c, stranger, 'hello', {}, { at: new Date().toISOString() }),
        ).rejects.toMatchObject({ code: 'MS010' }),
      );
    }
    // And an enrolled key cannot be enrolled into another store by a code of its own store.
    await expect(
      enrollCounter(
        null,
        loginOf('store-b').url,
        counterOf('store-a').id,
        Buffer.alloc(32, 9),
        'store-b',
      ),
    ).rejects.toMatchObject({ code: 'MS012' });
  });
});
