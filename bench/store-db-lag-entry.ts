// A group of counters for the store database's lag figure (bench/store-db.ts), in a process of
// its own as counters are on machines of their own: one process for all 50 would queue every
// journal's fsync and every replicator's file read on one libuv thread pool and measure that.
// Prints `ready` once every replicator reached the database, starts on a line on stdin, journals
// a line every 100 ms per counter (or `intervalMs`), then prints the lags (append's fsync → COMMIT
// that holds it). The chain's figure (bench/store-db.ts, `pooled`) runs 1,000 of them in 4
// processes, each counter with its own connection to PgBouncer and its own store of 100, and
// with `memory` each keeps its journal in memory (electron/store-db/test-support/memory-journal.ts):
// the same replicator, without a thousand journals' disk work on the server's two cores.
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { openJournal } from '../electron/journal';
import { startReplicator } from '../electron/store-db/replicator';
import { memoryJournal } from '../electron/store-db/test-support/memory-journal';
import type { ReplicationState } from '../shared/store/replication-state';
import { benchKey, type CounterGroupConfig } from './store-db-group';

const config = JSON.parse(process.argv[2] ?? '{}') as CounterGroupConfig;
const now = () => performance.now();
const lags: number[] = [];
/** Times a replicator said it could not get its lines through (unreachable or refused), by category. */
let errors = 0;
let going = false;
const startErrors: Record<string, number> = {};
const runErrors: Record<string, number> = {};
const intervalMs = config.intervalMs ?? 100;
const storeOf = (i: number) =>
  config.stores ? `${config.store}-${i % config.stores}` : config.store;

type Counter = {
  replicator: ReturnType<typeof startReplicator>;
  /** Journals the n-th Verify and wakes the replicator as the journal's subscription does. */
  record(n: number): Promise<void>;
  close(): Promise<void>;
};

const counters: Counter[] = await Promise.all(
  Array.from({ length: config.count }, async (_, k): Promise<Counter> => {
    const i = config.first + k;
    const terminalId = `${config.prefix ?? 'CAJA'}${String(i).padStart(4, '0')}`;
    const appendedAt = new Map<number, number>();
    const common = {
      url:
        config.urls && config.stores ? (config.urls[i % config.stores] ?? config.url) : config.url,
      terminalId,
      stores: { live: storeOf(i), training: `training:${storeOf(i)}` },
      timeZone: 'America/Lima',
      signingKey: benchKey(config.keySeed, terminalId),
      onState: (state: ReplicationState) => {
        if (state.state === 'unreachable' || state.state === 'refused') {
          const tally = going ? runErrors : startErrors;
          const key = `${state.state}:${state.last_error_category}`;
          tally[key] = (tally[key] ?? 0) + 1;
          if (going) errors += 1;
        }
        const seen = now();
        for (const [seq, at] of appendedAt) {
          if (seq > state.replicated_seq) continue;
          lags.push(seen - at);
          appendedAt.delete(seq);
        }
      },
    };
    if (config.memory) {
      const journal = memoryJournal();
      const replicator = startReplicator({ ...common, source: journal.source });
      return {
        replicator,
        async record(n) {
          const seq = journal.recordVerify(`L${String(n).padStart(5, '0')}`);
          appendedAt.set(seq, now());
          replicator.wake(seq);
        },
        async close() {},
      };
    }
    const dir = join(config.root, `lag-${i}`);
    const journal = await openJournal({ dir, clock: () => new Date() });
    const replicator = startReplicator({
      ...common,
      journalPath: journal.path,
      cursorPath: join(dir, 'cursor.json'),
    });
    journal.subscribe((entry) => {
      appendedAt.set(entry.seq, now());
      replicator.wake(entry.seq);
    });
    return {
      replicator,
      async record(n) {
        await journal.recordIntent({
          operation: 'v3.verify',
          mode: 'live',
          cashier_id: 'caja-01',
          funding_code: `L${String(n).padStart(5, '0')}`,
          request: { n },
        });
      },
      close: () => journal.close(),
    };
  }),
);
await Promise.all(counters.map((c) => c.replicator.drained(config.readyMs ?? 60_000)));
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
await new Promise<void>((resolve) =>
  createInterface({ input: process.stdin }).once('line', () => resolve()),
);

const cpuAtGo = process.cpuUsage();
going = true;
const until = now() + config.seconds * 1000;
await Promise.all(
  counters.map(async (counter, k) => {
    await new Promise((r) => setTimeout(r, (k * intervalMs) / config.count));
    let n = 0;
    while (now() < until) {
      const next = now() + intervalMs;
      await counter.record(n++);
      await new Promise((r) => setTimeout(r, Math.max(0, next - now())));
    }
  }),
);
await Promise.all(counters.map((c) => c.replicator.drained(config.readyMs ?? 60_000)));
for (const c of counters) {
  await c.replicator.stop();
  await c.close();
}
const cpu = process.cpuUsage(cpuAtGo);
process.stdout.write(
  `${JSON.stringify({ lags, errors, cpu_ms: (cpu.user + cpu.system) / 1000 })}\n`,
);
process.exit(0);
