// The connection of a counter's replication (part of electron/store-db/replicator.ts): opened
// when there is something to send, greeted with the signed 'hello' read (0112) that says who the
// database holds this counter to be, checked for the store's time zone, and dropped on any error
// (an idle connection's error never reaches the process: connection.ts).
import type pg from 'pg';
import type { StoreDbTimeouts } from './connection';
import { connectStoreDb, StoreDbError } from './connection';
import type { ReplicatorOptions } from './replicator-options';
import type { ReplicationProgress } from './replicator-progress';
import type { CallNumbers } from './replicator-sender';
import { databaseClock, syncedRead } from './store-calls';

/** What the database says of this counter when it connects (`store_db_read` 'hello', 0112). */
type Hello = {
  beat: string;
  store: string;
  training_store: string;
  held: { live: string; training: string };
};

/**
 * Whether the database knows the zone by that name (`pg_timezone_names`). A name only: an offset
 * or an abbreviation PostgreSQL would take in `AT TIME ZONE` is not in that list.
 */
export async function storeDbKnowsTimeZone(
  client: Pick<pg.Client, 'query'>,
  timeZone: string,
): Promise<boolean> {
  const known = await client.query<{ known: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_timezone_names WHERE name = $1) AS known',
    [timeZone],
  );
  return known.rows[0]?.known === true;
}

export type ReplicationConnection = {
  /** The open connection, if any (null again once it ends). */
  client: pg.Client | null;
  /** The cursor went back to the start on connecting: the batch in hand is read again. */
  rewound: boolean;
  /** The open connection, or a new one the database has greeted and checked. */
  connect(): Promise<pg.Client>;
  /** Forgets the connection and ends it (its error, if any, goes nowhere). */
  drop(): void;
};

export function replicationConnection(deps: {
  options: Pick<ReplicatorOptions, 'url' | 'terminalId' | 'signingKey' | 'stores' | 'timeZone'>;
  clock: () => Date;
  timeouts: StoreDbTimeouts;
  progress: ReplicationProgress;
  beats: CallNumbers;
}): ReplicationConnection {
  const { options, progress, timeouts } = deps;
  // Signed reads carry the database's time (store-calls.ts databaseClock).
  const dbClock = databaseClock(deps.clock);

  const connection: ReplicationConnection = {
    client: null,
    rewound: false,
    async connect() {
      if (connection.client) return connection.client;
      const fresh = await connectStoreDb(options.url, timeouts, 'mostrador-replication');
      try {
        // Who the database holds this counter to be: enrolled in which store (its key's, by the
        // technician's code: docs/store-database.md "Adding a counter"), its last call number
        // (this run's calls are numbered after it: a counter's clock may have gone back) and the
        // last seq it holds of it. A counter not enrolled, or set to another store than the one
        // it is enrolled in, sends nothing: the database would refuse every line (MS010, MS011).
        const hello = (await syncedRead(
          fresh,
          dbClock,
          { terminalId: options.terminalId, signingKey: options.signingKey },
          'hello',
          {},
          timeouts,
        )) as Hello;
        if (
          hello.store !== options.stores.live ||
          hello.training_store !== options.stores.training
        ) {
          throw new StoreDbError(
            'other-store',
            `counter ${options.terminalId} is enrolled in store ${hello.store}, not ${options.stores.live}`,
          );
        }
        deps.beats.atLeast(Number(hello.beat ?? 0));
        // Each line's store day is computed by the database in this zone: one it reads otherwise
        // than the counter (or not at all) files sales under another day (docs/decisions.md "The
        // store time zone is an IANA name (issue 26, item 8)").
        if (!(await storeDbKnowsTimeZone(fresh, options.timeZone))) {
          throw new StoreDbError('bad-time-zone', 'the store database does not know the time zone');
        }
        // A database restored from an older backup (or recreated) lacks lines the cursor has
        // passed: when it holds less of this counter than the cursor says, everything is sent
        // again from the start of the journal; the keys make what it still has a no-op.
        const held = Math.max(Number(hello.held?.live ?? 0), Number(hello.held?.training ?? 0));
        // Only for the stores the cursor was written for: after a change of store (pos_client_id)
        // the new store holds none of the old lines, and they must not go under it
        // (docs/decisions.md "Signed batches: a counter writes only as itself (issue 26, items 1
        // and 3)").
        const { cursor } = progress;
        const sameStores =
          !cursor.stores ||
          (cursor.stores.live === options.stores.live &&
            cursor.stores.training === options.stores.training);
        if (sameStores && held < cursor.seq) {
          await progress.commitCursor({ seq: 0, offset: 0 });
          connection.rewound = true;
        }
      } catch (error) {
        fresh.end().catch(() => undefined);
        throw error;
      }
      fresh.on('end', () => {
        if (connection.client === fresh) connection.client = null;
      });
      connection.client = fresh;
      return fresh;
    },
    drop() {
      const old = connection.client;
      connection.client = null;
      old?.end().catch(() => undefined);
    },
  };
  return connection;
}
