// Enrolling a test counter in its store as a store's technician does it (docs/store-database.md
// "Adding a counter"): the owner makes a one-time code for the store (`store-db enroll`), and
// the counter, with its own login and key, enrolls with it (Settings → Tienda, migration 0110).
import pg from 'pg';

/** A one-time enrollment code for `store` made as the owner (the CLI's `enroll`). */
export async function makeEnrollmentCode(
  ownerUrl: string,
  store: string,
  options: { terminalId?: string; hours?: number; note?: string } = {},
): Promise<string> {
  const owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
  try {
    const made = await owner.query<{ code: string }>(
      'SELECT code FROM public.store_db_make_enrollment_code($1, $2, $3, $4)',
      [store, options.terminalId ?? null, options.hours ?? 8, options.note ?? 'test'],
    );
    const code = made.rows[0]?.code;
    if (!code) throw new Error('no enrollment code made');
    return code;
  } finally {
    await owner.end();
  }
}

/**
 * The owner URL of each test database by its name (unique in a test run): the fixture remembers
 * it, so a test enrolls a counter through any of the database's URLs (straight or through the
 * pooler) without carrying the owner's.
 */
const owners = new Map<string, string>();
const databaseOf = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

export function rememberOwner(ownerUrl: string): void {
  owners.set(databaseOf(ownerUrl), ownerUrl);
}

export function ownerOf(url: string): string {
  const owner = owners.get(databaseOf(url));
  if (!owner) throw new Error(`no owner known for the test database of ${databaseOf(url)}`);
  return owner;
}

/**
 * Enrolls `terminalId` with `key` in `store` through the counter's own login `counterUrl`, with
 * a code the database's owner makes (the owner URL: given, else the one the fixture remembers).
 */
export async function enrollCounter(
  ownerUrl: string | null,
  counterUrl: string,
  terminalId: string,
  key: Buffer,
  store: string,
  /** `terminalId`: a re-enrollment code that names the counter (a lost key, a move of store). */
  options: { terminalId?: string } = {},
): Promise<void> {
  const code = await makeEnrollmentCode(ownerUrl ?? ownerOf(counterUrl), store, {
    note: `test ${terminalId}`,
    ...options,
  });
  const counter = new pg.Client({ connectionString: counterUrl });
  await counter.connect();
  try {
    await counter.query('SELECT * FROM public.store_db_enroll($1, $2, $3)', [
      terminalId,
      key,
      code,
    ]);
  } finally {
    await counter.end();
  }
}
