// Walls between stores (issue 33, items 1 and 2; docs/store-database.md "Walls between stores"):
// two stores in one database, tried as store A's dishonest cashier would, with A's counter's own
// valid key (read from its store-db-key.json) and its own login — the one `store-db add-login
// --store store-a` made, straight to PostgreSQL, and the chain's login (`add-login --chain`)
// through a real PgBouncer. Nothing A sends may make it a counter of B, close or mark off
// anything of B, or leave a line under B; B's own counter, running the app's code, then sells,
// checks codes and closes its day as if A had sent nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../shared/store/close-record';
import { APPEND_SQL, appendParams } from './batch-signature';
import { CLOSE_DAY_SQL, closeParams, MARK_OFF_SQL, markOffParams } from './close-signature';
import { readCodeAcrossCounters } from './store-queries';
import { makeChain, type StoreChain } from './test-support/chain';
import { batch, beats, intentLine, outcomeLine, type Pair } from './test-support/hostile-calls';
import { type PgBouncer, startPgBouncer } from './test-support/pgbouncer';
import {
  type CounterApp,
  closeRequest,
  counterApp,
  draftOf,
  PAST_AT,
  PAST_DAY,
  type StoreCounter,
  storeCounter,
  trainingOf,
} from './test-support/store-app';
import { throwawayStoreDb } from './test-support/store-db-fixture';
import { withClient } from './test-support/with-client';

const db = throwawayStoreDb();
let bouncer: PgBouncer;
const opened: { close(): Promise<void> }[] = [];
const apps: CounterApp[] = [];

beforeAll(async () => {
  bouncer = await startPgBouncer(db.cluster());
}, 60_000);

afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.end()));
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

afterAll(() => {
  bouncer?.stop();
});

/** How A's and B's counters reach the database: their store's login, or the chain's pooler. */
type Via = 'straight, each store its login' | 'through PgBouncer, the chain login';
const VIAS: Via[] = ['straight, each store its login', 'through PgBouncer, the chain login'];

type TwoStores = {
  chain: StoreChain;
  a: StoreCounter;
  b: StoreCounter;
  /** The login A's counter uses (its cashier has it too), and B's. */
  loginA: string;
  loginB: string;
  bApp: CounterApp;
};

const A = 'store-a';
const B = 'store-b';
const live = (store: string): Pair => ({ store, mode: 'live' });
const training = (store: string): Pair => ({ store: trainingOf(store), mode: 'training' });

/** Stores A and B, a counter each (enrolled by the technician's code), a sale each on PAST_DAY. */
async function twoStores(via: Via): Promise<TwoStores> {
  const chain = await makeChain(db, [A, B]);
  await bouncer.reload();
  const pooled = via === 'through PgBouncer, the chain login';
  const loginA = pooled ? chain.chain.via(bouncer) : (chain.stores[A]?.url ?? '');
  const loginB = pooled ? chain.chain.via(bouncer) : (chain.stores[B]?.url ?? '');
  const a = await storeCounter('CAJA0001', A);
  const b = await storeCounter('CAJB0001', B);
  opened.push(a, b);
  await a.join(loginA);
  await b.join(loginB);
  await a.sale('A-CODE-1', '41000101');
  await b.sale('B-CODE-0', '41000201');
  await a.replicate(loginA);
  await b.replicate(loginB);
  const bApp = counterApp(loginB, b);
  apps.push(bApp);
  return { chain, a, b, loginA, loginB, bApp };
}

const queryB = { store: B, mode: 'live' as const, day: PAST_DAY };

/** What the owner sees of `terminalId` under store B: counter rows, lines, closes. */
async function traceInB(chain: StoreChain, terminalId: string) {
  return withClient(chain.ownerUrl, async (c) => {
    const count = async (sql: string) =>
      Number((await c.query<{ n: string }>(sql, [B, trainingOf(B), terminalId])).rows[0]?.n);
    return {
      terminals: await count(
        'SELECT count(*) AS n FROM terminals WHERE store IN ($1, $2) AND terminal_id = $3',
      ),
      lines: await count(
        'SELECT count(*) AS n FROM journal_lines WHERE store IN ($1, $2) AND terminal_id = $3',
      ),
      closes: await count(
        'SELECT count(*) AS n FROM store_day_closes WHERE store IN ($1, $2) AND terminal_id = $3',
      ),
    };
  });
}

describe.each(VIAS)('store A’s counter against store B (%s)', (via) => {
  it('cannot become a counter of B, close B’s day with B’s real figures or mark B’s counter off: B’s own close is kept (issue 33, item 1)', async () => {
    const { chain, a, b, loginA, bApp } = await twoStores(via);
    // B's real figures: the draft B's own supervisor is about to close with.
    const draft = await draftOf(bApp.close, queryB, ['41000201']);
    const next = beats();
    await withClient(loginA, async (c) => {
      const refused = (sql: string, params: unknown[]) =>
        expect(c.query(sql, params)).rejects.toMatchObject({ code: 'MS011' });
      // A heartbeat naming store B, under the name of B's counter: what made CAJA0001 "a counter
      // of" store-b before. Also B with A, B's training store, and A's own store in the wrong mode.
      for (const stores of [
        [live(B)],
        [live(A), live(B)],
        [live(A), training(B)],
        [training(B)],
        [{ store: A, mode: 'training' as const }],
        [{ store: trainingOf(A), mode: 'live' as const }],
      ]) {
        await refused(
          APPEND_SQL,
          appendParams(batch(a.id, next(), stores, [], { terminalName: 'Caja B1' }), a.signingKey),
        );
      }
      // B's day closed with B's real figures, signed with A's own key in A's counter's name.
      const content = canonicalJson(draft);
      const forged = {
        ...queryB,
        content,
        supervisor: 'Supervisora de B',
        cashierId: 'caja-01',
        terminalId: a.id,
        note: null,
      };
      await refused(CLOSE_DAY_SQL, closeParams(forged, a.signingKey));
      // The same in the name of B's counter, signed with A's key: not B's signature.
      await expect(
        c.query(CLOSE_DAY_SQL, closeParams({ ...forged, terminalId: b.id }, a.signingKey)),
      ).rejects.toMatchObject({ code: 'MS014' });
      // The unsigned close (0103) is not a counter's.
      await expect(
        c.query('SELECT * FROM public.store_db_close_day($1, $2, $3::date, $4, $5, $6, $7, $8)', [
          B,
          'live',
          PAST_DAY,
          content,
          'Supervisora de B',
          'caja-01',
          a.id,
          null,
        ]),
      ).rejects.toMatchObject({ code: '42501' });
    });
    expect(await traceInB(chain, a.id)).toEqual({ terminals: 0, lines: 0, closes: 0 });

    // B's own supervisor closes the day through the app: the close is B's.
    const kept = await bApp.close.closeDay(closeRequest(queryB, draft, b.id, 'Supervisora de B'));
    expect(kept.inserted).toBe(true);
    expect(kept.close.content.closed).toMatchObject({
      terminal_id: b.id,
      terminal_name: 'Caja B1',
      supervisor: 'Supervisora de B',
    });
    expect(kept.close.content.counters.map((k) => [k.terminal_id, k.billed])).toEqual([[b.id, 1]]);

    // B's counter goes silent (its app closed without signing off; 31 s by the database's
    // clock): A marks it off for the day, in its own name or in B's, with its own key.
    await b.stopReplication();
    await withClient(chain.ownerUrl, (c) =>
      c.query(
        `UPDATE terminals SET last_seen_at = last_seen_at - interval '31 seconds' WHERE terminal_id = $1`,
        [b.id],
      ),
    );
    await withClient(loginA, async (c) => {
      const markOff = {
        store: B,
        mode: 'live' as const,
        terminalId: b.id,
        day: PAST_DAY,
        supervisor: 'Supervisora de A',
        byTerminalId: a.id,
      };
      await expect(
        c.query(MARK_OFF_SQL, markOffParams(markOff, a.signingKey)),
      ).rejects.toMatchObject({ code: 'MS011' });
      await expect(
        c.query(MARK_OFF_SQL, markOffParams({ ...markOff, byTerminalId: b.id }, a.signingKey)),
      ).rejects.toMatchObject({ code: 'MS014' });
    });
    const standing = await withClient(chain.ownerUrl, (c) =>
      c.query(
        `SELECT s.standing, s.off_day, t.off_marked_by FROM store_counters s
         JOIN terminals t USING (store, mode, terminal_id) WHERE s.store = $1 AND s.terminal_id = $2`,
        [B, b.id],
      ),
    );
    expect(standing.rows).toEqual([{ standing: 'silent', off_day: null, off_marked_by: null }]);
  });

  it('cannot leave B a paid-and-billed, an intent in doubt, a line in another time zone or huge lines: B sells, checks codes and closes as before (issue 33, item 2)', async () => {
    const { chain, a, b, loginA, loginB, bApp } = await twoStores(via);
    const next = beats();
    const billed = randomUUID();
    const doubt = randomUUID();
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const nineMb = 'x'.repeat(9 * 1024 * 1024);
    type Attack = { what: string; stores: Pair[]; timeZone?: string; lines: [number, string][] };
    const attacks: Attack[] = [
      {
        what: 'a succeeded paid-and-billed of S/ 9,999,999.99 for the code B sells next',
        stores: [live(B)],
        lines: [
          [1, intentLine({ seq: 1, opId: billed, code: 'B-CODE-1', billed: 999_999_999 })],
          [2, outcomeLine(2, billed, 'succeeded')],
        ],
      },
      {
        what: 'an intent with no outcome: the code in doubt at B',
        stores: [live(B)],
        lines: [[3, intentLine({ seq: 3, opId: doubt, code: 'B-CODE-2' })]],
      },
      {
        what: 'an intent of B’s closing day in another time zone',
        stores: [live(B)],
        timeZone: 'Asia/Tokyo',
        lines: [[4, intentLine({ seq: 4, code: 'B-CODE-3', at: PAST_AT.toISOString() })]],
      },
      {
        what: 'the same two days ago',
        stores: [live(B)],
        timeZone: 'Asia/Tokyo',
        lines: [[5, intentLine({ seq: 5, code: 'B-CODE-4', at: twoDaysAgo })]],
      },
      {
        what: 'four refused paid-and-billed of 9 MB each',
        stores: [live(B)],
        lines: [6, 8, 10, 12].flatMap((seq): [number, string][] => {
          const op = randomUUID();
          return [
            [seq, intentLine({ seq, opId: op, code: 'B-CODE-5' })],
            [seq + 1, outcomeLine(seq + 1, op, 'refused', undefined, nineMb)],
          ];
        }),
      },
      {
        what: 'B’s line inside a call for A’s own store',
        stores: [live(A)],
        lines: [[20, intentLine({ seq: 20, code: 'B-CODE-6' })]],
      },
    ];
    for (const attack of attacks) {
      const call = batch(
        a.id,
        next(),
        attack.stores,
        attack.lines.map(([seq, text]) => ({ store: B, seq, text })),
        attack.timeZone ? { timeZone: attack.timeZone } : {},
      );
      // Sent with B's login too, where the cashier has read it (straight: store B's own login).
      for (const url of new Set([loginA, loginB])) {
        await withClient(url, (c) =>
          expect(
            c.query(APPEND_SQL, appendParams(call, a.signingKey)),
            attack.what,
          ).rejects.toMatchObject({ code: 'MS011' }),
        );
      }
    }
    expect(await traceInB(chain, a.id)).toEqual({ terminals: 0, lines: 0, closes: 0 });

    // B's counter: the codes are as B's own lines say; it sells one, collects; its held money
    // reads; its closing day closes.
    for (const code of ['B-CODE-1', 'B-CODE-2', 'B-CODE-5']) {
      expect(
        await readCodeAcrossCounters(bApp.calls, { store: B, mode: 'live', funding_code: code }),
      ).toEqual({ checked: true, findings: [], silent: [], held_lines: [] });
    }
    b.setClock(PAST_AT);
    await b.sale('B-CODE-1', '41000202');
    await b.replicate(loginB);
    expect(b.replicator?.state()).toMatchObject({ state: 'ok', conflict_seq: null });
    expect(
      await bApp.close.readHeld({ ...queryB, day: new Date().toISOString().slice(0, 10) }),
    ).toEqual([]);
    const draft = await draftOf(bApp.close, queryB, ['41000201', '41000202']);
    const kept = await bApp.close.closeDay(closeRequest(queryB, draft, b.id));
    expect(kept.inserted).toBe(true);
    expect(kept.close.content.time_zone).toBe('America/Lima');
    expect(kept.close.content.totals).toMatchObject({ billed: 2, collected_cents: 60_000 });
  });
});
