// A counter joins its store (docs/store-database.md "Adding a counter", migration 0110): the
// technician makes a one-time code for the store (`npm run store-db -- enroll --store S`), a
// supervisor types it in Settings, and the counter sends it with its terminal id and its key
// through its own database login. The database binds the key to that store for good; the key
// travels this once (every later call is signed with it, never sends it).
import type { StoreEnrollment } from '../../shared/bridge/store-db';
import { callInTransaction } from './call-transaction';
import { categorize, connectStoreDb, DEFAULT_TIMEOUTS } from './connection';

export const ENROLL_SQL = 'SELECT store FROM public.store_db_enroll($1, $2, $3, $4)';

/** Never throws: a refusal or a failure is a value with its category. */
export async function enrollCounter(
  url: string,
  terminalId: string,
  signingKey: Buffer,
  code: string,
  /** The store the counter is set to: a code of another store is refused before it is used. */
  expectedStore: string | null,
): Promise<StoreEnrollment> {
  let client: Awaited<ReturnType<typeof connectStoreDb>>;
  try {
    client = await connectStoreDb(url, DEFAULT_TIMEOUTS, 'mostrador-enroll');
  } catch (error) {
    return { enrolled: false, category: categorize(error) };
  }
  try {
    const result = await callInTransaction<{ store: string }>(
      client,
      'read write',
      DEFAULT_TIMEOUTS,
      ENROLL_SQL,
      [terminalId, signingKey, code, expectedStore],
    );
    const store = result.rows[0]?.store;
    return store ? { enrolled: true, store } : { enrolled: false, category: 'server' };
  } catch (error) {
    return { enrolled: false, category: categorize(error) };
  } finally {
    await client.end().catch(() => undefined);
  }
}
