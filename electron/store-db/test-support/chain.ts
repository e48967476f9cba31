// A chain's stores in one database, set up as docs/store-database.md tells a technician to: a
// non-superuser owner migrates it, and every login is made the way `npm run store-db --
// add-login` makes it (logins-admin.ts addLogin: a generated SCRAM password, the limits, no TEMP)
// — one per store (`--store S`), the chain's pooler login (`--chain`) and head office's
// (`--head-office`). The walls between stores are tested as these logins, never as a superuser.
import { addLogin, type LoginKind, type MadeLogin } from '../logins-admin';
import type { PgBouncer } from './pgbouncer';
import type { StoreDbFixture } from './store-db-fixture';
import { withClient } from './with-client';

export type ChainLogin = MadeLogin & {
  /** Its URL straight to PostgreSQL. */
  url: string;
  /** Its URL through `bouncer` (after `bouncer.reload()`, which learns the new logins). */
  via(bouncer: PgBouncer): string;
};

export type StoreChain = {
  database: string;
  /** The owner (CREATEROLE, not a superuser), straight to PostgreSQL. */
  ownerUrl: string;
  owner: { login: string; password: string };
  /** `add-login --store S` for each store. */
  stores: Record<string, ChainLogin>;
  /** `add-login --chain`: the chain's login, for its counters through the pooler. */
  chain: ChainLogin;
  /** `add-login --head-office`. */
  headOffice: ChainLogin;
  /** One more login made as add-login makes it (another store's, a second one of a store). */
  addLogin(tag: string, what: LoginKind, connections?: number): Promise<ChainLogin>;
};

/** A new owned, migrated database with a login per store, the chain's and head office's. */
export async function makeChain(db: StoreDbFixture, stores: string[]): Promise<StoreChain> {
  const { ownerUrl, database, owner } = await db.ownedDatabase();
  const cluster = db.cluster();
  const ownerPassword = decodeURIComponent(new URL(ownerUrl).password);
  const make = async (tag: string, what: LoginKind, connections?: number) => {
    const made = await withClient(ownerUrl, (c) =>
      addLogin(c, `${database}_${tag}`.toLowerCase(), what, connections),
    );
    return {
      ...made,
      url: cluster.url(database, made.login, made.password),
      via: (bouncer: PgBouncer) => bouncer.url(database, made.login, made.password),
    };
  };
  const byStore: Record<string, ChainLogin> = {};
  for (const [i, store] of stores.entries()) {
    byStore[store] = await make(`s${i + 1}`, { kind: 'store', stores: [store] });
  }
  return {
    database,
    ownerUrl,
    owner: { login: owner, password: ownerPassword },
    stores: byStore,
    chain: await make('chain', { kind: 'chain' }),
    headOffice: await make('hq', { kind: 'head-office' }),
    addLogin: make,
  };
}
