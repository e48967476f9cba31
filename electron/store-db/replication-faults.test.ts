// Replication through a link that is cut, held silent, reset mid-batch and slowed (tcp-proxy.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { databaseLines, openTestCounter, type TestCounter } from './test-support/counter';
import { throwawayStoreDb } from './test-support/store-db-fixture';
import { startTcpProxy, type TcpProxy } from './test-support/tcp-proxy';

const db = throwawayStoreDb();
const opened: { counter?: TestCounter; proxy?: TcpProxy }[] = [];

afterEach(async () => {
  for (const { counter, proxy } of opened.splice(0)) {
    await counter?.close();
    await proxy?.close();
  }
});

async function until(condition: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function setup(id: string) {
  const urls = await db.migratedDatabase();
  const proxy = await startTcpProxy({ host: '127.0.0.1', port: db.cluster().port });
  const counter = await openTestCounter(id);
  opened.push({ counter, proxy });
  await counter.enroll(urls.terminalUrl);
  return { ...urls, proxy, counter };
}

describe('replication through a bad link', () => {
  it('a cut link: unreachable with the lines waiting, then every line exactly once', async () => {
    const { terminalUrl, ownerUrl, proxy, counter } = await setup('CAJA0011');
    const replicator = counter.startReplication(proxy.via(terminalUrl));
    await counter.sell('AAA111');
    await replicator.drained(15_000);
    proxy.cut('refuse');
    for (const code of ['BBB222', 'CCC333', 'DDD444']) await counter.sell(code);
    await until(() => replicator.state().state === 'unreachable');
    expect(replicator.state()).toMatchObject({ last_error_category: 'network', waiting_lines: 6 });
    proxy.restore();
    await replicator.drained(15_000);
    const rows = await databaseLines(ownerUrl, 'CAJA0011');
    expect(rows.map((r) => r.line)).toEqual(await counter.fileLines());
  });

  it('a link that accepts and never answers times out, and a sale is not held by it', async () => {
    const { terminalUrl, ownerUrl, proxy, counter } = await setup('CAJA0012');
    const replicator = counter.startReplication(proxy.via(terminalUrl), {
      timeouts: { connectTimeoutMs: 1_000, statementTimeoutMs: 1_000 },
    });
    await replicator.drained(15_000);
    proxy.cut('silent');
    // The journal's append resolves while the replication is stuck on the silent link.
    await counter.sell('EEE555');
    await until(() => replicator.state().state === 'unreachable');
    expect(replicator.state().last_error_category).toBe('timeout');
    proxy.restore();
    await replicator.drained(15_000);
    expect((await databaseLines(ownerUrl, 'CAJA0012')).map((r) => r.line)).toEqual(
      await counter.fileLines(),
    );
  });

  it('a slow link reset again and again in the middle of batches loses and doubles nothing', async () => {
    const { terminalUrl, ownerUrl, proxy, counter } = await setup('CAJA0013');
    for (let i = 0; i < 150; i += 1) await counter.sell(`R${String(i).padStart(5, '0')}`);
    proxy.slow(5);
    const replicator = counter.startReplication(proxy.via(terminalUrl), { batchLines: 20 });
    let resets = 0;
    while (replicator.state().state !== 'ok' || replicator.state().waiting_lines > 0) {
      await new Promise((r) => setTimeout(r, 40));
      proxy.reset();
      resets += 1;
      if (resets === 30) proxy.slow(0);
      if (resets > 400) break;
    }
    await replicator.drained(30_000);
    const rows = await databaseLines(ownerUrl, 'CAJA0013');
    expect(rows).toHaveLength(300);
    expect(rows.map((r) => r.line)).toEqual(await counter.fileLines());
    expect(resets).toBeGreaterThan(1);
  });
});
