// The store close's pool follows the store database URL, but never pulls a pool out from under a
// close that is reading or writing through it (a real throwaway PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSigningKey } from '../store-db/batch-signature';
import { poolCalls, type StoreCalls } from '../store-db/store-calls';
import { openStoreDbPool, type StoreDbPool } from '../store-db/store-db-pool';
import { STORES } from '../store-db/test-support/counter';
import { enrollCounter } from '../store-db/test-support/enroll';
import { throwawayStoreDb } from '../store-db/test-support/store-db-fixture';
import { closeDbHolder } from './close-db-holder';
import { pgCloseDatabase } from './pg-close-database';

const fixture = throwawayStoreDb();
let terminalUrl: string;
/** The counter whose signed reads the close makes, enrolled in the test store. */
const reader = { terminalId: 'LECTOR01', signingKey: newSigningKey() };
beforeAll(async () => {
  ({ terminalUrl } = await fixture.migratedDatabase());
  await enrollCounter(null, terminalUrl, reader.terminalId, reader.signingKey, STORES.live);
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
      (pool) => {
        const calls = poolCalls(pool, async () => reader);
        const gatedCalls: StoreCalls = {
          read: async (...args) => {
            if (gated) await gate;
            return calls.read(...args);
          },
          write: calls.write,
        };
        return pgCloseDatabase(gatedCalls, async () => {
          throw new Error('this test only reads');
        });
      },
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
