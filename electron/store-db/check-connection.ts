// "Probar conexión" (docs/store-database.md, "Checking things"): with the
// counter's own URL, is the database reachable, migrated to what this app needs, are the
// privileges those of a counter (add and read lines, never change or remove one), and how far
// the two clocks are apart. Every part is a value; it never throws.
import { MAX_CLOCK_SKEW_MS, type StoreDbCheck } from '../../shared/store/store-db-check';
import { categorize, connectStoreDb, DEFAULT_TIMEOUTS, type StoreDbTimeouts } from './connection';
import { LATEST_VERSION } from './migrate';

const NEEDED: readonly [string, string, string][] = [
  ['journal_lines', 'SELECT', 'table'],
  ['terminals', 'SELECT', 'table'],
  ['open_operations', 'SELECT', 'table'],
  ['store_operations', 'SELECT', 'table'],
  ['store_counters', 'SELECT', 'table'],
  // Joining its store with the technician's code, and every read signed (migrations 0110, 0112).
  ['store_db_enroll(text, bytea, text, text)', 'EXECUTE', 'function'],
  ['store_db_read(text, text, text, text, bytea)', 'EXECUTE', 'function'],
  [
    'store_db_append(text, bigint, text[], text[], text, text, text, bigint, integer, integer, boolean, text[], bigint[], text[], bytea[], bytea)',
    'EXECUTE',
    'function',
  ],
  // The store's day close, made by the database (migration 0103).
  ['store_day_closes', 'SELECT', 'table'],
  [
    'store_db_close_day(text, text, date, text, text, text, text, text, bytea)',
    'EXECUTE',
    'function',
  ],
  // Marking a silent counter off, signed by the counter that marks it (migration 0108).
  ['store_db_mark_off(text, text, text, date, text, text, bytea)', 'EXECUTE', 'function'],
];
// A counter writes only through the signed function (migration 0102): a login that may INSERT
// could write as any counter, and one that reads the keys could sign as any.
const TOO_MUCH: readonly [object: string, privilege: string, label?: string][] = [
  ['journal_lines', 'INSERT'],
  ['journal_lines', 'UPDATE'],
  ['journal_lines', 'DELETE'],
  ['journal_lines', 'TRUNCATE'],
  ['terminals', 'INSERT'],
  ['terminals', 'UPDATE'],
  ['terminals', 'DELETE'],
  ['terminal_keys', 'SELECT'],
  // A close is written by the database's function only: a login that may INSERT could keep a
  // close whose figures are not the database's (migration 0103).
  ['store_day_closes', 'INSERT'],
  ['store_day_closes', 'UPDATE'],
  ['store_day_closes', 'DELETE'],
  // A close and a mark-off are the calling counter's only when signed (migrations 0106, 0108): a
  // login that may call the unsigned ones could close a day, or mark a silent counter off so the
  // close need not name it, in another counter's name.
  [
    'store_db_close_day(text, text, date, text, text, text, text, text)',
    'EXECUTE',
    'EXECUTE store_db_close_day (unsigned)',
  ],
  [
    'store_db_mark_off(text, text, text, date, text)',
    'EXECUTE',
    'EXECUTE store_db_mark_off (unsigned)',
  ],
];

export async function checkStoreDb(
  url: string,
  options: { clock?: () => Date; timeouts?: StoreDbTimeouts; required?: number } = {},
): Promise<StoreDbCheck> {
  const clock = options.clock ?? (() => new Date());
  const required = options.required ?? LATEST_VERSION;
  const result: StoreDbCheck = {
    ok: false,
    reachable: { ok: false, category: null, server_version: null },
    migrated: { ok: false, version: null, required },
    privileges: { ok: false, missing: [], excess: [] },
    clock: { ok: false, skew_ms: null },
  };
  let client: Awaited<ReturnType<typeof connectStoreDb>>;
  try {
    client = await connectStoreDb(url, options.timeouts ?? DEFAULT_TIMEOUTS, 'mostrador-check');
  } catch (error) {
    result.reachable.category = categorize(error);
    return result;
  }
  try {
    const before = clock().getTime();
    const info = await client.query<{
      now: Date;
      version: string;
      encoding: string;
      superuser: boolean;
      connlimit: number | null;
      temp: boolean;
    }>(
      `SELECT clock_timestamp() AS now, current_setting('server_version') AS version,
        current_setting('server_encoding') AS encoding,
        (SELECT rolsuper FROM pg_catalog.pg_roles WHERE rolname = current_user) AS superuser,
        (SELECT rolconnlimit FROM pg_catalog.pg_roles WHERE rolname = session_user) AS connlimit,
        pg_catalog.has_database_privilege(current_database(), 'TEMPORARY') AS temp`,
    );
    const after = clock().getTime();
    const row = info.rows[0];
    if (!row) throw new Error('no answer');
    result.reachable = { ok: true, category: null, server_version: row.version.slice(0, 64) };
    // The database's clock against the middle of the round trip.
    const skew = Math.round(row.now.getTime() - (before + after) / 2);
    result.clock = { ok: Math.abs(skew) <= MAX_CLOCK_SKEW_MS, skew_ms: skew };

    const present = await client.query<{ present: boolean; readable: boolean }>(
      `SELECT to_regclass('store_db_migrations') IS NOT NULL AS present,
        to_regclass('store_db_migrations') IS NOT NULL
          AND has_table_privilege('store_db_migrations', 'SELECT') AS readable`,
    );
    let version: number | null = null;
    if (present.rows[0]?.readable) {
      const max = await client.query<{ version: number | null }>(
        'SELECT max(version) AS version FROM store_db_migrations',
      );
      version = max.rows[0]?.version ?? null;
    } else if (present.rows[0]?.present) {
      result.privileges.missing.push('SELECT store_db_migrations');
    }
    result.migrated = { ok: version !== null && version >= required, version, required };

    // Checked whenever the schema is there: a user who cannot read even the version is a
    // counter whose privileges are wrong, not a database that was never migrated.
    if (present.rows[0]?.present) {
      const missing: string[] = result.privileges.missing;
      const excess: string[] = [];
      for (const [object, privilege, kind] of NEEDED) {
        const has = await client.query<{ has: boolean }>(
          kind === 'function'
            ? 'SELECT to_regprocedure($1) IS NOT NULL AND has_function_privilege($1, $2) AS has'
            : 'SELECT to_regclass($1) IS NOT NULL AND has_table_privilege($1, $2) AS has',
          [object, privilege],
        );
        if (!has.rows[0]?.has) missing.push(`${privilege} ${object.replace(/\(.*$/, '')}`);
      }
      for (const [object, privilege, label] of TOO_MUCH) {
        const has = await client.query<{ has: boolean }>(
          object.includes('(')
            ? 'SELECT to_regprocedure($1) IS NOT NULL AND has_function_privilege($1, $2) AS has'
            : 'SELECT has_table_privilege($1, $2) AS has',
          [object, privilege],
        );
        if (has.rows[0]?.has) excess.push(label ?? `${privilege} ${object}`);
      }
      if (row.superuser) excess.push('superuser');
      // What a pooled connection could keep for the next client, and one login taking every
      // connection (docs/store-database.md "A pooled server that no client can disturb").
      if (row.temp && !row.superuser) excess.push('TEMPORARY on the database');
      if (row.connlimit === -1 && !row.superuser) excess.push('no CONNECTION LIMIT');
      const walls = await client.query<{ reads_keys: boolean; chain: boolean; stores: boolean }>(
        `SELECT to_regclass('public.terminal_keys') IS NOT NULL
            AND pg_catalog.has_column_privilege('public.terminal_keys', 'key', 'SELECT') AS reads_keys,
          pg_catalog.pg_has_role(session_user, 'mostrador_shared_login', 'MEMBER') AS chain,
          to_regprocedure('public.store_db_login_stores()') IS NOT NULL
            AND pg_catalog.has_function_privilege('public.store_db_login_stores()', 'EXECUTE')
            AS stores`,
      );
      let bound: boolean | null = null;
      if (walls.rows[0]?.chain) bound = true;
      else if (walls.rows[0]?.stores) {
        const mine = await client.query<{ n: number }>(
          'SELECT cardinality(public.store_db_login_stores()) AS n',
        );
        bound = (mine.rows[0]?.n ?? 0) > 0;
      }
      if (walls.rows[0]?.reads_keys) excess.push('SELECT terminal_keys.key');
      // A login bound to no store (nor the chain's) carries no counter's key (migration 0110).
      if (bound === false && !row.superuser) {
        missing.push('a store (npm run store-db -- bind-login)');
      }
      if (row.encoding !== 'UTF8') missing.push(`UTF8 encoding (is ${row.encoding})`.slice(0, 64));
      result.privileges = { ok: missing.length === 0 && excess.length === 0, missing, excess };
    }
  } catch (error) {
    if (!result.reachable.ok) result.reachable.category = categorize(error);
    else result.reachable = { ...result.reachable, ok: false, category: categorize(error) };
  } finally {
    await client.end().catch(() => undefined);
  }
  result.ok = result.reachable.ok && result.migrated.ok && result.privileges.ok && result.clock.ok;
  return result;
}
