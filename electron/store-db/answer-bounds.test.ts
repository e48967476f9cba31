// A store database that answers with far too much (issue 26, item 4): a fake PostgreSQL on
// 127.0.0.1 answering every query with 400 rows of 12 MB drove the counter to "FATAL ERROR:
// Reached heap limit" ~34 s after start. Every answer is now bounded in bytes and rows; the
// connection is destroyed with `too-big` long before the flood is in memory.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ANSWER_BOUNDS } from './answer-bounds';
import { connectStoreDb } from './connection';
import { poolCalls } from './store-calls';
import { openStoreDbPool } from './store-db-pool';
import { readStoreDay } from './store-queries';
import { openTestCounter, type TestCounter } from './test-support/counter';
import { type RogueServer, startRogueServer } from './test-support/rogue-server';

const MiB = 1024 * 1024;
// What may be in flight between the fake server's writes and the client's reads on loopback:
// the kernel's socket buffers on both sides (a few MB each).
const IN_FLIGHT = 24 * MiB;
const TIMEOUTS = { connectTimeoutMs: 2_000, statementTimeoutMs: 20_000 };

let rogue: RogueServer | null = null;
const counters: TestCounter[] = [];
afterEach(async () => {
  await Promise.all(counters.splice(0).map((c) => c.close()));
  await rogue?.close();
  rogue = null;
});

const heap = () => process.memoryUsage().heapUsed;

describe('a store database answer is bounded', () => {
  it('a client: 400 rows of 12 MB end the connection as too-big, not the heap', async () => {
    rogue = await startRogueServer({ answer: { rows: 400, rowBytes: 12 * MiB } });
    const before = heap();
    const client = await connectStoreDb(rogue.url, TIMEOUTS);
    try {
      await expect(client.query('SET synchronous_commit TO on')).rejects.toMatchObject({
        name: 'StoreDbError',
        category: 'too-big',
      });
    } finally {
      await client.end().catch(() => undefined);
    }
    expect(rogue.bytesWritten()).toBeLessThan(DEFAULT_ANSWER_BOUNDS.maxBytes + IN_FLIGHT);
    expect(heap() - before).toBeLessThan(DEFAULT_ANSWER_BOUNDS.maxBytes * 3);
  });

  it('a client: more rows than any store day holds end the connection as too-big', async () => {
    // Small rows: far under the byte cap, over the row cap.
    rogue = await startRogueServer({
      answer: { rows: DEFAULT_ANSWER_BOUNDS.maxRows * 2, rowBytes: 1 },
    });
    const client = await connectStoreDb(rogue.url, TIMEOUTS);
    try {
      await expect(client.query('SELECT 1')).rejects.toMatchObject({ category: 'too-big' });
    } finally {
      await client.end().catch(() => undefined);
    }
  });

  it('the pool: a store-day read answers too-big, and so does each later query, alone', async () => {
    rogue = await startRogueServer({ answer: { rows: 400, rowBytes: 12 * MiB } });
    const pool = openStoreDbPool(rogue.url, TIMEOUTS);
    try {
      const before = heap();
      const calls = poolCalls(pool, async () => ({
        terminalId: 'X',
        signingKey: Buffer.alloc(32),
      }));
      const read = await readStoreDay(calls, { store: 's', mode: 'live', day: '2026-03-10' });
      expect(read).toEqual({ ok: false, category: 'too-big' });
      await expect(pool.query('SELECT 1')).rejects.toMatchObject({ category: 'too-big' });
      expect(rogue.queries()).toBe(2);
      expect(rogue.bytesWritten()).toBeLessThan(2 * (DEFAULT_ANSWER_BOUNDS.maxBytes + IN_FLIGHT));
      expect(heap() - before).toBeLessThan(DEFAULT_ANSWER_BOUNDS.maxBytes * 3);
    } finally {
      await pool.end();
    }
  });

  it('the replicator: refused with too-big, never a crash, and a sale is not slowed', async () => {
    rogue = await startRogueServer({ answer: { rows: 400, rowBytes: 12 * MiB } });
    const counter = await openTestCounter('CAJA0001');
    counters.push(counter);
    await counter.sell('ROGUE1');
    const replicator = counter.startReplication(rogue.url, { timeouts: TIMEOUTS });
    const deadline = Date.now() + 20_000;
    while (replicator.state().state !== 'refused' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(replicator.state()).toMatchObject({
      state: 'refused',
      last_error_category: 'too-big',
      replicated_seq: 0,
    });
    // It keeps trying with backoff; each try is bounded, and the journal takes a sale meanwhile.
    const started = performance.now();
    await counter.sell('ROGUE2');
    expect(performance.now() - started).toBeLessThan(1_000);
    while (rogue.queries() < 3 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(replicator.state().state).toBe('refused');
    expect(rogue.bytesWritten()).toBeLessThan(
      rogue.queries() * (DEFAULT_ANSWER_BOUNDS.maxBytes + IN_FLIGHT),
    );
  }, 30_000);
});
