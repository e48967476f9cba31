// A real, throwaway PgBouncer in front of a throwaway PostgreSQL (pg-cluster.ts), set up as
// docs/store-database.md "A chain: a pooler in front of the server" tells a chain to: transaction
// pooling, SCRAM (the userlist holds the server's SCRAM secrets, never a password),
// `ignore_startup_parameters = statement_timeout`, and the limits that keep one client from
// disturbing the others (CHAIN_POOLER_SETTINGS). As the cluster, it runs as `postgres` when we
// are root (PgBouncer refuses root), on a free port of 127.0.0.1, and is stopped and removed at
// the end, also when the process exits. A missing binary is an error, never a skip.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import pg from 'pg';
import {
  freePort,
  isRoot,
  PG_SUPERUSER,
  PG_SUPERUSER_PASSWORD,
  type PgCluster,
} from './pg-cluster';

/**
 * What docs/store-database.md "pgbouncer.ini" states for a chain, beyond transaction pooling,
 * SCRAM and the pool sizes (pooled-hostile.test.ts and pooler-limits.test.ts test each line with
 * hostile clients; docs/decisions.md "Hostile clients on a shared pool: what a server connection
 * keeps (issue 34, items 1 to 3)" says why):
 * - a client idle inside a transaction is cut after 5 s (the app's calls are one statement each:
 *   their transactions are never idle for more than a round trip), a query after 10 s (the
 *   counters' own statement timeout), and a client that waited 10 s for a server connection is
 *   told so instead of waiting past its own timeout;
 * - a server connection goes back to the pool as a new session would find it: session settings
 *   (RESET ALL), a SET ROLE (which RESET ALL leaves: the next client's calls were refused) and
 *   session advisory locks are undone after every transaction. Its cost, as CPU of PostgreSQL
 *   and PgBouncer per signed call (12 clients, 1,800 calls, 4 rounds on the 2-core machine):
 *   1.09 ms against 1.01 ms with no reset and 1.02 ms with RESET ALL alone, inside the rounds'
 *   spread (0.87 to 1.27 ms); DISCARD ALL, which also drops every cached plan, took 1.87 ms.
 */
export const CHAIN_POOLER_SETTINGS = [
  'idle_transaction_timeout = 5',
  'query_timeout = 10',
  'query_wait_timeout = 10',
  'server_reset_query = SET SESSION AUTHORIZATION DEFAULT; RESET ALL; SELECT pg_advisory_unlock_all()',
  'server_reset_query_always = 1',
] as const;

export type PgBouncerOptions = {
  /** Server connections per (database, login) pair (default 15). */
  poolSize?: number;
  /** Client connections PgBouncer accepts (default 2000). */
  maxClientConn?: number;
  /**
   * Server connections per database, whatever the login (PgBouncer's max_db_connections;
   * default the pool size and 5 more: the owner and head office find a server connection while
   * the counters' login holds its whole pool).
   */
  maxDbConnections?: number;
  /** Server connections per login, whatever the database (default the pool size). */
  maxUserConnections?: number;
  /** More `key = value` lines for the [pgbouncer] section (the settings a test is about). */
  settings?: string[];
};

export type PgBouncer = {
  readonly host: string;
  readonly port: number;
  /** PgBouncer's process id (one process, single-threaded). */
  readonly pid: number;
  /** `user`'s URL for `database` through the pooler. */
  url(database: string, user: string, password: string): string;
  /** Rewrites the userlist from the server's login roles and tells PgBouncer (SIGHUP). */
  reload(): Promise<void>;
  /** Runs a command on PgBouncer's admin console (`SHOW POOLS`, …): rows as objects. */
  admin(command: string): Promise<Record<string, string>[]>;
  stop(): void;
};

/** Where the pgbouncer binary is: PGBOUNCER, Debian's /usr/sbin, then the PATH. */
export function findPgBouncer(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PGBOUNCER) {
    if (existsSync(env.PGBOUNCER)) return env.PGBOUNCER;
    throw new Error(`PGBOUNCER=${env.PGBOUNCER} does not exist`);
  }
  const dirs = ['/usr/sbin', '/usr/bin', ...(env.PATH ?? '').split(delimiter)];
  for (const dir of dirs)
    if (dir && existsSync(join(dir, 'pgbouncer'))) return join(dir, 'pgbouncer');
  throw new Error(
    'pgbouncer not found: install it (Debian: apt-get install pgbouncer) or set PGBOUNCER. The store database tests run through a real pooler.',
  );
}

const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startPgBouncer(
  cluster: PgCluster,
  options: PgBouncerOptions = {},
): Promise<PgBouncer> {
  const bin = findPgBouncer();
  const dir = mkdtempSync(join(tmpdir(), 'mostrador-pgbouncer-'));
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    execFileSync('chown', [`${uid}:${gid}`, dir]);
  }
  const port = await freePort();
  const poolSize = options.poolSize ?? 15;
  const userlist = join(dir, 'userlist.txt');
  const pidfile = join(dir, 'pgbouncer.pid');
  const writeUserlist = () => {
    // What `SELECT rolname, rolpassword FROM pg_authid` gives a technician: each login's SCRAM
    // secret, with which PgBouncer checks the client and then logs in to the server as it.
    const rows = cluster.psql(
      `SELECT rolname || E'\\t' || rolpassword FROM pg_authid
       WHERE rolcanlogin AND rolpassword LIKE 'SCRAM-SHA-256$%' ORDER BY rolname`,
    );
    const lines = rows
      .split('\n')
      .filter(Boolean)
      .map((row) => {
        const [name = '', secret = ''] = row.split('\t');
        return `${quote(name)} ${quote(secret)}`;
      });
    writeFileSync(userlist, `${lines.join('\n')}\n`, { mode: 0o644 });
  };
  writeUserlist();
  const ini = join(dir, 'pgbouncer.ini');
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=127.0.0.1 port=${cluster.port}`,
      '',
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      `pidfile = ${pidfile}`,
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      'auth_type = scram-sha-256',
      `auth_file = ${userlist}`,
      'admin_users = postgres',
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      `max_user_connections = ${options.maxUserConnections ?? poolSize}`,
      `max_db_connections = ${options.maxDbConnections ?? poolSize + 5}`,
      `max_client_conn = ${options.maxClientConn ?? 2000}`,
      // node-postgres sends the counters' statement timeout as a startup parameter; PgBouncer
      // 1.18 refuses a connection that carries one it does not know unless it is listed here.
      'ignore_startup_parameters = statement_timeout',
      ...CHAIN_POOLER_SETTINGS,
      'log_connections = 0',
      'log_disconnections = 0',
      ...(options.settings ?? []),
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
  // A pooler for a thousand counters needs as many descriptors: the soft limit is raised to the
  // hard one (runuser gives the login's default soft limit, often 1024).
  const raised = ['-c', 'ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"', bin, '-d', ini];
  const [command, argv] = isRoot()
    ? ['runuser', ['-u', 'postgres', '--', 'sh', ...raised]]
    : ['sh', raised];
  const started = spawnSync(command, argv as string[], { encoding: 'utf8' });
  if (started.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`pgbouncer failed to start (${started.status}): ${started.stderr}`);
  }
  let pid = 0;
  for (let i = 0; i < 100 && !pid; i += 1) {
    try {
      pid = Number(readFileSync(pidfile, 'utf8').trim()) || 0;
    } catch {
      // Not written yet.
    }
    if (!pid) await sleep(50);
  }
  if (!pid) {
    const log = existsSync(join(dir, 'pgbouncer.log'))
      ? readFileSync(join(dir, 'pgbouncer.log'), 'utf8')
      : '';
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`pgbouncer wrote no pidfile: ${log}`);
  }
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stop);
    try {
      process.kill(pid, 'SIGTERM');
      // Synchronous (it also runs on exit): wait up to 2 s for it to go before its files do.
      const pause = new Int32Array(new SharedArrayBuffer(4));
      for (let i = 0; i < 40; i += 1) {
        process.kill(pid, 0);
        Atomics.wait(pause, 0, 0, 50);
      }
    } catch {
      // Gone.
    }
    rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  };
  process.on('exit', stop);
  const url = (database: string, user: string, password: string) =>
    `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return {
    host: '127.0.0.1',
    port,
    pid,
    url,
    async reload() {
      writeUserlist();
      process.kill(pid, 'SIGHUP');
      await sleep(200);
    },
    async admin(sql) {
      // The admin console speaks only the simple query protocol (a query without parameters).
      const client = new pg.Client({
        connectionString: url('pgbouncer', PG_SUPERUSER, PG_SUPERUSER_PASSWORD),
      });
      await client.connect();
      try {
        const result = await client.query(sql);
        return result.rows as Record<string, string>[];
      } finally {
        await client.end();
      }
    },
    stop,
  };
}
