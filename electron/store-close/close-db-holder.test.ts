// The store close's pool follows the store database URL, but never pulls a pool out from under a
// close that is reading or writing through it (a real throwaway PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStoreDbPool, type StoreDbPool } from '../store-db/store-db-pool';
import type { Queryable } from '../store-db/store-queries';
import { STORES } from '../store-db/test-support/counter';
import { throwawayStoreDb } from '../store-db/test-support/store-db-fixture';
import { closeDbHolder } from './close-db-holder';
import { pgCloseDatabase } from './pg-close-database';

const fixture = throwawayStoreDb();
let terminalUrl: string;
beforeAll(async () => {
  ({ terminalUrl } = await fixture.migratedDatabase());
});
afterAll(async () => undefined);

describe('the store close pool', () => {
  it('ends the pool of a replaced URL only after the reads under way through it are done', async () => {
    let url = terminalUrl;
    const pools: StoreDbPool[] = [];
    // A gate in front of the real pool: the read is under way (asked) but not answered yet.
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let gated = true;
    const holder = closeDbHolder(
      () => url,
      (u) => {
        const pool = openStoreDbPool(u);
        pools.push(pool);
        return pool;
      },
      (pool: Queryable) =>
        pgCloseDatabase(
          {
            query: (async (...args: Parameters<Queryable['query']>) => {
              if (gated) await gate;
              return (pool.query as (...a: unknown[]) => unknown)(...args);
            }) as Queryable['query'],
          },
          async () => {
            throw new Error('this test only reads');
          },
        ),
    );
    const query = { store: STORES.live, mode: 'live' as const, day: '2026-03-10' };
    const first = holder.get();
    const reading = first?.readStoreDay(query);
    const held = first?.readHeld(query);
    // A supervisor points the counter at another database (here: the same one by another URL).
    // (sslmode: the one parameter besides certificate files a counter's URL may carry.)
    url = `${terminalUrl}${terminalUrl.includes('?') ? '&' : '?'}sslmode=disable`;
    gated = false;
    const second = holder.get();
    expect(second).not.toBe(first);
    expect(await second?.readStoreDay(query)).toEqual([]);
    release();
    expect(await reading).toEqual([]);
    expect(await held).toEqual([]);
    // Once nothing uses it, the old pool is ended; the new one stays until the app closes.
    await expect.poll(() => (pools[0] as StoreDbPool & { ended: boolean }).ended).toBe(true);
    expect((pools[1] as StoreDbPool & { ended: boolean }).ended).toBe(false);
    await holder.end();
    expect((pools[1] as StoreDbPool & { ended: boolean }).ended).toBe(true);
  });
});
