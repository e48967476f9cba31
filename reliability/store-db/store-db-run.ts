// The store database's reliability run (reliability/README.md): 5 counters × 200 operations, each
// counter a child process with a real journal and the replicator, through its own TCP proxy to
// one real PostgreSQL. While they sell: seeded link cuts (refused or silent), resets, slow links,
// SIGKILLs of counters (started again on the same data dir) and one `pg_ctl restart -m
// immediate`. Then the links heal and every counter drains; what must hold is checked against
// the journal files, byte for byte.

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { addLogin } from '../../electron/store-db/logins-admin';
import { migrate } from '../../electron/store-db/migrate';
import { enrollCounter } from '../../electron/store-db/test-support/enroll';
import { type PgCluster, startPgCluster } from '../../electron/store-db/test-support/pg-cluster';
import { startTcpProxy, type TcpProxy } from '../../electron/store-db/test-support/tcp-proxy';
import { bundleEntry } from '../support/bundle-entry';
import { runSeed, type SeededRandom, seededRandom } from '../support/seeded-random';
import { HOSTILE_FIGURES, type HostileReport, startHostile } from './hostile-counter';

export type StoreDbRunOptions = {
  seed: number;
  terminals: number;
  ops: number;
  /** A hostile counter login beside the honest ones for the whole run (hostile-counter.ts). */
  hostile?: boolean;
};

export type StoreDbRunReport = {
  seed: number;
  terminals: number;
  operations: number;
  journal_lines: number;
  database_lines: number;
  cuts_refused: number;
  cuts_silent: number;
  resets: number;
  slowdowns: number;
  sigkills: number;
  database_restarts: number;
  max_waiting_lines: number;
  drain_ms: number;
  run_ms: number;
  hostile: HostileReport | null;
  violations: string[];
};

const STORES = { live: 'reliability-store', training: 'training:reliability-store' };
/** The hostile counter's own store: a second store of the same chain, in the same database. */
const HOSTILE_STORE = 'reliability-store-b';
const HOSTILE_ID = 'HOSTIL01';

type Counter = {
  id: string;
  /** Its store database key (hex), the same at every restart as the app keeps it. */
  key: string;
  dir: string;
  url: string;
  proxy: TcpProxy;
  child: ChildProcess | null;
  exited: Promise<void>;
  intents: Set<string>;
  done: boolean;
  drained: boolean;
  maxWaiting: number;
};

function startCounter(entry: string, counter: Counter, seed: number, ops: number): void {
  const config = JSON.stringify({
    dir: counter.dir,
    url: counter.proxy.via(counter.url),
    terminalId: counter.id,
    key: counter.key,
    ops,
    seed,
    stores: STORES,
  });
  const child = spawn(process.execPath, [entry, config], { stdio: ['ignore', 'pipe', 'pipe'] });
  counter.child = child;
  counter.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  child.stderr?.on('data', () => undefined);
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    const message = JSON.parse(line) as Record<string, unknown>;
    if (typeof message.op === 'string') counter.intents.add(message.op);
    if (message.done) counter.done = true;
    if (message.drained) {
      counter.drained = true;
      counter.maxWaiting = Math.max(counter.maxWaiting, Number(message.max_waiting));
    }
  });
}

async function chaos(
  counters: Counter[],
  cluster: PgCluster,
  random: SeededRandom,
  report: StoreDbRunReport,
  restartCounter: (c: Counter) => void,
) {
  const restartAt = Date.now() + random.int(1_500, 5_000);
  let restarted = false;
  const pending: Promise<void>[] = [];
  while (!counters.every((c) => c.done)) {
    await new Promise((r) => setTimeout(r, random.int(150, 500)));
    if (!restarted && Date.now() >= restartAt) {
      restarted = true;
      cluster.restart();
      report.database_restarts += 1;
      continue;
    }
    const target = random.pick(counters);
    const roll = random.next();
    if (roll < 0.3) {
      const kind = random.chance(0.5) ? 'refuse' : 'silent';
      target.proxy.cut(kind);
      if (kind === 'refuse') report.cuts_refused += 1;
      else report.cuts_silent += 1;
      const heal = random.int(200, 1_500);
      pending.push(new Promise((r) => setTimeout(r, heal)).then(() => target.proxy.restore()));
    } else if (roll < 0.55) {
      target.proxy.reset();
      report.resets += 1;
    } else if (roll < 0.7) {
      target.proxy.slow(random.int(5, 40));
      report.slowdowns += 1;
      const back = random.int(300, 1_200);
      pending.push(new Promise((r) => setTimeout(r, back)).then(() => target.proxy.slow(0)));
    } else if (roll < 0.8 && !target.done && target.child) {
      target.child.kill('SIGKILL');
      await target.exited;
      report.sigkills += 1;
      await new Promise((r) => setTimeout(r, random.int(50, 300)));
      restartCounter(target);
    }
  }
  await Promise.all(pending);
  if (!restarted) {
    cluster.restart();
    report.database_restarts += 1;
  }
}

async function databaseLines(url: string): Promise<Map<string, { seq: number; line: string }[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ terminal_id: string; seq: number; line: string }>(
      `SELECT terminal_id, seq::int AS seq, line FROM journal_lines WHERE store = $1
       ORDER BY terminal_id, seq`,
      [STORES.live],
    );
    const byTerminal = new Map<string, { seq: number; line: string }[]>();
    for (const row of result.rows) {
      const list = byTerminal.get(row.terminal_id) ?? [];
      list.push({ seq: row.seq, line: row.line });
      byTerminal.set(row.terminal_id, list);
    }
    return byTerminal;
  } finally {
    await client.end();
  }
}

export async function storeDbRun(options: StoreDbRunOptions): Promise<StoreDbRunReport> {
  const started = Date.now();
  const random = seededRandom(options.seed);
  const report: StoreDbRunReport = {
    seed: options.seed,
    terminals: options.terminals,
    operations: 0,
    journal_lines: 0,
    database_lines: 0,
    cuts_refused: 0,
    cuts_silent: 0,
    resets: 0,
    slowdowns: 0,
    sigkills: 0,
    database_restarts: 0,
    max_waiting_lines: 0,
    drain_ms: 0,
    run_ms: 0,
    hostile: null,
    violations: [],
  };
  const cluster = await startPgCluster();
  const bundle = await bundleEntry('reliability/store-db/terminal-entry.ts');
  const root = await mkdtemp(join(tmpdir(), 'mostrador-store-run-'));
  const counters: Counter[] = [];
  try {
    cluster.psql('CREATE DATABASE store');
    const ownerUrl = cluster.url('store');
    await migrate(ownerUrl);
    // Each counter's login as `store-db add-login --store` makes it, and its key enrolled in the
    // store with a code the owner makes, as a technician adds a counter.
    const login = async (name: string, store: string) => {
      const owner = new pg.Client({ connectionString: ownerUrl });
      await owner.connect();
      try {
        const made = await addLogin(owner, name, { kind: 'store', stores: [store] });
        return cluster.url('store', made.login, made.password);
      } finally {
        await owner.end();
      }
    };
    for (let i = 1; i <= options.terminals; i += 1) {
      const url = await login(`caja_${i}`, STORES.live);
      const key = randomBytes(32);
      await enrollCounter(ownerUrl, url, `CAJA000${i}`, key, STORES.live);
      counters.push({
        id: `CAJA000${i}`,
        key: key.toString('hex'),
        dir: join(root, `caja-${i}`),
        url,
        proxy: await startTcpProxy({ host: '127.0.0.1', port: cluster.port }),
        child: null,
        exited: Promise.resolve(),
        intents: new Set(),
        done: false,
        drained: false,
        maxWaiting: 0,
      });
    }
    const restartCounter = (c: Counter) =>
      startCounter(bundle.entry, c, runSeed(options.seed, counters.indexOf(c)), options.ops);
    for (const c of counters) restartCounter(c);
    // The hostile counter starts with the counters: a counter of a second store, enrolled there
    // with its own key and its store's login, trying the honest store for the whole run.
    let hostile: ReturnType<typeof startHostile> | null = null;
    if (options.hostile) {
      const url = await login('caja_hostil', HOSTILE_STORE);
      const key = randomBytes(32);
      await enrollCounter(ownerUrl, url, HOSTILE_ID, key, HOSTILE_STORE);
      hostile = startHostile({
        url,
        ownId: HOSTILE_ID,
        key,
        ownStore: HOSTILE_STORE,
        store: STORES.live,
        honestIds: counters.map((c) => c.id),
        seed: options.seed,
      });
    }
    await chaos(counters, cluster, random, report, restartCounter);
    if (hostile) {
      report.hostile = await hostile.stop();
      for (const what of new Set(report.hostile.taken)) {
        report.violations.push(`hostile login: ${what} was taken`);
      }
      if (report.hostile.odd_held < report.hostile.odd_acked) {
        report.violations.push(
          `hostile login: ${report.hostile.odd_acked} odd lines answered, ${report.hostile.odd_held} held`,
        );
      }
    }

    // The links heal; every counter drains.
    for (const c of counters) {
      c.proxy.restore();
      c.proxy.slow(0);
    }
    const drainStart = Date.now();
    const deadline = drainStart + 60_000;
    while (!counters.every((c) => c.drained) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 25));
    }
    report.drain_ms = Date.now() - drainStart;
    for (const c of counters) {
      if (!c.drained) report.violations.push(`${c.id}: not drained within 60 s`);
    }
    await Promise.all(counters.map((c) => c.exited));

    const inDb = await databaseLines(ownerUrl);
    if (options.hostile) {
      const client = new pg.Client({ connectionString: ownerUrl });
      await client.connect();
      try {
        const unsigned = await client.query(
          `SELECT count(*)::int AS n FROM journal_lines WHERE signed_by IS DISTINCT FROM terminal_id`,
        );
        if (unsigned.rows[0].n > 0)
          report.violations.push(`${unsigned.rows[0].n} rows not signed by their own counter`);
        const ids = counters.map((c) => c.id);
        const view = await client.query(
          `SELECT count(*)::int AS n FROM store_operations WHERE terminal_id = ANY($1)`,
          [ids],
        );
        const intents = options.terminals * options.ops;
        if (view.rows[0].n !== intents)
          report.violations.push(`${intents} honest intents, ${view.rows[0].n} in the view`);
        // Nothing of the hostile counter under the honest store; its hostile figures, in its own
        // store, kept as unreadable lines and summed nowhere (migration 0111).
        const crossed = await client.query(
          `SELECT count(*)::int AS n FROM journal_lines WHERE terminal_id = $1 AND store <> $2`,
          [HOSTILE_ID, HOSTILE_STORE],
        );
        if (crossed.rows[0].n > 0)
          report.violations.push(`${crossed.rows[0].n} hostile lines outside its own store`);
        const counted = await client.query(
          `SELECT count(*)::int AS n FROM store_operations WHERE terminal_id = $1`,
          [HOSTILE_ID],
        );
        if (counted.rows[0].n > 0)
          report.violations.push(`${counted.rows[0].n} hostile figures in store_operations`);
        const unreadable = await client.query(
          `SELECT count(*)::int AS n FROM journal_lines WHERE terminal_id = $1 AND type = 'unreadable'`,
          [HOSTILE_ID],
        );
        if (
          report.hostile &&
          report.hostile.odd_acked > 2 * HOSTILE_FIGURES.length &&
          unreadable.rows[0].n === 0
        )
          report.violations.push('no hostile figure was kept as unreadable');
      } finally {
        await client.end();
      }
    }
    for (const c of counters) {
      const file = (await readFile(join(c.dir, 'journal.jsonl'), 'utf8')).split('\n');
      const lines = file.filter(Boolean);
      const rows = inDb.get(c.id) ?? [];
      report.journal_lines += lines.length;
      report.database_lines += rows.length;
      report.max_waiting_lines = Math.max(report.max_waiting_lines, c.maxWaiting);
      const seqs = lines.map((l) => (JSON.parse(l) as { seq: number }).seq);
      const ops = lines.filter((l) => l.includes('"type":"intent"')).length;
      report.operations += ops;
      if (ops !== options.ops) report.violations.push(`${c.id}: ${ops} operations in the journal`);
      if (rows.length !== lines.length) {
        report.violations.push(
          `${c.id}: ${lines.length} journal lines, ${rows.length} in the database`,
        );
      }
      const held = new Map(rows.map((row) => [row.seq, row.line]));
      lines.forEach((line, i) => {
        const seq = seqs[i] ?? 0;
        const there = held.get(seq);
        if (there === undefined)
          report.violations.push(`${c.id}: seq ${seq} missing from the database`);
        else if (there !== line)
          report.violations.push(`${c.id}: seq ${seq} differs from the journal`);
        held.delete(seq);
      });
      for (const seq of held.keys()) {
        report.violations.push(`${c.id}: seq ${seq} in the database is not in the journal`);
      }
      const journaled = new Set(
        lines.map((l) => JSON.parse(l) as { op_id: string; type: string }).map((e) => e.op_id),
      );
      for (const opId of c.intents) {
        if (!journaled.has(opId)) report.violations.push(`${c.id}: intent ${opId} lost`);
      }
    }
  } finally {
    for (const c of counters) {
      c.child?.kill('SIGKILL');
      await c.exited;
      await c.proxy.close();
    }
    cluster.stop();
    await bundle.remove();
    await rm(root, { recursive: true, force: true });
  }
  report.run_ms = Date.now() - started;
  return report;
}

export function summarize(r: StoreDbRunReport): string {
  return (
    `store-db run (seed ${r.seed}): terminals ${r.terminals}, operations ${r.operations}, ` +
    `journal lines ${r.journal_lines}, in the database ${r.database_lines}, ` +
    `link cuts ${r.cuts_refused + r.cuts_silent} (refused ${r.cuts_refused}, silent ${r.cuts_silent}), ` +
    `resets ${r.resets}, slow links ${r.slowdowns}, SIGKILLs ${r.sigkills}, ` +
    `database restarts ${r.database_restarts}, most lines waiting at a counter ${r.max_waiting_lines}, ` +
    `drained ${r.drain_ms} ms after the faults, run ${(r.run_ms / 1000).toFixed(1)} s, ` +
    (r.hostile
      ? `hostile login: ${r.hostile.tries} forgeries tried, ${r.hostile.taken.length} taken, ` +
        `odd lines ${r.hostile.odd_acked} answered, ${r.hostile.odd_held} held, `
      : '') +
    `violations ${r.violations.length}`
  );
}
