// A hostile counter beside the honest counters of the reliability run (issues 26, 33 and 34,
// "Done when"): a dishonest cashier of a SECOND store, with its own counter's key (enrolled there
// by the technician's code) and its store's login (`store-db add-login --store <second>`), tries
// for as long as the run lasts every way to forge, stop, fool or read the honest store's record,
// and counts what the database took:
// - issue 26: lines, outcomes and heartbeats under the honest counters' ids signed with its own
//   key, their ids registered with its key, plain INSERTs and UPDATEs, a close written by hand, a
//   close or a mark-off in an honest counter's name, the unsigned close and mark-off;
// - issue 33: as itself, a heartbeat and a counter row under the honest store, a paid-and-billed,
//   an intent in doubt, a line in another time zone and an oversized line there, the honest
//   store's day closed and its counter marked off with its own key; a key registered without a
//   code, a guessed code, a code of its own making; the honest store's rows read with plain SQL,
//   its day's figures, and a signed read naming it;
// - issue 34: a call of 100,000 array elements under an honest counter's id (refused by its
//   size before any row is locked); and, under its own id in its own store, calls with negative
//   counts, and lines with negative or absurd amounts, implausible times or over 64 KiB, which
//   must be stored as unreadable and summed nowhere (store-db-run.ts checks that).
// Odd lines under its own id (NUL, lone surrogates) must be stored and never stop its record.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  APPEND_SQL,
  appendParams,
  type SignedBatch,
} from '../../electron/store-db/batch-signature';
import {
  CLOSE_DAY_SQL,
  closeParams,
  MARK_OFF_SQL,
  markOffParams,
} from '../../electron/store-db/close-signature';
import { READ_SQL, readParams } from '../../electron/store-db/read-signature';

export type HostileReport = {
  tries: number;
  /** Forged writes the database took, and rows of the honest store it showed: must stay 0. */
  taken: string[];
  /** Odd lines sent under its own id, and how many the database holds. */
  odd_sent: number;
  /** Odd lines the database answered for (a call lost to a cut link is not counted). */
  odd_acked: number;
  odd_held: number;
};

export type Hostile = { stop(): Promise<HostileReport> };

const ODD = [
  '502 <html>\\u0000\\u0001\\u0002</html>',
  'refusal \\u0000 text',
  'lone \\ud800 surrogate',
  'low \\udc00 surrogate',
];

/** Lines the database must keep as unreadable and sum nowhere (migration 0111). */
export const HOSTILE_FIGURES = [
  { billed: -5_000_000, to_collect: -5_000_000, at: '2026-11-27T15:00:00.000Z' },
  { billed: 150_000, to_collect: 1_000_000_000_000_000, at: '2026-11-27T15:00:00.000Z' },
  { billed: 150_000, to_collect: 37_500, at: '275000-01-01T00:00:00Z' },
  { billed: 150_000, to_collect: 37_500, at: '2019-12-31T23:59:59Z' },
  { billed: 150_000, to_collect: 37_500, at: '2026-11-27T15:00:00.000Z', dni: '4'.repeat(70_000) },
];

function outcome(seq: number, opId: string, extra: string): string {
  return `{"seq":${seq},"type":"outcome","op_id":"${opId}","at":"2026-11-27T15:00:01.000Z","status":"refused","service_message":"${extra}"}`;
}

function intent(
  seq: number,
  code: string,
  f: { billed: number; to_collect: number; at: string; dni?: string },
  opId = randomUUID(),
): string {
  const dni = f.dni ?? '12345678';
  return `{"seq":${seq},"type":"intent","op_id":"${opId}","at":"${f.at}","operation":"v3.paidAndBilled","mode":"live","cashier_id":"hostil","identity":{"kind":"dni","value":"${dni}"},"funding_code":"${code}","billed_cents":${f.billed},"to_collect_cents":${f.to_collect}}`;
}

export function startHostile(options: {
  /** Its own store's login (add-login --store <its store>). */
  url: string;
  /** Its own counter, enrolled in its store with this key. */
  ownId: string;
  key: Buffer;
  ownStore: string;
  /** The honest store and its counters. */
  store: string;
  honestIds: string[];
  seed: number;
}): Hostile {
  const report: HostileReport = { tries: 0, taken: [], odd_sent: 0, odd_acked: 0, odd_held: 0 };
  const { key, ownId } = options;
  let stopped = false;
  let beat = Date.now();
  const nextBeat = () => {
    beat += 1;
    return beat;
  };
  let seq = 0;
  const attempt = async (what: string, run: () => Promise<unknown>) => {
    report.tries += 1;
    try {
      await run();
      report.taken.push(what);
    } catch {
      // Refused: what the database must do.
    }
  };
  /** A read that must show nothing of the honest store: rows shown count as taken. */
  const noRows = async (what: string, run: () => Promise<{ rows: unknown[] }>) => {
    report.tries += 1;
    try {
      const shown = await run();
      if (shown.rows.length > 0) report.taken.push(what);
    } catch {
      // Refused outright: as good.
    }
  };
  let client: pg.Client | null = null;
  /** A connection, made again after the run's database restart. */
  const connected = async (): Promise<pg.Client> => {
    if (client) return client;
    const fresh = new pg.Client({ connectionString: options.url });
    fresh.on('error', () => undefined);
    fresh.on('end', () => {
      if (client === fresh) client = null;
    });
    await fresh.connect();
    client = fresh;
    return fresh;
  };
  const honestPair = [{ store: options.store, mode: 'live' as const }];
  const ownPair = [{ store: options.ownStore, mode: 'live' as const }];
  const call = (fields: Partial<SignedBatch>): SignedBatch => ({
    terminalId: ownId,
    beat: nextBeat(),
    stores: ownPair,
    terminalName: 'Caja 7',
    appVersion: '6.6.6',
    timeZone: 'America/Lima',
    journalSeq: seq,
    waiting: 0,
    open: 0,
    signOff: false,
    lines: [],
    ...fields,
  });
  const loop = (async () => {
    let round = 0;
    while (!stopped) {
      round += 1;
      let c: pg.Client;
      try {
        c = await connected();
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 200));
        continue;
      }
      const client = c;
      const victim = options.honestIds[round % options.honestIds.length] ?? 'CAJA0001';
      const opId = randomUUID();
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const today = new Date().toISOString().slice(0, 10);
      const honestLine = (text: string) => [
        { store: options.store, seq: 3_000_000 + round, text, bytes: null },
      ];

      // Issue 26: in an honest counter's name.
      const forged = call({
        terminalId: victim,
        stores: honestPair,
        signOff: true,
        lines: [
          {
            store: options.store,
            seq: 1_000_000 + round,
            text: outcome(1_000_000 + round, opId, 'forged'),
            bytes: null,
          },
        ],
      });
      await attempt(`forged batch as ${victim}`, () =>
        client.query(APPEND_SQL, appendParams(forged, key)),
      );
      await attempt(`forged heartbeat as ${victim}`, () =>
        client.query(APPEND_SQL, appendParams({ ...forged, beat: nextBeat(), lines: [] }, key)),
      );
      await attempt(`registered ${victim} with its key`, () =>
        client.query('SELECT store_db_register($1, $2)', [victim, key]),
      );
      await attempt(`plain INSERT as ${victim}`, () =>
        client.query(
          `INSERT INTO journal_lines (store, terminal_id, seq, time_zone, line) VALUES ($1, $2, $3, 'America/Lima', $4)`,
          [options.store, victim, 2_000_000 + round, outcome(2_000_000 + round, opId, 'insert')],
        ),
      );
      await attempt('heartbeat rewritten by UPDATE', () =>
        client.query(`UPDATE terminals SET last_seen_at = now() WHERE terminal_id = $1`, [victim]),
      );
      await attempt('a close written by hand', () =>
        client.query(
          `INSERT INTO store_day_closes (store, mode, store_day, content, sha256, closed_by, terminal_id)
           SELECT $1, 'live', d, c, encode(sha256(convert_to(c, 'UTF8')), 'hex'), 'hostil', $2
           FROM (SELECT (current_date - $3::int) AS d) x,
             LATERAL (SELECT json_build_object('store', $1::text, 'mode', 'live', 'store_day', x.d::text)::text AS c) y`,
          [options.store, victim, round % 3],
        ),
      );
      const draft = JSON.stringify({ store: options.store, mode: 'live', store_day: yesterday });
      const close = {
        store: options.store,
        mode: 'live' as const,
        day: yesterday,
        content: draft,
        supervisor: 'hostil',
        cashierId: null,
        terminalId: victim,
        note: null,
      };
      await attempt(`a close in ${victim}'s name`, () =>
        client.query(CLOSE_DAY_SQL, closeParams(close, key)),
      );
      await attempt(`an unsigned close in ${victim}'s name`, () =>
        client.query(
          `SELECT * FROM store_db_close_day($1, 'live', $2::date, $3, 'hostil', null, $4, null)`,
          [options.store, yesterday, draft, victim],
        ),
      );
      const markOff = {
        store: options.store,
        mode: 'live' as const,
        terminalId: victim,
        day: yesterday,
        supervisor: 'hostil',
        byTerminalId: options.honestIds.find((id) => id !== victim) ?? victim,
      };
      await attempt(`${victim} marked off in another counter's name`, () =>
        client.query(MARK_OFF_SQL, markOffParams(markOff, key)),
      );
      await attempt(`${victim} marked off unsigned`, () =>
        client.query(`SELECT store_db_mark_off($1, 'live', $2, $3::date, 'hostil')`, [
          options.store,
          victim,
          yesterday,
        ]),
      );

      // Issue 33: as itself, with its own key, in the honest store.
      await attempt('a heartbeat and a counter row under the honest store', () =>
        client.query(
          APPEND_SQL,
          appendParams(call({ stores: honestPair, terminalName: 'Caja 1' }), key),
        ),
      );
      await attempt('the honest store and its own in one call', () =>
        client.query(APPEND_SQL, appendParams(call({ stores: [...ownPair, ...honestPair] }), key)),
      );
      const good = { billed: 999_999_999, to_collect: 37_500, at: new Date().toISOString() };
      for (const [what, text, zone] of [
        [
          'a paid-and-billed under the honest store',
          intent(3_000_000 + round, `1${String(round % 200).padStart(5, '0')}`, good),
          'America/Lima',
        ],
        [
          'an intent in doubt under the honest store',
          intent(3_000_000 + round, `2${String(round % 200).padStart(5, '0')}`, good),
          'America/Lima',
        ],
        [
          'a line in another time zone under the honest store',
          intent(3_000_000 + round, 'TOKYO', good),
          'Asia/Tokyo',
        ],
        [
          'an oversized line under the honest store',
          intent(3_000_000 + round, 'BIG', { ...good, dni: 'x'.repeat(1_000_000) }),
          'America/Lima',
        ],
      ] as const) {
        await attempt(what, () =>
          client.query(
            APPEND_SQL,
            appendParams(
              call({ stores: honestPair, timeZone: zone, lines: honestLine(text) }),
              key,
            ),
          ),
        );
      }
      await attempt("the honest store's day closed with its own key", () =>
        client.query(CLOSE_DAY_SQL, closeParams({ ...close, terminalId: ownId }, key)),
      );
      await attempt(`${victim} marked off with its own key`, () =>
        client.query(MARK_OFF_SQL, markOffParams({ ...markOff, byTerminalId: ownId }, key)),
      );
      await attempt('a counter registered without a code', () =>
        client.query('SELECT store_db_register($1, $2)', [`HOST${round % 100}`, key]),
      );
      await attempt('a counter enrolled with a guessed code', () =>
        client.query('SELECT * FROM store_db_enroll($1, $2, $3)', [
          `HOST${round % 100}`,
          key,
          ['AAAA-BBBB-CCCC', 'ABCD-EFGH-JKLM', '2345-6789-ABCD'][round % 3],
        ]),
      );
      await attempt('an enrollment code of its own making', () =>
        client.query('SELECT * FROM store_db_make_enrollment_code($1, NULL, 8, $2)', [
          options.store,
          'hostil',
        ]),
      );
      for (const table of [
        'journal_lines',
        'store_operations',
        'terminals',
        'store_counters',
        'open_operations',
        'store_day_closes',
        'terminal_keys',
        'store_logins',
      ]) {
        await noRows(`the honest store's rows of ${table}`, () =>
          client.query(`SELECT store FROM ${table} WHERE store = $1 OR store = $2`, [
            options.store,
            `training:${options.store}`,
          ]),
        );
      }
      await noRows("the honest store's day figures", async () => {
        const r = await client.query<{ f: { totals: { operations: number } } }>(
          `SELECT store_db_day_figures($1, 'live', $2::date) AS f`,
          [options.store, today],
        );
        return { rows: (r.rows[0]?.f.totals.operations ?? 0) > 0 ? r.rows : [] };
      });
      await attempt('a signed read naming the honest store', () =>
        client.query(
          READ_SQL,
          readParams(
            {
              terminalId: ownId,
              at: new Date().toISOString(),
              read: 'day',
              args: JSON.stringify({ mode: 'live', store: options.store, day: today }),
            },
            key,
          ),
        ),
      );

      // Issue 34: an oversized call under an honest id (now and then: it is 2 MB of text), and
      // negative counts under its own.
      if (round % 10 === 1) {
        const n = 100_000;
        await attempt(`${n} array elements under ${victim}`, () =>
          client.query(APPEND_SQL, [
            victim,
            String(nextBeat()),
            [options.store],
            ['live'],
            'Caja 7',
            '6.6.6',
            'America/Lima',
            '1',
            0,
            0,
            false,
            Array(n).fill(options.store),
            Array.from({ length: n }, (_, i) => String(i + 1)),
            Array(n).fill('x'),
            Array(n).fill(null),
            key,
          ]),
        );
      }
      await attempt('a call telling waiting -5', () =>
        client.query(APPEND_SQL, appendParams(call({ waiting: -5 }), key)),
      );
      await attempt('a call telling open -1', () =>
        client.query(APPEND_SQL, appendParams(call({ open: -1 }), key)),
      );
      await attempt('a call telling a journal seq past 10^12', () =>
        client.query(APPEND_SQL, appendParams(call({ journalSeq: 1_000_000_000_001 }), key)),
      );

      // Its own lines, in its own store: odd ones (stored, its record goes on) and hostile
      // figures (stored as unreadable, summed nowhere).
      const odd = ODD[round % ODD.length] ?? ODD[0] ?? '';
      const figures = HOSTILE_FIGURES[round % HOSTILE_FIGURES.length] ?? good;
      seq += 2;
      report.odd_sent += 2;
      try {
        // As a counter does: a durable commit whatever the server's synchronous_commit.
        await client.query('BEGIN; SET LOCAL synchronous_commit TO on');
        await client.query(
          APPEND_SQL,
          appendParams(
            call({
              journalSeq: seq,
              lines: [
                {
                  store: options.ownStore,
                  seq: seq - 1,
                  text: outcome(seq - 1, opId, odd),
                  bytes: null,
                },
                {
                  store: options.ownStore,
                  seq,
                  text: intent(seq, `F${round}`, figures),
                  bytes: null,
                },
              ],
            }),
            key,
          ),
        );
        await client.query('COMMIT');
        report.odd_acked += 2;
      } catch {
        await client.query('ROLLBACK').catch(() => undefined);
        // Counted below from what the database holds.
      }
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    try {
      const c = await connected();
      const held = await c.query(
        'SELECT count(*)::int AS n FROM journal_lines WHERE terminal_id = $1',
        [ownId],
      );
      report.odd_held = held.rows[0]?.n ?? 0;
    } finally {
      await (client as pg.Client | null)?.end().catch(() => undefined);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return report;
    },
  };
}
