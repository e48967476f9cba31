// One throwaway PostgreSQL per test file, a fresh database per test that wants one: migrated with
// the owner's URL, plus login users granted `mostrador_terminal` as a store's technician makes
// them (docs/store-database.md).
import { afterAll, beforeAll } from 'vitest';
import { migrate } from '../migrate';
import { retentionDays } from '../personal-data';
import { rememberOwner } from './enroll';
import { type PgCluster, type PgClusterOptions, startPgCluster } from './pg-cluster';
import { withClient } from './with-client';

export type StoreDbFixture = {
  cluster(): PgCluster;
  /** A new empty database's owner URL (not migrated). */
  emptyDatabase(): Promise<string>;
  /** A new migrated database: its owner URL and a counter's login URL. */
  migratedDatabase(): Promise<{ ownerUrl: string; terminalUrl: string; database: string }>;
  /**
   * A database made as docs/store-database.md says: a non-superuser owner (CREATEROLE) owns it and
   * migrates it, so the test meets every privilege check a store meets.
   */
  ownedDatabase(): Promise<{
    ownerUrl: string;
    terminalUrl: string;
    database: string;
    owner: string;
  }>;
  /**
   * A login user granted the counters' role; returns its URL on `database`. `shared`: also
   * granted mostrador_shared_login, as a login several counters use (the tests' counters share
   * one; a store makes one per counter: docs/store-database.md).
   */
  terminalUser(database: string, grant?: boolean, shared?: boolean): string;
  /**
   * A login of one store, as `npm run store-db -- add-login --store S` makes it: granted the
   * counters' role and bound to `store` (or to several, where the owner says so).
   */
  storeLogin(database: string, ...stores: string[]): string;
};

let made = 0;

/**
 * The tests' store days are fixed (2026-03-10) and months old by the calendar, past the 90 days
 * a DNI is kept by default: every close of them would mask them (migration 0115). The tests'
 * databases keep them whole (the longest retention); electron/store-db/personal-data.test.ts sets
 * the retention it tests.
 */
async function keepTestDays(ownerUrl: string): Promise<void> {
  await withClient(ownerUrl, (c) => retentionDays(c, 3650));
}

/** `options`: the cluster's own settings, for a test file about one (max_connections, …). */
export function throwawayStoreDb(options: PgClusterOptions = {}): StoreDbFixture {
  let cluster: PgCluster | null = null;
  beforeAll(async () => {
    cluster = await startPgCluster(options);
  }, 60_000);
  afterAll(() => {
    cluster?.stop();
  });
  const need = () => {
    if (!cluster) throw new Error('the PostgreSQL cluster did not start');
    return cluster;
  };
  const name = (prefix: string) => {
    made += 1;
    return `${prefix}_${process.pid}_${made}`;
  };
  const fixture: StoreDbFixture = {
    cluster: need,
    async emptyDatabase() {
      return need().createDatabase(name('store'));
    },
    async migratedDatabase() {
      const database = name('store');
      const ownerUrl = await need().createDatabase(database);
      await migrate(ownerUrl);
      await keepTestDays(ownerUrl);
      rememberOwner(ownerUrl);
      return { ownerUrl, terminalUrl: fixture.terminalUser(database, true, true), database };
    },
    async ownedDatabase() {
      const database = name('store');
      const owner = name('owner');
      need().psql(`CREATE ROLE ${owner} LOGIN CREATEROLE PASSWORD 'pw-${owner}'`);
      need().psql(`CREATE DATABASE ${database} OWNER ${owner} ENCODING 'UTF8' TEMPLATE template0`);
      const ownerUrl = need().url(database, owner, `pw-${owner}`);
      await migrate(ownerUrl);
      await keepTestDays(ownerUrl);
      rememberOwner(ownerUrl);
      return { ownerUrl, terminalUrl: fixture.terminalUser(database, true, true), database, owner };
    },
    terminalUser(database, grant = true, shared = false) {
      const user = name('caja');
      need().psql(
        `CREATE ROLE ${user} LOGIN CONNECTION LIMIT 20 PASSWORD 'pw-${user}'${grant ? ` IN ROLE mostrador_terminal${shared ? ', mostrador_shared_login' : ''}` : ''}`,
      );
      return need().url(database, user, `pw-${user}`);
    },
    storeLogin(database, ...stores) {
      const url = fixture.terminalUser(database, true, false);
      const user = new URL(url).username;
      for (const store of stores) {
        need().psql(
          `INSERT INTO store_logins (login, store) VALUES ('${user}', '${store.replace(/'/g, "''")}')`,
          database,
        );
      }
      return url;
    },
  };
  return fixture;
}
