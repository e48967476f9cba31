// One counter of the store database's reliability run, as a child process the run SIGKILLs and
// starts again: a real journal in its data dir, the replicator beside it (woken by each append,
// as the app wires it), and `ops` paid-and-billed operations journaled as the sale workflow
// writes them (intent; then succeeded, refused, unknown → attempt → succeeded, or left pending).
// Prints one JSON line per journaled intent, then `done`, then `drained` once every line is in.
import { join } from 'node:path';
import { openJournal } from '../../electron/journal';
import { startReplicator } from '../../electron/store-db/replicator';
import { seededRandom } from '../support/seeded-random';

type Config = {
  dir: string;
  url: string;
  terminalId: string;
  /** The counter's store database key, hex. */
  key: string;
  ops: number;
  seed: number;
  stores: { live: string; training: string };
};

const config = JSON.parse(process.argv[2] ?? '{}') as Config;
const say = (message: Record<string, unknown>) =>
  process.stdout.write(`${JSON.stringify(message)}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const journal = await openJournal({ dir: config.dir, clock: () => new Date() });
const done = (await journal.ofOperation('v3.paidAndBilled')).length;
// Each start continues the same seeded sequence where the journal says it stopped.
const random = seededRandom((config.seed + done * 7919) >>> 0);
let stateChanges = 0;
let maxWaiting = 0;
const replicator = startReplicator({
  url: config.url,
  journalPath: journal.path,
  cursorPath: join(config.dir, 'store-db-cursor.json'),
  terminalId: config.terminalId,
  terminalName: `Caja ${config.terminalId.slice(-1)}`,
  appVersion: '0.1.0',
  stores: config.stores,
  timeZone: 'America/Lima',
  signingKey: Buffer.from(config.key, 'hex'),
  openOperations: () => journal.unresolvedCount(),
  batchLines: 100,
  retry: { baseMs: 50, maxMs: 1_000 },
  timeouts: { connectTimeoutMs: 1_000, statementTimeoutMs: 2_000 },
  heartbeatMs: 1_000,
  onState: (state) => {
    stateChanges += 1;
    maxWaiting = Math.max(maxWaiting, state.waiting_lines);
  },
});
journal.subscribe((entry) => replicator.wake(entry.seq));
say({ started: true, done });

for (let i = done; i < config.ops; i += 1) {
  const code = `${config.terminalId.slice(-1)}${String(i).padStart(5, '0')}`;
  const opId = await journal.recordIntent({
    operation: 'v3.paidAndBilled',
    mode: 'live',
    cashier_id: `cajero-${config.terminalId.slice(-1)}`,
    identity: { kind: 'dni', value: '12345678' },
    funding_code: code,
    billed_cents: 150_000 + i,
    to_collect_cents: 37_500,
    request: {
      dni: '12345678',
      funding_code: code,
      billed_amount: 1500 + i / 100,
      cashier_id: 'c',
    },
  });
  say({ op: opId });
  await sleep(random.int(2, 25));
  const roll = random.next();
  if (roll < 0.7) {
    await journal.recordOutcome(opId, { status: 'succeeded', http_status: 200, result: { ok: i } });
  } else if (roll < 0.8) {
    await journal.recordOutcome(opId, {
      status: 'refused',
      http_status: 400,
      service_message: 'cashier_id changed',
    });
  } else if (roll < 0.93) {
    await journal.recordOutcome(opId, { status: 'unknown', error_category: 'timeout' });
    await sleep(random.int(2, 15));
    await journal.recordAttempt(opId, { attempt: 2, delay_ms: 10 });
    await journal.recordOutcome(opId, { status: 'succeeded', http_status: 200 });
  }
  // Else left pending, as a sale cut by a power loss stays until it is resolved.
  await sleep(random.int(5, 30));
}
say({ done: true });
await replicator.drained(120_000);
say({ drained: true, state_changes: stateChanges, max_waiting: maxWaiting });
await replicator.stop();
await journal.close();
