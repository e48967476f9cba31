// The technician's view of the counters a store database knows (docs/store-database.md "Counters
// and their keys"): `npm run store-db -- terminals --url <owner url>` lists each counter's key
// registration (when, by which login), standing and alarms; `retire --terminal <id>` stops a
// counter's key from signing anything more (a counter PC stolen or replaced, a counter nobody
// expected). Owner only: counter logins cannot read or change `terminal_keys`.
import type pg from 'pg';

export type TerminalListing = {
  terminal_id: string;
  registered_at: string;
  registered_by: string;
  retired_at: string | null;
  stores: string[];
  names: string[];
  last_seen_at: string | null;
  standing: string[];
  unreadable_lines: number;
  conflict_seq: number | null;
};

const LIST = `SELECT k.terminal_id, k.registered_at, k.registered_by, k.retired_at,
  coalesce(array_agg(DISTINCT c.store) FILTER (WHERE c.store IS NOT NULL), '{}') AS stores,
  coalesce(array_agg(DISTINCT c.terminal_name) FILTER (WHERE c.terminal_name IS NOT NULL), '{}') AS names,
  max(c.last_seen_at) AS last_seen_at,
  coalesce(array_agg(DISTINCT c.standing) FILTER (WHERE c.standing IS NOT NULL), '{}') AS standing,
  max(c.conflict_seq) AS conflict_seq,
  (SELECT count(*) FROM journal_lines j
    WHERE j.type = 'unreadable' AND j.terminal_id = k.terminal_id
      AND j.store IN (SELECT store FROM terminals t WHERE t.terminal_id = k.terminal_id)) AS unreadable_lines
FROM terminal_keys k
LEFT JOIN store_counters c ON c.terminal_id = k.terminal_id
GROUP BY k.terminal_id, k.registered_at, k.registered_by, k.retired_at
ORDER BY k.registered_at`;

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v == null ? null : String(v));

export async function listTerminals(client: pg.Client): Promise<TerminalListing[]> {
  const result = await client.query(LIST);
  return result.rows.map((row) => ({
    terminal_id: String(row.terminal_id),
    registered_at: iso(row.registered_at) ?? '',
    registered_by: String(row.registered_by),
    retired_at: iso(row.retired_at),
    stores: row.stores as string[],
    names: row.names as string[],
    last_seen_at: iso(row.last_seen_at),
    standing: row.standing as string[],
    unreadable_lines: Number(row.unreadable_lines),
    conflict_seq: row.conflict_seq == null ? null : Number(row.conflict_seq),
  }));
}

/** Retires a counter's key: its lines stay, it signs nothing more. False when unknown. */
export async function retireTerminal(client: pg.Client, terminalId: string): Promise<boolean> {
  const result = await client.query(
    'UPDATE terminal_keys SET retired_at = coalesce(retired_at, now()) WHERE terminal_id = $1',
    [terminalId],
  );
  return result.rowCount === 1;
}
