// The store database's figures (issue 20), each beside its floor in the same run, against a real
// throwaway PostgreSQL on this machine (electron/store-db/test-support/pg-cluster.ts):
// - catch-up after a partition: the replicator draining a journal's backlog (lines/s) vs the same
//   lines sent by the same kind of client as plain multi-row INSERTs into the same table;
// - lag p99 with 50 counters each journaling a line every 100 ms (append → COMMIT seen), in 5
//   processes of 10 counters (store-db-lag-entry.ts);
// - a store-day read of `store_operations` (10 counters × 1,000 operations), then the same read
//   with a year of 100 stores' lines beside it (generated in SQL);
// - Verify and Paid-and-billed through the real handlers with the replicator beside the journal
//   (database configured), beside it with the database unreachable, and with none.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { pgCloseDatabase } from '../electron/store-close/pg-close-database';
import {
  APPEND_SQL,
  appendParams,
  newSigningKey,
  type SignedBatch,
} from '../electron/store-db/batch-signature';
import { callInTransaction } from '../electron/store-db/call-transaction';
import { DEFAULT_TIMEOUTS } from '../electron/store-db/connection';
import { ENROLL_SQL } from '../electron/store-db/enrollment';
import { migrate } from '../electron/store-db/migrate';
import { startReplicator } from '../electron/store-db/replicator';
import { poolCalls, type StoreCalls } from '../electron/store-db/store-calls';
import { openStoreDbPool } from '../electron/store-db/store-db-pool';
import { readStoreDay } from '../electron/store-db/store-queries';
import { enrollCounter } from '../electron/store-db/test-support/enroll';
import { type PgCluster, startPgCluster } from '../electron/store-db/test-support/pg-cluster';
import { type PgBouncer, startPgBouncer } from '../electron/store-db/test-support/pgbouncer';
import { bundleEntry } from '../reliability/support/bundle-entry';
import { storeClose } from '../shared/receipt/store-close';
import { layoutText } from '../shared/receipt/text-layout';
import { buildStoreClose } from '../shared/store/store-close';
import { sampleStoreDay } from '../shared/store/store-close-samples';
import {
  chainEndDay,
  type HeadOfficeChain,
  headOfficeTimer,
  prepareHeadOffice,
} from './head-office';
import { createFundingOverHttp, type LiveBackend, openLiveBackend } from './live-backend';
import { median, now, quantile, round } from './stats';
import { benchKey, type CounterGroupConfig } from './store-db-group';
import { type LagRun, measureMaskDay } from './store-db-mask';
import { callTable } from './terminal-setup';

export type StoreDbPlan = {
  catchupLines: number;
  lagTerminals: number;
  lagSeconds: number;
  dayCounters: number;
  dayOps: number;
  chainStores: number;
  chainDays: number;
  chainOpsPerDay: number;
  overheadCalls: number;
  overheadWarmup: number;
  /** The chain through PgBouncer: counters, their stores, processes, seconds. */
  pooledCounters: number;
  pooledStores: number;
  pooledProcesses: number;
  pooledSeconds: number;
  pooledServerConnections: number;
  pooledFloorSeconds: number;
};

export type StoreDbResult = {
  catchup_lines_per_s: number;
  plain_insert_lines_per_s: number;
  lag_p99_ms: number;
  lag_p50_ms: number;
  day_read_ms: number;
  day_read_chain_ms: number;
  /** The query alone (no row checks), without and with the chain. */
  day_query_ms: number;
  day_query_chain_ms: number;
  chain_rows: number;
  /** The store close opened (4 reads, built, laid out), without and with the chain. */
  close_open_ms: number;
  close_open_chain_ms: number;
  /**
   * Head office's grid (every store × 14 days) and a store's closed day, as the head-office login
   * reads them (bench/head-office.ts), in the chain's database beside the store close above.
   */
  head_office_grid_ms: number;
  head_office_day_ms: number;
  /** Masking a day of the chain's 100 stores, and the counters' lag beside it (store-db-mask.ts). */
  mask: Awaited<ReturnType<typeof measureMaskDay>>;
  /** The chain through PgBouncer (`pooled`): one chain login. */
  pooled: Awaited<ReturnType<typeof pooled>>;
  /** The same with a login per store (a pool per store), the design weighed against it. */
  pooled_per_store: Awaited<ReturnType<typeof pooled>>;
  overhead: Record<'none' | 'configured' | 'unreachable', { verify_ms: number; billed_ms: number }>;
  details: Record<string, unknown>;
};

const STORE = 'bench-store';
const DAY = '2026-03-10';
const TERMINAL_ROLE_SQL = (user: string) =>
  `CREATE ROLE ${user} LOGIN PASSWORD 'pw-${user}' IN ROLE mostrador_terminal, mostrador_shared_login`;

/** A journal line as the journal writes it (same key order as check-entry's round trip). */
function intentLine(seq: number, opId: string, at: string, code: string): string {
  return JSON.stringify({
    operation: 'v3.paidAndBilled',
    mode: 'live',
    cashier_id: 'caja-01',
    identity: { kind: 'dni', value: '12345678' },
    funding_code: code,
    billed_cents: 150_000,
    to_collect_cents: 37_500,
    request: { dni: '12345678', funding_code: code, billed_amount: 1500, cashier_id: 'caja-01' },
    type: 'intent',
    op_id: opId,
    seq,
    at,
  });
}
function outcomeLine(seq: number, opId: string, at: string): string {
  return JSON.stringify({
    status: 'succeeded',
    http_status: 200,
    type: 'outcome',
    op_id: opId,
    seq,
    at,
  });
}

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/**
 * Enrolls `count` counters (`<prefix>0000`…, key `benchKey(seed, id)`, store `storeOf(i)`) as a
 * chain's technician does: the owner makes a code per counter, the counter's login sends it.
 */
async function enrollMany(
  ownerUrl: string,
  counterUrl: string,
  count: number,
  keySeed: string,
  storeOf: (i: number) => string,
  prefix = 'CAJA',
) {
  const owner = new pg.Client({ connectionString: ownerUrl });
  const counter = new pg.Client({ connectionString: counterUrl });
  await owner.connect();
  await counter.connect();
  try {
    for (let i = 0; i < count; i += 1) {
      const id = `${prefix}${String(i).padStart(4, '0')}`;
      const made = await owner.query<{ code: string }>(
        'SELECT code FROM public.store_db_make_enrollment_code($1, null, 1, $2)',
        [storeOf(i), 'bench'],
      );
      await counter.query(ENROLL_SQL, [id, benchKey(keySeed, id), made.rows[0]?.code, storeOf(i)]);
    }
  } finally {
    await owner.end();
    await counter.end();
  }
}

async function newDatabase(cluster: PgCluster, name: string) {
  cluster.psql(`CREATE DATABASE ${name}`);
  const ownerUrl = cluster.url(name);
  await migrate(ownerUrl);
  return ownerUrl;
}

async function catchup(cluster: PgCluster, plan: StoreDbPlan, root: string) {
  const ownerUrl = await newDatabase(cluster, 'bench_catchup');
  const plainUrl = await newDatabase(cluster, 'bench_plain');
  const terminalUrl = cluster.url('bench_catchup', 'bench_caja', 'pw-bench_caja');
  const dir = await mkdtemp(join(root, 'catchup-'));
  const lines: string[] = [];
  const start = Date.parse(`${DAY}T15:00:00.000Z`);
  for (let i = 0; lines.length < plan.catchupLines; i += 1) {
    const at = new Date(start + i * 1000).toISOString();
    lines.push(intentLine(lines.length + 1, uuid(i), at, `C${String(i).padStart(5, '0')}`));
    lines.push(outcomeLine(lines.length + 1, uuid(i), at));
  }
  await appendFile(join(dir, 'journal.jsonl'), `${lines.join('\n')}\n`);
  const key = newSigningKey();
  await enrollCounter(ownerUrl, terminalUrl, 'CAJA0001', key, STORE);
  // The partition ends: a counter with its whole backlog waiting starts replicating.
  const started = now();
  const replicator = startReplicator({
    url: terminalUrl,
    journalPath: join(dir, 'journal.jsonl'),
    cursorPath: join(dir, 'cursor.json'),
    terminalId: 'CAJA0001',
    stores: { live: STORE, training: `training:${STORE}` },
    timeZone: 'America/Lima',
    signingKey: key,
  });
  await replicator.drained(300_000);
  const replicatorMs = now() - started;
  await replicator.stop();

  // The floor: the same lines, same batch size, plain multi-row INSERT, one transaction each.
  const client = new pg.Client({ connectionString: plainUrl });
  await client.connect();
  const plainStarted = now();
  for (let i = 0; i < lines.length; i += 500) {
    const batch = lines.slice(i, i + 500);
    const values = batch.map((_, j) => `($1, $2, $${j * 2 + 3}, 'America/Lima', $${j * 2 + 4})`);
    const params: unknown[] = [STORE, 'CAJA0001'];
    batch.forEach((line, j) => {
      params.push(i + j + 1, line);
    });
    await client.query(
      `INSERT INTO journal_lines (store, terminal_id, seq, time_zone, line) VALUES ${values.join(',')}`,
      params,
    );
  }
  const plainMs = now() - plainStarted;
  await client.end();
  const check = new pg.Client({ connectionString: ownerUrl });
  await check.connect();
  const count = Number((await check.query('SELECT count(*) AS n FROM journal_lines')).rows[0]?.n);
  await check.end();
  if (count !== lines.length) throw new Error(`catch-up left ${lines.length - count} lines out`);
  return {
    catchup_lines_per_s: round(lines.length / (replicatorMs / 1000), 0),
    plain_insert_lines_per_s: round(lines.length / (plainMs / 1000), 0),
    lines: lines.length,
  };
}

function sumTallies(tallies: unknown[]): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const tally of tallies) {
    for (const [key, n] of Object.entries((tally ?? {}) as Record<string, number>)) {
      sum[key] = (sum[key] ?? 0) + n;
    }
  }
  return sum;
}

/**
 * Counters in `groups` processes (store-db-lag-entry.ts): each waits until every counter reached
 * the database, all start together, and each prints its lags. `during` runs while they journal.
 */
async function counterGroups(
  total: number,
  groups: number,
  base: Omit<CounterGroupConfig, 'first' | 'count'>,
  during?: () => Promise<void>,
  /** The first counter's number (counters already enrolled from it on). */
  offset = 0,
): Promise<{
  lags: number[];
  errors: number;
  cpuMs: number;
  startErrors: Record<string, number>;
  runErrors: Record<string, number>;
}> {
  const bundle = await bundleEntry('bench/store-db-lag-entry.ts');
  const perGroup = Math.ceil(total / groups);
  const children = Array.from({ length: groups }, (_, g) => {
    const config: CounterGroupConfig = {
      ...base,
      first: offset + g * perGroup,
      count: Math.min(perGroup, total - g * perGroup),
    };
    const child = spawn(process.execPath, [bundle.entry, JSON.stringify(config)], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const messages: Record<string, unknown>[] = [];
    let notify: (() => void) | null = null;
    createInterface({ input: child.stdout }).on('line', (line) => {
      messages.push(JSON.parse(line) as Record<string, unknown>);
      notify?.();
    });
    const next = async (key: string) => {
      for (;;) {
        const found = messages.find((m) => key in m);
        if (found) return found;
        if (child.exitCode !== null) throw new Error(`counter group ${g} exited ${child.exitCode}`);
        await new Promise<void>((resolve) => {
          notify = resolve;
          setTimeout(resolve, 200);
        });
      }
    };
    return { child, next };
  });
  try {
    await Promise.all(children.map((c) => c.next('ready')));
    for (const c of children) c.child.stdin?.write('go\n');
    const [results] = await Promise.all([
      Promise.all(children.map((c) => c.next('lags'))),
      during?.(),
    ]);
    return {
      lags: results.flatMap((r) => r.lags as number[]),
      errors: results.reduce((n, r) => n + Number(r.errors ?? 0), 0),
      cpuMs: results.reduce((n, r) => n + Number(r.cpu_ms ?? 0), 0),
      startErrors: sumTallies(results.map((r) => r.startErrors)),
      runErrors: sumTallies(results.map((r) => r.runErrors)),
    };
  } finally {
    for (const c of children) c.child.kill('SIGKILL');
    await bundle.remove();
  }
}

async function lag(cluster: PgCluster, plan: StoreDbPlan, root: string) {
  const ownerUrl = await newDatabase(cluster, 'bench_lag');
  const url = cluster.url('bench_lag', 'bench_caja', 'pw-bench_caja');
  const groups = Math.min(5, plan.lagTerminals);
  const keySeed = randomBytes(16).toString('hex');
  await enrollMany(ownerUrl, url, plan.lagTerminals, keySeed, () => STORE);
  const { lags } = await counterGroups(plan.lagTerminals, groups, {
    url,
    root,
    seconds: plan.lagSeconds,
    store: STORE,
    keySeed,
  });
  return {
    lag_p99_ms: round(quantile(lags, 0.99), 1),
    lag_p50_ms: round(quantile(lags, 0.5), 1),
    lag_lines: lags.length,
    processes: groups,
  };
}

/** CPU time (ms) used so far by `pid` and, with `children`, by every process whose parent it is. */
function cpuMsOf(pid: number, children = false): number {
  const ticks = (stat: string) => {
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), cpu: Number(fields[11]) + Number(fields[12]) };
  };
  let total = 0;
  for (const name of children ? readdirSync('/proc') : [String(pid)]) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const t = ticks(readFileSync(`/proc/${name}/stat`, 'utf8'));
      if (Number(name) === pid || (children && t.ppid === pid)) total += t.cpu;
    } catch {
      // Gone meanwhile.
    }
  }
  return total * 10; // USER_HZ is 100 on Linux.
}

/**
 * How the chain's counters log in through PgBouncer: one login for the whole chain (one pool), or
 * a login per store (a pool per store, `poolSize` server connections each, the database's total
 * capped at `pooledServerConnections` by max_db_connections), as "Walls between stores" weighs.
 */
export type PooledLogins =
  | { kind: 'chain' }
  | { kind: 'per-store'; poolSize: number; settings?: string[] };

const CHAIN_LOGIN = 'chain_counters';
const CHAIN_PASSWORD = 'pw-chain_counters';

/** How many of `wanted` connections a server takes directly before it refuses one. */
async function directConnections(url: string, wanted: number) {
  const open: pg.Client[] = [];
  let refused: string | null = null;
  while (open.length < wanted && refused === null) {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    try {
      await client.connect();
      open.push(client);
    } catch (error) {
      refused = (error as Error).message;
    }
  }
  await Promise.all(open.map((c) => c.end().catch(() => undefined)));
  return { taken: open.length, refused };
}

/**
 * The floor beside the chain's lag: the same number of plain clients through the same PgBouncer,
 * each calling the signed `store_db_append` with one line a second (no journal, no replicator, no
 * transaction around it): what the database and the pooler cost alone.
 */
async function pooledFloor(
  ownerUrl: string,
  url: string,
  clients: number,
  seconds: number,
  stores: number,
) {
  const keySeed = randomBytes(16).toString('hex');
  const floorStore = (i: number) => `floor-${i % stores}`;
  await enrollMany(ownerUrl, url, clients, keySeed, floorStore, 'FLOOR');
  const callers = await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => undefined);
      await client.connect();
      const terminalId = `FLOOR${String(i).padStart(4, '0')}`;
      return {
        client,
        key: benchKey(keySeed, terminalId),
        terminalId,
        beat: 0,
        store: floorStore(i),
      };
    }),
  );
  const latencies: number[] = [];
  let errors = 0;
  const until = now() + seconds * 1000;
  await Promise.all(
    callers.map(async (c, k) => {
      await new Promise((r) => setTimeout(r, (k * 1000) / clients));
      let seq = 0;
      while (now() < until) {
        const next = now() + 1000;
        seq += 1;
        const opId = uuid(k * 100_000 + seq);
        const at = new Date().toISOString();
        const batch: SignedBatch = {
          terminalId: c.terminalId,
          beat: ++c.beat,
          stores: [{ store: c.store, mode: 'live' }],
          terminalName: null,
          appVersion: 'bench',
          timeZone: 'America/Lima',
          journalSeq: seq,
          waiting: 0,
          open: 0,
          signOff: false,
          lines: [{ store: c.store, seq, text: intentLine(seq, opId, at, `F${seq}`), bytes: null }],
        };
        const started = now();
        try {
          // As the replicator calls it: in a transaction of its own (call-transaction.ts).
          await callInTransaction(
            c.client,
            'read write',
            DEFAULT_TIMEOUTS,
            APPEND_SQL,
            appendParams(batch, c.key),
          );
          latencies.push(now() - started);
        } catch {
          errors += 1;
        }
        await new Promise((r) => setTimeout(r, Math.max(0, next - now())));
      }
    }),
  );
  await Promise.all(callers.map((c) => c.client.end().catch(() => undefined)));
  return {
    lines: latencies.length,
    errors,
    p50_ms: round(quantile(latencies, 0.5), 1),
    p99_ms: round(quantile(latencies, 0.99), 1),
    max_ms: round(Math.max(...latencies), 1),
  };
}

/**
 * A chain on one server: `pooledCounters` simulated counters of `pooledStores` stores, each the
 * real replicator over a journal kept in memory, with its own connection to PgBouncer (transaction mode,
 * `pooledServerConnections` server connections, one shared login), into one PostgreSQL with
 * max_connections 100, a line per counter per second. Beside it, in the same run: how many
 * counters that server takes directly, and the floor (plain signed calls through the pooler).
 */
async function pooled(plan: StoreDbPlan, root: string, logins: PooledLogins = { kind: 'chain' }) {
  const cluster = await startPgCluster({ settings: ['max_connections=100'] });
  let bouncer: PgBouncer | null = null;
  try {
    cluster.psql(`CREATE ROLE chain_owner LOGIN CREATEROLE PASSWORD 'pw-chain_owner'`);
    cluster.psql(
      `CREATE DATABASE bench_chain OWNER chain_owner ENCODING 'UTF8' TEMPLATE template0`,
    );
    const ownerUrl = cluster.url('bench_chain', 'chain_owner', 'pw-chain_owner');
    await migrate(ownerUrl);
    cluster.psql(
      `CREATE ROLE ${CHAIN_LOGIN} LOGIN PASSWORD '${CHAIN_PASSWORD}' IN ROLE mostrador_terminal, mostrador_shared_login`,
    );
    cluster.psql(`ALTER ROLE ${CHAIN_LOGIN} SET statement_timeout = '10s'`);
    const storeLogins =
      logins.kind === 'per-store'
        ? Array.from({ length: plan.pooledStores }, (_, k) => `chain_store_${k}`)
        : [];
    for (const [k, login] of storeLogins.entries()) {
      cluster.psql(
        `CREATE ROLE ${login} LOGIN PASSWORD 'pw-${login}' IN ROLE mostrador_terminal;
         ALTER ROLE ${login} SET statement_timeout = '10s'`,
      );
      // Bound to its store, as add-login --store binds it.
      cluster.psql(
        `INSERT INTO store_logins (login, store) VALUES ('${login}', 'chain-${k}')`,
        'bench_chain',
      );
    }
    const direct = await directConnections(
      cluster.url('bench_chain', CHAIN_LOGIN, CHAIN_PASSWORD),
      plan.pooledCounters,
    );
    bouncer = await startPgBouncer(cluster, {
      // Per-store logins: a pool per store, the database's server connections capped in all.
      poolSize: logins.kind === 'per-store' ? logins.poolSize : plan.pooledServerConnections,
      maxClientConn: plan.pooledCounters * 2 + 100,
      ...(logins.kind === 'per-store'
        ? { maxDbConnections: plan.pooledServerConnections, settings: logins.settings ?? [] }
        : {}),
    });
    const url = bouncer.url('bench_chain', CHAIN_LOGIN, CHAIN_PASSWORD);
    // Every counter enrolled in its store with the technician's code, as a chain's counters are.
    const keySeed = randomBytes(16).toString('hex');
    const chainStoreOf = (i: number) => `chain-${i % plan.pooledStores}`;
    await enrollMany(
      ownerUrl,
      cluster.url('bench_chain', CHAIN_LOGIN, CHAIN_PASSWORD),
      plan.pooledCounters,
      keySeed,
      chainStoreOf,
    );
    const urls = storeLogins.map(
      (login) => bouncer?.url('bench_chain', login, `pw-${login}`) ?? '',
    );
    const ourLogins = new Set(logins.kind === 'per-store' ? storeLogins : [CHAIN_LOGIN]);
    const pooler = bouncer;
    const serverConnections: number[] = [];
    const clientConnections: number[] = [];
    let sampling = true;
    const sample = async () => {
      while (sampling) {
        const pools = await pooler.admin('SHOW POOLS').catch(() => []);
        const ours = pools.filter(
          (p) => p.database === 'bench_chain' && ourLogins.has(p.user ?? ''),
        );
        if (ours.length > 0) {
          const sum = (f: (p: Record<string, string>) => number) =>
            ours.reduce((n, p) => n + f(p), 0);
          serverConnections.push(
            sum((p) => Number(p.sv_active) + Number(p.sv_idle) + Number(p.sv_used)),
          );
          clientConnections.push(sum((p) => Number(p.cl_active) + Number(p.cl_waiting)));
        }
        await new Promise((r) => setTimeout(r, 1000));
      }
    };
    const postmaster = Number(
      readFileSync(join(cluster.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    const cpuAt = { pg: 0, bouncer: 0 };
    const startedAt = now();
    const counters = await counterGroups(
      plan.pooledCounters,
      plan.pooledProcesses,
      {
        url,
        ...(urls.length ? { urls } : {}),
        keySeed,
        root,
        seconds: plan.pooledSeconds,
        store: 'chain',
        stores: plan.pooledStores,
        intervalMs: 1000,
        readyMs: 180_000,
        // Simulated counters: the real replicator, journals in memory (the issue's "simulated
        // counters may share a process"); a thousand journals' disks are not the server's.
        memory: true,
      },
      async () => {
        const pgBefore = cpuMsOf(postmaster, true);
        const bouncerBefore = cpuMsOf(pooler.pid);
        const sampler = sample();
        await new Promise((r) => setTimeout(r, plan.pooledSeconds * 1000));
        sampling = false;
        await sampler;
        cpuAt.pg = cpuMsOf(postmaster, true) - pgBefore;
        cpuAt.bouncer = cpuMsOf(pooler.pid) - bouncerBefore;
      },
    );
    const runMs = now() - startedAt;
    const owner = new pg.Client({ connectionString: ownerUrl });
    await owner.connect();
    const held = await owner.query<{
      lines: number;
      counters: number;
      stores: number;
      foreign: number;
      unreadable: number;
    }>(
      `SELECT count(*)::int AS lines, count(DISTINCT terminal_id)::int AS counters,
         count(DISTINCT store)::int AS stores,
         count(*) FILTER (WHERE signed_by IS DISTINCT FROM terminal_id OR NOT sent_by = ANY ($1))::int AS foreign,
         count(*) FILTER (WHERE type = 'unreadable' OR problem IS NOT NULL)::int AS unreadable
       FROM journal_lines`,
      [[...ourLogins]],
    );
    const maxServer = await owner.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE usename = ANY ($1)`,
      [[...ourLogins]],
    );
    await owner.end();
    const row = held.rows[0];
    if (row?.foreign !== 0 || row.unreadable !== 0) {
      throw new Error(
        `chain rows not signed by their counter, or not read: ${JSON.stringify(row)}`,
      );
    }
    const floor = await pooledFloor(
      ownerUrl,
      url,
      plan.pooledCounters,
      plan.pooledFloorSeconds,
      plan.pooledStores,
    );
    return {
      logins:
        logins.kind === 'per-store'
          ? `a login per store, pool ${logins.poolSize}`
          : 'one chain login',
      pooled_counters: row.counters,
      pooled_stores: row.stores,
      pooled_lines: row.lines,
      // Every line the database holds was timed by its counter (0 expected).
      pooled_lines_not_timed: row.lines - counters.lags.length,
      pooled_lag_p99_ms: round(quantile(counters.lags, 0.99), 1),
      pooled_lag_p50_ms: round(quantile(counters.lags, 0.5), 1),
      pooled_lag_max_ms: round(Math.max(...counters.lags), 1),
      // Calls that failed while the counters journaled (each retried: every line arrived), and
      // while the 1,000 connected at the start (SCRAM through the pooler), by state:category.
      pooled_errors: counters.errors,
      pooled_errors_by_category: counters.runErrors,
      pooled_start_retries: counters.startErrors,
      pooled_run_s: round(runMs / 1000, 1),
      processes: plan.pooledProcesses,
      server_connections_max: Math.max(0, ...serverConnections),
      server_connections_after: maxServer.rows[0]?.n ?? null,
      client_connections_max: Math.max(0, ...clientConnections),
      pool_size: plan.pooledServerConnections,
      max_connections: 100,
      // CPU per line while they journaled (ms): what a quiet machine needs for a line a second
      // per counter, whatever else shares this one (load average beside it in the run).
      cpu_ms_per_line: {
        counters: round(counters.cpuMs / row.lines, 3),
        pgbouncer: round(cpuAt.bouncer / row.lines, 3),
        postgresql: round(cpuAt.pg / row.lines, 3),
      },
      load_average: loadavg().map((v) => round(v, 1)),
      direct_counters: direct.taken,
      direct_refused: direct.refused,
      floor,
    };
  } finally {
    bouncer?.stop();
    cluster.stop();
  }
}

/** One store day of `counters` × `ops` operations, through the trigger like any counter's lines. */
async function generateStoreDay(client: pg.Client, plan: StoreDbPlan) {
  // A version-4 shaped uuid from a hash, so an intent and its outcome share one (the shared
  // schema's z.uuid() takes only RFC 4122 variants, as randomUUID makes them).
  await client.query(`CREATE FUNCTION bench_uuid(text) RETURNS uuid IMMUTABLE LANGUAGE sql AS $$
    SELECT (substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-4' || substr(h, 14, 3) || '-8' ||
      substr(h, 18, 3) || '-' || substr(h, 21, 12))::uuid FROM md5($1) AS h $$`);
  await client.query(
    `INSERT INTO journal_lines (store, terminal_id, seq, time_zone, line)
     SELECT $1, 'CAJA' || lpad(t::text, 4, '0'), s, 'America/Lima',
       CASE WHEN s % 2 = 1 THEN json_build_object(
         'operation', 'v3.paidAndBilled', 'mode', 'live', 'cashier_id', 'caja-' || t,
         'identity', json_build_object('kind', 'dni', 'value', '12345678'),
         'funding_code', 'D' || lpad(((s + 1) / 2)::text, 5, '0'),
         'billed_cents', 150000, 'to_collect_cents', 37500, 'request', json_build_object('n', s),
         'type', 'intent', 'op_id', bench_uuid(t || '-' || ((s + 1) / 2)), 'seq', s,
         'at', to_char((($2::date + time '09:00' + ((s + 1) / 2) * interval '30 seconds')
           AT TIME ZONE 'America/Lima') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
       ELSE json_build_object('status', 'succeeded', 'http_status', 200, 'type', 'outcome',
         'op_id', bench_uuid(t || '-' || (s / 2)), 'seq', s,
         'at', to_char((($2::date + time '09:00' + (s / 2) * interval '30 seconds' + interval '1 second')
           AT TIME ZONE 'America/Lima') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
       END
     FROM generate_series(1, $3::int) t, generate_series(1, $4::int * 2) s`,
    [STORE, DAY, plan.dayCounters, plan.dayOps],
  );
  for (let t = 1; t <= plan.dayCounters; t += 1) {
    // As the owner, what a counter's signed heartbeat records (migration 0102).
    await client.query(
      `INSERT INTO terminals (store, mode, terminal_id, terminal_name, app_version, last_seen_at)
       VALUES ($1, 'live', $2, $3, 'bench', now())`,
      [STORE, `CAJA${String(t).padStart(4, '0')}`, `Caja ${t}`],
    );
  }
}

/**
 * A year of `chainStores` other stores (10 counters each, `chainOpsPerDay` operations a day):
 * the columns are written directly with the trigger off, as a bulk load would, so the chain's
 * year is loaded in seconds instead of being parsed line by line.
 */
async function generateChain(
  client: pg.Client,
  plan: StoreDbPlan,
  /** The chain's last day (today in its zone, so head office's last 14 days hold its lines). */
  end: string,
): Promise<{ rows: number; insertMs: number; indexMs: number; vacuumMs: number }> {
  // The secondary indexes are rebuilt after the load (a sorted build instead of 14 million random
  // inserts into each): what a bulk load or a restore does. The primary key stays.
  const indexes = await client.query<{ name: string; def: string }>(
    `SELECT indexname AS name, indexdef AS def FROM pg_indexes
     WHERE tablename = 'journal_lines' AND indexname <> 'journal_lines_pkey'`,
  );
  for (const index of indexes.rows) await client.query(`DROP INDEX ${index.name}`);
  await client.query('ALTER TABLE journal_lines DISABLE TRIGGER USER');
  let started = now();
  const result = await client.query(
    `INSERT INTO journal_lines (store, terminal_id, seq, line, time_zone, type, op_id, at, store_day,
       mode, operation, cashier_id, funding_code, billed_cents, to_collect_cents, status)
     SELECT 'chain-' || st, 'CAJA' || lpad((n % 10)::text, 4, '0'), d * $3::int * 2 + n * 2 + k,
       '{"seq":' || (d * $3::int * 2 + n * 2 + k) || '}', 'America/Lima',
       CASE k WHEN 0 THEN 'intent' ELSE 'outcome' END,
       bench_uuid(st || '-' || d || '-' || n),
       ($1::date - d) + time '10:00' + n * interval '1 minute',
       ($1::date - d),
       CASE k WHEN 0 THEN 'live' END, CASE k WHEN 0 THEN 'v3.paidAndBilled' END,
       CASE k WHEN 0 THEN 'caja-1' END, CASE k WHEN 0 THEN 'Y' || lpad(n::text, 5, '0') END,
       CASE k WHEN 0 THEN 150000 END, CASE k WHEN 0 THEN 37500 END,
       CASE k WHEN 1 THEN 'succeeded' END
     FROM generate_series(1, $2::int) st, generate_series(0, $4::int - 1) d,
       generate_series(1, $3::int) n, generate_series(0, 1) k`,
    [end, plan.chainStores, plan.chainOpsPerDay, plan.chainDays],
  );
  const insertMs = now() - started;
  await client.query('ALTER TABLE journal_lines ENABLE TRIGGER USER');
  started = now();
  await client.query(`SET maintenance_work_mem = '512MB'`);
  for (const index of indexes.rows) await client.query(index.def);
  const indexMs = now() - started;
  started = now();
  await client.query('VACUUM ANALYZE journal_lines');
  return { rows: result.rowCount ?? 0, insertMs, indexMs, vacuumMs: now() - started };
}

/** A database holding the bench store's day (and, with `chain`, a year of a chain beside it). */
async function dayDatabase(cluster: PgCluster, plan: StoreDbPlan, name: string, chain: boolean) {
  const ownerUrl = await newDatabase(cluster, name);
  const owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
  await generateStoreDay(owner, plan);
  await owner.query('VACUUM ANALYZE');
  // The chain keeps its year whole (the longest retention): head office's closes would otherwise
  // mask its old days as each close is written, and the bench masks days itself (store-db-mask.ts).
  if (chain) await owner.query('SELECT store_db_retention(3650)');
  const loadStarted = now();
  const end = chainEndDay();
  const loaded = chain ? await generateChain(owner, plan, end) : null;
  const loadMs = now() - loadStarted;
  const counterUrl = cluster.url(name, 'bench_caja', 'pw-bench_caja');
  // The counter that reads, enrolled in the bench store: every read is its signed read (0112).
  const reader = { terminalId: 'LECTOR01', signingKey: newSigningKey() };
  await enrollCounter(ownerUrl, counterUrl, reader.terminalId, reader.signingKey, STORE);
  const pool = openStoreDbPool(counterUrl);
  const calls = poolCalls(pool, async () => reader);
  const headOffice = chain ? await prepareHeadOffice(owner, cluster, name, plan, end) : null;
  return { owner, ownerUrl, pool, calls, loaded, loadMs, headOffice, end };
}

/**
 * The lag run of the mask measure: `lagTerminals` counters of the bench store in the chain's
 * database, each run with counters of its own (a journal starts at seq 1).
 */
async function chainLag(
  cluster: PgCluster,
  plan: StoreDbPlan,
  root: string,
  ownerUrl: string,
): Promise<LagRun> {
  const url = cluster.url('bench_day_chain', 'bench_caja', 'pw-bench_caja');
  const keySeed = randomBytes(16).toString('hex');
  // Ids of their own: the chain's database has CAJA counters of its stores already.
  await enrollMany(ownerUrl, url, plan.lagTerminals * 2, keySeed, () => STORE, 'MASK');
  let run = 0;
  return async (during) => {
    const offset = run * plan.lagTerminals;
    run += 1;
    const { lags } = await counterGroups(
      plan.lagTerminals,
      Math.min(5, plan.lagTerminals),
      {
        url,
        root: join(root, `mask-lag-${run}`),
        seconds: plan.lagSeconds,
        store: STORE,
        keySeed,
        prefix: 'MASK',
      },
      during,
      offset,
    );
    return lags;
  };
}

/**
 * The store day's read and the store close, in a database with the store alone and in one with a
 * year of `chainStores` stores beside it, taken in turns so the machine's load hits both alike.
 */
async function storeDayReads(cluster: PgCluster, plan: StoreDbPlan, root: string) {
  const alone = await dayDatabase(cluster, plan, 'bench_day', false);
  const chained = await dayDatabase(cluster, plan, 'bench_day_chain', true);
  const query = { store: STORE, mode: 'live' as const, day: DAY };
  const summary = sampleStoreDay(1, 1).summary;
  const readOnce = async (calls: StoreCalls) => {
    const started = now();
    const read = await readStoreDay(calls, query);
    if (!read.ok) throw new Error(`store-day read: ${read.category}`);
    return { ms: now() - started, rows: read.rows.length };
  };
  // The query alone, without the row checks (zod) and the conversions of readStoreDay.
  const queryOnce = async (owner: pg.Client) => {
    const started = now();
    await owner.query(
      `SELECT * FROM store_operations WHERE store = $1 AND mode = 'live' AND store_day = $2`,
      [STORE, DAY],
    );
    return now() - started;
  };
  // The store close opened as storeClose.load opens it (bench/store-close.ts), minus the
  // service's summary: the four reads at once, the close built and laid out for 80 mm.
  const closeOnce = async (calls: StoreCalls) => {
    const closeDb = pgCloseDatabase(calls, async () => {
      throw new Error('the bench only reads: it closes nothing');
    });
    const started = now();
    const [rows, freshness, , held] = await Promise.all([
      closeDb.readStoreDay(query),
      closeDb.readFreshness(query),
      closeDb.readClose(query),
      closeDb.readHeld(query),
    ]);
    const close = buildStoreClose({
      ...query,
      timeZone: 'America/Lima',
      now: new Date().toISOString(),
      summary,
      rows,
      freshness,
      held,
    });
    const doc = storeClose(
      { content: close.content, record: null, arrivedAfter: [] },
      {
        store_name: 'Bench',
        terminal_id: 'CAJA0001',
        language: 'es-PE',
        time_zone: 'America/Lima',
        training: false,
        printed_at: new Date().toISOString(),
      },
    );
    layoutText(doc.blocks, 48);
    return now() - started;
  };
  const office = chained.headOffice as HeadOfficeChain;
  const timer = headOfficeTimer(office);
  const seen = { stores: 0, days: 0, closed: false, open: false, operations: 0 };
  /** The grid of every store × 14 days, a store's closed day and a day not closed. */
  const headOfficeOnce = async () => {
    const grid = await timer.grid();
    const day = await timer.day(office.closedDay);
    const open = await timer.day(office.openDay);
    seen.stores = grid.value.stores.length;
    seen.days = grid.value.stores[0]?.days.length ?? 0;
    seen.closed = day.value?.close?.hash_ok === true;
    seen.open = open.value !== null && open.value.close === null;
    seen.operations = day.value?.operations.length ?? 0;
    return { grid: grid.ms, day: day.ms, open: open.ms };
  };
  const samples = {
    read: [[], []] as number[][],
    query: [[], []] as number[][],
    close: [[], []] as number[][],
    grid: [] as number[],
    officeDay: [] as number[],
    officeOpenDay: [] as number[],
  };
  const sides = [alone, chained];
  const rows = [0, 0];
  try {
    for (let round = 0; round < 12; round += 1) {
      // Which side goes first alternates too.
      for (const side of round % 2 === 0 ? [0, 1] : [1, 0]) {
        const db = sides[side] as (typeof sides)[number];
        const read = await readOnce(db.calls);
        const queryMs = await queryOnce(db.owner);
        const closeMs = await closeOnce(db.calls);
        rows[side] = read.rows;
        // Head office beside the store close, in the chain's database.
        const office = side === 1 ? await headOfficeOnce() : null;
        if (round < 2) continue; // warms the pools, the plans and the cache
        samples.read[side]?.push(read.ms);
        samples.query[side]?.push(queryMs);
        samples.close[side]?.push(closeMs);
        if (office) {
          samples.grid.push(office.grid);
          samples.officeDay.push(office.day);
          samples.officeOpenDay.push(office.open);
        }
      }
    }
    if (
      seen.stores !== plan.chainStores + 1 ||
      seen.days !== 14 ||
      !seen.closed ||
      !seen.open ||
      seen.operations !== plan.chainOpsPerDay
    ) {
      throw new Error(`head office read other than the chain: ${JSON.stringify(seen)}`);
    }
    if (rows[0] !== plan.dayCounters * plan.dayOps || rows[1] !== rows[0]) {
      throw new Error(
        `store day has ${rows.join(' and ')} rows, expected ${plan.dayCounters * plan.dayOps}`,
      );
    }
    const size = await chained.owner.query(
      `SELECT pg_size_pretty(pg_database_size(current_database())) AS size,
         pg_size_pretty(pg_table_size('journal_lines')) AS heap,
         pg_size_pretty(pg_indexes_size('journal_lines')) AS indexes`,
    );
    const med = (values: number[] | undefined) => round(median(values ?? []), 1);
    process.stderr.write('bench: store-db masking a day of the chain, the lag beside it…\n');
    const mask = await measureMaskDay(
      chained.owner,
      plan,
      chained.end,
      await chainLag(cluster, plan, root, chained.ownerUrl),
    );
    return {
      mask,
      day_read_ms: med(samples.read[0]),
      day_read_chain_ms: med(samples.read[1]),
      day_query_only_ms: med(samples.query[0]),
      day_query_only_chain_ms: med(samples.query[1]),
      close_open_ms: med(samples.close[0]),
      close_open_chain_ms: med(samples.close[1]),
      head_office_grid_ms: med(samples.grid),
      head_office_day_ms: med(samples.officeDay),
      head_office_day_open_ms: med(samples.officeOpenDay),
      head_office_grid_max_ms: round(Math.max(...samples.grid), 1),
      head_office_day_max_ms: round(Math.max(...samples.officeDay), 1),
      head_office_setup: office.setup,
      rounds: samples.query[0]?.length ?? 0,
      chain_rows: chained.loaded?.rows ?? 0,
      day_rows: rows[0],
      chain_load_ms: round(chained.loadMs, 0),
      chain_insert_ms: round(chained.loaded?.insertMs ?? 0, 0),
      chain_index_build_ms: round(chained.loaded?.indexMs ?? 0, 0),
      chain_vacuum_analyze_ms: round(chained.loaded?.vacuumMs ?? 0, 0),
      database_size: size.rows[0]?.size,
      journal_lines_size: { heap: size.rows[0]?.heap, indexes: size.rows[0]?.indexes },
    };
  } finally {
    await timer.close();
    for (const side of sides) {
      await side.pool.end();
      await side.owner.end();
    }
  }
}

type Setup = 'none' | 'configured' | 'unreachable';
const SETUPS: Setup[] = ['none', 'configured', 'unreachable'];

async function overheads(cluster: PgCluster, plan: StoreDbPlan) {
  const ownerUrl = await newDatabase(cluster, 'bench_overhead');
  const url = cluster.url('bench_overhead', 'bench_caja', 'pw-bench_caja');
  const backends = {} as Record<Setup, LiveBackend>;
  const stops: (() => Promise<void>)[] = [];
  for (const setup of SETUPS) {
    const live = await openLiveBackend();
    backends[setup] = live;
    if (setup === 'none') continue;
    const key = newSigningKey();
    if (setup === 'configured') await enrollCounter(ownerUrl, url, `CAJA-${setup}`, key, STORE);
    const replicator = startReplicator({
      url: setup === 'configured' ? url : 'postgres://caja:pw@127.0.0.1:1/store',
      journalPath: live.backend.journal.path,
      cursorPath: join(live.dataDir, 'store-db-cursor.json'),
      terminalId: `CAJA-${setup}`,
      stores: { live: STORE, training: `training:${STORE}` },
      timeZone: 'America/Lima',
      signingKey: key,
    });
    const unsubscribe = live.backend.journal.subscribe((e) => replicator.wake(e.seq));
    stops.push(async () => {
      unsubscribe();
      await replicator.stop();
    });
  }
  const samples = Object.fromEntries(
    SETUPS.map((s) => [s, { verify: [] as number[], billed: [] as number[] }]),
  ) as Record<Setup, { verify: number[]; billed: number[] }>;
  let dni = 0;
  try {
    const total = plan.overheadCalls + plan.overheadWarmup;
    for (let i = 0; i < total; i += 1) {
      // Order rotates so drift on the shared machine hits the three alike.
      for (const setup of [...SETUPS.slice(i % 3), ...SETUPS.slice(0, i % 3)]) {
        const live = backends[setup];
        const id = `5${String(++dni).padStart(7, '0')}`;
        const code = await createFundingOverHttp(live.baseUrl, id);
        const args = {
          identity: { kind: 'dni' as const, value: id },
          funding_code: code,
          billed_cents: 120_000,
        };
        let started = now();
        const verified = await callTable(live.backend.table, 'v3.verify', args);
        const verifyMs = now() - started;
        if (verified?.status !== 'succeeded' || !verified.op_id) throw new Error('verify failed');
        started = now();
        const billed = await callTable(live.backend.table, 'v3.paidAndBilled', {
          verify_op_id: verified.op_id,
        });
        const billedMs = now() - started;
        if (billed?.status !== 'succeeded') throw new Error('paid-and-billed failed');
        if (i < plan.overheadWarmup) continue;
        samples[setup].verify.push(verifyMs);
        samples[setup].billed.push(billedMs);
      }
    }
  } finally {
    for (const stop of stops) await stop();
    for (const setup of SETUPS) await backends[setup]?.close();
  }
  return Object.fromEntries(
    SETUPS.map((s) => [
      s,
      { verify_ms: round(median(samples[s].verify)), billed_ms: round(median(samples[s].billed)) },
    ]),
  ) as StoreDbResult['overhead'];
}

export { pooled as measurePooledChain, storeDayReads as measureStoreDayReads };

export async function measureStoreDb(plan: StoreDbPlan): Promise<StoreDbResult> {
  // Room for the chain's year of WAL without a checkpoint every few seconds of its bulk load.
  const cluster = await startPgCluster({ settings: ['max_wal_size=8GB'] });
  const root = await mkdtemp(join(tmpdir(), 'mostrador-bench-storedb-'));
  const log = (text: string) => process.stderr.write(`bench: store-db ${text}\n`);
  try {
    // One login user for every database: roles belong to the server. It stands for many
    // counters, so it is a shared login (migration 0102 makes both roles; no database is
    // migrated yet).
    for (const role of ['mostrador_terminal', 'mostrador_shared_login']) {
      cluster.psql(
        `DO $$ BEGIN CREATE ROLE ${role} NOLOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$`,
      );
    }
    cluster.psql(TERMINAL_ROLE_SQL('bench_caja'));
    log('catch-up…');
    const c = await catchup(cluster, plan, root);
    log('lag…');
    const l = await lag(cluster, plan, root);
    log(`a chain through PgBouncer (${plan.pooledCounters} counters)…`);
    const p = await pooled(plan, root);
    // The design DESIGN "Walls between stores" weighs against it: a login per store, a pool per
    // store, the database's 15 server connections shared (docs/decisions.md "One chain login,
    // signed reads"), in the same run.
    log(`the same chain with a login per store (${plan.pooledStores} pools)…`);
    const perStore = await pooled(plan, root, { kind: 'per-store', poolSize: 1 });
    log(
      `store-day reads and the store close, then again beside ${plan.chainStores} stores × ${plan.chainDays} days × ${plan.chainOpsPerDay} operations…`,
    );
    const d = await storeDayReads(cluster, plan, root);
    log('verify and paid-and-billed…');
    const o = await overheads(cluster, plan);
    return {
      catchup_lines_per_s: c.catchup_lines_per_s,
      plain_insert_lines_per_s: c.plain_insert_lines_per_s,
      lag_p99_ms: l.lag_p99_ms,
      lag_p50_ms: l.lag_p50_ms,
      day_read_ms: d.day_read_ms,
      day_read_chain_ms: d.day_read_chain_ms,
      day_query_ms: d.day_query_only_ms,
      day_query_chain_ms: d.day_query_only_chain_ms,
      chain_rows: d.chain_rows,
      close_open_ms: d.close_open_ms,
      close_open_chain_ms: d.close_open_chain_ms,
      head_office_grid_ms: d.head_office_grid_ms,
      head_office_day_ms: d.head_office_day_ms,
      mask: d.mask,
      pooled: p,
      pooled_per_store: perStore,
      overhead: o,
      details: {
        plan,
        catchup: c,
        lag: l,
        pooled: p,
        pooled_per_store: perStore,
        store_day: d,
        overhead: o,
      },
    };
  } finally {
    cluster.stop();
    await rm(root, { recursive: true, force: true });
  }
}
