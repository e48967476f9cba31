// The database bounds every figure it sums (issue 34, item 5; docs/store-database.md "No line
// stops the record", migration 0111): with a counter's own key and its own login, lines with
// negative or absurd amounts, a time in the year 275000 or before 2020, or longer than any line a
// counter writes are kept byte for byte as `unreadable` with the reason (the supervisor sees how
// many), and counted in nothing: not in the day's figures the close checks, not in
// store_operations. Calls that report negative counts or an absurd journal seq are refused.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { APPEND_SQL, appendParams } from './batch-signature';
import { makeChain } from './test-support/chain';
import { batch, beats, intentLine, outcomeLine } from './test-support/hostile-calls';
import {
  type CounterApp,
  counterApp,
  PAST_AT,
  PAST_DAY,
  type StoreCounter,
  storeCounter,
} from './test-support/store-app';
import { throwawayStoreDb } from './test-support/store-db-fixture';
import { withClient } from './test-support/with-client';

const db = throwawayStoreDb();
const opened: StoreCounter[] = [];
const apps: CounterApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.end()));
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

const STORE = 'store-a';
const AT = PAST_AT.toISOString();

describe('hostile figures signed with a counter’s own key', () => {
  it('negative, absurd, implausibly dated and over-long lines are kept unreadable with the reason and summed nowhere', async () => {
    const chain = await makeChain(db, [STORE]);
    const url = chain.stores[STORE]?.url ?? '';
    const c = await storeCounter('CAJA0001', STORE);
    opened.push(c);
    await c.join(url);
    // One honest sale the figures must show, alone.
    await c.sale('HONEST-1', '41000501');
    await c.replicate(url);
    await c.stopReplication();

    const op = () => randomUUID();
    const [neg, huge, beyond, future, past, long] = [op(), op(), op(), op(), op(), op()];
    const lines: [number, string, RegExp][] = [
      [
        3,
        intentLine({
          seq: 3,
          opId: neg,
          code: 'NEG',
          billed: -5_000_000,
          toCollect: -5_000_000,
          at: AT,
        }),
        /amount outside 0 to 999999999999999/,
      ],
      [4, outcomeLine(4, neg, 'succeeded', AT), /./],
      [
        5,
        intentLine({ seq: 5, opId: huge, code: 'HUGE', toCollect: 1_000_000_000_000_000, at: AT }),
        /amount outside/,
      ],
      [6, outcomeLine(6, huge, 'succeeded', AT), /./],
      [
        7,
        intentLine({
          seq: 7,
          opId: beyond,
          code: 'BEYOND',
          billed: '99999999999999999999',
          at: AT,
        }),
        /out of range/,
      ],
      [
        8,
        intentLine({ seq: 8, opId: future, code: 'Y275000', at: '275000-01-01T00:00:00Z' }),
        /outside the plausible days/,
      ],
      [
        9,
        intentLine({ seq: 9, opId: past, code: 'Y2019', at: '2019-12-31T23:59:59Z' }),
        /outside the plausible days/,
      ],
      [10, outcomeLine(10, long, 'refused', AT, 'x'.repeat(70 * 1024)), /longer than 65536 bytes/],
      [
        11,
        intentLine({ seq: 11, opId: op(), code: 'LONGINTENT', at: AT, dni: '4'.repeat(66_000) }),
        /longer than 65536 bytes/,
      ],
    ];
    const next = beats();
    await withClient(url, (client) =>
      client.query(
        APPEND_SQL,
        appendParams(
          batch(
            c.id,
            next(),
            [{ store: STORE, mode: 'live' }],
            lines.map(([seq, text]) => ({ store: STORE, seq, text })),
          ),
          c.signingKey,
        ),
      ),
    );

    await withClient(chain.ownerUrl, async (owner) => {
      const held = await owner.query<{
        seq: string;
        type: string;
        problem: string | null;
        line: string;
      }>(
        'SELECT seq, type, problem, line FROM journal_lines WHERE terminal_id = $1 AND seq >= 3 ORDER BY seq',
        [c.id],
      );
      // Every line kept, byte for byte.
      expect(held.rows.map((r) => r.line)).toEqual(lines.map(([, text]) => text));
      for (const [seq, , reason] of lines) {
        const row = held.rows.find((r) => Number(r.seq) === seq);
        // The outcomes of unreadable intents are readable lines; the rest are unreadable.
        if (seq === 4 || seq === 6) {
          expect(row?.type, `seq ${seq}`).toBe('outcome');
          continue;
        }
        expect(row?.type, `seq ${seq}`).toBe('unreadable');
        expect(row?.problem, `seq ${seq}`).toMatch(reason);
      }
    });

    // Summed nowhere: the day's figures and the read view show the honest sale only, as the
    // counter's own store login reads them and as the app's close reads them.
    await withClient(url, async (client) => {
      const figures = await client.query<{
        f: { totals: Record<string, number>; op_ids: string[] };
      }>(`SELECT public.store_db_day_figures($1, 'live', $2::date) AS f`, [STORE, PAST_DAY]);
      expect(figures.rows[0]?.f.totals).toMatchObject({
        billed: 1,
        collected_cents: 30_000,
        operations: 1,
        open: 0,
      });
      const ops = await client.query(
        `SELECT funding_code, billed_cents::text, collected_cents::text FROM public.store_operations
         WHERE store = $1`,
        [STORE],
      );
      expect(ops.rows).toEqual([
        { funding_code: 'HONEST-1', billed_cents: '150000', collected_cents: '30000' },
      ]);
    });
    const app = counterApp(url, c);
    apps.push(app);
    const day = await app.close.readStoreDay({ store: STORE, mode: 'live', day: PAST_DAY });
    expect(day.map((r) => r.funding_code)).toEqual(['HONEST-1']);
    // The supervisor sees the counter's unreadable lines (the close's freshness).
    const standing = await app.close.readFreshness({ store: STORE, mode: 'live' });
    expect(standing).toEqual([expect.objectContaining({ terminal_id: c.id, unreadable_lines: 7 })]);
  });

  it('a call reporting negative counts or an absurd journal seq is refused and changes nothing', async () => {
    const chain = await makeChain(db, [STORE]);
    const url = chain.stores[STORE]?.url ?? '';
    const c = await storeCounter('CAJA0002', STORE);
    opened.push(c);
    await c.join(url);
    const next = beats();
    const pair = [{ store: STORE, mode: 'live' as const }];
    await withClient(url, async (client) => {
      await client.query(APPEND_SQL, appendParams(batch(c.id, next(), pair), c.signingKey));
      for (const [what, fields] of [
        ['waiting -5', { waiting: -5 }],
        ['open -1', { open: -1 }],
        ['open 2,000,000', { open: 2_000_000 }],
        ['journal seq 10^12 + 1', { journalSeq: 1_000_000_000_001 }],
        ['journal seq 2^53 - 1', { journalSeq: 9_007_199_254_740_991 }],
        ['journal seq -1', { journalSeq: -1 }],
      ] as const) {
        await expect(
          client.query(
            APPEND_SQL,
            appendParams(batch(c.id, next(), pair, [], fields), c.signingKey),
          ),
          what,
        ).rejects.toMatchObject({ code: '22023' });
      }
      // A line's own seq beyond 10^12.
      const far = 1_000_000_000_001;
      await expect(
        client.query(
          APPEND_SQL,
          appendParams(
            batch(c.id, next(), pair, [
              { store: STORE, seq: far, text: intentLine({ seq: far, code: 'FAR', at: AT }) },
            ]),
            c.signingKey,
          ),
        ),
      ).rejects.toMatchObject({ code: '22023' });
    });
    await withClient(chain.ownerUrl, async (owner) => {
      const t = await owner.query(
        'SELECT journal_seq::text, waiting_lines, open_operations FROM terminals WHERE terminal_id = $1',
        [c.id],
      );
      expect(t.rows).toEqual([{ journal_seq: '0', waiting_lines: 0, open_operations: 0 }]);
      const n = await owner.query(
        'SELECT count(*)::int AS n FROM journal_lines WHERE terminal_id = $1',
        [c.id],
      );
      expect(n.rows[0].n).toBe(0);
    });
  });
});
