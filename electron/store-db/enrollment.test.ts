// A counter joins a store only with the technician's one-time code (issue 33, item 3;
// docs/store-database.md "Adding a counter", migration 0110): tried as a store's counter login
// and as the chain's pooler login would, straight and through a real PgBouncer. No key is
// registered without a code; a code enrolls once, before it expires, in its own store; of many
// enrollments racing with one code, or of two codes racing for one terminal id, exactly one
// wins; and a counter whose key is lost is enrolled again under its id with a code that names
// it, its unsent lines then arriving under the new key.
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APPEND_SQL, appendParams, newSigningKey } from './batch-signature';
import { makeChain, type StoreChain } from './test-support/chain';
import { makeEnrollmentCode } from './test-support/enroll';
import { batch } from './test-support/hostile-calls';
import { type PgBouncer, startPgBouncer } from './test-support/pgbouncer';
import { type StoreCounter, storeCounter } from './test-support/store-app';
import { throwawayStoreDb } from './test-support/store-db-fixture';
import { withClient } from './test-support/with-client';

const db = throwawayStoreDb();
let bouncer: PgBouncer;
const opened: StoreCounter[] = [];

beforeAll(async () => {
  bouncer = await startPgBouncer(db.cluster());
}, 60_000);
afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});
afterAll(() => {
  bouncer?.stop();
});

const ENROLL = 'SELECT store, beat FROM public.store_db_enroll($1, $2, $3)';

async function chainOf(): Promise<StoreChain> {
  const chain = await makeChain(db, ['store-a', 'store-b']);
  await bouncer.reload();
  return chain;
}

/** The keys the owner sees: terminal id → store. */
async function keys(chain: StoreChain): Promise<Record<string, string | null>> {
  return withClient(chain.ownerUrl, async (c) => {
    const rows = await c.query<{ terminal_id: string; store: string | null }>(
      'SELECT terminal_id, store FROM terminal_keys ORDER BY terminal_id',
    );
    return Object.fromEntries(rows.rows.map((r) => [r.terminal_id, r.store]));
  });
}

/** Runs every call at once, each on a connection of its own, and says how each ended. */
async function race(
  url: string,
  calls: { sql: string; params: unknown[] }[],
): Promise<('ok' | string)[]> {
  const clients = calls.map(() => {
    const c = new pg.Client({ connectionString: url });
    c.on('error', () => undefined);
    return c;
  });
  try {
    await Promise.all(clients.map((c) => c.connect()));
    return await Promise.all(
      calls.map((call, i) =>
        (clients[i] as pg.Client).query(call.sql, call.params).then(
          () => 'ok',
          (error: { code?: string }) => error.code ?? 'error',
        ),
      ),
    );
  } finally {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
  }
}

describe('no key without the technician’s code', () => {
  it('a store’s login and the chain’s login register nothing and write nothing without a code', async () => {
    const chain = await chainOf();
    for (const url of [
      chain.stores['store-a']?.url ?? '',
      chain.chain.url,
      chain.chain.via(bouncer),
    ]) {
      await withClient(url, async (c) => {
        for (const id of ['CHN00002', 'HQ-AUDIT', 'CAJA0001']) {
          // The older versions' call: it confirms a key, it registers none.
          await expect(
            c.query('SELECT public.store_db_register($1, $2)', [id, newSigningKey()]),
          ).rejects.toMatchObject({ code: 'MS010' });
          // No code, a made-up one, a code's shape with no code behind it.
          for (const code of [null, '', 'ABCD-EFGH-JKLM', 'AAAA-AAAA-AAAA', "' OR true --"]) {
            await expect(
              c.query(ENROLL, [id, newSigningKey(), code]),
              String(code),
            ).rejects.toMatchObject({ code: 'MS012' });
          }
          // A signed call from a key the database does not hold: not enrolled.
          const key = newSigningKey();
          await expect(
            c.query(
              APPEND_SQL,
              appendParams(batch(id, 1, [{ store: 'store-a', mode: 'live' }]), key),
            ),
          ).rejects.toMatchObject({ code: 'MS010' });
        }
      });
    }
    expect(await keys(chain)).toEqual({});
  });

  it('a counter that was never enrolled sends nothing and says so (not-enrolled)', async () => {
    const chain = await chainOf();
    for (const url of [chain.stores['store-a']?.url ?? '', chain.chain.via(bouncer)]) {
      const c = await storeCounter('CAJA0001', 'store-a');
      try {
        await c.sale('NEVER-1', '41001101');
        const replicator = c.startReplication(url, {
          stores: { live: 'store-a', training: 'training:store-a' },
        });
        const deadline = Date.now() + 10_000;
        while (replicator.state().state !== 'refused' && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 20));
        }
        expect(replicator.state()).toMatchObject({
          state: 'refused',
          last_error_category: 'not-enrolled',
          replicated_seq: 0,
        });
      } finally {
        await c.close();
      }
    }
    expect(await keys(chain)).toEqual({});
  });

  it('a code enrolls once, before it expires, in its own store only', async () => {
    const chain = await chainOf();
    const a = chain.stores['store-a']?.url ?? '';
    const used = await makeEnrollmentCode(chain.ownerUrl, 'store-a');
    await withClient(a, async (c) => {
      // Typed as a person would: lower case, spaces for dashes.
      const typed = used.toLowerCase().replaceAll('-', ' ');
      expect((await c.query(ENROLL, ['CAJA0001', newSigningKey(), typed])).rows).toEqual([
        { store: 'store-a', beat: '0' },
      ]);
      await expect(c.query(ENROLL, ['CAJA0002', newSigningKey(), used])).rejects.toMatchObject({
        code: 'MS012',
      });
    });
    // Expired: the owner's clock moves past it (a code lives 1 to 72 hours).
    const expired = await makeEnrollmentCode(chain.ownerUrl, 'store-a', { hours: 1 });
    await withClient(chain.ownerUrl, (c) =>
      c.query(`UPDATE enrollment_codes SET expires_at = now() - interval '1 second'
               WHERE used_at IS NULL`),
    );
    await withClient(a, (c) =>
      expect(c.query(ENROLL, ['CAJA0003', newSigningKey(), expired])).rejects.toMatchObject({
        code: 'MS012',
      }),
    );
    // Store B's code through store A's login: the code is B's, the login is A's.
    const ofB = await makeEnrollmentCode(chain.ownerUrl, 'store-b');
    await withClient(a, (c) =>
      expect(c.query(ENROLL, ['CAJA0004', newSigningKey(), ofB])).rejects.toMatchObject({
        code: 'MS011',
      }),
    );
    // A code naming a counter enrolls that counter only.
    const named = await makeEnrollmentCode(chain.ownerUrl, 'store-a', { terminalId: 'CAJA0009' });
    await withClient(a, (c) =>
      expect(c.query(ENROLL, ['CAJA0005', newSigningKey(), named])).rejects.toMatchObject({
        code: 'MS012',
      }),
    );
    // A code without a counter's name cannot take an enrolled counter's id (B's, or A's own).
    const plain = await makeEnrollmentCode(chain.ownerUrl, 'store-b');
    await withClient(chain.stores['store-b']?.url ?? '', (c) =>
      expect(c.query(ENROLL, ['CAJA0001', newSigningKey(), plain])).rejects.toMatchObject({
        code: 'MS012',
      }),
    );
    expect(await keys(chain)).toEqual({ CAJA0001: 'store-a' });
    // The refused tries did not use up the codes meant for others.
    await withClient(chain.stores['store-b']?.url ?? '', async (c) => {
      await c.query(ENROLL, ['CAJB0001', newSigningKey(), ofB]);
    });
    expect(await keys(chain)).toEqual({ CAJA0001: 'store-a', CAJB0001: 'store-b' });
  });
});

describe('enrollment is race-free', () => {
  it.each([
    // A store's login holds 10 connections unless the technician says more (add-login
    // --connections): this one may hold the 12 the race needs.
    [
      'a store’s login straight',
      async (c: StoreChain) =>
        (await c.addLogin('race', { kind: 'store', stores: ['store-a'] }, 12)).url,
    ],
    ['the chain’s login through PgBouncer', async (c: StoreChain) => c.chain.via(bouncer)],
  ] as const)(
    '%s: 12 enrollments with one code give one counter; two codes racing for one id give one',
    async (_, urlOf) => {
      const chain = await chainOf();
      const url = await urlOf(chain);
      const code = await makeEnrollmentCode(chain.ownerUrl, 'store-a');
      const ids = Array.from({ length: 12 }, (_, i) => `CAJA00${String(i + 10)}`);
      const ends = await race(
        url,
        ids.map((id) => ({ sql: ENROLL, params: [id, newSigningKey(), code] })),
      );
      expect(ends.filter((e) => e === 'ok')).toHaveLength(1);
      expect(ends.filter((e) => e !== 'ok')).toEqual(Array(11).fill('MS012'));
      const winner = ids[ends.indexOf('ok')] ?? '';
      expect(await keys(chain)).toEqual({ [winner]: 'store-a' });

      // Two codes, one new terminal id, five times over.
      for (let round = 0; round < 5; round += 1) {
        const id = `CAJA01${round}0`;
        const codes = [
          await makeEnrollmentCode(chain.ownerUrl, 'store-a'),
          await makeEnrollmentCode(chain.ownerUrl, 'store-a'),
        ];
        const two = await race(
          url,
          codes.map((c) => ({ sql: ENROLL, params: [id, newSigningKey(), c] })),
        );
        expect(two.sort(), `round ${round}`).toEqual(['MS012', 'ok']);
      }
      const held = await keys(chain);
      expect(Object.keys(held)).toHaveLength(6);
    },
  );
});

describe('a lost key: the technician enrolls the counter again under its id', () => {
  it('a code naming the counter replaces its key; its unsent lines then arrive under the new key, and the old key signs nothing', async () => {
    const chain = await chainOf();
    const url = chain.stores['store-a']?.url ?? '';
    const c = await storeCounter('CAJA0001', 'store-a');
    opened.push(c);
    await c.join(url);
    await c.sale('SENT-1', '41000401');
    await c.replicate(url);
    await c.stopReplication();
    // Sold while the link was down; then the PC's key store was lost (a new key is made).
    await c.sale('UNSENT-1', '41000402');
    await c.sale('UNSENT-2', '41000403', 'unknown');
    const oldKey = c.signingKey;
    c.signingKey = newSigningKey();
    // Without a new enrollment the new key is refused; a plain code cannot take the id.
    const plain = await makeEnrollmentCode(chain.ownerUrl, 'store-a');
    await withClient(url, (client) =>
      expect(client.query(ENROLL, [c.id, c.signingKey, plain])).rejects.toMatchObject({
        code: 'MS012',
      }),
    );
    const named = await makeEnrollmentCode(chain.ownerUrl, 'store-a', { terminalId: c.id });
    await withClient(url, (client) => client.query(ENROLL, [c.id, c.signingKey, named]));
    await c.replicate(url);
    await withClient(chain.ownerUrl, async (owner) => {
      const rows = await owner.query(
        'SELECT line, signed_by FROM journal_lines WHERE terminal_id = $1 ORDER BY seq',
        [c.id],
      );
      expect(rows.rows.map((r) => r.line)).toEqual(await c.fileLines());
      expect(rows.rows.every((r) => r.signed_by === c.id)).toBe(true);
      const key = await owner.query(
        'SELECT store, enrolled_how, code_made_by FROM terminal_keys WHERE terminal_id = $1',
        [c.id],
      );
      expect(key.rows).toEqual([
        { store: 'store-a', enrolled_how: 'code', code_made_by: chain.owner.login },
      ]);
    });
    // The lost key, found by someone else: it signs nothing more.
    const thief = await storeCounter('CAJA0001', 'store-a');
    opened.push(thief);
    thief.signingKey = oldKey;
    await thief.sale('STOLEN-1', '41000404');
    const replicator = thief.startReplication(url, {
      stores: { live: 'store-a', training: 'training:store-a' },
    });
    const deadline = Date.now() + 10_000;
    while (replicator.state().state !== 'refused' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(replicator.state()).toMatchObject({
      state: 'refused',
      last_error_category: 'key-mismatch',
    });
  });
});
