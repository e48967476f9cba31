// A real, throwaway PostgreSQL for the store database's tests (docs/store-database.md, "Tests"):
// initdb in a temp dir, a free port on 127.0.0.1, its unix socket inside that dir, fsync off, and
// stopped and removed at the end, also when the process exits. PostgreSQL refuses to run as root,
// so when the tests run as root the server runs as the `postgres` user. Binaries missing is an
// error, never a skip: a suite that silently skips the database tests proves nothing.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

export const PG_SUPERUSER = 'postgres';
export const PG_SUPERUSER_PASSWORD = 'throwaway-owner';

export type PgCluster = {
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
  readonly binDir: string;
  /** The superuser's URL for `database` (default `postgres`). */
  url(database?: string, user?: string, password?: string): string;
  /** Creates an empty database owned by the superuser and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Runs SQL as the superuser on `database` through psql (setup only). */
  psql(sql: string, database?: string): string;
  /** `pg_ctl restart -m immediate`: a crash and recovery as a power cut would give. */
  restart(): void;
  stop(): void;
};

/** Where initdb, pg_ctl and postgres are: PG_BIN, then Debian's newest, then PATH. */
export function findPgBin(env: NodeJS.ProcessEnv = process.env): string {
  const has = (dir: string) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'));
  if (env.PG_BIN) {
    if (has(env.PG_BIN)) return env.PG_BIN;
    throw new Error(`PG_BIN=${env.PG_BIN} holds no initdb and pg_ctl`);
  }
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const dir = join(debian, version, 'bin');
      if (has(dir)) return dir;
    }
  }
  for (const dir of (env.PATH ?? '').split(delimiter)) if (dir && has(dir)) return dir;
  throw new Error(
    'PostgreSQL server binaries (initdb, pg_ctl) not found: install them (Debian: apt-get install postgresql) or set PG_BIN. The store database tests need a real PostgreSQL.',
  );
}

/** A port nothing listens on now, on 127.0.0.1 (the server or the pooler takes it next). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** PostgreSQL and PgBouncer refuse to run as root: as root, they run as `postgres`. */
export const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a server binary, as `postgres` when we are root. */
function runAs(bin: string, args: string[], input?: string): string {
  const [command, argv] = isRoot()
    ? ['runuser', ['-u', 'postgres', '--', bin, ...args]]
    : [bin, args];
  const result = spawnSync(command, argv as string[], {
    encoding: 'utf8',
    input,
    env: { ...process.env, LC_ALL: 'C.UTF-8', PGTZ: 'UTC' },
  });
  if (result.status !== 0) {
    throw new Error(
      `${bin} ${args.join(' ')} failed (${result.status ?? result.signal}): ${result.stderr || result.stdout}`,
    );
  }
  return result.stdout;
}

export type PgClusterOptions = {
  /** More `-c name=value` settings, after (so over) the defaults: `max_connections=100`. */
  settings?: string[];
  /** TLS on (`ssl=on`) with this key and certificate (PEM text); clear text stays allowed too. */
  tls?: { key: string; cert: string };
};

export async function startPgCluster(clusterOptions: PgClusterOptions = {}): Promise<PgCluster> {
  const binDir = findPgBin();
  const dir = mkdtempSync(join(tmpdir(), 'mostrador-pg-'));
  const dataDir = join(dir, 'data');
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    execFileSync('chown', [`${uid}:${gid}`, dir]);
  }
  const pwfile = join(dir, 'pwfile');
  writeFileSync(pwfile, `${PG_SUPERUSER_PASSWORD}\n`, { mode: 0o644 });
  runAs(join(binDir, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    PG_SUPERUSER,
    '--pwfile',
    pwfile,
    '--auth-host=scram-sha-256',
    '--auth-local=trust',
    '-E',
    'UTF8',
    '--no-locale',
    '--no-sync',
  ]);
  const tlsSettings: string[] = [];
  if (clusterOptions.tls) {
    // PostgreSQL refuses a key file others may read, or that another user owns.
    const keyFile = join(dir, 'server.key');
    const certFile = join(dir, 'server.crt');
    writeFileSync(keyFile, clusterOptions.tls.key, { mode: 0o600 });
    writeFileSync(certFile, clusterOptions.tls.cert, { mode: 0o644 });
    if (isRoot()) execFileSync('chown', ['postgres', keyFile, certFile]);
    tlsSettings.push('ssl=on', `ssl_cert_file='${certFile}'`, `ssl_key_file='${keyFile}'`);
  }
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    // Left off on purpose: a server whose COMMIT is not durable is what the replicator must
    // survive (it asks for durable commits in its own session; the reliability run restarts
    // this server with -m immediate and would lose acknowledged lines otherwise).
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
    '-c shared_buffers=32MB',
    "-c timezone='UTC'",
    ...tlsSettings.map((setting) => `-c ${setting}`),
    ...(clusterOptions.settings ?? []).map((setting) => `-c ${setting}`),
  ].join(' ');
  const pgCtl = join(binDir, 'pg_ctl');
  const start = () =>
    runAs(pgCtl, ['-D', dataDir, '-l', join(dir, 'server.log'), '-o', options, '-w', 'start']);
  start();
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stop);
    try {
      runAs(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // Already down (a test stopped it); the directory still goes.
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', stop);
  const url = (database = 'postgres', user = PG_SUPERUSER, password = PG_SUPERUSER_PASSWORD) =>
    `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  const psql = (sql: string, database = 'postgres') =>
    runAs(join(binDir, 'psql'), [
      '-X',
      '-q',
      '-v',
      'ON_ERROR_STOP=1',
      '-h',
      dir,
      '-p',
      String(port),
      '-U',
      PG_SUPERUSER,
      '-d',
      database,
      '-At',
      '-c',
      sql,
    ]);
  return {
    host: '127.0.0.1',
    port,
    dataDir,
    binDir,
    url,
    async createDatabase(name) {
      psql(`CREATE DATABASE "${name}"`);
      return url(name);
    },
    psql,
    restart() {
      runAs(pgCtl, [
        '-D',
        dataDir,
        '-l',
        join(dir, 'server.log'),
        '-m',
        'immediate',
        '-w',
        'restart',
        '-o',
        options,
      ]);
    },
    stop,
  };
}
