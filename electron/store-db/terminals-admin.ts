// The technician's view of the counters a store database knows (docs/store-database.md "Counters
// and their keys"): `npm run store-db -- terminals --url <owner url>` lists each counter's key
// registration (when, by which login), standing and alarms; `retire --terminal <id>` stops a
// counter's key from signing anything more (a counter PC stolen or replaced, a counter nobody
// expected). Owner only: counter logins cannot read or change `terminal_keys`.
import type pg from 'pg';

export type TerminalListing = {
  terminal_id: string;
  /** The store its key is bound to (null: not enrolled; an upgrade could not bind it). */
  store: string | null;
  /** When and through which login it was enrolled, who made the code, and how (`code`, `upgrade`). */
  enrolled_at: string | null;
  enrolled_by: string | null;
  code_made_by: string | null;
  enrolled_how: string | null;
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

const LIST = `SELECT k.terminal_id, k.store, k.enrolled_at, k.enrolled_by, k.code_made_by,
  k.enrolled_how, k.registered_at, k.registered_by, k.retired_at,
  coalesce(array_agg(DISTINCT c.store) FILTER (WHERE c.store IS NOT NULL), '{}') AS stores,
  coalesce(array_agg(DISTINCT c.terminal_name) FILTER (WHERE c.terminal_name IS NOT NULL), '{}') AS names,
  max(c.last_seen_at) AS last_seen_at,
  coalesce(array_agg(DISTINCT c.standing) FILTER (WHERE c.standing IS NOT NULL), '{}') AS standing,
  max(c.conflict_seq) AS conflict_seq,
  (SELECT count(*) FROM public.journal_lines j
    WHERE j.type = 'unreadable' AND j.terminal_id = k.terminal_id
      AND j.store IN (SELECT store FROM public.terminals t WHERE t.terminal_id = k.terminal_id)) AS unreadable_lines
FROM public.terminal_keys k
LEFT JOIN public.store_counters c ON c.terminal_id = k.terminal_id
GROUP BY k.terminal_id, k.store, k.enrolled_at, k.enrolled_by, k.code_made_by, k.enrolled_how,
  k.registered_at, k.registered_by, k.retired_at
ORDER BY k.registered_at`;

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v == null ? null : String(v));

export async function listTerminals(client: pg.Client): Promise<TerminalListing[]> {
  const result = await client.query(LIST);
  return result.rows.map((row) => ({
    terminal_id: String(row.terminal_id),
    store: row.store ?? null,
    enrolled_at: iso(row.enrolled_at),
    enrolled_by: row.enrolled_by ?? null,
    code_made_by: row.code_made_by ?? null,
    enrolled_how: row.enrolled_how ?? null,
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
    'UPDATE public.terminal_keys SET retired_at = coalesce(retired_at, now()) WHERE terminal_id = $1',
    [terminalId],
  );
  return result.rowCount === 1;
}
