// An erasure made at one counter reaches the other counters' journals (docs/personal-data.md
// "Erasure on request"): their replication asks for the notices, masks what they name in the
// journal file, and tells the database, which forgets the notice. One that holds money for the
// customer keeps the notice until it may mask. Real journals, a real PostgreSQL, the stores'
// logins and enrolled keys.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleHeld } from '../ipc/workflows/held-money';
import { erasureNotices, forgetCustomer } from '../store-db/personal-data';
import { makeChain, type StoreChain } from '../store-db/test-support/chain';
import { type StoreCounter, storeCounter } from '../store-db/test-support/store-app';
import { throwawayStoreDb } from '../store-db/test-support/store-db-fixture';
import { withClient } from '../store-db/test-support/with-client';
import { applyErasureNotices } from './erasure-notices';

const db = throwawayStoreDb();
let chain: StoreChain;
const counters: StoreCounter[] = [];

beforeAll(async () => {
  chain = await makeChain(db, ['store-a']);
}, 120_000);
afterAll(async () => {
  await Promise.all(counters.map((c) => c.close()));
});

const url = () => chain.stores['store-a']?.url ?? '';

async function counter(id: string): Promise<StoreCounter> {
  const c = await storeCounter(id, 'store-a');
  counters.push(c);
  c.setClock(new Date());
  await c.join(url());
  // Replicating as the app wires it (pg-driver.ts): the notices applied to this journal.
  c.startReplication(url(), {
    stores: { live: 'store-a', training: 'training:store-a' },
    heartbeatMs: 100,
    lingerMs: 5,
    erasures: { apply: (notices) => applyErasureNotices(c.journal, notices), everyMs: 0 },
  });
  return c;
}

const journalText = async (c: StoreCounter) => readFile(c.journal.path, 'utf8');

async function until(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not ${what} in 15 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('an erasure reaches every counter of the store', () => {
  it('masks the other counters’ journals, and the notices go once each is done', async () => {
    const caja1 = await counter('NOTA0001');
    const caja2 = await counter('NOTA0002');
    await caja1.sale('NOTC01', '48000123');
    await caja2.sale('NOTC02', '48000123');
    // Money Caja 2 holds for a refused sale of this customer: it keeps the DNI while it does.
    const held = await caja2.sale('NOTC03', '48000123', 'refused');
    await caja2.sale('NOTC04', '48000999');
    for (const c of [caja1, caja2]) {
      c.replicator?.wake();
      await c.replicator?.drained(20_000);
    }
    // Caja 1's supervisor erases the customer in the store (its own journal is the handler's).
    await withClient(url(), (c) =>
      forgetCustomer(
        c,
        { terminalId: caja1.id, signingKey: caja1.signingKey },
        { kind: 'dni', value: '48000123', supervisor: 'Rosa' },
      ),
    );
    // Caja 2 learns it at its next look: its sale of that customer is masked in its file.
    await until(
      async () => (await caja2.journal.customerOperations('48000123')).maskable.length === 0,
      'masked at Caja 2',
    );
    const found = await caja2.journal.customerOperations('48000123');
    expect(found.maskable).toEqual([]);
    expect(found.held).toEqual([held]);
    expect(await journalText(caja2)).toContain('"48000999"');
    // Its notice waits for the held money…
    const notices = () =>
      withClient(url(), (c) =>
        erasureNotices(c, { terminalId: caja2.id, signingKey: caja2.signingKey }),
      );
    expect(await notices()).toHaveLength(1);
    // …given back, the sale is masked too and the notice goes.
    const op = await caja2.journal.operation(held);
    await settleHeld(
      caja2.journal,
      {
        hold_id: held,
        op_ids: [held],
        funding_code: op?.intent.funding_code ?? '',
        amount_cents: 30_000,
      },
      'returned',
    );
    await until(async () => (await notices()).length === 0, 'the notice gone');
    expect(await journalText(caja2)).not.toContain('"48000123"');
    // Caja 1 is told too (at a counter the erasure's handler masks its own journal at once).
    await until(
      async () =>
        (
          await withClient(url(), (c) =>
            erasureNotices(c, { terminalId: caja1.id, signingKey: caja1.signingKey }),
          )
        ).length === 0,
      'Caja 1’s notice gone',
    );
    expect(await journalText(caja1)).not.toContain('"48000123"');
  });
});
