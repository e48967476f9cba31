// A hostile counter login beside the honest counters of the reliability run (issue 26, "Done
// when"): for as long as the run lasts it tries every way one login could forge, stop or fool the
// store's record, and counts what the database took. Forgeries: lines, outcomes and heartbeats
// under the honest counters' ids signed with its own key, their ids registered with its key, plain
// INSERTs, a close written by hand (pre-closes), a close or a mark-off in an honest counter's
// name. Odd lines: under its own (registered) id, lines no trigger can read, which must be
// stored and never stop its record.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { APPEND_SQL, appendParams, newSigningKey } from '../../electron/store-db/batch-signature';
import {
  CLOSE_DAY_SQL,
  closeParams,
  MARK_OFF_SQL,
  markOffParams,
} from '../../electron/store-db/close-signature';

export type HostileReport = {
  tries: number;
  /** Forged writes the database took: must stay 0. */
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

function line(seq: number, opId: string, extra: string): string {
  return `{"seq":${seq},"type":"outcome","op_id":"${opId}","at":"2026-11-27T15:00:01.000Z","status":"refused","service_message":"${extra}"}`;
}

export function startHostile(options: {
  url: string;
  honestIds: string[];
  store: string;
  seed: number;
}): Hostile {
  const report: HostileReport = { tries: 0, taken: [], odd_sent: 0, odd_acked: 0, odd_held: 0 };
  const key = newSigningKey();
  const ownId = `HOSTIL${options.seed % 1000}`;
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
    await fresh.query('SELECT store_db_register($1, $2)', [ownId, key]);
    client = fresh;
    return fresh;
  };
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
      const stores = [{ store: options.store, mode: 'live' as const }];
      const forged = {
        terminalId: victim,
        beat: nextBeat(),
        stores,
        terminalName: 'Caja 7',
        appVersion: '6.6.6',
        timeZone: 'America/Lima',
        journalSeq: 1,
        waiting: 0,
        open: 0,
        signOff: true,
        lines: [
          {
            store: options.store,
            seq: 1_000_000 + round,
            text: line(1_000_000 + round, opId, 'forged'),
            bytes: null,
          },
        ],
      };
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
          [options.store, victim, 2_000_000 + round, line(2_000_000 + round, opId, 'insert')],
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
      // A close in an honest counter's name: signed with its own key, or through the unsigned
      // function (migration 0106).
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const draft = JSON.stringify({ store: options.store, mode: 'live', store_day: yesterday });
      await attempt(`a close in ${victim}'s name`, () =>
        client.query(
          CLOSE_DAY_SQL,
          closeParams(
            {
              store: options.store,
              mode: 'live',
              day: yesterday,
              content: draft,
              supervisor: 'hostil',
              cashierId: null,
              terminalId: victim,
              note: null,
            },
            key,
          ),
        ),
      );
      await attempt(`an unsigned close in ${victim}'s name`, () =>
        client.query(
          `SELECT * FROM store_db_close_day($1, 'live', $2::date, $3, 'hostil', null, $4, null)`,
          [options.store, yesterday, draft, victim],
        ),
      );
      await attempt(`${victim} marked off in another counter's name`, () =>
        client.query(
          MARK_OFF_SQL,
          markOffParams(
            {
              store: options.store,
              mode: 'live',
              terminalId: victim,
              day: yesterday,
              supervisor: 'hostil',
              byTerminalId: options.honestIds.find((id) => id !== victim) ?? victim,
            },
            key,
          ),
        ),
      );
      await attempt(`${victim} marked off unsigned`, () =>
        client.query(`SELECT store_db_mark_off($1, 'live', $2, $3::date, 'hostil')`, [
          options.store,
          victim,
          yesterday,
        ]),
      );
      // Its own odd lines: stored, and its record goes on.
      const odd = ODD[round % ODD.length] ?? ODD[0];
      seq += 1;
      report.odd_sent += 1;
      try {
        // As a counter does: a durable commit whatever the server's synchronous_commit.
        await client.query('BEGIN; SET LOCAL synchronous_commit TO on');
        await client.query(
          APPEND_SQL,
          appendParams(
            {
              ...forged,
              terminalId: ownId,
              beat: nextBeat(),
              signOff: false,
              journalSeq: seq,
              lines: [{ store: options.store, seq, text: line(seq, opId, odd ?? ''), bytes: null }],
            },
            key,
          ),
        );
        await client.query('COMMIT');
        report.odd_acked += 1;
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
