// The store database through a real PgBouncer in transaction mode, set up as a chain sets it up
// (docs/store-database.md "A chain: a pooler in front of the server"): the counters share one
// login, and migrate, "Probar conexión", replication, the reads, the store close's reads and the
// close itself (which the database checks and writes) all go through the pooler. A change that needs session state (a session SET, an advisory lock held
// across transactions, a named prepared statement, LISTEN, a temp table) fails here.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CloseContent } from '../../shared/store/close-record';
import { buildStoreClose } from '../../shared/store/store-close';
import { paidAndBilledIntent } from '../journal/test-support';
import { StoreCloseRefused } from '../store-close/close-database';
import { pgCloseDatabase } from '../store-close/pg-close-database';
import { APPEND_SQL, appendParams, newSigningKey, type SignedBatch } from './batch-signature';
import { callInTransaction, callPrelude } from './call-transaction';
import { checkStoreDb } from './check-connection';
import { DEFAULT_TIMEOUTS } from './connection';
import { LATEST_VERSION, migrate } from './migrate';
import { poolCalls } from './store-calls';
import { openStoreDbPool, type StoreDbPool } from './store-db-pool';
import { readCodeAcrossCounters, readFreshness, readStoreDay } from './store-queries';
import { openTestCounter, STORES, type TestCounter } from './test-support/counter';
import { rememberOwner } from './test-support/enroll';
import { type PgBouncer, startPgBouncer } from './test-support/pgbouncer';
import { throwawayStoreDb } from './test-support/store-db-fixture';
import { withClient } from './test-support/with-client';

const db = throwawayStoreDb();
/** Few server connections, so the counters really take turns on them. */
const POOL_SIZE = 3;
const SHARED = 'chain_counters';
const OWNER = 'chain_owner';
const DATABASE = 'chain_store';
let bouncer: PgBouncer;
let ownerUrl: string;
let sharedUrl: string;
let directOwnerUrl: string;
const counters: TestCounter[] = [];
const pools: StoreDbPool[] = [];

beforeAll(async () => {
  const cluster = db.cluster();
  cluster.psql(`CREATE ROLE ${OWNER} LOGIN CREATEROLE PASSWORD 'pw-owner'`);
  cluster.psql(`CREATE DATABASE ${DATABASE} OWNER ${OWNER} ENCODING 'UTF8' TEMPLATE template0`);
  bouncer = await startPgBouncer(cluster, { poolSize: POOL_SIZE });
  ownerUrl = bouncer.url(DATABASE, OWNER, 'pw-owner');
  directOwnerUrl = cluster.url(DATABASE, OWNER, 'pw-owner');
  sharedUrl = bouncer.url(DATABASE, SHARED, 'pw-shared');
  rememberOwner(directOwnerUrl);
}, 60_000);

afterEach(async () => {
  await Promise.all(counters.splice(0).map((c) => c.close()));
  await Promise.all(pools.splice(0).map((p) => p.end()));
});

afterAll(() => {
  bouncer?.stop();
});

async function counter(id: string, clock?: () => Date): Promise<TestCounter> {
  const opened = await openTestCounter(id, clock);
  counters.push(opened);
  return opened;
}

describe('a chain: PgBouncer in transaction mode in front of the store database', () => {
  it('migrate runs through the pooler, also three at once (the advisory lock is per transaction)', async () => {
    const results = await Promise.all([migrate(ownerUrl), migrate(ownerUrl), migrate(ownerUrl)]);
    expect(results.map((r) => r.version)).toEqual([LATEST_VERSION, LATEST_VERSION, LATEST_VERSION]);
    expect(results.flatMap((r) => r.applied).sort()).toEqual(
      (
        await withClient(directOwnerUrl, (c) =>
          c.query<{ version: number }>('SELECT version FROM store_db_migrations ORDER BY version'),
        )
      ).rows
        .map((r) => r.version)
        .sort(),
    );
    expect((await migrate(ownerUrl)).applied).toEqual([]);
    // The chain's one login for every counter, with the server-side statement timeout PgBouncer
    // cannot pass on as a startup parameter (docs/store-database.md).
    await withClient(directOwnerUrl, async (c) => {
      await c.query(
        `CREATE ROLE ${SHARED} LOGIN CONNECTION LIMIT 20 PASSWORD 'pw-shared' IN ROLE mostrador_terminal, mostrador_shared_login`,
      );
      await c.query(`ALTER ROLE ${SHARED} SET statement_timeout = '10s'`);
    });
    await bouncer.reload();
  });

  it('"Probar conexión" with the shared login: reachable, migrated, a counter\'s privileges', async () => {
    const check = await checkStoreDb(sharedUrl);
    expect(check).toMatchObject({
      ok: true,
      reachable: { ok: true },
      migrated: { ok: true, version: LATEST_VERSION },
      privileges: { ok: true, missing: [], excess: [] },
      clock: { ok: true },
    });
  });

  it("the statement timeout holds through the pooler (the login's own setting)", async () => {
    const pool = openStoreDbPool(sharedUrl);
    pools.push(pool);
    const shown = await pool.query<{ statement_timeout: string }>('SHOW statement_timeout');
    expect(shown.rows[0]?.statement_timeout).toBe('10s');
  });

  it('ten counters sharing one login replicate through 3 server connections, each as itself', async () => {
    const ids = Array.from({ length: 10 }, (_, i) => `CHAIN${String(i + 1).padStart(3, '0')}`);
    const all = await Promise.all(ids.map((id) => counter(id)));
    // Each enrolled with the technician's code, through the pooler with the shared login.
    for (const c of all) await c.enroll(sharedUrl);
    for (const c of all) c.startReplication(sharedUrl, { heartbeatMs: 200, lingerMs: 5 });
    for (let round = 0; round < 3; round += 1) {
      await Promise.all(all.map((c, i) => c.sell(`P${i}R${round}`)));
    }
    await Promise.all(all.map((c) => c.sell(`DOUBT${c.id}`, 'unknown')));
    await Promise.all(all.map((c) => c.replicator?.drained(30_000)));
    // Heartbeats go on through the pooler too.
    await new Promise((resolve) => setTimeout(resolve, 500));

    const pooled = await bouncer.admin('SHOW POOLS');
    const ours = pooled.find((p) => p.database === DATABASE && p.user === SHARED);
    expect(Number(ours?.cl_active) + Number(ours?.cl_waiting)).toBeGreaterThanOrEqual(10);
    expect(
      Number(ours?.sv_active) + Number(ours?.sv_idle) + Number(ours?.sv_used),
    ).toBeLessThanOrEqual(POOL_SIZE);

    await withClient(directOwnerUrl, async (c) => {
      for (const one of all) {
        const rows = await c.query(
          'SELECT line, signed_by, sent_by FROM journal_lines WHERE terminal_id = $1 ORDER BY seq',
          [one.id],
        );
        expect(rows.rows.map((r) => r.line)).toEqual(await one.fileLines());
        expect(new Set(rows.rows.map((r) => `${r.signed_by} ${r.sent_by}`))).toEqual(
          new Set([`${one.id} ${SHARED}`]),
        );
      }
      const standing = await c.query<{ standing: string; n: number }>(
        `SELECT standing, count(*)::int AS n FROM store_counters
         WHERE terminal_id LIKE 'CHAIN%' AND mode = 'live' GROUP BY standing`,
      );
      expect(standing.rows).toEqual([{ standing: 'current', n: 10 }]);
    });

    // The reads a counter makes, through the pooler with the same shared login: signed by that
    // counter's key, answered for its store.
    const pool = openStoreDbPool(sharedUrl);
    pools.push(pool);
    const as = (c: TestCounter | undefined) =>
      poolCalls(pool, async () => ({
        terminalId: c?.id ?? '',
        signingKey: c?.signingKey ?? Buffer.alloc(32),
      }));
    const code = await readCodeAcrossCounters(as(all[1]), {
      store: STORES.live,
      mode: 'live',
      funding_code: 'P0R1',
    });
    expect(code).toMatchObject({
      checked: true,
      findings: [{ kind: 'billed', terminal_id: 'CHAIN001' }],
    });
    const doubt = await readCodeAcrossCounters(as(all[0]), {
      store: STORES.live,
      mode: 'live',
      funding_code: 'DOUBTCHAIN003',
    });
    expect(doubt).toMatchObject({ checked: true, findings: [{ kind: 'in-doubt' }] });
    const fresh = await readFreshness(as(all[0]), { store: STORES.live, mode: 'live' });
    expect(fresh.ok && fresh.rows.filter((r) => r.terminal_id.startsWith('CHAIN'))).toHaveLength(
      10,
    );
    const day = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Lima' });
    const read = await readStoreDay(as(all[0]), { store: STORES.live, mode: 'live', day });
    expect(read.ok && read.rows.filter((r) => r.terminal_id.startsWith('CHAIN'))).toHaveLength(40);

    // The store close's reads (every counter's day, freshness, money held, the close record).
    const close = pgCloseDatabase(as(all[0]), async () => all[0]?.signingKey ?? Buffer.alloc(32));
    const query = { store: STORES.live, mode: 'live' as const, day };
    const [rows, freshness, record, held] = await Promise.all([
      close.readStoreDay(query),
      close.readFreshness(query),
      close.readClose(query),
      close.readHeld(query),
    ]);
    expect(rows.filter((r) => r.terminal_id.startsWith('CHAIN'))).toHaveLength(40);
    expect(freshness.filter((f) => f.terminal_id.startsWith('CHAIN'))).toHaveLength(10);
    expect(record).toBeNull();
    expect(held).toEqual([]);
  });

  it('a forged call through the pooler with the shared login is refused: a counter writes only as itself', async () => {
    const honest = await counter('CHAIN100');
    await honest.sell('HONEST1', 'unknown');
    await honest.enroll(sharedUrl);
    honest.startReplication(sharedUrl);
    await honest.replicator?.drained(20_000);
    await honest.stopReplication();

    const otherKey = newSigningKey();
    const batch = (beat: number, seq: number, code: string): SignedBatch => ({
      terminalId: 'CHAIN100',
      beat,
      stores: [{ store: STORES.live, mode: 'live' }],
      terminalName: 'Caja X',
      appVersion: '0.1.0',
      timeZone: 'America/Lima',
      journalSeq: seq,
      waiting: 0,
      open: 0,
      signOff: false,
      lines: [
        {
          store: STORES.live,
          seq,
          text: JSON.stringify({
            seq,
            type: 'intent',
            op_id: '7b0e7a52-4f7e-4d55-9a55-0a4b9b1c0100',
            at: '2026-11-27T15:00:00.000Z',
            operation: 'v3.paidAndBilled',
            mode: 'live',
            cashier_id: 'FORGER',
            funding_code: code,
            billed_cents: 1,
            to_collect_cents: 1,
          }),
          bytes: null,
        },
      ],
    });
    await withClient(sharedUrl, async (c) => {
      // The same login the honest counter uses; another key under its id.
      await expect(
        c.query('SELECT store_db_register($1, $2)', ['CHAIN100', otherKey]),
      ).rejects.toMatchObject({ code: 'MS014' });
      await expect(
        c.query(APPEND_SQL, appendParams(batch(Date.now() + 10_000, 50, 'FORGED'), otherKey)),
      ).rejects.toMatchObject({ code: 'MS014' });
      await expect(
        c.query(
          `INSERT INTO journal_lines (store, terminal_id, seq, time_zone, line) VALUES ($1, 'CHAIN100', 50, 'UTC', '{}')`,
          [STORES.live],
        ),
      ).rejects.toMatchObject({ code: '42501' });
      // The honest key's call sent twice (a replay): the second is refused.
      const call = batch(Date.now() + 20_000, 60, 'ONCE');
      call.lines = [];
      await c.query(APPEND_SQL, appendParams(call, honest.signingKey));
      await expect(
        c.query(APPEND_SQL, appendParams(call, honest.signingKey)),
      ).rejects.toMatchObject({ code: '42501' });
    });
    await withClient(directOwnerUrl, async (c) => {
      const rows = await c.query(
        `SELECT line, signed_by FROM journal_lines WHERE terminal_id = 'CHAIN100' ORDER BY seq`,
      );
      expect(rows.rows.map((r) => r.line)).toEqual(await honest.fileLines());
      expect(rows.rows.every((r) => r.signed_by === 'CHAIN100')).toBe(true);
    });
  });
  it('the database computes the close through the pooler: forged figures refused, the honest one kept', async () => {
    // A past store day (today cannot be closed): 10:00 in Lima.
    const at = new Date('2026-03-10T15:00:00.000Z');
    const day = '2026-03-10';
    const sellers = [await counter('CHAIN201', () => at), await counter('CHAIN202', () => at)];
    for (const [i, c] of sellers.entries()) {
      const dni = `4100020${i}`;
      const opId = await c.journal.recordIntent(
        paidAndBilledIntent({
          mode: 'live',
          identity: { kind: 'dni', value: dni },
          funding_code: `CLOSE${i}`,
          to_collect_cents: 30_000,
          request: { dni, funding_code: `CLOSE${i}`, billed_amount: 1200, cashier_id: 'caja-01' },
        }),
      );
      await c.journal.recordOutcome(opId, { status: 'succeeded', http_status: 200 });
      await c.enroll(sharedUrl);
      c.startReplication(sharedUrl);
    }
    await Promise.all(sellers.map((c) => c.replicator?.drained(20_000)));

    const pool = openStoreDbPool(sharedUrl);
    pools.push(pool);
    const reader = sellers[0];
    const calls = poolCalls(pool, async () => ({
      terminalId: reader?.id ?? '',
      signingKey: reader?.signingKey ?? Buffer.alloc(32),
    }));
    const close = pgCloseDatabase(calls, async (id) => {
      const seller = sellers.find((c) => c.id === id);
      if (!seller) throw new Error(`no counter ${id}`);
      return seller.signingKey;
    });
    const query = { store: STORES.live, mode: 'live' as const, day };
    const draft = buildStoreClose({
      ...query,
      timeZone: 'America/Lima',
      now: new Date().toISOString(),
      summary: {
        total_purchases: 2400,
        total_paid_in_store: 600,
        total_financed: 1800,
        order_detail: ['41000200', '41000201'].map((dni) => ({
          order_id: `ORD-${dni}`,
          dni,
          payment_origin: 'external' as const,
          amount: 300,
        })),
      },
      rows: await close.readStoreDay(query),
      freshness: await close.readFreshness(query),
    });
    expect(draft.refusal).toBeNull();
    const request = (content: CloseContent) => ({
      ...query,
      draft: content,
      supervisor: 'Rosa',
      cashier_id: 'caja-01',
      terminal_id: 'CHAIN201',
      note: null,
    });
    const forged = structuredClone(draft.content);
    forged.totals = { ...forged.totals, collected_cents: 1 };
    const refused = await close.closeDay(request(forged)).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(StoreCloseRefused);
    expect((refused as StoreCloseRefused).refusal).toMatchObject({ reason: 'changed' });
    const kept = await close.closeDay(request(draft.content));
    expect(kept.inserted).toBe(true);
    expect(
      kept.close.content.counters.filter((k) => k.billed > 0).map((k) => [k.terminal_id, k.billed]),
    ).toEqual([
      ['CHAIN201', 1],
      ['CHAIN202', 1],
    ]);
  });
});

describe('a durable commit whatever the session holds', () => {
  it("every call's transaction asks for synchronous_commit on, for itself only", async () => {
    expect(callPrelude('read write', DEFAULT_TIMEOUTS)).toMatch(
      /SET LOCAL synchronous_commit = on/,
    );
    await withClient(directOwnerUrl, async (c) => {
      await c.query('SET synchronous_commit TO off');
      const during = await callInTransaction(
        c,
        'read write',
        DEFAULT_TIMEOUTS,
        "SELECT current_setting('synchronous_commit') AS now",
      );
      expect(during.rows[0]).toEqual({ now: 'on' });
      const after = await c.query('SHOW synchronous_commit');
      expect(after.rows[0]?.synchronous_commit).toBe('off');
    });
  });
});

describe('no session state in what a counter sends (transaction pooling hands the connection on)', () => {
  it('every SET is LOCAL, no session advisory lock, LISTEN, temp table or named prepared statement', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const dirs = [
      'electron/store-db',
      'electron/store-db/migrations',
      'electron/store-close',
      'electron/store-link',
    ];
    const found: string[] = [];
    for (const dir of dirs) {
      for (const name of await readdir(dir)) {
        if (!/\.(ts|sql)$/.test(name) || /\.test\.ts$|^embedded\.ts$/.test(name)) continue;
        const text = await readFile(join(dir, name), 'utf8');
        const code = name.endsWith('.sql')
          ? text.replace(/--.*$/gm, '')
          : text.replace(/\/\/.*$/gm, '');
        const checks: [RegExp, string][] = [
          // A SET inside a function's definition (`SET search_path = …` on CREATE FUNCTION) is
          // the function's own; a statement that SETs the session is not allowed.
          [/(?:^|[;'"`]\s*)SET\s+(?!LOCAL\b)(?!search_path\b)\w+\s*(?:TO|=)/gim, 'session SET'],
          [/pg_(?:try_)?advisory_lock(?:_shared)?\s*\(/gi, 'session advisory lock'],
          [/\bLISTEN\s+\w/g, 'LISTEN'],
          [/CREATE\s+(?:TEMP|TEMPORARY)\s+TABLE/gi, 'temp table'],
          // pg's query config `{ name: '…', text: '…' }` (not any `name:`, a CLI's own name).
          [/\bname:\s*['"`][^'"`]*['"`],\s*(?:text|values):/g, 'named prepared statement'],
          [/\bPREPARE\s+\w+\s+(?:AS|\()/g, 'PREPARE'],
        ];
        for (const [pattern, what] of checks) {
          for (const m of code.matchAll(pattern))
            found.push(`${dir}/${name}: ${what}: ${m[0].trim()}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
